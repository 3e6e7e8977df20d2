import { buildGateway, isChannel, type Gateway, type Invoke } from '../shared/gateway/channels.ts';

export interface IpcInvoker {
  invoke(channel: string, payload: unknown): Promise<unknown>;
}

/**
 * The preload's whole surface: the typed gateway over IPC. A channel outside the shared list is refused here, before
 * anything reaches the main process (which refuses it again: it only registered the known ones).
 */
export function createIpcGateway(ipc: IpcInvoker): Gateway {
  const invoke: Invoke = (channel, payload) => {
    if (!isChannel(channel)) return Promise.reject(new Error(`Unknown gateway channel: ${String(channel)}`));
    return ipc.invoke(channel, payload) as never;
  };
  return buildGateway(invoke);
}

import {
  buildGateway,
  isChannel,
  isEventName,
  type EventName,
  type Gateway,
  type Invoke,
  type Subscribe,
} from '../shared/gateway/channels.ts';

export interface IpcInvoker {
  invoke(channel: string, payload: unknown): Promise<unknown>;
  on(channel: string, listener: (event: unknown, payload: unknown) => void): void;
  removeListener(channel: string, listener: (event: unknown, payload: unknown) => void): void;
}

/**
 * The preload's whole surface: the typed gateway over IPC. A channel outside the shared list is refused here, before
 * anything reaches the main process (which refuses it again: it only registered the known ones). Events are
 * listened to by their shared names only, and the listener gets the payload, never Electron's event object.
 */
export function createIpcGateway(ipc: IpcInvoker): Gateway {
  const invoke: Invoke = (channel, payload) => {
    if (!isChannel(channel)) return Promise.reject(new Error(`Unknown gateway channel: ${String(channel)}`));
    return ipc.invoke(channel, payload) as never;
  };
  const subscribe: Subscribe = (event: EventName, listener) => {
    if (!isEventName(event)) throw new Error(`Unknown gateway event: ${String(event)}`);
    const forward = (_event: unknown, payload: unknown) => listener(payload as never);
    ipc.on(event, forward);
    return () => ipc.removeListener(event, forward);
  };
  return buildGateway(invoke, subscribe);
}

import { fetchApi, sandboxControlBase } from './api-fetch.ts';
import type { Emit, LiveChange, LiveWatchResult } from './channels.ts';

const TYPES = new Set(['send.state', 'receive.add', 'receive.read']);

/**
 * Reads the local sandbox's server-sent events (`GET /_sandbox/events`) with `fetch` (an EventSource cannot send
 * the key's Authorization header) and emits each as a `live.change`; resolves when the stream ends or fails.
 */
export async function followLiveEvents(
  fetchImpl: typeof fetch,
  apiBase: string,
  authorization: string,
  emit: Emit,
  signal: AbortSignal,
): Promise<LiveWatchResult> {
  let response: Response;
  try {
    response = await fetchApi(fetchImpl, sandboxControlBase(apiBase), authorization, {
      method: 'GET',
      path: '/events',
      headers: { accept: 'text/event-stream' },
    });
  } catch {
    return signal.aborted ? { outcome: 'replaced' } : { outcome: 'lost', status: null };
  }
  // Replaced while connecting: this stream must not stay open beside the new one (each would emit every change).
  if (signal.aborted) {
    await response.body?.cancel().catch(() => undefined);
    return { outcome: 'replaced' };
  }
  if (response.status !== 200 || !response.body) {
    await response.body?.cancel().catch(() => undefined);
    return { outcome: 'lost', status: response.status };
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const stop = () => void reader.cancel().catch(() => undefined);
  signal.addEventListener('abort', stop, { once: true });
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      let end: number;
      while ((end = buffer.search(/\r?\n\r?\n/)) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end).replace(/^\r?\n\r?\n/, '');
        const change = parseBlock(block);
        if (change) emit('live.change', change);
      }
    }
  } catch {
    // The connection dropped: reported below as lost.
  } finally {
    signal.removeEventListener('abort', stop);
  }
  return signal.aborted ? { outcome: 'replaced' } : { outcome: 'lost', status: null };
}

function parseBlock(block: string): LiveChange | null {
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split(/\r?\n/)) {
    if (line.startsWith('event:')) event = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
  }
  if (event === 'ready') return { type: 'ready' };
  if (!TYPES.has(event) || data.length === 0) return null;
  try {
    return { type: event, ...(JSON.parse(data.join('\n')) as object) } as LiveChange;
  } catch {
    return null;
  }
}

/** One watch at a time per host: a new one ends the one before. */
export function liveWatcher() {
  let current: AbortController | null = null;
  return (follow: (signal: AbortSignal) => Promise<LiveWatchResult>): Promise<LiveWatchResult> => {
    current?.abort();
    const controller = new AbortController();
    current = controller;
    return follow(controller.signal).finally(() => {
      if (current === controller) current = null;
    });
  };
}

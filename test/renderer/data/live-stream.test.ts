import { describe, expect, it } from 'vitest';
import type { LiveChange } from '../../../src/shared/gateway/channels.ts';
import { followLiveEvents, liveWatcher } from '../../../src/shared/gateway/live-stream.ts';

/** A stream that sends `ready`, then whatever the test pushes, and says when it is cancelled. */
function eventStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const state = { cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      c.enqueue(new TextEncoder().encode('retry: 1000\nevent: ready\ndata: {}\n\n'));
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return {
    state,
    response: () => new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    push: (text: string) => controller.enqueue(new TextEncoder().encode(text)),
  };
}

describe('the live stream of the local sandbox', () => {
  it('emits each change once, even when a watch is replaced while it is still connecting', async () => {
    const slow = eventStream();
    const fast = eventStream();
    let releaseSlow!: () => void;
    const slowAnswer = new Promise<void>((resolve) => (releaseSlow = resolve));
    let calls = 0;
    const fetchImpl = (async () => {
      calls++;
      if (calls === 1) {
        await slowAnswer;
        return slow.response();
      }
      return fast.response();
    }) as unknown as typeof fetch;
    const changes: LiveChange[] = [];
    const emit = ((_: string, change: LiveChange) => changes.push(change)) as never;
    const watch = liveWatcher();
    const first = watch((signal) => followLiveEvents(fetchImpl, 'http://x/v1', 'Basic k', emit, signal));
    // A remount watches again before the first answer arrived; then the first answers.
    const second = watch((signal) => followLiveEvents(fetchImpl, 'http://x/v1', 'Basic k', emit, signal));
    releaseSlow();
    expect(await first).toEqual({ outcome: 'replaced' });
    expect(slow.state.cancelled).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 10));
    fast.push('event: receive.add\ndata: {"id":7}\n\n');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(changes).toEqual([{ type: 'ready' }, { type: 'receive.add', id: 7 }]);
    void second;
  });
});

import type { SendState } from '../../shared/api/types.ts';
import type { Scope } from '../store/scope.ts';
import type { Store } from '../store/store.ts';
import { ReceiveService } from './receives.ts';

/**
 * What the local sandbox pushes to an open UI (`GET /_sandbox/events`, server-sent events): enough to know what
 * to read again, never the data itself. Each goes only to listeners of the same account and environment.
 */
export type LiveEvent =
  | { type: 'send.state'; id: number; state: SendState }
  | { type: 'receive.add'; id: number }
  | { type: 'receive.read'; ids: number[] };

export type LiveListener = (event: LiveEvent) => void;

/**
 * A publisher of live events. Producers call `publish` from inside the transaction that recorded the change;
 * listeners are told on the next turn of the event loop, once that transaction has committed, so a client that
 * reads again at once sees the change.
 */
export class LiveEvents {
  private readonly listeners = new Map<string, Set<LiveListener>>();
  private readonly closers = new Set<() => void>();

  /** `onClose` is called when the server stops, so an open stream ends instead of holding the shutdown up. */
  subscribe(scope: Scope, listener: LiveListener, onClose?: () => void): () => void {
    const key = scopeKey(scope);
    const set = this.listeners.get(key) ?? new Set();
    this.listeners.set(key, set);
    set.add(listener);
    if (onClose) this.closers.add(onClose);
    return () => {
      set.delete(listener);
      if (onClose) this.closers.delete(onClose);
      if (set.size === 0) this.listeners.delete(key);
    };
  }

  /** The server is stopping: every subscriber is told once, then nothing more is published. */
  close(): void {
    const closers = [...this.closers];
    this.closers.clear();
    this.listeners.clear();
    for (const close of closers) close();
  }

  publish(scope: Scope, event: LiveEvent): void {
    const set = this.listeners.get(scopeKey(scope));
    if (!set || set.size === 0) return;
    setImmediate(() => {
      for (const listener of [...set]) {
        try {
          listener(event);
        } catch {
          // A listener that fails (a closed stream) must not stop the others or the producer.
        }
      }
    });
  }

  /** How many listeners are open, for tests and health. */
  get size(): number {
    let n = 0;
    for (const set of this.listeners.values()) n += set.size;
    return n;
  }
}

function scopeKey(scope: Scope): string {
  return `${scope.accountId}:${scope.environment}`;
}

/** The read-flag rules of ReceiveService, telling live listeners which invoices a read marked. */
export class LiveReceiveService extends ReceiveService {
  constructor(
    store: Store,
    private readonly live: LiveEvents,
  ) {
    super(store);
  }

  override markIdsRead(scope: Scope, ids: readonly number[]): void {
    super.markIdsRead(scope, ids);
    if (ids.length > 0) this.live.publish(scope, { type: 'receive.read', ids: [...ids] });
  }
}

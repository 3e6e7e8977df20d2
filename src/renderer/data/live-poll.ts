/**
 * Following a remote service, which has no push channel: a poll every 15 s while the window is visible, three
 * one-row list reads (the newest sent update, the newest arrival, the unread count), so about 12 requests a
 * minute against the published 2,000. Politely:
 * - a 429 waits for its `Retry-After` (never less than the usual 15 s), or twice the last wait without one (up
 *   to 5 minutes);
 * - an answer saying the window is spent (`RateLimit-Remaining: 0`) waits for `RateLimit-Reset` before the next;
 * - an unreachable service is tried again after twice the last wait (up to 5 minutes), and said to be lost until
 *   it answers again.
 */
import type { ApiResponse, Gateway, LiveChange } from '../../shared/gateway/channels.ts';

export const POLL_MS = 15_000;
export const POLL_MAX_MS = 5 * 60_000;

export type PollHealth = 'ok' | 'lost';

export interface PollOptions {
  gateway: Gateway;
  /** Told `ready` when something changed since the last poll: the screens read again. */
  fire: (change: LiveChange) => void;
  /** Told whether the service answers. */
  onHealth: (health: PollHealth) => void;
  stopped: () => boolean;
  sleep: (ms: number) => Promise<void>;
  /** A hidden window asks nothing. */
  visible?: () => boolean;
}

const QUERIES = [
  { method: 'GET', path: '/send', query: { page_size: 1, sort: '-last_update' } },
  { method: 'GET', path: '/receive', query: { page_size: 1, sort: '-created' } },
  { method: 'GET', path: '/receive', query: { page_size: 1, unread: true } },
] as const;

/** Seconds in a header as milliseconds; null when absent or not a positive number. */
function seconds(value: string | undefined): number | null {
  const n = Number(value);
  return value !== undefined && Number.isFinite(n) && n > 0 ? n * 1000 : null;
}

/** How long to wait before the next poll, after these answers (see the module comment). */
export function nextWait(answers: ApiResponse[], lastWait: number): number {
  const limited = answers.find((a) => a.status === 429);
  if (limited) {
    const retryAfter = seconds(limited.headers['retry-after']);
    return retryAfter === null ? Math.min(lastWait * 2, POLL_MAX_MS) : Math.max(POLL_MS, retryAfter);
  }
  const spent = answers.find((a) => a.headers['ratelimit-remaining'] === '0');
  const reset = spent ? seconds(spent.headers['ratelimit-reset']) : null;
  return Math.max(POLL_MS, reset ?? 0);
}

export async function pollForChanges(options: PollOptions): Promise<void> {
  const { gateway, fire, onHealth, stopped, sleep } = options;
  const visible = options.visible ?? (() => globalThis.document?.visibilityState !== 'hidden');
  let last: string | null = null;
  let wait = POLL_MS;
  while (!stopped()) {
    await sleep(wait);
    if (stopped()) return;
    if (!visible()) {
      wait = POLL_MS;
      continue;
    }
    let answers: ApiResponse[];
    try {
      answers = await Promise.all(QUERIES.map((q) => gateway.api.request({ ...q, query: { ...q.query } })));
    } catch {
      onHealth('lost');
      wait = Math.min(wait * 2, POLL_MAX_MS);
      continue;
    }
    onHealth('ok');
    wait = nextWait(answers, wait);
    if (answers.some((a) => a.status !== 200)) continue;
    const signature = JSON.stringify(
      answers.map((a) => [a.headers['service-total-count'], JSON.stringify(a.body).slice(0, 2000)]),
    );
    if (last !== null && signature !== last) fire({ type: 'ready' });
    last = signature;
  }
}

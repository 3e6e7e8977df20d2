import { Alert } from '@mantine/core';
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Gateway, LiveChange } from '../shared/gateway/channels.ts';
import { useGateway } from './gateway-context.ts';

/** A remote service is asked this often for news while the window is visible (it has no push channel). */
export const POLL_MS = 15_000;
/** Retries of a lost push channel wait this long at first, doubling up to `RETRY_MAX_MS`. */
const RETRY_MIN_MS = 1_000;
const RETRY_MAX_MS = 15_000;
/** The banner waits this long before saying the channel is lost: a quick reconnect shows nothing. */
const BANNER_DELAY_MS = 1_500;

type Listener = (change: LiveChange) => void;
type Mode = 'starting' | 'push' | 'poll' | 'lost';

interface LiveContext {
  subscribe(listener: Listener): () => void;
  mode: Mode;
}

const Context = createContext<LiveContext>({ subscribe: () => () => {}, mode: 'starting' });

/**
 * Keeps the open screens current. The local sandbox pushes its changes (`live.watch`, server-sent events); a
 * remote service is polled politely instead (every 15 s while the window is visible, waiting out a 429's
 * `Retry-After`). Screens listen with `useLiveReload`; a lost push channel shows a banner and is retried.
 */
export function LiveProvider({ children }: { children: ReactNode }) {
  const gateway = useGateway();
  const listeners = useRef(new Set<Listener>());
  const [mode, setMode] = useState<Mode>('starting');
  const [subscribe] = useState(() => (listener: Listener) => {
    listeners.current.add(listener);
    return () => void listeners.current.delete(listener);
  });

  useEffect(() => {
    let stopped = false;
    const fire = (change: LiveChange) => {
      for (const listener of [...listeners.current]) listener(change);
    };
    let lostTimer: ReturnType<typeof setTimeout> | undefined;
    let retry = RETRY_MIN_MS;
    const off = gateway.events.on('live.change', (change) => {
      if (change.type === 'ready') {
        clearTimeout(lostTimer);
        lostTimer = undefined;
        retry = RETRY_MIN_MS;
        setMode('push');
      }
      fire(change);
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const sleep = (ms: number) =>
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, ms);
      });
    void (async () => {
      for (;;) {
        let result;
        try {
          result = await gateway.live.watch();
        } catch {
          result = { outcome: 'lost' as const, status: null };
        }
        if (stopped || result.outcome === 'replaced') return;
        if (result.outcome === 'unavailable') {
          setMode('poll');
          await poll(gateway, fire, () => stopped, sleep);
          return;
        }
        // The banner shows only if the channel is not back soon (a `ready` clears it).
        lostTimer ??= setTimeout(() => !stopped && setMode('lost'), BANNER_DELAY_MS);
        await sleep(retry);
        retry = Math.min(retry * 2, RETRY_MAX_MS);
        if (stopped) return;
      }
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      clearTimeout(lostTimer);
      off();
    };
  }, [gateway]);

  return <Context value={{ subscribe, mode }}>{children}</Context>;
}

/** The non-blocking banner of a lost push channel; it goes away by itself once the channel is back. */
export function ConnectionBanner() {
  const { t } = useTranslation();
  const { mode } = useContext(Context);
  if (mode !== 'lost') return null;
  return (
    <Alert color="yellow" variant="light" data-testid="connection-lost" role="status" mb="sm">
      {t('live.lost')}
    </Alert>
  );
}

/** Calls `listener` on each change, pushed or polled. */
export function useLiveChange(listener: Listener): void {
  const { subscribe } = useContext(Context);
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => subscribe((change) => latest.current(change)), [subscribe]);
}

/**
 * A number that changes when a change `matters` arrives (and on every reconnect or poll, which may hide any
 * change): pass it as a reload key. Bursts within 150 ms make one reload.
 */
export function useLiveReload(matters: (change: LiveChange) => boolean): number {
  const [key, setKey] = useState(0);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  useLiveChange((change) => {
    if (change.type !== 'ready' && !matters(change)) return;
    if (pending.current) return;
    pending.current = setTimeout(() => {
      pending.current = null;
      setKey((k) => k + 1);
    }, 150);
  });
  useEffect(() => () => clearTimeout(pending.current ?? undefined), []);
  return key;
}

/**
 * Polling a remote service: the newest sent update and received invoice, and the unread count. When they
 * differ from the last poll the screens are told to read again (`ready`). A 429 waits for its `Retry-After`.
 */
async function poll(
  gateway: Gateway,
  fire: Listener,
  stopped: () => boolean,
  sleep: (ms: number) => Promise<void>,
): Promise<void> {
  let last: string | null = null;
  while (!stopped()) {
    await sleep(POLL_MS);
    if (stopped()) return;
    if (globalThis.document?.visibilityState === 'hidden') continue;
    try {
      const answers = await Promise.all([
        gateway.api.request({ method: 'GET', path: '/send', query: { page_size: 1, sort: '-last_update' } }),
        gateway.api.request({ method: 'GET', path: '/receive', query: { page_size: 1, sort: '-created' } }),
        gateway.api.request({ method: 'GET', path: '/receive', query: { page_size: 1, unread: true } }),
      ]);
      const limited = answers.find((a) => a.status === 429);
      if (limited) {
        const wait = Number(limited.headers['retry-after']);
        await sleep(Number.isFinite(wait) && wait > 0 ? wait * 1000 : POLL_MS * 2);
        continue;
      }
      const signature = JSON.stringify(
        answers.map((a) => [
          a.status,
          a.headers['service-total-count'],
          JSON.stringify(a.body).slice(0, 2000),
        ]),
      );
      if (last !== null && signature !== last) fire({ type: 'ready' });
      last = signature;
    } catch {
      // The service is unreachable: the screens say so when they next load; polling goes on.
    }
  }
}

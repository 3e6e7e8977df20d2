import { Alert } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveChange } from '../../shared/gateway/channels.ts';
import { useGateway } from '../gateway/gateway-context.ts';
import { markReadEverywhere } from './invoice-lists.ts';
import { invalidateFor } from './live-invalidation.ts';
import { pollForChanges } from './live-poll.ts';

/** Retries of a lost push channel wait this long at first, doubling up to `RETRY_MAX_MS`. */
const RETRY_MIN_MS = 1_000;
const RETRY_MAX_MS = 15_000;
/** The banner waits this long before saying the channel is lost: a quick reconnect shows nothing. */
const BANNER_DELAY_MS = 1_500;
/** Changes within this long of the first are one invalidation. */
const BURST_MS = 150;

type Listener = (change: LiveChange) => void;
type Mode = 'starting' | 'push' | 'poll' | 'lost';

interface LiveContext {
  subscribe(listener: Listener): () => void;
  mode: Mode;
}

const Context = createContext<LiveContext>({ subscribe: () => () => {}, mode: 'starting' });

/**
 * Keeps the open screens current. The local sandbox pushes its changes (`live.watch`, server-sent events); a
 * remote service is polled politely instead (live-poll.ts: every 15 s while the window is visible, within its
 * rate limits, backing off on 429). Each change invalidates exactly the queries it touches
 * (data/live-invalidation.ts), so the screens showing them read again; `useLiveChange` hears the changes
 * themselves (notifications). A lost push channel, or a remote service that stops answering, shows a banner,
 * and both are retried.
 */
export function LiveProvider({ children }: { children: ReactNode }) {
  const gateway = useGateway();
  const queryClient = useQueryClient();
  const listeners = useRef(new Set<Listener>());
  const [mode, setMode] = useState<Mode>('starting');
  const [subscribe] = useState(() => (listener: Listener) => {
    listeners.current.add(listener);
    return () => void listeners.current.delete(listener);
  });

  useEffect(() => {
    let stopped = false;
    // A burst of changes (SDI moving a hundred invoices at one clock move) is one read of each touched query.
    let pending: LiveChange[] = [];
    let burst: ReturnType<typeof setTimeout> | undefined;
    const fire = (change: LiveChange) => {
      pending.push(change);
      burst ??= setTimeout(() => {
        const changes = pending;
        pending = [];
        burst = undefined;
        for (const each of changes) void invalidateFor(queryClient, each);
      }, BURST_MS);
      if (change.type === 'receive.read') markReadEverywhere(gateway, change.ids);
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
          await pollForChanges({
            gateway,
            fire,
            onHealth: (health) => !stopped && setMode(health === 'ok' ? 'poll' : 'lost'),
            stopped: () => stopped,
            sleep,
          });
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
      clearTimeout(burst);
      off();
    };
  }, [gateway, queryClient]);

  return <Context value={{ subscribe, mode }}>{children}</Context>;
}

/** The non-blocking banner of a lost connection; it goes away by itself once the service answers again. */
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

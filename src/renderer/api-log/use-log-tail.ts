import { useEffect, useRef, useState } from 'react';
import { LOG_TAIL_MAX_WAIT_SECONDS } from '../../shared/api/log-view.ts';
import type { Gateway } from '../../shared/gateway/channels.ts';
import { tailLog, type LogFilters } from './log-api.ts';

/** After a failed wait (the sandbox restarting, the network gone), the next one starts this much later. */
const RETRY_MS = 3000;

export interface LogTail {
  /** Bumped each time newer entries exist: the table reads its page again. */
  round: number;
  /** How many entries arrived since the tail (re)started. */
  fresh: number;
  /** Whether an entry arrived while the tail was on (marked in the table). */
  isFresh: (id: number) => boolean;
}

/**
 * Follows the log while `on`: one request at a time waits on the sandbox for entries newer than the last one
 * seen (`/_sandbox/log/tail`), so new calls appear as they happen without polling. New filters start over.
 */
export function useLogTail(gateway: Gateway, filters: LogFilters, on: boolean): LogTail {
  const [round, setRound] = useState(0);
  const [fresh, setFresh] = useState(0);
  const firstFresh = useRef<number | null>(null);

  useEffect(() => {
    if (!on) return;
    let live = true;
    firstFresh.current = null;
    setFresh(0);
    void (async () => {
      let after: number | null = null;
      while (live) {
        try {
          const entries = await tailLog(
            gateway,
            filters,
            after,
            after === null ? 0 : LOG_TAIL_MAX_WAIT_SECONDS - 5,
          );
          if (!live) return;
          const newest = Math.max(after ?? 0, ...entries.map((e) => e.id));
          if (after !== null && entries.length > 0) {
            firstFresh.current ??= Math.min(...entries.map((e) => e.id));
            setFresh((n) => n + entries.length);
            setRound((r) => r + 1);
          }
          after = newest;
        } catch {
          if (!live) return;
          await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
        }
      }
    })();
    return () => {
      live = false;
    };
  }, [gateway, filters, on]);

  return {
    round,
    fresh,
    isFresh: (id) => on && firstFresh.current !== null && id >= firstFresh.current,
  };
}

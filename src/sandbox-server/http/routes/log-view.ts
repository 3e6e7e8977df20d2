import { waitUnlessAborted } from '../../clock.ts';
import { Router, type Request, type Response } from 'express';
import {
  LOG_TAIL_MAX_WAIT_SECONDS,
  OWN_CALLS,
  OWN_USER_AGENT_HEADER,
  STATUS_CLASSES,
  type StatusClass,
} from '../../../shared/api/log-view.ts';
import type { LiveEvents } from '../../domain/live-events.ts';
import type { EventListQuery } from '../../store/events.ts';
import type { Store } from '../../store/store.ts';
import { scopeOf } from '../context.ts';
import { QueryReader } from '../query.ts';
import { sendList } from '../responses.ts';
import { readLogQuery } from './log.ts';

/**
 * The log view's own reads never wake a tail: a tail answering wakes the screen, which reads the log again and
 * waits again; if that read woke the next tail, the two would answer each other forever.
 */
const LOG_VIEW_ENDPOINTS = '/_sandbox/log';
/** How often a waiting tail looks for new entries: a cheap indexed read of the rows after an id. */
const TAIL_POLL_MS = 250;
const TAIL_LIMIT = 200;

/**
 * The local sandbox's view of the API log, for the app's API log screen: `/log`'s filters plus a status class
 * (`status_class=4xx`), the caller's own calls shown, hidden or alone (`own=hide`: entries whose user agent is
 * this request's, i.e. the app's own calls), and a tail (`/log/tail?after_id=…&wait=…`) that answers as soon as
 * a newer entry exists.
 */
export function logViewRoutes(store: Store, live: LiveEvents): Router {
  const router = Router();

  router.get('/log', (req, res) => {
    sendList(res, store.events.list(scopeOf(res), viewQuery(req, res, store)));
  });

  // The newest entries after `after_id`, newest first; with `wait`, only once there is one (or the time is up).
  // Without `after_id` it answers at once with the newest entry: where a tail starts.
  router.get('/log/tail', async (req, res) => {
    const reader = new QueryReader(req);
    const afterId = reader.integer('after_id', 0);
    const wait = reader.integer('wait', 0, LOG_TAIL_MAX_WAIT_SECONDS) ?? 0;
    const base = viewQuery(req, res, store, reader);
    const scope = scopeOf(res);
    const read = () =>
      store.events.list(scope, {
        ...base,
        id_after: afterId,
        endpoint_not_under: LOG_VIEW_ENDPOINTS,
        sorting: { column: 'id', descending: true },
        paging: { page: 1, pageSize: afterId === undefined ? 1 : TAIL_LIMIT },
      });
    let result = read();
    if (afterId !== undefined && wait > 0 && result.rows.length === 0) {
      const stop = new AbortController();
      res.on('close', () => stop.abort());
      // The server stopping ends the wait too, so a shutdown is not held up by a quiet log.
      const unsubscribe = live.subscribe(
        scope,
        () => {},
        () => stop.abort(),
      );
      const deadline = Date.now() + wait * 1000;
      try {
        while (result.rows.length === 0 && !stop.signal.aborted && Date.now() < deadline) {
          await waitUnlessAborted(TAIL_POLL_MS, stop.signal);
          if (!stop.signal.aborted) result = read();
        }
      } finally {
        unsubscribe();
      }
      if (!res.writable) return;
    }
    sendList(res, result);
  });

  return router;
}

/** `/log`'s query plus the view's own filters, with the header naming the user agent that counts as "own". */
function viewQuery(req: Request, res: Response, store: Store, reader = new QueryReader(req)): EventListQuery {
  const query = readLogQuery(reader, store, scopeOf(res));
  const statusClass = reader.oneOf('status_class', STATUS_CLASSES);
  const own = reader.oneOf('own', OWN_CALLS) ?? 'show';
  // As the log stores it (event-log.ts): cut at 512 characters, null when the request had none.
  const userAgent = req.get('user-agent')?.slice(0, 512) ?? null;
  res.set(OWN_USER_AGENT_HEADER, encodeURIComponent(userAgent ?? ''));
  return {
    ...query,
    with_fault: true,
    ...(statusClass ? statusRange(statusClass) : {}),
    ...(own === 'hide' ? { user_agent_is_not: userAgent } : {}),
    ...(own === 'only' ? { user_agent_is: userAgent } : {}),
  };
}

function statusRange(statusClass: StatusClass): Pick<EventListQuery, 'status_from' | 'status_to'> {
  const hundreds = Number(statusClass[0]) * 100;
  return { status_from: hundreds, status_to: hundreds + 99 };
}

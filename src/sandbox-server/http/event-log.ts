import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { API_VERSION, type WebhookNotification } from '../../shared/api/types.ts';
import type { Clocks } from '../clock.ts';
import type { Scope } from '../store/scope.ts';
import type { NewEvent } from '../store/events.ts';
import type { Store } from '../store/store.ts';
import { context } from './context.ts';

/**
 * Response bodies above this size are cut in the log, with a marker saying how much was left out: the log is
 * for reading, the resource holds the data.
 */
export const RESPONSE_BODY_LOG_LIMIT = 64 * 1024;
/**
 * Successful reads (a list page, an invoice with its payload) repeat what the resources hold and are the bulk
 * of a busy log: only their beginning is kept.
 */
export const READ_BODY_LOG_LIMIT = 4 * 1024;

/**
 * On an answer whose request could not be written to the log (the disk is full, say): `not-recorded`. Reads still
 * succeed then; this tells the caller, who would otherwise look in `/log` for an entry that never was.
 */
export const LOG_STATUS_HEADER = 'Scambio-Log';

/** Told about each logged request that caused a webhook event; queues the notifications. */
export type WebhookNotifier = (scope: Scope, notification: WebhookNotification) => void;

/** At most `limit` bytes of a body as text, cut on a character boundary, with `…[truncated N bytes]` if cut. */
export function logBody(chunk: string | Buffer, limit: number): string {
  if (typeof chunk === 'string') {
    const total = Buffer.byteLength(chunk, 'utf8');
    if (total <= limit) return Buffer.from(chunk, 'utf8').toString('utf8');
    // A list page is tens of KB of which the log keeps 4: encode only the beginning. Its first `limit` + 1
    // UTF-16 units make at least `limit` + 1 bytes, the same as the whole text's first ones (a surrogate pair
    // split at the very end starts at byte `limit` or later, where either encoding has a lead byte).
    return cut(Buffer.from(chunk.slice(0, limit + 1), 'utf8'), limit, total);
  }
  return chunk.length <= limit ? chunk.toString('utf8') : cut(chunk, limit, chunk.length);
}

/**
 * The logged beginning of bodies sent as bytes, by the Buffer sent. Kept list pages and invoices go out as the
 * same Buffer each time they are read again (store/list-query.ts, store/invoices.ts); their log text is then
 * the same string too, found by identity, which is also what makes the log's reuse of its deflated form cheap
 * (store/events.ts). Entries go with their Buffers.
 */
const loggedBeginnings = new WeakMap<Buffer, { limit: number; text: string }>();

function loggedBeginning(chunk: string | Buffer, limit: number): string {
  if (typeof chunk === 'string') return logBody(chunk, limit);
  const known = loggedBeginnings.get(chunk);
  if (known?.limit === limit) return known.text;
  const text = logBody(chunk, limit);
  loggedBeginnings.set(chunk, { limit, text });
  return text;
}

/**
 * The logged beginning of a body streamed out in pieces, from its first piece (see RequestContext): how much
 * follows is not known yet, so the marker gives no count.
 */
function logStreamedBody(first: Buffer, limit: number): string {
  let end = Math.min(limit, first.length);
  while (end > 0 && end < first.length && (first[end]! & 0xc0) === 0x80) end--;
  return `${first.subarray(0, end).toString('utf8')}…[truncated]`;
}

function cut(bytes: Buffer, limit: number, total: number): string {
  let end = limit;
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--;
  return `${bytes.subarray(0, end).toString('utf8')}…[truncated ${total - end} bytes]`;
}

/**
 * Records every authenticated request as an Event (spec "Request log"), committed before the first byte of the
 * response leaves: whatever a client saw acknowledged is in the log, even if the process is killed right after.
 * A response sent whole (`res.end` with its body: JSON, problems, files read into memory) waits for the end of
 * the event-loop turn, when the entries of every response finished in that turn are committed together
 * (`EventRepository.record`, the group commit); it goes out right after. Streamed responses (exports,
 * downloads) are recorded, with one commit of their own, when their headers go out: without a body, or with
 * the beginning of a JSON page streamed in pieces (`streamedBeginning`).
 * Runs after authentication, so unauthenticated requests reach only the server's own log.
 */
export function eventLog(
  store: Store,
  clocks: Clocks,
  logger: Logger,
  notify: WebhookNotifier,
): RequestHandler {
  return (req, res, next) => {
    // On the caller's clock: a sandbox's log ages (and is purged) with its own time.
    const startedAt = clocks.now(context(res).scope ?? null).toISOString();
    let body: string | null = null;
    const send = res.send.bind(res);
    res.send = (chunk?: unknown) => {
      if (typeof chunk === 'string' || Buffer.isBuffer(chunk)) {
        const read = req.method === 'GET' && res.statusCode < 300;
        body = loggedBeginning(chunk, read ? READ_BODY_LOG_LIMIT : RESPONSE_BODY_LOG_LIMIT);
      }
      return send(chunk);
    };
    let recorded = false;
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => typeof res;
    // A streamed response passes here on its first write (Node's implicit header) or an explicit writeHead.
    res.writeHead = ((...args: unknown[]) => {
      if (!recorded) {
        recorded = true;
        const ctx = context(res);
        if (body === null && ctx.streamedBeginning)
          body = logStreamedBody(ctx.streamedBeginning, READ_BODY_LOG_LIMIT);
        // The piece goes out now; the log's text is all that needs keeping of it.
        delete ctx.streamedBeginning;
        const entry = entryOf(typeof args[0] === 'number' ? args[0] : res.statusCode);
        if (entry) {
          let outcome: { id: number } | { error: unknown };
          try {
            outcome = { id: store.events.insert(entry.scope, entry.event) };
          } catch (error) {
            outcome = { error };
          }
          committed(entry, outcome);
        }
      }
      return writeHead(...args);
    }) as typeof res.writeHead;
    // A response sent whole passes here before any header is written: it waits for its entry's group commit.
    const end = res.end.bind(res) as (...args: unknown[]) => typeof res;
    res.end = ((...args: unknown[]) => {
      if (recorded || res.headersSent) return end(...args);
      recorded = true;
      const entry = entryOf(res.statusCode);
      if (!entry) return end(...args);
      store.events.record(entry.scope, entry.event, (outcome) => {
        try {
          committed(entry, outcome);
        } finally {
          end(...args);
        }
      });
      return res;
    }) as typeof res.end;

    // An injected hang or reset sends nothing: its entry is committed on its own, as a streamed answer's is.
    context(res).logUnanswered = (statusCode) => {
      if (recorded) return;
      recorded = true;
      const entry = entryOf(statusCode);
      if (!entry) return;
      try {
        store.events.insert(entry.scope, entry.event);
      } catch (error) {
        logger.warn({ err: error, req_id: context(res).requestId }, 'event not recorded');
      }
    };

    const entryOf = (statusCode: number): { scope: Scope; event: NewEvent; statusCode: number } | null => {
      const ctx = context(res);
      if (!ctx.key || !ctx.scope) return null;
      const queryIndex = req.originalUrl.indexOf('?');
      const endpoint = (queryIndex === -1 ? req.originalUrl : req.originalUrl.slice(0, queryIndex)).slice(
        0,
        512,
      );
      return {
        scope: ctx.scope,
        statusCode,
        event: {
          apiKeyId: ctx.key.id,
          companyId: ctx.companyId ?? null,
          method: req.method,
          endpoint,
          apiVersion: API_VERSION,
          statusCode,
          dateTime: startedAt,
          error: statusCode >= 400 ? errorTitle(body) : null,
          resourceId: ctx.resourceId ?? null,
          userAgent: req.headers['user-agent']?.slice(0, 512) ?? null,
          query: queryIndex === -1 ? null : req.originalUrl.slice(queryIndex + 1, queryIndex + 1 + 4096),
          responseBody: body,
          fault: ctx.fault ? JSON.stringify(ctx.fault) : null,
        },
      };
    };

    const committed = (
      entry: { scope: Scope; event: NewEvent; statusCode: number },
      outcome: { id: number } | { error: unknown },
    ) => {
      const ctx = context(res);
      if ('error' in outcome) {
        // The disk may be full, or the company deleted by this very request; the log must never fail a response,
        // but the response says that it is not in the log.
        logger.warn({ err: outcome.error, req_id: ctx.requestId }, 'event not recorded');
        if (!res.headersSent) res.setHeader(LOG_STATUS_HEADER, 'not-recorded');
        return;
      }
      const { statusCode, event } = entry;
      if (!ctx.webhookEvent || statusCode >= 300 || ctx.resourceId == null) return;
      try {
        notify(entry.scope, {
          event: ctx.webhookEvent,
          id: outcome.id,
          resource_id: ctx.resourceId,
          company_id: ctx.companyId ?? null,
          user_id: entry.scope.accountId,
          date_time: startedAt,
          method: req.method,
          endpoint: event.endpoint,
          status_code: statusCode,
          success: true,
          api_version: API_VERSION,
        });
      } catch (error) {
        logger.warn({ err: error, req_id: ctx.requestId }, 'webhook notification not queued');
      }
    };
    next();
  };
}

function errorTitle(body: string | null): string | null {
  if (body === null) return null;
  try {
    const problem = JSON.parse(body) as { detail?: unknown };
    return typeof problem.detail === 'string' ? problem.detail : null;
  } catch {
    return null;
  }
}

import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { API_VERSION, type WebhookNotification } from '../../shared/api/types.ts';
import type { Clock } from '../clock.ts';
import type { Scope } from '../store/scope.ts';
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

/** Told about each logged request that caused a webhook event; queues the notifications. */
export type WebhookNotifier = (scope: Scope, notification: WebhookNotification) => void;

/** At most `limit` bytes of a body as text, cut on a character boundary, with `…[truncated N bytes]` if cut. */
export function logBody(chunk: string | Buffer, limit: number): string {
  const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
  if (bytes.length <= limit) return bytes.toString('utf8');
  let end = limit;
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--;
  return `${bytes.subarray(0, end).toString('utf8')}…[truncated ${bytes.length - end} bytes]`;
}

/**
 * Records every authenticated request as an Event (spec "Request log"), committed before the first byte of the
 * response leaves: whatever a client saw acknowledged is in the log, even if the process is killed right after.
 * Streamed responses (exports, downloads) are recorded when their headers go out, without a body.
 * Runs after authentication, so unauthenticated requests reach only the server's own log.
 */
export function eventLog(
  store: Store,
  clock: Clock,
  logger: Logger,
  notify: WebhookNotifier,
): RequestHandler {
  return (req, res, next) => {
    const startedAt = clock.now().toISOString();
    let body: string | null = null;
    const send = res.send.bind(res);
    res.send = (chunk?: unknown) => {
      if (typeof chunk === 'string' || Buffer.isBuffer(chunk)) {
        const read = req.method === 'GET' && res.statusCode < 300;
        body = logBody(chunk, read ? READ_BODY_LOG_LIMIT : RESPONSE_BODY_LOG_LIMIT);
      }
      return send(chunk);
    };
    let recorded = false;
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => typeof res;
    // Every response passes here once, explicitly or through Node's implicit header on the first write or end.
    res.writeHead = ((...args: unknown[]) => {
      if (!recorded) {
        recorded = true;
        record(typeof args[0] === 'number' ? args[0] : res.statusCode);
      }
      return writeHead(...args);
    }) as typeof res.writeHead;

    const record = (statusCode: number) => {
      const ctx = context(res);
      if (!ctx.key || !ctx.scope) return;
      const queryIndex = req.originalUrl.indexOf('?');
      const endpoint = (queryIndex === -1 ? req.originalUrl : req.originalUrl.slice(0, queryIndex)).slice(
        0,
        512,
      );
      try {
        const eventId = store.events.insert(ctx.scope, {
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
        });
        if (ctx.webhookEvent && statusCode < 300 && ctx.resourceId != null) {
          notify(ctx.scope, {
            event: ctx.webhookEvent,
            id: eventId,
            resource_id: ctx.resourceId,
            company_id: ctx.companyId ?? null,
            user_id: ctx.scope.accountId,
            date_time: startedAt,
            method: req.method,
            endpoint: endpoint,
            status_code: statusCode,
            success: true,
            api_version: API_VERSION,
          });
        }
      } catch (error) {
        // The company may have been deleted by this very request; the log must never fail a response.
        logger.warn({ err: error, req_id: ctx.requestId }, 'event not recorded');
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

import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { API_VERSION, type WebhookNotification } from '../../shared/api/types.ts';
import type { Clock } from '../clock.ts';
import type { Scope } from '../store/scope.ts';
import type { Store } from '../store/store.ts';
import { context } from './context.ts';

/** Response bodies above this size are cut in the log: the log is for reading, the resource holds the data. */
const RESPONSE_BODY_LOG_LIMIT = 16 * 1024;

/**
 * Records every authenticated request as an Event once its response is sent (spec "Request log").
 * Runs after authentication, so unauthenticated requests reach only the server's own log.
 */
/** Told about each logged request that caused a webhook event; queues the notifications. */
export type WebhookNotifier = (scope: Scope, notification: WebhookNotification) => void;

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
      if (typeof chunk === 'string') body = chunk.slice(0, RESPONSE_BODY_LOG_LIMIT);
      else if (Buffer.isBuffer(chunk)) body = chunk.subarray(0, RESPONSE_BODY_LOG_LIMIT).toString('utf8');
      return send(chunk);
    };
    res.on('finish', () => {
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
          endpoint: (queryIndex === -1 ? req.originalUrl : req.originalUrl.slice(0, queryIndex)).slice(
            0,
            512,
          ),
          apiVersion: API_VERSION,
          statusCode: res.statusCode,
          dateTime: startedAt,
          error: res.statusCode >= 400 ? errorTitle(body) : null,
          resourceId: ctx.resourceId ?? null,
          userAgent: req.headers['user-agent']?.slice(0, 512) ?? null,
          query: queryIndex === -1 ? null : req.originalUrl.slice(queryIndex + 1),
          responseBody: body,
        });
        if (ctx.webhookEvent && res.statusCode < 300 && ctx.resourceId != null) {
          notify(ctx.scope, {
            event: ctx.webhookEvent,
            id: eventId,
            resource_id: ctx.resourceId,
            company_id: ctx.companyId ?? null,
            user_id: ctx.scope.accountId,
            date_time: startedAt,
            method: req.method,
            endpoint: endpoint,
            status_code: res.statusCode,
            success: true,
            api_version: API_VERSION,
          });
        }
      } catch (error) {
        // The company may have been deleted by this very request; the log must never fail a response.
        logger.warn({ err: error, req_id: ctx.requestId }, 'event not recorded');
      }
    });
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

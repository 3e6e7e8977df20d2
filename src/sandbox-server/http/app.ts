import express, { type Express } from 'express';
import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import type { Services } from '../domain/services.ts';
import type { RandomSource } from '../random.ts';
import type { Store } from '../store/store.ts';
import { accessLog } from './access-log.ts';
import { authenticate, requireTestKey } from './authentication.ts';
import { corsForKey, corsPreflight } from './cors.ts';
import { eventLog } from './event-log.ts';
import { IdempotencyGuard, type IdempotencyStore } from './idempotency.ts';
import { AuthFailureLimiter, healthRateLimit, keyRateLimits, type RateLimits } from './limits/rate-limits.ts';
import { errorHandler, notFoundRoute } from './problem.ts';
import { jsonBody } from './raw-body.ts';
import { requestContext } from './request-context.ts';
import { companyRoutes } from './routes/company.ts';
import { healthRoutes } from './routes/health.ts';
import { logRoutes } from './routes/log.ts';
import { receiveRoutes } from './routes/receive.ts';
import { sandboxRoutes } from './routes/sandbox.ts';
import { sendRoutes } from './routes/send.ts';

export interface AppDependencies {
  store: Store;
  services: Services;
  clock: Clock;
  random: RandomSource;
  logger: Logger;
  maxInvoiceBytes: number;
  rateLimits: RateLimits | 'unlimited';
  idempotencyStore: IdempotencyStore;
  authFailuresPerMinute: number;
}

export function createApp(deps: AppDependencies): Express {
  const { store, services, clock, logger } = deps;
  // Bodies may carry a Base64 invoice (4/3 of the file) plus JSON around it; the invoice limit itself is
  // checked on the decoded file, so an oversized invoice gets SDI's 00003 rather than a bare 413.
  const uploadBytes = deps.maxInvoiceBytes * 2;
  const idempotency = new IdempotencyGuard({ store, clock, logger, responses: deps.idempotencyStore });
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', 'simple');

  app.use(requestContext);
  app.use(accessLog(logger));
  app.use('/v1/health', healthRateLimit(clock));
  app.use('/v1', healthRoutes(store));
  app.use(corsPreflight(store));

  // Order matters: who is calling, from where, how often; then the log; then (for submissions) the
  // Idempotency-Key claim, before the body is read so a retry of a slow upload is seen as in flight.
  const authenticated = [
    authenticate(services.keys, new AuthFailureLimiter(clock, deps.authFailuresPerMinute)),
    corsForKey,
    ...keyRateLimits(deps.rateLimits, clock),
    eventLog(store, clock, logger),
  ];
  const json = jsonBody(uploadBytes);
  app.use('/v1', ...authenticated, idempotency.claim, json);
  app.use('/v1', companyRoutes(services, store));
  app.use('/v1', sendRoutes(services, store, idempotency, { uploadBytes }));
  app.use('/v1', receiveRoutes(services, store));
  app.use('/v1', logRoutes(store));
  app.use(
    '/_sandbox',
    ...authenticated,
    requireTestKey,
    json,
    sandboxRoutes(services, deps.random, deps.maxInvoiceBytes),
  );

  app.use(notFoundRoute);
  app.use(errorHandler(logger, uploadBytes));
  return app;
}

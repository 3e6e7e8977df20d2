import express, { type Express } from 'express';
import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import type { Services } from '../domain/services.ts';
import type { RandomSource } from '../random.ts';
import type { Store } from '../store/store.ts';
import { authenticate, requireTestKey } from './authentication.ts';
import { eventLog } from './event-log.ts';
import { errorHandler, notFoundRoute } from './problem.ts';
import { requestContext } from './request-context.ts';
import { accessLog } from './access-log.ts';
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
}

export function createApp(deps: AppDependencies): Express {
  const { store, services, clock, logger } = deps;
  // Bodies may carry a Base64 invoice (4/3 of the file) plus JSON around it; the invoice limit itself is
  // checked on the decoded file, so an oversized invoice gets SDI's 00003 rather than a bare 413.
  const uploadBytes = deps.maxInvoiceBytes * 2;
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', 'simple');

  app.use(requestContext);
  app.use(accessLog(logger));
  app.use('/v1', healthRoutes(store));

  const authenticated = [authenticate(services.keys), eventLog(store, clock, logger)];
  const json = express.json({ limit: uploadBytes });
  app.use('/v1', ...authenticated, json);
  app.use('/v1', companyRoutes(services, store));
  app.use('/v1', sendRoutes(services, store, { uploadBytes }));
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

import express, { Router, type Express } from 'express';
import { OPENAPI_PATH } from '../../shared/api/openapi.ts';
import type { Logger } from 'pino';
import type { Clocks } from '../clock.ts';
import type { Services } from '../composition.ts';
import type { JobWorker } from '../jobs/worker.ts';
import type { RandomSource } from '../random.ts';
import type { Store } from '../store/store.ts';
import { accessLog } from './access-log.ts';
import { authenticate, requireTestKey } from './authentication.ts';
import { bodyGuard } from './body-guard.ts';
import { BodyRules } from './body-limits.ts';
import { corsForKey, corsPreflight } from './cors.ts';
import { eventLog } from './event-log.ts';
import { IdempotencyGuard, type IdempotencyStore } from './idempotency.ts';
import { AuthFailureLimiter, healthRateLimit, keyRateLimits } from './limits/rate-limits.ts';
import type { RateLimits } from './limits/rate-limit-text.ts';
import { errorHandler, notFoundRoute } from './problem.ts';
import { jsonBody } from './raw-body.ts';
import { requestContext } from './request-context.ts';
import type { AppUi } from './routes/app-ui.ts';
import { companyRoutes } from './routes/company.ts';
import { liveEventRoutes } from './routes/events.ts';
import { exportRoutes } from './routes/export.ts';
import { healthRoutes } from './routes/health.ts';
import { logRoutes } from './routes/log.ts';
import { receiveRoutes } from './routes/receive.ts';
import { sandboxRoutes, sandboxScenarioHeader } from './routes/sandbox.ts';
import { sendRoutes } from './routes/send.ts';
import { webhookRoutes } from './routes/webhook.ts';
import type { LocalReceiver } from '../local-receiver/receiver.ts';
import { localReceiverRoutes } from './routes/local-receiver.ts';
import { logViewRoutes } from './routes/log-view.ts';
import { webhookDeliveryRoutes } from './routes/webhook-deliveries.ts';
import { webhookToolRoutes } from './routes/webhook-tools.ts';
import { WebhookTools } from '../webhook-tools/webhook-tools.ts';
import { operationQuota, statusRoutes } from './routes/status.ts';
import { openApiRoutes } from './routes/openapi.ts';
import { referencePageRoutes } from './routes/reference-page.ts';
import { queryChecks } from './request-checks.ts';
import { onlyUnder, routeTable } from './route-table.ts';
import { updateRoutes } from './routes/update.ts';
import { liveHeaderNames } from './compatibility/live-headers.ts';
import { SPEC_COMPATIBILITY, type Compatibility } from './compatibility/modes.ts';
import { keepToPublicSchemas } from './compatibility/public-fields.ts';
import { FaultRules } from './faults/fault-rules.ts';
import { faultRoutes } from './faults/fault-routes.ts';
import { injectFaults } from './faults/inject-faults.ts';
import { RateLimitSettings } from './limits/account-limits.ts';

export interface AppDependencies {
  store: Store;
  services: Services;
  clocks: Clocks;
  random: RandomSource;
  logger: Logger;
  maxInvoiceBytes: number;
  rateLimits: RateLimits | 'unlimited';
  idempotencyStore: IdempotencyStore;
  authFailuresPerMinute: number;
  /** Run the job queue's lanes: the simulated SDI's, and webhook deliveries'; their health feeds /health. */
  workers: { sdi: JobWorker; webhooks: JobWorker };
  /** The built renderer under `/app/` (headless mode); absent in the desktop app, which loads it from disk. */
  ui?: AppUi | null;
  /** The built-in webhook receiver (`/_sandbox/receiver`); the server closes it when it stops. */
  localReceiver?: LocalReceiver | null;
  /** A list page with payloads goes out whole up to about this many bytes, and streamed past it (responses.ts). */
  pageBytes?: number;
  /** The specification's names and leniency (default), or the live service's names, or strictness (modes.ts). */
  compatibility?: Compatibility;
}

/** See AppDependencies.pageBytes: a page of up to about a megabyte is sent whole, as it always was. */
export const DEFAULT_PAGE_BYTES = 1024 * 1024;

export function createApp(deps: AppDependencies): Express {
  const { store, services, clocks, logger } = deps;
  // Limits without a key (health, failed authentications) count on real time; a key's on its scope's clock.
  const clock = clocks.base;
  // A body that carries an invoice is bounded at twice SDI's limit for the file. As Base64 the file is 4/3 of
  // itself; as XML text in a JSON string, or written as JSON (`/send/json`), at most twice: compact JSON escapes
  // only `"`, `\` and control characters (XML allows tab, CR and LF), each to two characters, a Latin-1 file's
  // character takes at most two bytes in UTF-8, and an element costs less as a key (its name once) than as two
  // tags, a date written as a date-time included. The invoice limit itself is checked on the file, so an
  // oversized invoice gets SDI's 00003 rather than a bare 413. Every other body is small (body-limits.ts).
  const uploadBytes = deps.maxInvoiceBytes * 2;
  const bodyRules = new BodyRules(uploadBytes);
  const pageBytes = deps.pageBytes ?? DEFAULT_PAGE_BYTES;
  const compatibility = deps.compatibility ?? SPEC_COMPATIBILITY;
  const strict = { strict: compatibility.strict };
  const idempotency = new IdempotencyGuard({ store, clocks, logger, responses: deps.idempotencyStore });
  // Faults and changed limits an account asks for at run time (docs/sandbox.md "Faults and latency").
  const faultRules = new FaultRules(clock, deps.random);
  const rateLimits = new RateLimitSettings(deps.rateLimits);
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', 'simple');

  app.use(requestContext);
  app.use(accessLog(logger));
  if (compatibility.headers === 'live') app.use(liveHeaderNames());
  // Before anyone reads a body: oversized by Content-Length, unknown charset or content coding (problem.ts
  // maps what the parsers and the router throw later: bad %-escapes in paths, corrupt or cut-off bodies).
  app.use(bodyGuard((req) => bodyRules.of(req).limit));
  app.use('/v1/health', healthRateLimit(clock));
  // Public routers each enter only for their own paths (route-table.ts says why).
  app.use(
    '/v1',
    onlyUnder(
      ['/health'],
      healthRoutes(store, {
        sdi_worker: () => deps.workers.sdi.health(),
        webhook_deliveries: () => deps.workers.webhooks.health(),
      }),
    ),
  );
  // The API's own description and its reference page: public, like /health.
  app.use(onlyUnder([OPENAPI_PATH], openApiRoutes()));
  app.use(onlyUnder(['/docs'], referencePageRoutes()));
  if (deps.ui) app.use(onlyUnder(['/app'], deps.ui.router));
  app.use(corsPreflight(store));

  // Order matters: who is calling, from where, how often; then the log; then (for submissions) the
  // Idempotency-Key claim, before the body is read so a retry of a slow upload is seen as in flight.
  const authenticated = [
    authenticate(services.keys, new AuthFailureLimiter(clock, deps.authFailuresPerMinute)),
    corsForKey,
    ...keyRateLimits(rateLimits, clocks),
    eventLog(store, clocks, logger, (scope, notification) =>
      store.transaction(() => services.webhooks.notify(scope, notification)),
    ),
  ];
  const json = jsonBody(bodyRules, services.workers);
  // The API: one router, so its steps run one after the other under a single mount of /v1.
  const api = Router();
  api.use(...authenticated, injectFaults(faultRules, services.live), idempotency.claim, json);
  api.use('/send', sandboxScenarioHeader);
  api.use(operationQuota(services.quota));
  // Query parameters against their published definitions (src/shared/api/operations.ts), before any route.
  api.use(queryChecks(undefined, strict));
  if (compatibility.strict) api.use(keepToPublicSchemas());
  const webhooks = webhookRoutes(services.webhooks, store);
  api.use(
    routeTable({
      company: companyRoutes(services, store),
      send: sendRoutes(services, store, idempotency, { uploadBytes, pageBytes }),
      receive: receiveRoutes(services, store, { pageBytes }),
      log: logRoutes(store),
      update: updateRoutes(services.updates, store),
      status: statusRoutes(services.quota),
      export: exportRoutes(services.exports, store),
      webhook: webhooks,
      webhookhistory: webhooks,
    }),
  );
  app.use('/v1', api);
  app.use(
    '/_sandbox',
    ...authenticated,
    requireTestKey,
    json,
    queryChecks(undefined, strict),
    liveEventRoutes(services.live),
    logViewRoutes(store, services.live),
    webhookDeliveryRoutes(store),
    webhookToolRoutes(
      new WebhookTools({
        store,
        clocks,
        random: deps.random,
        signatureHeaders: services.webhooks.signatureHeaders,
      }),
    ),
    ...(deps.localReceiver ? [localReceiverRoutes(deps.localReceiver)] : []),
    faultRoutes(faultRules, rateLimits),
    sandboxRoutes({
      services,
      store,
      random: deps.random,
      maxInvoiceBytes: deps.maxInvoiceBytes,
    }),
  );

  app.use(notFoundRoute);
  app.use(errorHandler(logger, uploadBytes));
  return app;
}

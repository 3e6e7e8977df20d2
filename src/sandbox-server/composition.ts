import type { Logger } from 'pino';
import type { Clocks } from './clock.ts';
import { ApiKeyService } from './domain/api-keys.ts';
import { CompanyService } from './domain/companies.ts';
import { ExportService } from './domain/export.ts';
import type { InvoiceFileLimits } from './domain/invoice-file.ts';
import { LiveEvents, LiveReceiveService } from './domain/live-events.ts';
import { DEFAULT_LIVE_QUOTA, QuotaService, type LiveQuota } from './domain/quota.ts';
import type { ReceiveService } from './domain/receives.ts';
import { SubmissionService } from './domain/submission.ts';
import { DELIVERY_CONCURRENCY, deliveryTimeoutMs, WebhookService } from './domain/webhooks.ts';
import { ensureUpkeep, registerMaintenanceJobs } from './jobs/maintenance.ts';
import { JobQueue } from './jobs/queue.ts';
import type { RandomSource } from './random.ts';
import { InboundService } from './sdi/inbound.ts';
import { sdiLookups } from './sdi/lookups.ts';
import { SDI_CONCURRENCY, SdiService } from './sdi/pipeline.ts';
import { SdiSigningIdentity } from './sdi/signing-identity.ts';
import { finishedStates } from './sdi/transitions.ts';
import { UpdateService } from './sdi/updates.ts';
import { SandboxSigner } from './signing/index.ts';
import { SignatureTrust, type TrustOptions } from './signing/trust.ts';
import type { Store } from './store/store.ts';
import { serverWorkerPool, type ServerTasks } from './worker-tasks.ts';
import type { WorkerPool, WorkerPoolOptions } from './workers/pool.ts';

/*
 * The composition root: every service of the sandbox is built here, and every hook is wired here, so this one
 * file shows who listens to whom. No service subscribes itself. A submission's path, in order:
 *
 *   http/routes/send.ts ─► SubmissionService.prepare/commit (domain/submission.ts, one transaction)
 *     └─ onSubmitted ─► SdiService.submitted (sdi/pipeline.ts): queues the intake job (jobs/queue.ts)
 *          └─ each SDI step is a job ─► transition: notification + Update (store/updates.ts)
 *               └─ onUpdate ─► WebhookService.notify (update.add: a job of the webhook lane) and LiveEvents
 *   an invoice SDI delivers to a local recipient ─► InboundService (sdi/inbound.ts)
 *     └─ onDelivered ─► WebhookService.notify (receive.add) and LiveEvents
 *   a company created ─► InboundService.releaseHeld: invoices held for it are delivered
 *   an account's sandbox clock moved apart from real time ─► its own upkeep jobs (jobs/maintenance.ts)
 *
 * Time: `clocks` (clock.ts) gives each account's sandbox its own clock and everything else real time.
 */

export interface Services {
  keys: ApiKeyService;
  companies: CompanyService;
  submissions: SubmissionService;
  receives: ReceiveService;
  inbound: InboundService;
  /** The clocks: real time, and each account's sandbox clock. */
  clocks: Clocks;
  /** The durable job queue's SDI lane: the simulated SDI's steps and the server's upkeep. */
  jobs: JobQueue;
  /** The job queue's webhook lane: deliveries, several at once, apart from SDI. */
  deliveries: JobQueue;
  sdi: SdiService;
  updates: UpdateService;
  quota: QuotaService;
  exports: ExportService;
  webhooks: WebhookService;
  /** Changes pushed to an open UI (`GET /_sandbox/events`). */
  live: LiveEvents;
  /** The worker threads of CPU-heavy work; the server closes them last (`workers.close()`). */
  workers: WorkerPool<ServerTasks>;
}

export function createServices(deps: {
  store: Store;
  clocks: Clocks;
  random: RandomSource;
  limits: InvoiceFileLimits;
  /** The data folder, where the sandbox CA lives. */
  dataDir: string;
  /** Identifier check-digit failures as warnings (`serve --lenient-ids`). */
  lenientIds?: boolean;
  /** FPA12 office codes not checked against the sandbox's IPA directory (`serve --lenient-ipa`). */
  lenientIpa?: boolean;
  /** Which signing certificates SDI trusts beside the sandbox CA (`serve --trust-ca`, `--trust-any-certificate`). */
  trust?: TrustOptions;
  /** Sandbox time between a submission and SDI taking it; default 1 s. */
  sdiDelayMs?: number;
  /** Operations and signatures of a live account (contract: 1,000 and 100). */
  liveQuota?: LiveQuota;
  /** Webhook signature headers (default the specification's `Service-Signature`; `--compat live` adds a name). */
  signatureHeaders?: readonly string[];
  logger?: Logger;
  /** Worker threads; default one per core but one (`SCAMBIO_SANDBOX_WORKERS` overrides the count, 0: none). */
  workers?: WorkerPoolOptions;
}): Services {
  const workers = serverWorkerPool({ size: envWorkerCount(), ...deps.workers });
  const { clocks } = deps;
  const companies = new CompanyService(deps.store, clocks);
  const quota = new QuotaService(deps.store, deps.liveQuota ?? DEFAULT_LIVE_QUOTA);
  let signer: SandboxSigner | null = null;
  const signerOf = () =>
    (signer ??= SandboxSigner.open(deps.dataDir, deps.store.box, { now: clocks.base.now() }));
  // What the sandbox signs, its CA vouches for: the same CA is the first one SDI trusts.
  const trust = new SignatureTrust(() => signerOf().ca.certificateDer, deps.trust);
  const lookups = sdiLookups(deps.store, trust, { lenientIpa: deps.lenientIpa ?? false });
  const submissions = new SubmissionService({
    ...deps,
    companies,
    quota,
    lenientIds: deps.lenientIds ?? false,
    workers,
    signer: signerOf,
    lookups,
  });
  const inbound = new InboundService(deps);
  const live = new LiveEvents();
  const receives = new LiveReceiveService(deps.store, live);
  const onFailure = (job: { id: number; kind: string }, error: unknown, willRetry: boolean) =>
    deps.logger?.warn({ err: error, job: job.id, kind: job.kind, willRetry }, 'job failed');
  const jobs = new JobQueue({ store: deps.store, clocks, concurrency: SDI_CONCURRENCY, onFailure });
  const deliveries = new JobQueue({
    store: deps.store,
    clocks,
    lane: 'webhook',
    concurrency: DELIVERY_CONCURRENCY,
    // The delivery's own timeout ends it first; this only catches a delivery stuck outside its request.
    prepareTimeoutMs: deliveryTimeoutMs() + 5_000,
    onFailure,
  });
  const webhooks = new WebhookService(deps.store, clocks, deliveries, deps.signatureHeaders);
  const sdi = new SdiService({
    store: deps.store,
    clocks,
    random: deps.random,
    queue: jobs,
    inbound,
    identity: new SdiSigningIdentity(deps.dataDir, deps.store.box),
    workers,
    lookups,
    options: { delayMs: deps.sdiDelayMs ?? 1000, lenientIds: deps.lenientIds ?? false },
  });

  // Jobs: the server's upkeep and SDI's steps in one lane, webhook deliveries in their own.
  // Retention keeps an invoice until SDI is done with it: the state table says when that is.
  registerMaintenanceJobs(jobs, deps.store, finishedStates());
  sdi.registerJobs(jobs);
  webhooks.registerJobs(deliveries);

  // Who listens to whom.
  clocks.onMoved((accountId) => ensureUpkeep(jobs, deps.store, clocks, { accountId, environment: 'test' }));
  companies.onCreated((scope, company) => inbound.releaseHeld(scope, company));
  // Where the live service e-mails the account's owner (docs/webhooks.md): the sandbox's own log.
  webhooks.onDisabled((scope, webhook, at) =>
    deps.logger?.warn(
      { account: scope.accountId, environment: scope.environment, webhook: webhook.id, url: webhook.url, at },
      'webhook disabled after 7 days of failed deliveries; failure_notified_at set',
    ),
  );
  submissions.onSubmitted((scope, send, scenario) => sdi.submitted(scope, send, scenario));
  inbound.onDelivered((scope, receive) => {
    webhooks.notify(
      scope,
      webhooks.systemNotification(
        scope,
        'receive.add',
        receive.id,
        receive.company_id,
        new Date(receive.created),
      ),
    );
    live.publish(scope, { type: 'receive.add', id: receive.id });
  });
  sdi.onUpdate((update) => {
    webhooks.notify(
      update.scope,
      webhooks.systemNotification(update.scope, 'update.add', update.updateId, update.companyId, update.at),
    );
    live.publish(update.scope, { type: 'send.state', id: update.sendId, state: update.state });
  });
  return {
    clocks,
    keys: new ApiKeyService(deps.store, clocks.base, deps.random),
    companies,
    submissions,
    receives,
    inbound,
    jobs,
    deliveries,
    sdi,
    updates: new UpdateService(deps.store),
    quota,
    exports: new ExportService(deps.store, receives),
    webhooks,
    live,
    workers,
  };
}

function envWorkerCount(): number | undefined {
  const text = process.env.SCAMBIO_SANDBOX_WORKERS?.trim();
  return text && /^\d+$/.test(text) ? Number(text) : undefined;
}

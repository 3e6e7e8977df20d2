import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import { registerMaintenanceJobs } from '../jobs/maintenance.ts';
import { JobQueue } from '../jobs/queue.ts';
import type { RandomSource } from '../random.ts';
import { SdiService } from '../sdi/pipeline.ts';
import { SdiSigningIdentity } from '../sdi/signing-identity.ts';
import { UpdateService } from '../sdi/updates.ts';
import { SandboxSigner } from '../signing/index.ts';
import { WorkerPool, type WorkerPoolOptions } from '../workers/pool.ts';
import type { Store } from '../store/store.ts';
import { ApiKeyService } from './api-keys.ts';
import { CompanyService } from './companies.ts';
import { ExportService } from './export.ts';
import { InboundService } from './inbound.ts';
import { LiveEvents, LiveReceiveService } from './live-events.ts';
import type { InvoiceFileLimits } from './invoice-file.ts';
import { DEFAULT_LIVE_QUOTA, QuotaService, type LiveQuota } from './quota.ts';
import type { ReceiveService } from './receives.ts';
import { WebhookService } from './webhooks.ts';
import { SubmissionService } from './submission.ts';

export interface Services {
  keys: ApiKeyService;
  companies: CompanyService;
  submissions: SubmissionService;
  receives: ReceiveService;
  inbound: InboundService;
  /** The durable job queue the simulated SDI (and the server's upkeep) runs on. */
  jobs: JobQueue;
  sdi: SdiService;
  updates: UpdateService;
  quota: QuotaService;
  exports: ExportService;
  webhooks: WebhookService;
  /** Changes pushed to an open UI (`GET /_sandbox/events`). */
  live: LiveEvents;
  /** The worker threads of CPU-heavy work; the server closes them last (`workers.close()`). */
  workers: WorkerPool;
}

export function createServices(deps: {
  store: Store;
  clock: Clock;
  random: RandomSource;
  limits: InvoiceFileLimits;
  /** The data folder, where the sandbox CA lives. */
  dataDir: string;
  /** Identifier check-digit failures as warnings (`serve --lenient-ids`). */
  lenientIds?: boolean;
  /** Sandbox time between a submission and SDI taking it; default 1 s. */
  sdiDelayMs?: number;
  /** Operations and signatures of a live account (contract: 1,000 and 100). */
  liveQuota?: LiveQuota;
  logger?: Logger;
  /** Worker threads; default one per core but one (`SCAMBIO_SANDBOX_WORKERS` overrides the count, 0: none). */
  workers?: WorkerPoolOptions;
}): Services {
  const workers = new WorkerPool({ size: envWorkerCount(), ...deps.workers });
  const companies = new CompanyService(deps.store, deps.clock);
  const quota = new QuotaService(deps.store, deps.liveQuota ?? DEFAULT_LIVE_QUOTA);
  let signer: SandboxSigner | null = null;
  const submissions = new SubmissionService({
    ...deps,
    companies,
    quota,
    lenientIds: deps.lenientIds ?? false,
    workers,
    signer: () => (signer ??= SandboxSigner.open(deps.dataDir, deps.store.box, { now: deps.clock.now() })),
  });
  const inbound = new InboundService({ ...deps, companies });
  const live = new LiveEvents();
  const receives = new LiveReceiveService(deps.store, live);
  const jobs = new JobQueue({
    store: deps.store,
    clock: deps.clock,
    onFailure: (job, error, willRetry) =>
      deps.logger?.warn({ err: error, job: job.id, kind: job.kind, willRetry }, 'job failed'),
  });
  registerMaintenanceJobs(jobs, deps.store);
  const webhooks = new WebhookService(deps.store, deps.clock, jobs);
  inbound.onDelivered((scope, receive) => {
    webhooks.notify(scope, webhooks.systemNotification(scope, 'receive.add', receive.id, receive.company_id));
    live.publish(scope, { type: 'receive.add', id: receive.id });
  });
  const sdi = new SdiService({
    store: deps.store,
    clock: deps.clock,
    random: deps.random,
    queue: jobs,
    inbound,
    submissions,
    identity: new SdiSigningIdentity(deps.dataDir, deps.store.box),
    workers,
    options: { delayMs: deps.sdiDelayMs ?? 1000, lenientIds: deps.lenientIds ?? false },
  });
  sdi.onUpdate((update) => {
    webhooks.notify(
      update.scope,
      webhooks.systemNotification(update.scope, 'update.add', update.updateId, update.companyId),
    );
    live.publish(update.scope, { type: 'send.state', id: update.sendId, state: update.state });
  });
  return {
    keys: new ApiKeyService(deps.store, deps.clock, deps.random),
    companies,
    submissions,
    receives,
    inbound,
    jobs,
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

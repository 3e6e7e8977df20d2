import type { Environment } from '../../shared/api/types.ts';
import type { Clock } from '../clock.ts';
import type { FinishedStates } from '../store/retention.ts';
import type { Store } from '../store/store.ts';
import type { JobQueue } from './queue.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** How long data is kept (spec "Retention"; the event log's 15 days apply to both environments). */
export const RETENTION: Readonly<Record<Environment, { sendMs: number; receiveMs: number }>> = {
  test: { sendMs: 15 * DAY_MS, receiveMs: DAY_MS },
  live: { sendMs: 730 * DAY_MS, receiveMs: 730 * DAY_MS },
};
export const EVENT_RETENTION_MS = 15 * DAY_MS;
/** Finished jobs are only kept to explain recent history; failed ones a little longer. */
const DONE_JOB_RETENTION_MS = DAY_MS;
const FAILED_JOB_RETENTION_MS = 15 * DAY_MS;

export const MAINTENANCE_JOBS = {
  retention: 'retention.purge',
  idempotency: 'idempotency.expiry',
} as const;

/** Both run hourly in sandbox time, so a clock jump of a day runs them at once. */
const INTERVAL_MS = HOUR_MS;

/**
 * The server's own recurring jobs: retention purges and the expiry of stored idempotent responses. They
 * judge age by the sandbox clock as they run (not by when they fell due), so after a jump of 24 hours the
 * sandbox's day-old received invoices are gone as soon as the jump has been processed.
 *
 * A sent invoice ages from its last SDI update and only once SDI is done with it: a PA invoice waiting for
 * its recipient's outcome is never purged before its decorrenza termini.
 */
export function registerMaintenanceJobs(queue: JobQueue, store: Store, finished: FinishedStates): void {
  queue.register(MAINTENANCE_JOBS.retention, {
    run: (_payload, job) => {
      const now = job.now.getTime();
      for (const environment of ['test', 'live'] as const) {
        const policy = RETENTION[environment];
        store.retention.purgeSends(environment, iso(now - policy.sendMs), finished);
        store.retention.purgeReceives(environment, iso(now - policy.receiveMs));
      }
      store.retention.purgeEvents(iso(now - EVENT_RETENTION_MS));
      store.jobs.purgeFinished(iso(now - DONE_JOB_RETENTION_MS), iso(now - FAILED_JOB_RETENTION_MS));
      queue.enqueue(MAINTENANCE_JOBS.retention, null, new Date(now + INTERVAL_MS));
    },
  });
  queue.register(MAINTENANCE_JOBS.idempotency, {
    run: (_payload, job) => {
      store.idempotency.purgeExpired(job.now.toISOString());
      queue.enqueue(MAINTENANCE_JOBS.idempotency, null, new Date(job.now.getTime() + INTERVAL_MS));
    },
  });
}

/** Makes sure each recurring job is queued once (at start; a restart finds them already there). */
export function scheduleMaintenanceJobs(queue: JobQueue, store: Store, clock: Clock): void {
  store.transaction(() => {
    for (const kind of Object.values(MAINTENANCE_JOBS)) {
      if (!store.jobs.hasPending(kind)) queue.enqueue(kind, null, clock.now());
    }
  });
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

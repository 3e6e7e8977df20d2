import type { Environment } from '../../shared/api/types.ts';
import type { Clocks } from '../clock.ts';
import type { FinishedStates, RetentionCounts, RetentionCutoffs } from '../store/retention.ts';
import type { ClockGroup } from '../store/sandbox-clocks.ts';
import type { Scope } from '../store/scope.ts';
import type { Store } from '../store/store.ts';
import type { JobContext, JobQueue } from './queue.ts';

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

/** Whether a job is the server's own upkeep (a sandbox's own clock has its pair too), not an account's step. */
export function isUpkeep(kind: string): boolean {
  return (Object.values(MAINTENANCE_JOBS) as string[]).includes(kind);
}

/** Both run hourly on their group's clock, so a clock jump of a day runs them at once. */
const INTERVAL_MS = HOUR_MS;

/** The instants at or before which each kind of an environment's data has aged out at `at`. */
export function retentionCutoffs(environment: Environment, at: Date): RetentionCutoffs {
  const now = at.getTime();
  const policy = RETENTION[environment];
  return {
    sends: iso(now - policy.sendMs),
    receives: iso(now - policy.receiveMs),
    events: iso(now - EVENT_RETENTION_MS),
  };
}

/**
 * Removes what has aged out of one account's sandbox at `at` on its clock, and says how much: what a move of its
 * clock to `at` deletes, and exactly what the move's preview counts (`countAged` with the same cutoffs).
 */
export function purgeSandboxAt(
  store: Store,
  scope: Scope,
  at: Date,
  finished: FinishedStates,
): RetentionCounts {
  return store.retention.purgeAged(
    'test',
    { sandboxOf: scope.accountId },
    retentionCutoffs('test', at),
    finished,
  );
}

/**
 * The server's own recurring jobs: retention purges and the expiry of stored idempotent responses, one pair per
 * clock group (clock.ts). The unscoped pair looks after everything timed on real time: the live environment and
 * every sandbox whose account never moved its clock. Each account that moved its sandbox clock gets a pair scoped
 * to its sandbox, run on that clock, so nothing one account does with its clock runs another's upkeep.
 *
 * On real time a pass judges age as it runs, so what aged while the server was stopped goes at once. On a
 * sandbox clock it judges age at the time it fell due: a move of the clock purges at its landing itself
 * (`purgeSandboxAt`, exactly what the move's preview counted), and what the move's own SDI steps finish on the way
 * is then never older than a pass that falls due among them. The next pass is due an hour after this one ran.
 *
 * A sent invoice ages from its last SDI update and only once SDI is done with it: a PA invoice waiting for
 * its recipient's outcome is never purged before its decorrenza termini.
 */
export function registerMaintenanceJobs(queue: JobQueue, store: Store, finished: FinishedStates): void {
  queue.register(MAINTENANCE_JOBS.retention, {
    run: (_payload, job) => {
      const group = groupOf(job);
      const at = judgedAt(job);
      const environments: Environment[] = group === 'real-time' ? ['test', 'live'] : ['test'];
      for (const environment of environments) {
        store.retention.purgeAged(environment, group, retentionCutoffs(environment, at), finished);
      }
      const ms = at.getTime();
      store.jobs.purgeFinished(group, iso(ms - DONE_JOB_RETENTION_MS), iso(ms - FAILED_JOB_RETENTION_MS));
      queue.enqueue(MAINTENANCE_JOBS.retention, null, new Date(job.now.getTime() + INTERVAL_MS), job.scope);
    },
  });
  queue.register(MAINTENANCE_JOBS.idempotency, {
    run: (_payload, job) => {
      store.idempotency.purgeExpired(groupOf(job), judgedAt(job).toISOString());
      queue.enqueue(MAINTENANCE_JOBS.idempotency, null, new Date(job.now.getTime() + INTERVAL_MS), job.scope);
    },
  });
}

/**
 * Makes sure each recurring job is queued once per clock group: at start for real time and the sandboxes with
 * their own clock (a restart finds them already there), and for a sandbox whose clock moves for the first time.
 */
export function scheduleMaintenanceJobs(queue: JobQueue, store: Store, clocks: Clocks): void {
  store.transaction(() => {
    ensureUpkeep(queue, store, clocks, null);
    for (const accountId of clocks.moved().keys()) {
      ensureUpkeep(queue, store, clocks, { accountId, environment: 'test' });
    }
  });
}

/**
 * Queues the upkeep of one clock group (null: real time) unless it is queued already. A pass left due more than an
 * interval ahead (a sandbox clock set back in time) is brought forward to now.
 */
export function ensureUpkeep(queue: JobQueue, store: Store, clocks: Clocks, scope: Scope | null): void {
  const now = clocks.now(scope);
  for (const kind of Object.values(MAINTENANCE_JOBS)) {
    if (!store.jobs.hasPending(kind, scope)) queue.enqueue(kind, null, now, scope);
    else
      store.jobs.bringForward(
        kind,
        scope,
        new Date(now.getTime() + INTERVAL_MS).toISOString(),
        now.toISOString(),
      );
  }
}

function groupOf(job: JobContext): ClockGroup {
  return job.scope === null ? 'real-time' : { sandboxOf: job.scope.accountId };
}

function judgedAt(job: JobContext): Date {
  return job.scope === null ? job.now : job.dueAt;
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Clocks, SandboxClock } from '../../../src/sandbox-server/clock.ts';
import { backoff, JobQueue } from '../../../src/sandbox-server/jobs/queue.ts';
import { JobWorker } from '../../../src/sandbox-server/jobs/worker.ts';
import { openSandboxStore } from '../../../src/sandbox-server/server.ts';
import type { Store } from '../../../src/sandbox-server/store/store.ts';

const T0 = new Date('2026-03-02T09:00:00.000Z');
let dir: string;
let store: Store;
let clock: SandboxClock;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'scambio-jobs-'));
  store = openSandboxStore(dir);
  clock = new SandboxClock();
  clock.freeze(true);
  clock.set(T0);
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

function marks(): string[] {
  return (store.db.prepare('SELECT value FROM marks ORDER BY rowid').all() as { value: string }[]).map(
    (r) => r.value,
  );
}

/** A queue whose `mark` jobs write a row: what a job did is visible in the database, like the SDI's. */
function markingQueue(options: Partial<ConstructorParameters<typeof JobQueue>[0]> = {}): JobQueue {
  store.db.exec('CREATE TABLE IF NOT EXISTS marks (value TEXT NOT NULL)');
  const queue = new JobQueue({ store, clocks: new Clocks(clock), ...options });
  queue.register<{ value: string }>('mark', {
    run: ({ value }) => void store.db.prepare('INSERT INTO marks (value) VALUES (?)').run(value),
  });
  return queue;
}

describe('the job queue', () => {
  it('runs due jobs in (due time, id) order, and only those due by the sandbox clock', async () => {
    const queue = markingQueue();
    queue.enqueue('mark', { value: 'c' }, at(20));
    queue.enqueue('mark', { value: 'a' }, at(10));
    queue.enqueue('mark', { value: 'b' }, at(10));
    queue.enqueue('mark', { value: 'later' }, at(60));
    clock.advance(30_000);
    expect(await queue.runDue()).toBe(3);
    expect(marks()).toEqual(['a', 'b', 'c']);
    expect(queue.nextDueAt()).toEqual(at(60));
  });

  it('runs the jobs a job makes due in the same drain, after those already due', async () => {
    const queue = markingQueue();
    queue.register<null>('spawn', {
      run: (_p, job) => {
        queue.enqueue('mark', { value: 'spawned now' }, job.dueAt);
        queue.enqueue('mark', { value: 'spawned later' }, new Date(job.dueAt.getTime() + 3_600_000));
      },
    });
    queue.enqueue('spawn', null, at(0));
    queue.enqueue('mark', { value: 'already due' }, at(0));
    expect(await queue.runDue()).toBe(3);
    expect(marks()).toEqual(['already due', 'spawned now']);
  });

  it('gives each handler the time its job fell due, whatever the clock says when it runs', async () => {
    const queue = markingQueue();
    const seen: string[] = [];
    queue.register<null>('when', {
      run: (_p, job) => void seen.push(`${job.dueAt.toISOString()} ${job.now.toISOString()}`),
    });
    queue.enqueue('when', null, at(5));
    clock.advance(86_400_000);
    await queue.runDue();
    expect(seen).toEqual([`${at(5).toISOString()} ${at(86_400).toISOString()}`]);
  });

  it('enqueues inside a transaction: a rolled-back transaction leaves no job', async () => {
    const queue = markingQueue();
    expect(() =>
      store.transaction(() => {
        queue.enqueue('mark', { value: 'never' }, at(0));
        throw new Error('rollback');
      }),
    ).toThrow('rollback');
    expect(await queue.runDue()).toBe(0);
    expect(queue.nextDueAt()).toBeNull();
  });

  it('does the work and marks the job done in one transaction: a failing run leaves no trace but the error', async () => {
    const queue = markingQueue();
    let fail = true;
    queue.register<null>('flaky', {
      run: () => {
        store.db.prepare("INSERT INTO marks (value) VALUES ('half-done')").run();
        if (fail) throw new Error('boom');
      },
    });
    const id = queue.enqueue('flaky', null, at(0));
    await queue.runDue();
    expect(marks()).toEqual([]);
    expect(store.jobs.get(id)).toMatchObject({
      state: 'pending',
      attempts: 1,
      lastError: 'Error: boom',
      dueAt: new Date(T0.getTime() + backoff(1)).toISOString(),
    });
    fail = false;
    clock.advance(backoff(1));
    await queue.runDue();
    expect(marks()).toEqual(['half-done']);
    expect(store.jobs.get(id)).toMatchObject({ state: 'done', attempts: 2, lastError: null });
    await queue.runDue();
    expect(marks()).toEqual(['half-done']);
  });

  it('retries with a growing backoff and gives up after the last attempt, reporting each failure', async () => {
    const failures: [number, boolean][] = [];
    const queue = markingQueue({
      maxAttempts: 3,
      onFailure: (job, _e, willRetry) => failures.push([job.id, willRetry]),
    });
    queue.register<null>('broken', {
      run: () => {
        throw new Error('always');
      },
    });
    const id = queue.enqueue('broken', null, at(0));
    for (let i = 0; i < 3; i++) {
      await queue.runDue();
      clock.advance(3_600_000);
    }
    expect(failures).toEqual([
      [id, true],
      [id, true],
      [id, false],
    ]);
    expect(store.jobs.get(id)).toMatchObject({ state: 'failed', attempts: 3 });
    expect([1, 2, 3, 20].map(backoff)).toEqual([1000, 2000, 4000, 3_600_000]);
  });

  it('awaits an asynchronous prepare, then hands its result to run', async () => {
    const queue = markingQueue();
    queue.register<{ n: number }, number>('async', {
      prepare: async ({ n }) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        return n * 2;
      },
      run: (_p, _job, doubled) =>
        void store.db.prepare('INSERT INTO marks (value) VALUES (?)').run(String(doubled)),
    });
    queue.enqueue('async', { n: 21 }, at(0));
    queue.enqueue('mark', { value: 'after' }, at(0));
    await queue.runDue();
    expect(marks()).toEqual(['42', 'after']);
  });

  it('counts a prepare that hangs as a failed attempt', async () => {
    const queue = markingQueue({ prepareTimeoutMs: 20 });
    queue.register<null>('hang', { prepare: () => new Promise(() => {}), run: () => {} });
    const id = queue.enqueue('hang', null, at(0));
    await queue.runDue();
    expect(store.jobs.get(id)?.lastError).toMatch(/more than 20 ms/);
  });

  it('serializes drains, so two callers never run one job twice', async () => {
    const queue = markingQueue();
    for (let i = 0; i < 20; i++) queue.enqueue('mark', { value: String(i) }, at(0));
    const [a, b] = await Promise.all([queue.runDue(), queue.runDue()]);
    expect(a + b).toBe(20);
    expect(marks()).toHaveLength(20);
  });

  it('does not run a job another process did meanwhile (the done mark is checked in the transaction)', async () => {
    const queue = markingQueue();
    queue.register<null>('raced', {
      // Another server sharing the data folder takes the job between this one's read and its transaction.
      prepare: (_p, job) => void store.jobs.markDone(job.id, T0.toISOString()),
      run: () => void store.db.prepare("INSERT INTO marks (value) VALUES ('twice')").run(),
    });
    queue.enqueue('raced', null, at(0));
    await queue.runDue();
    expect(marks()).toEqual([]);
  });
});

describe('lanes, scopes and clocks', () => {
  const scope = (accountId: number) => ({ accountId, environment: 'test' as const });
  function account(name: string): number {
    return store.accounts.ensure(name, T0.toISOString());
  }

  /** A queue whose `hold` jobs wait until released, recording when they start. */
  function holdingQueue(concurrency: { total: number; perScope: number }, clocks = new Clocks(clock)) {
    const started: string[] = [];
    const releases = new Map<string, () => void>();
    const queue = new JobQueue({ store, clocks, concurrency });
    queue.register<{ name: string }, void>('hold', {
      prepare: ({ name }) =>
        new Promise<void>((resolve) => {
          started.push(name);
          releases.set(name, resolve);
        }),
      run: () => {},
    });
    const release = (name: string) => releases.get(name)!();
    return { queue, started, release };
  }

  it('runs other scopes while one scope’s job hangs, and one scope’s jobs one at a time, in order', async () => {
    const [x, y] = [account('x'), account('y')];
    const { queue, started, release } = holdingQueue({ total: 4, perScope: 1 });
    queue.enqueue('hold', { name: 'x1' }, at(0), scope(x));
    queue.enqueue('hold', { name: 'x2' }, at(0), scope(x));
    queue.enqueue('hold', { name: 'y1' }, at(0), scope(y));
    expect(queue.pump()).toBe(2);
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['x1', 'y1']);
    release('y1');
    release('x1');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(queue.pump()).toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['x1', 'y1', 'x2']);
    release('x2');
    await queue.close();
  });

  it('keeps jobs of one serial key in order, one at a time, while other keys go on', async () => {
    const x = account('serial');
    const { queue, started, release } = holdingQueue({ total: 8, perScope: 4 });
    queue.enqueue('hold', { name: 'w1-a' }, at(0), scope(x), 'w1');
    queue.enqueue('hold', { name: 'w1-b' }, at(0), scope(x), 'w1');
    queue.enqueue('hold', { name: 'w2-a' }, at(0), scope(x), 'w2');
    queue.pump();
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['w1-a', 'w2-a']);
    release('w1-a');
    await new Promise((resolve) => setTimeout(resolve, 10));
    queue.pump();
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['w1-a', 'w2-a', 'w1-b']);
    release('w1-b');
    release('w2-a');
    await queue.close();
  });

  it('times a moved sandbox’s jobs on its own clock, and runs only the scope asked for', async () => {
    const [moved, still] = [account('moved'), account('still')];
    const clocks = new Clocks(clock, store.sandboxClocks);
    const queue = new JobQueue({ store, clocks });
    const ran: string[] = [];
    queue.register<{ name: string }>('note', { run: ({ name }) => void ran.push(name) });
    queue.enqueue('note', { name: 'moved, due in a day' }, at(86_400), scope(moved));
    queue.enqueue('note', { name: 'still, due in a day' }, at(86_400), scope(still));
    clocks.sandbox(moved).advance(86_400_000);
    expect(await queue.runDue(scope(still))).toBe(0);
    expect(await queue.runDue()).toBe(1);
    expect(ran).toEqual(['moved, due in a day']);
    // The sandbox clock is kept: a new set of clocks over the same folder reads it back.
    expect(new Clocks(clock, store.sandboxClocks).now(scope(moved))).toEqual(at(86_400));
    expect(new Clocks(clock, store.sandboxClocks).now(scope(still))).toEqual(T0);
  });
});

describe('the worker', () => {
  it('runs jobs as they fall due and stops cleanly, finishing the job in progress', async () => {
    const queue = markingQueue();
    const worker = new JobWorker({ queue, logger: pino({ level: 'silent' }), stallMs: 1000 });
    worker.start();
    store.transaction(() => queue.enqueue('mark', { value: 'now' }, at(0)));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(marks()).toEqual(['now']);
    queue.enqueue('mark', { value: 'in a minute' }, at(60));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(marks()).toEqual(['now']);
    clock.advance(60_000);
    await new Promise((resolve) => setTimeout(resolve, 300)); // at most one poll interval
    expect(marks()).toEqual(['now', 'in a minute']);
    expect(worker.health()).toEqual({ status: 'Healthy' });
    await worker.stop();
    queue.enqueue('mark', { value: 'after stop' }, at(60));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(marks()).toEqual(['now', 'in a minute']);
  });

  it('reports itself stuck when its heartbeat is old while jobs are due', async () => {
    let wall = 0;
    const queue = markingQueue();
    const worker = new JobWorker({
      queue,
      logger: pino({ level: 'silent' }),
      stallMs: 1000,
      wall: () => wall,
    });
    worker.start();
    await worker.stop();
    expect(worker.health()).toMatchObject({
      status: 'Unhealthy',
      detail: expect.stringMatching(/not running/),
    });
    const running = new JobWorker({
      queue: markingQueue(),
      logger: pino({ level: 'silent' }),
      stallMs: 1000,
      wall: () => wall,
    });
    running.start();
    wall = 5000;
    expect(running.health()).toEqual({ status: 'Healthy' }); // silent, but nothing is due
    store.jobs.insert({
      kind: 'mark',
      payload: { value: 'due' },
      dueAt: T0.toISOString(),
      created: T0.toISOString(),
      scope: null,
      lane: 'sdi',
    });
    expect(running.health()).toMatchObject({
      status: 'Unhealthy',
      detail: expect.stringMatching(/no progress for 5 s/),
    });
    await running.stop();
  });

  it('reports itself Degraded when a due job has waited too long for a slot, though others progress', () => {
    const queue = markingQueue();
    const worker = new JobWorker({
      queue,
      logger: pino({ level: 'silent' }),
      stallMs: 60_000,
      waitWarnMs: 5_000,
    });
    worker.start();
    store.jobs.insert({
      kind: 'mark',
      payload: { value: 'waiting' },
      dueAt: T0.toISOString(),
      created: T0.toISOString(),
      scope: null,
      lane: 'sdi',
    });
    expect(worker.health()).toEqual({ status: 'Healthy' });
    clock.advance(12_000);
    expect(worker.health()).toMatchObject({
      status: 'Degraded',
      detail: expect.stringMatching(/waited 12 s/),
    });
    void worker.stop();
  });
});

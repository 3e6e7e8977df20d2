import { threadId } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { serverWorkerPool, type ServerTasks } from '../../../src/sandbox-server/worker-tasks.ts';
import type { WorkerPool } from '../../../src/sandbox-server/workers/pool.ts';
import { manyEmptyElementsXml, maxEmptyElements } from '../../shared/fatturapa/hostile-inputs.ts';
import { invoiceXml, italianVat } from '../../support/invoices.ts';
import { prepareConformance } from '../../support/openapi-conformance.ts';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.ts';

describe('the worker pool', () => {
  let pool: WorkerPool<ServerTasks>;
  beforeAll(() => {
    // inlineBelowBytes 0: even a small file goes to a thread.
    pool = serverWorkerPool({ size: 1, inlineBelowBytes: 0 });
  });
  afterAll(() => pool.destroy());

  it('runs tasks on another thread, loading the TypeScript sources there', async () => {
    expect(threadId).toBe(0);
    const { threadId: worker } = await pool.run('probe', {});
    expect(worker).not.toBe(0);
  });

  it('validates an invoice on the thread: the same problems as inline, texts rebuilt here', async () => {
    const bytes = new TextEncoder().encode(invoiceXml({ supplierVat: italianVat(1), number: 'no digit' }));
    const input = {
      bytes,
      limits: { maxBytes: 5_000_000 },
      validation: { fileName: null, at: new Date('2025-01-01T00:00:00Z'), lenientIds: false },
    };
    const threaded = await pool.run('inspectInvoice', input);
    const inline = await serverWorkerPool({ size: 0 }).run('inspectInvoice', input);
    expect(threaded).toEqual(inline);
    expect(threaded.ok && threaded.problems?.map((p) => p.problem.code)).toContain('00425');
  });

  it('moves an input the caller hands over instead of copying it: a file to write as JSON text', async () => {
    const xml = invoiceXml({ supplierVat: italianVat(2), description: 'Caffè "espresso"' });
    const file = new TextEncoder().encode(xml);
    const json = await pool.run('payloadJson', { file, encoding: 'Xml' });
    expect(Buffer.from(json).toString('utf8')).toBe(JSON.stringify(xml));
    // Moved: the caller's view is detached, nothing was copied.
    expect(file.byteLength).toBe(0);
  });

  it('survives a task that throws: the error reaches the caller and the thread carries on', async () => {
    const before = await pool.run('probe', {});
    await expect(pool.run('probe', { fail: 'on purpose' })).rejects.toThrow('on purpose');
    expect(await pool.run('probe', {})).toEqual(before);
  });

  it('refuses tasks beyond its queue, and after close', async () => {
    const small = serverWorkerPool({ size: 1, maxQueue: 1 });
    const running = small.run('probe', { busyMs: 200 });
    const queued = small.run('probe', {});
    await expect(small.run('probe', {})).rejects.toThrow('queue is full');
    const closed = small.close();
    await expect(small.run('probe', {})).rejects.toThrow('closed');
    await Promise.all([running, queued, closed]);
  });
});

describe('the server under a hostile validation', () => {
  let sandbox: TestSandbox;
  beforeAll(async () => {
    sandbox = await startTestSandbox({ rateLimits: 'unlimited' });
    // The test's own response checks load and compile the OpenAPI documents on first use, in this process: done
    // here, so that work cannot hold the cheap request back while the hostile one runs.
    await prepareConformance();
  });
  afterAll(() => sandbox.close());

  it("answers another account's cheap request before the hostile validation finishes", async () => {
    const hostile = sandbox.caller('hostile');
    const other = sandbox.caller('other');
    const workers = sandbox.server.services.workers;
    const started = new Promise<void>((resolve) => {
      const run = workers.run.bind(workers);
      vi.spyOn(workers, 'run').mockImplementation((name, input) => {
        if (name === 'inspectInvoice') resolve();
        return run(name, input);
      });
    });
    const order: string[] = [];
    const xml = manyEmptyElementsXml(maxEmptyElements());
    const validation = hostile
      .post('/v1/send/validate/xml', {
        body: xml,
        headers: { 'content-type': 'application/xml' },
        unchecked: true,
      })
      .then((res) => {
        order.push('hostile');
        return res;
      });
    await started;
    const cheap = await other.get('/v1/company');
    order.push('cheap');
    expect(cheap.status).toBe(200);
    expect((await validation).status).toBe(422);
    expect(order).toEqual(['cheap', 'hostile']);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProblemDetails, Send } from '../../../src/shared/api/types.ts';
import { invoiceXml, italianVat } from '../../support/invoices.ts';
import { startTestSandbox, type ApiCaller, type TestSandbox } from '../../support/sandbox.ts';

/**
 * A full disk, injected through SQLite itself: `max_page_count` caps the database at its current size, so the
 * next write that needs a new page fails with SQLITE_FULL ("database or disk is full") exactly as when the
 * file system has no space left, with no root, tmpfs or mocking involved.
 */
let sandbox: TestSandbox;
let caller: ApiCaller;

beforeAll(async () => {
  // SDI takes the invoices only after an hour of sandbox time: its jobs would otherwise add rows in the middle
  // of the counts below whenever the machine is slow.
  sandbox = await startTestSandbox({ rateLimits: 'unlimited', sdiDelayMs: 3_600_000 });
  caller = sandbox.caller('disk-full');
});
afterAll(() => sandbox.close());

function fillDisk(): void {
  const db = sandbox.server.store.db;
  const pages = db.pragma('page_count', { simple: true }) as number;
  db.pragma(`max_page_count = ${pages}`);
}

function freeDisk(): void {
  sandbox.server.store.db.pragma('max_page_count = 1073741823');
}

function count(table: string): number {
  return (sandbox.server.store.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
}

/** An invoice larger than any free space inside the existing pages, so storing it needs new pages. */
function bigInvoice(seed: number, number: string): string {
  return invoiceXml({ supplierVat: italianVat(seed), number, description: 'Consulenza '.repeat(20_000) });
}

function upload(xml: string, idempotencyKey?: string) {
  return caller.post<Send | ProblemDetails>('/v1/send/xml', {
    body: xml,
    headers: {
      'content-type': 'application/xml',
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    },
    unchecked: true,
  });
}

describe('a full disk', () => {
  it('answers writes with 507 problem+json, keeps no partial rows, and recovers when space returns', async () => {
    expect((await upload(invoiceXml({ supplierVat: italianVat(5000), number: 'DF-0' }))).status).toBe(201);
    const before = { sends: count('sends'), companies: count('companies'), jobs: count('jobs') };

    fillDisk();
    try {
      const xml = bigInvoice(5001, 'DF-1');
      const full = await upload(xml, 'disk-full-1');
      expect(full.status).toBe(507);
      expect(full.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      const problem = JSON.parse(full.text) as ProblemDetails;
      expect(problem).toMatchObject({
        type: '/problems/insufficient-storage',
        status: 507,
        instance: '/v1/send/xml',
      });
      expect(problem.detail).toMatch(/disk space/);
      // Reads still work while the disk is full.
      expect((await caller.get('/v1/send')).status).toBe(200);
      // Nothing of the failed submission was kept: no invoice, no new company, no SDI job.
      expect({ sends: count('sends'), companies: count('companies'), jobs: count('jobs') }).toEqual(before);
      expect(sandbox.server.store.db.pragma('integrity_check', { simple: true })).toBe('ok');

      freeDisk();
      // The same request, with the same key, now goes through once: the 507 was not stored as its answer.
      const retried = await upload(xml, 'disk-full-1');
      expect(retried.status).toBe(201);
      expect(retried.headers.get('idempotent-replayed')).toBeNull();
      const replay = await upload(xml, 'disk-full-1');
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(count('sends')).toBe(before.sends + 1);
      expect(sandbox.server.store.db.pragma('integrity_check', { simple: true })).toBe('ok');
      const stored = await caller.get<Send[]>('/v1/send', { query: { document_number: 'DF-1' } });
      expect(stored.body.map((s) => s.id)).toEqual([(retried.body as Send).id]);
    } finally {
      freeDisk();
    }
  });

  it('says in the answer to a read it could not log that it is not in the log, and logs again once space is back', async () => {
    fillDisk();
    try {
      // Each logged read takes room in the log's pages; the first one that finds none is answered all the same.
      let unlogged: Awaited<ReturnType<ApiCaller['get']>> | null = null;
      let logged = 0;
      const before = count('events');
      for (let i = 0; i < 500 && !unlogged; i++) {
        const read = await caller.get('/v1/send');
        expect(read.status).toBe(200);
        if (read.headers.get('scambio-log') === 'not-recorded') unlogged = read;
        else logged++;
      }
      expect(unlogged, 'no read went unlogged with the disk full').not.toBeNull();
      // The header tells the truth: every read without it is in the log, the one with it is not.
      expect(count('events')).toBe(before + logged);
    } finally {
      freeDisk();
    }
    const after = count('events');
    const read = await caller.get('/v1/send');
    expect(read.headers.get('scambio-log')).toBeNull();
    expect(count('events')).toBe(after + 1);
  });

  it('says so in the caller’s language', async () => {
    fillDisk();
    try {
      const res = await caller.post<ProblemDetails>('/v1/send/xml', {
        body: bigInvoice(5002, 'DF-2'),
        headers: { 'content-type': 'application/xml', 'accept-language': 'it' },
        unchecked: true,
      });
      expect(res.status).toBe(507);
      expect((JSON.parse(res.text) as ProblemDetails).title).toBe('Spazio di archiviazione insufficiente');
    } finally {
      freeDisk();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HealthReport, ProblemDetails, Send } from '../../../src/shared/api/types.ts';
import type { AccountStatus, Update } from '../../../src/shared/api/types.ts';
import { invoiceXml, italianVat } from '../../support/invoices.ts';
import type { ApiCaller, TestSandbox } from '../../support/sandbox.ts';
import { SDI_CONCURRENCY } from '../../../src/sandbox-server/sdi/pipeline.ts';
import { advance, START, startSdiSandbox, submit } from './sdi-sandbox.ts';

let sandbox: TestSandbox;
let caller: ApiCaller;
let other: ApiCaller;
/** Consegnato (external), ImpossibilitaDiRecapito, Scartato, and one PA invoice still Consegnato. */
let sends: Send[];

beforeAll(async () => {
  ({ sandbox } = await startSdiSandbox());
  caller = sandbox.caller('reader');
  other = sandbox.caller('other');
  sends = [
    await submit(caller, {
      supplierVat: italianVat(801),
      customerVat: italianVat(811),
      codiceDestinatario: 'ABC1234',
    }),
    await submit(caller, { supplierVat: italianVat(801), customerVat: italianVat(812), number: '2' }),
  ];
  await advance(caller, '1h');
  sends.push(
    await submit(caller, {
      supplierVat: italianVat(802),
      customerVat: italianVat(813),
      headers: { 'Sandbox-Scenario': 'scarto=00404' },
    }),
    await submit(caller, { supplierVat: italianVat(803), format: 'FPA12' }),
  );
  await advance(caller);
  const refreshed: Send[] = [];
  for (const send of sends) refreshed.push((await caller.get<Send>(`/v1/send/${send.id}`)).body);
  sends = refreshed;
});
afterAll(() => sandbox.close());

async function list(query: Record<string, string | number | boolean>): Promise<Update[]> {
  const res = await caller.get<Update[]>('/v1/update', { query });
  expect(res.status).toBe(200);
  expect(Number(res.headers.get('service-total-count'))).toBeGreaterThanOrEqual(res.body.length);
  return res.body;
}

const pairs = (updates: Update[]) => updates.map((u) => [u.send_id, u.state]);

describe('GET /update', () => {
  it('lists the updates of the caller only, by last_update then id, with the reduced Send', async () => {
    const all = await list({});
    expect(all).toHaveLength(8);
    expect(all.map((u) => u.last_update)).toEqual([...all.map((u) => u.last_update)].sort());
    expect(all[0]).toMatchObject({
      send_id: sends[0]!.id,
      state: 'Inviato',
      send: {
        identifier: sends[0]!.identifier,
        prestatore: italianVat(801),
        latest_state: 'Consegnato',
        documents: [{ number: '1', date: '2025-01-15T00:00:00.000Z' }],
      },
    });
    expect((await other.get<Update[]>('/v1/update')).body).toEqual([]);
  });

  it('filters by send_id, state, identifier, prestatore, committente and company_id', async () => {
    const [a, b, c, d] = sends as [Send, Send, Send, Send];
    expect(pairs(await list({ send_id: a.id }))).toEqual([
      [a.id, 'Inviato'],
      [a.id, 'Consegnato'],
    ]);
    expect(pairs(await list({ state: 'Consegnato' }))).toEqual([
      [a.id, 'Consegnato'],
      [d.id, 'Consegnato'],
    ]);
    expect(pairs(await list({ state: 'Scartato' }))).toEqual([[c.id, 'Scartato']]);
    expect((await list({ identifier: b.identifier! })).map((u) => u.send_id)).toEqual([b.id, b.id]);
    expect((await list({ prestatore: italianVat(801) })).map((u) => u.send_id)).toEqual([
      a.id,
      a.id,
      b.id,
      b.id,
    ]);
    expect((await list({ committente: italianVat(813) })).map((u) => u.send_id)).toEqual([c.id, c.id]);
    expect((await list({ company_id: a.company_id })).map((u) => u.send_id)).toEqual([
      a.id,
      a.id,
      b.id,
      b.id,
    ]);
    const foreign = await caller.get<ProblemDetails>('/v1/update', { query: { company_id: 999999 } });
    expect(foreign.status).toBe(404);
  });

  it('filters by last_update and date_sent ranges', async () => {
    const later = new Date(Date.parse(sends[2]!.date_sent!)).toISOString();
    expect((await list({ last_update_from: later })).map((u) => u.send_id).sort()).toEqual(
      [sends[2]!.id, sends[2]!.id, sends[3]!.id, sends[3]!.id].sort(),
    );
    expect((await list({ date_sent_to: sends[1]!.date_sent! })).map((u) => u.send_id)).toEqual([
      sends[0]!.id,
      sends[0]!.id,
      sends[1]!.id,
      sends[1]!.id,
    ]);
    expect(await list({ last_update_from: '2099-01-01T00:00:00Z' })).toEqual([]);
  });

  it('sorts, pages and rejects malformed parameters naming them', async () => {
    const descending = await list({ sort: '-id', page_size: 3, page: 2 });
    const all = (await list({ sort: 'id' })).map((u) => u.id).reverse();
    expect(descending.map((u) => u.id)).toEqual(all.slice(3, 6));
    for (const [query, parameter] of [
      [{ state: 'Delivered' }, 'state'],
      [{ send_id: 'x' }, 'send_id'],
      [{ sort: 'state' }, 'sort'],
      [{ last_update_from: 'yesterday' }, 'last_update_from'],
      [{ page_size: 201 }, 'page_size'],
    ] as const) {
      const res = await caller.get<ProblemDetails>('/v1/update', { query });
      expect(res.status).toBe(400);
      expect(res.body.parameter).toBe(parameter);
    }
  });

  it("shows the meta_data the invoice was sent with in the update's send, listed, filtered or read alone", async () => {
    const owner = sandbox.caller('meta-data');
    const vat = italianVat(804);
    const metaData = { pratica: 'P-2026/17', centro_di_costo: 'Magazzino' };
    const sent = await owner.post<Send>('/v1/send', {
      json: {
        payload: Buffer.from(invoiceXml({ supplierVat: vat })).toString('base64'),
        meta_data: metaData,
      },
    });
    expect(sent.status).toBe(201);
    await advance(owner);
    // unread=true first: any read marks the updates read.
    const queries: Record<string, string | number | boolean>[] = [
      { unread: true },
      {},
      { company_id: sent.body.company_id },
      { prestatore: vat },
    ];
    for (const query of queries) {
      const res = await owner.get<Update[]>('/v1/update', { query });
      expect(res.status, JSON.stringify(query)).toBe(200);
      expect(res.body.length, JSON.stringify(query)).toBeGreaterThan(0);
      for (const update of res.body) expect(update.send.meta_data).toEqual(metaData);
    }
    const [first] = (await owner.get<Update[]>('/v1/update')).body;
    const single = await owner.get<Update>(`/v1/update/${first!.id}`);
    expect(single.status).toBe(200);
    expect(single.body.send.meta_data).toEqual(metaData);
  });

  it('gives the discard reason in description and errors', async () => {
    const [scarto] = await list({ state: 'Scartato' });
    expect(scarto!.description).toMatch(/^00404 /);
    expect(scarto!.errors).toEqual([
      { code: '00404', description: expect.any(String), hint: expect.any(String) },
    ]);
    expect(scarto!.message_id).toMatch(/^\d{12}$/);
  });
});

describe('the read flag of updates', () => {
  it('is set by reading an update, alone or in a list, so unread=true lists only new ones', async () => {
    const { sandbox: local } = await startSdiSandbox();
    try {
      const reader = local.caller();
      const send = await submit(reader, { supplierVat: italianVat(821) });
      await advance(reader);
      const first = await reader.get<Update[]>('/v1/update', { query: { unread: true } });
      expect(first.body.map((u) => [u.state, u.is_read])).toEqual([
        ['Inviato', true],
        ['ImpossibilitaDiRecapito', true],
      ]);
      expect((await reader.get<Update[]>('/v1/update', { query: { unread: true } })).body).toEqual([]);
      const more = await submit(reader, { supplierVat: italianVat(822) });
      await advance(reader);
      const unread = await reader.get<Update[]>('/v1/update', { query: { unread: true } });
      expect(unread.body.map((u) => u.send_id)).toEqual([more.id, more.id]);
      const single = await reader.get<Update>(`/v1/update/${first.body[0]!.id}`);
      expect(single.body).toMatchObject({ send_id: send.id, is_read: true });
    } finally {
      await local.close();
    }
  });

  it('answers 404 for an update of another account or a bad id', async () => {
    const [update] = await list({});
    expect((await other.get(`/v1/update/${update!.id}`)).status).toBe(404);
    expect((await caller.get('/v1/update/abc')).status).toBe(404);
    expect((await other.get(`/v1/update/${update!.id}/notification`)).status).toBe(404);
  });
});

describe('GET /send?latest_state=', () => {
  it('filters by the state of the newest update', async () => {
    const ids = async (state: string) =>
      (await caller.get<Send[]>('/v1/send', { query: { latest_state: state } })).body.map((s) => s.id);
    expect(await ids('Consegnato')).toEqual([sends[0]!.id, sends[3]!.id]);
    expect(await ids('ImpossibilitaDiRecapito')).toEqual([sends[1]!.id]);
    expect(await ids('Scartato')).toEqual([sends[2]!.id]);
    expect(await ids('Inviato')).toEqual([]);
  });
});

describe('GET /status and the live quota', () => {
  it('counts operations in the sandbox without ever refusing', async () => {
    const { sandbox: local } = await startSdiSandbox({ liveQuota: { operations: 1, signatures: 5 } });
    try {
      const test = local.caller('acme');
      expect((await test.get<AccountStatus>('/v1/status')).body).toEqual({
        operation_left: 1,
        signature_left: 5,
        has_active_seat: false,
        is_sub_key: false,
      });
      await submit(test, { supplierVat: italianVat(831) });
      await submit(test, { supplierVat: italianVat(832) });
      expect((await test.get<AccountStatus>('/v1/status')).body.operation_left).toBe(0);
    } finally {
      await local.close();
    }
  });

  it('refuses a live key that used up its operations with 403', async () => {
    const { sandbox: local } = await startSdiSandbox({ liveQuota: { operations: 2, signatures: 1 } });
    try {
      const live = local.caller('acme', 'live');
      await submit(live, { supplierVat: italianVat(841) });
      await submit(live, { supplierVat: italianVat(842) });
      expect((await live.get<AccountStatus>('/v1/status')).body).toMatchObject({ operation_left: 0 });
      const refused = await live.post<ProblemDetails>('/v1/send/xml', {
        body: '<x/>',
        headers: { 'content-type': 'application/xml' },
      });
      expect(refused.status).toBe(403);
      expect(refused.body.detail).toMatch(/used up/);
      // Reading is still allowed.
      expect((await live.get('/v1/send')).status).toBe(200);
    } finally {
      await local.close();
    }
  });
  it('refuses to sign for a live key that used up its signatures, but still takes signed or unsigned files', async () => {
    const { sandbox: local } = await startSdiSandbox({ liveQuota: { operations: 10, signatures: 1 } });
    try {
      const live = local.caller('acme', 'live');
      const signed = await live.post<Send>('/v1/send/xml', {
        body: invoiceXml({ supplierVat: italianVat(861) }),
        query: { signature: 'Apply' },
      });
      expect(signed.status).toBe(201);
      expect((await live.get<AccountStatus>('/v1/status')).body).toMatchObject({ signature_left: 0 });
      const before = (await live.get<Send[]>('/v1/send')).body.length;

      const refused = await live.post<ProblemDetails>('/v1/send/xml', {
        body: invoiceXml({ supplierVat: italianVat(862) }),
        query: { signature: 'Apply' },
        headers: { 'accept-language': 'de' },
      });
      expect(refused.status).toBe(403);
      expect(refused.body.detail).toMatch(/Signaturen/);
      expect((await live.get<Send[]>('/v1/send')).body).toHaveLength(before);

      const unsigned = await live.post<Send>('/v1/send/xml', {
        body: invoiceXml({ supplierVat: italianVat(863) }),
        query: { signature: 'None' },
      });
      expect(unsigned.status).toBe(201);
      // The sandbox counts signatures too, but never refuses one.
      const test = local.caller('acme-test');
      for (const n of [864, 865]) {
        const res = await test.post('/v1/send/xml', {
          body: invoiceXml({ supplierVat: italianVat(n) }),
          query: { signature: 'Apply' },
        });
        expect(res.status).toBe(201);
      }
    } finally {
      await local.close();
    }
  });
});

describe('GET /health and the SDI worker', () => {
  it('answers 503 naming sdi_worker when the worker makes no progress while jobs are due', async () => {
    const { sandbox: local } = await startSdiSandbox({ workerStallMs: 100 });
    try {
      const { jobs } = local.server.services;
      const releases: (() => void)[] = [];
      const release = () => releases.splice(0).forEach((r) => r());
      jobs.register('test.stuck', {
        prepare: () => new Promise<void>((resolve) => releases.push(resolve)),
        run: () => {},
      });
      // Every slot of SDI's lane taken by a step that hangs, each in an account of its own.
      local.server.store.transaction(() => {
        for (let i = 0; i < SDI_CONCURRENCY.total; i++) {
          const accountId = local.server.store.accounts.ensure(`stuck-${i}`, START.toISOString());
          jobs.enqueue('test.stuck', null, local.server.clock.now(), { accountId, environment: 'live' });
        }
      });
      await submit(local.caller(), { supplierVat: italianVat(851) });
      await new Promise((resolve) => setTimeout(resolve, 400));
      const res = await local.anonymous().get<HealthReport>('/v1/health');
      expect(res.status).toBe(503);
      expect(res.body.checks.sdi_worker).toMatchObject({
        status: 'Unhealthy',
        detail: expect.stringMatching(/no progress/),
      });
      expect(res.body.checks.database).toEqual({ status: 'Healthy' });
      release();
      await jobs.runDue();
      expect((await local.anonymous().get<HealthReport>('/v1/health')).status).toBe(200);
    } finally {
      await local.close();
    }
  });
});

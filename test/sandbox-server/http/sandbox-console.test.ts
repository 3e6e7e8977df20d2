import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProblemDetails, Receive, Send } from '../../../src/shared/api/types.ts';
import { italianVat } from '../../support/invoices.ts';
import type { ApiCaller, TestSandbox } from '../../support/sandbox.ts';
import { advance, registerCompany, startSdiSandbox, submit } from '../sdi/sdi-sandbox.ts';

/**
 * What the app's sandbox console asks of the control API beyond moving the clock: a preview of a move (where it
 * lands, what retention removes there), running the queue, and counting what a reset deletes.
 */

interface Preview {
  dry_run: true;
  now: string;
  frozen: boolean;
  retention: { send: number; receive: number; log: number };
  jobs_due: number;
}

interface QueueRow {
  kind: string;
  due_at: string;
  send_id: number | null;
  document_number: string | null;
  upkeep: boolean;
}

const unchecked = { unchecked: true } as const;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let sandbox: TestSandbox;

beforeAll(async () => {
  ({ sandbox } = await startSdiSandbox());
});
afterAll(() => sandbox.close());

async function clockNow(caller: ApiCaller): Promise<number> {
  return Date.parse((await caller.get<{ now: string }>('/_sandbox/clock', unchecked)).body.now);
}

async function preview(caller: ApiCaller, json: Record<string, unknown>): Promise<Preview> {
  const res = await caller.post<Preview>('/_sandbox/clock', {
    json: { ...json, dry_run: true },
    ...unchecked,
  });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

async function count(caller: ApiCaller, path: string): Promise<number> {
  const res = await caller.get(path, { query: { page_size: 1 } });
  return Number(res.headers.get('service-total-count'));
}

describe('POST /_sandbox/clock with dry_run', () => {
  it('moves nothing, and counts exactly what the retention pass at the landing time then removes', async () => {
    const caller = sandbox.caller('preview');
    const other = sandbox.caller('preview-other');
    const company = await registerCompany(caller, italianVat(7101), 'Anteprima Srl');
    // Another account's data is never counted in the caller's warning.
    const otherCompany = await registerCompany(other, italianVat(7102), 'Altri Srl');
    for (const [who, vat] of [
      [caller, company.vat],
      [other, otherCompany.vat],
    ] as const) {
      const arrived = await who.post('/_sandbox/inbound', {
        json: { generate: { to_vat: vat } },
        ...unchecked,
      });
      expect(arrived.status).toBe(201);
      await submit(who, { supplierVat: vat, number: 'B2B-1' }); // ImpossibilitaDiRecapito: final
    }
    // A PA invoice waiting for its recipient's outcome is kept, however old.
    await submit(caller, { supplierVat: company.vat, number: 'PA-1', format: 'FPA12' });
    await advance(caller);
    const before = await clockNow(caller);

    const dayAhead = await preview(caller, { advance: '25h' });
    expect(dayAhead).toMatchObject({ dry_run: true, frozen: true, retention: { send: 0, receive: 1 } });
    expect(dayAhead.now).toBe(new Date(before + 25 * HOUR).toISOString());
    expect(await clockNow(caller)).toBe(before);

    const set = await preview(caller, { set: new Date(before + 16 * DAY).toISOString() });
    expect(set.retention).toMatchObject({ send: 1, receive: 1 });
    expect(set.retention.log).toBeGreaterThan(0);
    // The PA invoice's decorrenza termini falls due on the way.
    expect(set.jobs_due).toBeGreaterThanOrEqual(1);
    expect(await clockNow(caller)).toBe(before);
    expect(await count(caller, '/v1/receive')).toBe(1);

    const moved = await caller.post('/_sandbox/clock', { json: { advance: '16d' }, ...unchecked });
    expect(moved.status).toBe(200);
    expect(await count(caller, '/v1/receive')).toBe(0);
    const sends = (await caller.get<Send[]>('/v1/send')).body;
    expect(sends.map((s) => s.document_number)).toEqual(['PA-1']);
    expect(sends[0]!.latest_state).toBe('DecorrenzaTermini');
  });

  it('previews a move to the last pending step of the queue (run_queue), and then makes it', async () => {
    const caller = sandbox.caller('run-queue');
    const company = await registerCompany(caller, italianVat(7201), 'Coda Srl');
    const send = await submit(caller, {
      supplierVat: company.vat,
      number: 'Q-1',
      headers: { 'Sandbox-Scenario': 'delay=3h' },
    });
    const queue = (await caller.get<QueueRow[]>('/_sandbox/queue', unchecked)).body;
    const intake = queue.find((row) => row.send_id === send.id)!;
    expect(intake).toMatchObject({ kind: 'sdi.intake', document_number: 'Q-1', upkeep: false });
    expect(queue.find((row) => row.kind === 'retention.purge')).toMatchObject({
      upkeep: true,
      send_id: null,
    });

    const now = await clockNow(caller);
    const ahead = await preview(caller, { run_queue: true });
    expect(ahead.now).toBe(intake.due_at);
    expect(ahead.jobs_due).toBe(1);
    // An advance past the last step wins: the queue never moves the clock back.
    expect((await preview(caller, { run_queue: true, advance: '5h' })).now).toBe(
      new Date(now + 5 * HOUR).toISOString(),
    );
    expect(await clockNow(caller)).toBe(now);

    const ran = await caller.post<{ now: string; jobs_run: number }>('/_sandbox/clock', {
      json: { run_queue: true },
      ...unchecked,
    });
    expect(ran.status).toBe(200);
    expect(ran.body.now).toBe(intake.due_at);
    expect((await caller.get<Send>(`/v1/send/${send.id}`)).body.latest_state).toBe('ImpossibilitaDiRecapito');
    expect(
      (await caller.get<QueueRow[]>('/_sandbox/queue', unchecked)).body.some((r) => r.send_id !== null),
    ).toBe(false);

    // Nothing of the caller's left in the queue: the clock stays where it is.
    const idle = await caller.post<{ now: string }>('/_sandbox/clock', {
      json: { run_queue: true },
      ...unchecked,
    });
    expect(idle.body.now).toBe(ran.body.now);
  });

  it('refuses a flag that is not a boolean with 422 naming it, in the caller’s language', async () => {
    const caller = sandbox.caller('flags').withLanguage('it');
    for (const field of ['dry_run', 'run_queue']) {
      const res = await caller.post<ProblemDetails>('/_sandbox/clock', {
        json: { advance: '1h', [field]: 'yes' },
        ...unchecked,
      });
      expect(res.status).toBe(422);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(res.body.errors?.[0]?.path).toBe(field);
      expect(res.body.errors?.[0]?.description).toContain(field);
      expect(res.body.errors?.[0]?.description).toMatch(/true o false/);
    }
    const reset = await caller.post<ProblemDetails>('/_sandbox/reset', {
      json: { dry_run: 1 },
      ...unchecked,
    });
    expect(reset.status).toBe(422);
    expect(reset.body.errors?.[0]?.path).toBe('dry_run');
  });
});

describe('POST /_sandbox/reset with dry_run', () => {
  it('counts what a reset deletes, deletes nothing, and the reset then deletes exactly that', async () => {
    const caller = sandbox.caller('reset-preview');
    const company = await registerCompany(caller, italianVat(7301), 'Azzera Srl');
    await caller.post('/_sandbox/inbound', { json: { generate: { to_vat: company.vat } }, ...unchecked });
    // Held for a VAT number nobody registered: it goes with the account that sent it.
    const held = await caller.post('/_sandbox/inbound', {
      json: { generate: { to_vat: italianVat(7302) } },
      ...unchecked,
    });
    expect(held.status).toBe(202);
    await submit(caller, { supplierVat: company.vat, number: 'Z-1' });
    await advance(caller);

    const dry = await caller.post<{ dry_run: true; deleted: Record<string, number> }>('/_sandbox/reset', {
      json: { dry_run: true },
      ...unchecked,
    });
    expect(dry.status).toBe(200);
    expect(dry.body.deleted).toMatchObject({ company: 1, send: 1, receive: 1, held: 1 });
    expect(dry.body.deleted.update).toBeGreaterThanOrEqual(2);
    expect(await count(caller, '/v1/company')).toBe(1);
    expect((await caller.get<Receive[]>('/v1/receive')).body).toHaveLength(1);

    const done = await caller.post<{ deleted: Record<string, number> }>('/_sandbox/reset', unchecked);
    // The reset's own log entry and the reads above came after the preview.
    expect({ ...done.body.deleted, log: 0 }).toEqual({ ...dry.body.deleted, log: 0 });
    expect(done.body.deleted.log).toBeGreaterThanOrEqual(dry.body.deleted.log!);
    expect(await count(caller, '/v1/company')).toBe(0);
  });
});

describe('POST /_sandbox/reset', () => {
  interface Reset {
    dry_run?: true;
    deleted: Record<string, number>;
    clock: { now: string; offset_seconds: number; frozen: boolean };
  }
  const hooks = async (caller: ApiCaller) => (await caller.get<unknown[]>('/v1/webhook')).body.length;
  const moved = async (caller: ApiCaller) =>
    (await caller.get<Reset['clock']>('/_sandbox/clock', unchecked)).body;

  it('starts the sandbox over: its webhooks go and its clock is back on real time, the keys stay', async () => {
    const caller = sandbox.caller('reset-all');
    const other = sandbox.caller('reset-all-other');
    await registerCompany(caller, italianVat(7311), 'Ricomincia Srl');
    const url = 'http://127.0.0.1:9/hook';
    expect((await caller.post('/v1/webhook', { json: { url, events: ['send.add'] } })).status).toBe(201);
    expect((await other.post('/v1/webhook', { json: { url, events: ['send.add'] } })).status).toBe(201);
    await caller.post('/_sandbox/clock', { json: { advance: '30d', freeze: true }, ...unchecked });
    await other.post('/_sandbox/clock', { json: { advance: '2d' }, ...unchecked });

    // Real time as an account that never moved its clock sees it (this suite's server clock stands still).
    const realTime = { offset_seconds: 0, frozen: (await moved(sandbox.caller('reset-never-moved'))).frozen };
    const dry = await caller.post<Reset>('/_sandbox/reset', { json: { dry_run: true }, ...unchecked });
    expect(dry.body.deleted).toMatchObject({ company: 1, webhook: 1 });
    expect(dry.body.clock).toMatchObject(realTime);
    // A preview moves nothing.
    expect(await hooks(caller)).toBe(1);
    expect((await moved(caller)).offset_seconds).toBeGreaterThanOrEqual(30 * 86_400 - 60);

    const done = await caller.post<Reset>('/_sandbox/reset', unchecked);
    expect(done.status).toBe(200);
    expect(done.body.deleted).toMatchObject({ company: 1, webhook: 1 });
    expect(done.body.clock).toMatchObject(realTime);
    expect(await moved(caller)).toMatchObject(realTime);
    expect(await hooks(caller)).toBe(0);
    // The key still works (the calls above), and another account's webhook and clock are its own.
    expect(await hooks(other)).toBe(1);
    expect((await moved(other)).offset_seconds).toBeGreaterThanOrEqual(2 * 86_400 - 60);
  });

  it('keeps the webhooks and the clock when asked', async () => {
    const caller = sandbox.caller('reset-keep');
    const url = 'http://127.0.0.1:9/hook';
    expect((await caller.post('/v1/webhook', { json: { url, events: ['send.add'] } })).status).toBe(201);
    await caller.post('/_sandbox/clock', { json: { advance: '3d' }, ...unchecked });

    const kept = await caller.post<Reset>('/_sandbox/reset', {
      json: { keep_webhooks: true, keep_clock: true },
      ...unchecked,
    });
    expect(kept.body.deleted.webhook).toBe(0);
    expect(kept.body.clock.offset_seconds).toBeGreaterThanOrEqual(3 * 86_400 - 60);
    expect(await hooks(caller)).toBe(1);

    const bad = await caller.post<ProblemDetails>('/_sandbox/reset', {
      json: { keep_clock: 'yes' },
      ...unchecked,
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.[0]?.path).toBe('keep_clock');
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import type { ClockState } from '../../../src/sandbox-server/clock.ts';
import type { ProblemDetails, Receive, Send } from '../../../src/shared/api/types.ts';
import { italianVat } from '../../support/invoices.ts';
import type { ApiCaller, TestSandbox } from '../../support/sandbox.ts';
import { advance, registerCompany, START, startSdiSandbox, statesOf, submit } from './sdi-sandbox.ts';

/**
 * Each account's sandbox runs on a clock of its own (clock.ts): one account's test key moving time changes
 * nothing of another account's data, jobs or time, and nothing live, which follows real time.
 */

const unchecked = { unchecked: true } as const;
const DAY = 86_400_000;

interface Moved extends ClockState {
  jobs_run: number;
  retention: { send: number; receive: number; log: number };
}

interface Preview {
  now: string;
  retention: { send: number; receive: number; log: number };
}

const sandboxes: TestSandbox[] = [];
afterEach(async () => {
  for (const sandbox of sandboxes.splice(0)) await sandbox.close();
});

async function started() {
  const started = await startSdiSandbox();
  sandboxes.push(started.sandbox);
  return started;
}

/** What an account can see of its own data: the totals of its lists. */
async function totals(caller: ApiCaller): Promise<Record<string, number>> {
  const count = async (path: string) =>
    Number((await caller.get(path, { query: { page_size: 1 } })).headers.get('service-total-count'));
  return {
    send: await count('/v1/send'),
    receive: await count('/v1/receive'),
    company: await count('/v1/company'),
  };
}

function rows(sandbox: TestSandbox, table: string, account: string, environment: string): number {
  return (
    sandbox.server.store.db
      .prepare(
        `SELECT count(*) AS n FROM ${table} WHERE environment = ?
           AND account_id = (SELECT id FROM accounts WHERE name = ?)`,
      )
      .get(environment, account) as { n: number }
  ).n;
}

async function clockOf(caller: ApiCaller): Promise<ClockState> {
  return (await caller.get<ClockState>('/_sandbox/clock', unchecked)).body;
}

/** An account with a company, a finished sent invoice and a received one, in one environment. */
async function withData(caller: ApiCaller, seed: number): Promise<void> {
  const company = await registerCompany(caller, italianVat(seed), 'Dati Srl');
  await submit(caller, { supplierVat: company.vat, number: `N-${seed}` });
  const arrived = await caller.post('/_sandbox/inbound', {
    json: { generate: { to_vat: company.vat } },
    ...unchecked,
  });
  expect([201, 403]).toContain(arrived.status); // live keys cannot make an invoice arrive
}

describe('a sandbox clock of its own for each account', () => {
  it('lets another account move two years ahead without touching this account’s data, live or sandbox, or its log', async () => {
    const { sandbox } = await started();
    const aTest = sandbox.caller('a');
    const aLive = sandbox.caller('a', 'live');
    const b = sandbox.caller('b');
    await withData(aTest, 4101);
    await withData(aLive, 4102);
    await withData(b, 4103);
    await advance(aTest);
    await advance(b);
    const before = {
      test: await totals(aTest),
      live: await totals(aLive),
      log: rows(sandbox, 'events', 'a', 'test') + rows(sandbox, 'events', 'a', 'live'),
      clock: await clockOf(aTest),
    };

    const moved = await b.post<Moved>('/_sandbox/clock', { json: { advance: '731d' }, ...unchecked });
    expect(moved.status).toBe(200);
    expect(moved.body.now).toBe(new Date(START.getTime() + 731 * DAY).toISOString());
    // B's own sandbox aged: its finished invoice, its arrival and its log are gone.
    expect(moved.body.retention).toMatchObject({ send: 1, receive: 1 });
    expect(await totals(b)).toMatchObject({ send: 0, receive: 0, company: 1 });

    expect(await totals(aTest)).toEqual(before.test);
    expect(await totals(aLive)).toEqual(before.live);
    expect((await clockOf(aTest)).now).toBe(before.clock.now);
    // A's log lost nothing (it grew by the reads above).
    expect(
      rows(sandbox, 'events', 'a', 'test') + rows(sandbox, 'events', 'a', 'live'),
    ).toBeGreaterThanOrEqual(before.log);
  });

  it('refuses to move time for a live key (403 problem+json in the caller’s language)', async () => {
    const { sandbox } = await started();
    const live = sandbox.caller('live-mover', 'live').withLanguage('it');
    const res = await live.post<ProblemDetails>('/_sandbox/clock', { json: { advance: '1d' }, ...unchecked });
    expect(res.status).toBe(403);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(res.body.detail).toMatch(/sandbox/);
    expect(res.body.title).toBe('Accesso negato');
  });

  it('runs none of another account’s steps: their invoice waits for their own clock', async () => {
    const { sandbox } = await started();
    const a = sandbox.caller('waits');
    const b = sandbox.caller('hurries');
    const send = await submit(a, {
      supplierVat: italianVat(4201),
      headers: { 'Sandbox-Scenario': 'delay=1h' },
    });
    await advance(b, '2h');
    expect(await statesOf(a, send.id)).toEqual([]);
    const queue = (await a.get<{ kind: string; send_id: number | null }[]>('/_sandbox/queue', unchecked))
      .body;
    expect(queue).toContainEqual(expect.objectContaining({ kind: 'sdi.intake', send_id: send.id }));
    await advance(a, '1h');
    expect(await statesOf(a, send.id)).toEqual(['Inviato', 'ImpossibilitaDiRecapito']);
  });

  it('removes exactly what the preview counted, SDI steps on the way included', async () => {
    const { sandbox } = await started();
    const caller = sandbox.caller('exact');
    const company = await registerCompany(caller, italianVat(4301), 'Esatta Srl');
    await submit(caller, { supplierVat: company.vat, number: 'E-1' });
    await advance(caller);
    // SDI takes it a day later: it finishes on the way.
    await submit(caller, {
      supplierVat: company.vat,
      number: 'E-2',
      headers: { 'Sandbox-Scenario': 'delay=1d' },
    });
    await caller.post('/_sandbox/inbound', { json: { generate: { to_vat: company.vat } }, ...unchecked });
    await submit(caller, { supplierVat: company.vat, number: 'PA-1', format: 'FPA12' });

    const preview = (
      await caller.post<Preview>('/_sandbox/clock', { json: { advance: '16d', dry_run: true }, ...unchecked })
    ).body;
    const before = {
      send: rows(sandbox, 'sends', 'exact', 'test'),
      receive: rows(sandbox, 'receives', 'exact', 'test'),
      log: rows(sandbox, 'events', 'exact', 'test'),
    };
    const moved = await caller.post<Moved>('/_sandbox/clock', { json: { advance: '16d' }, ...unchecked });
    expect(moved.body.now).toBe(preview.now);
    expect(moved.body.retention).toEqual(preview.retention);
    // The preview counted its own log entry too, written as it answered.
    expect(preview.retention.log).toBe(before.log);
    expect(preview.retention).toMatchObject({ send: 1, receive: 1 });
    expect(preview.retention.log).toBeGreaterThan(0);
    expect({
      send: rows(sandbox, 'sends', 'exact', 'test'),
      receive: rows(sandbox, 'receives', 'exact', 'test'),
    }).toEqual({
      send: before.send - preview.retention.send,
      receive: before.receive - preview.retention.receive,
    });
    // The invoice SDI finished on the way ages from then: it goes with the next pass, not this move.
    const left = (await caller.get<Send[]>('/v1/send')).body;
    expect(left.map((s) => [s.document_number, s.latest_state]).sort()).toEqual([
      ['E-2', 'ImpossibilitaDiRecapito'],
      ['PA-1', 'DecorrenzaTermini'],
    ]);
  });

  it('dates an invoice delivered to another account on the recipient’s clock', async () => {
    const { sandbox } = await started();
    const sender = sandbox.caller('ahead');
    const recipient = sandbox.caller('behind');
    const company = await registerCompany(recipient, italianVat(4402), 'Destinataria Srl');
    await advance(sender, '10d');
    const send = await submit(sender, { supplierVat: italianVat(4401), customerVat: company.vat });
    await advance(sender);
    const sent = (await sender.get<Send>(`/v1/send/${send.id}`)).body;
    expect(sent.latest_state).toBe('Consegnato');
    expect(Date.parse(sent.last_update!)).toBeGreaterThanOrEqual(START.getTime() + 10 * DAY);
    const received = (await recipient.get<Receive[]>('/v1/receive')).body;
    expect(received).toHaveLength(1);
    // The same moment of real time, read on the recipient's clock (which never moved).
    expect(received[0]!.created).toBe((await clockOf(recipient)).now);
    expect(received[0]!.identifier).toBe(sent.identifier);
  });
});

describe('live data and real time', () => {
  it('ages live data on real time only', async () => {
    const { sandbox, clock } = await started();
    const live = sandbox.caller('live-owner', 'live');
    const company = await registerCompany(live, italianVat(4501), 'Viva Srl');
    const send = await submit(live, { supplierVat: company.vat });
    await sandbox.server.services.jobs.runDue();
    await advance(sandbox.caller('mover'), '800d');
    expect((await live.get(`/v1/send/${send.id}`)).status).toBe(200);
    // Two years and more of real time: the server's own upkeep removes it.
    clock.advance(731 * DAY);
    await sandbox.server.services.jobs.runDue(null);
    expect((await live.get(`/v1/send/${send.id}`)).status).toBe(404);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClockState } from '../../../src/sandbox-server/clock.ts';
import type { Company, ProblemDetails, Receive, Send } from '../../../src/shared/api/types.ts';
import { italianVat } from '../../support/invoices.ts';
import { startTestSandbox, type ApiCaller, type TestSandbox } from '../../support/sandbox.ts';
import { advance, registerCompany, START, startSdiSandbox, statesOf, submit } from './sdi-sandbox.ts';

let sandbox: TestSandbox;
let caller: ApiCaller;

beforeAll(async () => {
  ({ sandbox } = await startSdiSandbox());
  caller = sandbox.caller('control');
});
afterAll(() => sandbox.close());

const unchecked = { unchecked: true } as const;

describe('/_sandbox/clock', () => {
  it('tells the sandbox time, and moves it forward, to an instant, frozen or running', async () => {
    // On a server whose real time runs: the account freezes its own sandbox clock.
    const running = await startTestSandbox({ sdiDelayMs: 0 });
    try {
      await clockMoves(running.caller('clock-control'));
    } finally {
      await running.close();
    }
  });

  async function clockMoves(caller: ApiCaller): Promise<void> {
    const before = await caller.get<ClockState>('/_sandbox/clock', unchecked);
    expect(before.body.frozen).toBe(false);
    const start = await caller.post<ClockState>('/_sandbox/clock', {
      json: { freeze: true, set: START.toISOString() },
      ...unchecked,
    });
    expect(start.body).toMatchObject({ now: START.toISOString(), frozen: true });
    expect((await caller.get<ClockState>('/_sandbox/clock', unchecked)).body.now).toBe(START.toISOString());

    const moved = await caller.post<ClockState & { jobs_run: number }>('/_sandbox/clock', {
      json: { advance: '36h' },
      ...unchecked,
    });
    expect(moved.body.now).toBe(new Date(START.getTime() + 36 * 3_600_000).toISOString());
    expect(moved.body.jobs_run).toBeGreaterThan(0); // the hourly upkeep fell due

    const seconds = await caller.post<ClockState>('/_sandbox/clock', { json: { advance: 90 }, ...unchecked });
    expect(Date.parse(seconds.body.now) - Date.parse(moved.body.now)).toBe(90_000);

    const set = await caller.post<ClockState>('/_sandbox/clock', {
      json: { set: '2026-06-01T12:00:00Z' },
      ...unchecked,
    });
    expect(set.body.now).toBe('2026-06-01T12:00:00.000Z');

    const unfrozen = await caller.post<ClockState>('/_sandbox/clock', {
      json: { freeze: false },
      ...unchecked,
    });
    expect(unfrozen.body.frozen).toBe(false);
    const frozen = await caller.post<ClockState>('/_sandbox/clock', {
      json: { freeze: true, set: START.toISOString() },
      ...unchecked,
    });
    expect(frozen.body).toMatchObject({ now: START.toISOString(), frozen: true });
  }

  it('answers 422 naming the field for a malformed body', async () => {
    for (const [json, path] of [
      [{ advance: 'soon' }, 'advance'],
      [{ advance: -5 }, 'advance'],
      [{ set: 'tomorrow' }, 'set'],
      [{ freeze: 'yes' }, 'freeze'],
    ] as const) {
      const res = await caller.post<ProblemDetails>('/_sandbox/clock', { json, ...unchecked });
      expect(res.status).toBe(422);
      expect(res.body.errors?.[0]?.path).toBe(path);
    }
    expect((await caller.post('/_sandbox/clock', { json: {}, ...unchecked })).status).toBe(422);
  });
});

describe('/_sandbox/queue', () => {
  it('shows what the SDI will do next and when, for the caller’s invoices', async () => {
    const send = await submit(caller, {
      supplierVat: italianVat(901),
      headers: { 'Sandbox-Scenario': 'delay=1h' },
    });
    const queue = await caller.get<{ kind: string; due_at: string; send_id: number | null }[]>(
      '/_sandbox/queue',
      unchecked,
    );
    expect(queue.body).toContainEqual(
      expect.objectContaining({
        kind: 'sdi.intake',
        send_id: send.id,
        due_at: new Date(Date.parse(send.created) + 3_600_000).toISOString(),
      }),
    );
    expect(queue.body.map((j) => j.kind)).toContain('retention.purge');
    const elsewhere = await sandbox
      .caller('someone-else')
      .get<{ send_id: number | null }[]>('/_sandbox/queue', unchecked);
    expect(elsewhere.body.map((j) => j.send_id)).not.toContain(send.id);
    await advance(caller, '1h');
    expect(await statesOf(caller, send.id)).toEqual(['Inviato', 'ImpossibilitaDiRecapito']);
  });
});

describe('/_sandbox/inbound and /_sandbox/held', () => {
  it('generates an invoice from an outside supplier, in FPA12 if asked', async () => {
    const company = await registerCompany(caller, italianVat(911), 'Ente Pubblico');
    const res = await caller.post<{ delivered: Receive }>('/_sandbox/inbound', {
      json: { generate: { to_vat: company.vat, format: 'FPA12' } },
      ...unchecked,
    });
    expect(res.status).toBe(201);
    expect(res.body.delivered).toMatchObject({
      company_id: company.id,
      format: 'FPA12',
      committente: company.vat,
    });
    expect(res.body.delivered.document_number).toMatch(/^SBX-\d+$/);
  });

  it('lists what is held for unregistered recipients', async () => {
    const vat = italianVat(921);
    const res = await caller.post('/_sandbox/inbound', { json: { generate: { to_vat: vat } }, ...unchecked });
    expect(res.status).toBe(202);
    const held = await caller.get<{ recipient: string; file_name: string }[]>('/_sandbox/held', unchecked);
    expect(held.body).toContainEqual(
      expect.objectContaining({ recipient: vat, file_name: expect.stringMatching(/\.xml$/) }),
    );
  });

  it('shows each account only what it sent or made arrive, never another account’s', async () => {
    const alice = sandbox.caller('held-alice');
    const bob = sandbox.caller('held-bob');
    const heldBy = async (who: ApiCaller) =>
      (await who.get<{ recipient: string; identifier: string }[]>('/_sandbox/held', unchecked)).body;
    const [forAlice, forBob] = [italianVat(961), italianVat(962)];
    expect(
      (await alice.post('/_sandbox/inbound', { json: { generate: { to_vat: forAlice } }, ...unchecked }))
        .status,
    ).toBe(202);
    // Bob's own invoice, sent through the simulated SDI to a recipient nobody has registered.
    const send = await submit(bob, {
      supplierVat: italianVat(963),
      customerVat: forBob,
      codiceDestinatario: 'SCAMBIO',
      number: 'HB-1',
    });
    await advance(bob);
    const bobs = await heldBy(bob);
    expect(bobs.map((h) => h.recipient)).toEqual([forBob]);
    expect(bobs[0]!.identifier).toBe((await bob.get<Send>(`/v1/send/${send.id}`)).body.identifier);
    expect((await heldBy(alice)).map((h) => h.recipient)).toEqual([forAlice]);
    expect(await heldBy(sandbox.caller('held-nobody'))).toEqual([]);
  });

  it('answers 422 for a bad VAT number or format, or both payload and generate', async () => {
    for (const json of [
      { generate: { to_vat: 'IT12345678901' } },
      { generate: { to_vat: italianVat(931), format: 'FSM10' } },
      { generate: {} },
      { payload: '<x/>', generate: { to_vat: italianVat(931) } },
    ]) {
      expect((await caller.post('/_sandbox/inbound', { json, ...unchecked })).status).toBe(422);
    }
  });
});

describe('/_sandbox/reset', () => {
  it('deletes the caller’s sandbox data and nothing else; the key keeps working', async () => {
    const victim = sandbox.caller('victim');
    const bystander = sandbox.caller('bystander');
    const company = await registerCompany(victim, italianVat(941));
    await submit(victim, { supplierVat: company.vat, number: 'R-1' });
    await submit(bystander, { supplierVat: italianVat(942), number: 'R-2' });
    await advance(victim);
    const res = await victim.post<{ deleted: Record<string, number> }>('/_sandbox/reset', unchecked);
    expect(res.status).toBe(200);
    expect(res.body.deleted).toMatchObject({ company: 1, send: 1, update: 2 });
    expect(res.body.deleted.log).toBeGreaterThan(0);
    expect((await victim.get<Company[]>('/v1/company')).body).toEqual([]);
    expect((await victim.get<Send[]>('/v1/send')).body).toEqual([]);
    expect((await victim.get<unknown[]>('/v1/update')).body).toEqual([]);
    expect((await bystander.get<Send[]>('/v1/send')).body).toHaveLength(1);
  });

  it('takes back the invoices the caller left held for unregistered recipients, and only those', async () => {
    const victim = sandbox.caller('holder');
    const bystander = sandbox.caller('other-holder');
    const held = async (who: ApiCaller) =>
      (await who.get<{ recipient: string }[]>('/_sandbox/held', unchecked)).body.map((h) => h.recipient);
    const [mine, theirs] = [italianVat(951), italianVat(952)];
    await victim.post('/_sandbox/inbound', { json: { generate: { to_vat: mine } }, ...unchecked });
    await bystander.post('/_sandbox/inbound', { json: { generate: { to_vat: theirs } }, ...unchecked });
    expect(await held(victim)).toEqual([mine]);
    expect(await held(bystander)).toEqual([theirs]);

    const res = await victim.post<{ deleted: Record<string, number> }>('/_sandbox/reset', unchecked);
    expect(res.body.deleted.held).toBe(1);
    expect(await held(victim)).toEqual([]);
    expect(await held(bystander)).toEqual([theirs]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Send, Update } from '../../../src/shared/api/types.ts';
import { parseNotification } from '../../../src/sandbox-server/sdi/notifications/index.ts';
import { parseScenarioHeader } from '../../../src/sandbox-server/sdi/scenario.ts';
import {
  checksDelayMs,
  deliveryDelayMs,
  lateDeliveryMs,
  mancataConsegnaDelayMs,
  PA_DELIVERY_ATTEMPTS_MS,
  seededFraction,
} from '../../../src/sandbox-server/sdi/timing.ts';
import { italianVat } from '../../support/invoices.ts';
import type { ApiCaller, TestSandbox } from '../../support/sandbox.ts';
import { disposeValidators } from './notifications/reference-schemas.ts';
import {
  advance,
  checkNotifications,
  sendOf,
  START,
  startSdiSandbox,
  statesOf,
  submit,
  updatesOf,
} from './sdi-sandbox.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let fast: TestSandbox;
let realistic: TestSandbox;
let a: ApiCaller;
let r: ApiCaller;

beforeAll(async () => {
  ({ sandbox: fast } = await startSdiSandbox());
  ({ sandbox: realistic } = await startSdiSandbox({ sdiTiming: 'realistic' }));
  a = fast.caller('timing-fast');
  r = realistic.caller('timing-realistic');
});
afterAll(async () => {
  disposeValidators();
  await fast.close();
  await realistic.close();
});

async function notification(caller: ApiCaller, update: Update) {
  const res = await caller.get(`/v1/update/${update.id}/notification`);
  expect(res.status).toBe(200);
  return parseNotification(res.text);
}

/** Sandbox time from the receipt (date_sent) to an update. */
function sinceReceipt(send: Send, update: Update): number {
  return Date.parse(update.last_update) - Date.parse(send.date_sent!);
}

let vat = 950;

/** The clock API reads a bare number as seconds. */
function seconds(ms: number): string {
  return `${ms / 1000}s`;
}

describe('the seeded delays', () => {
  it('depend only on the identifier, and stay in their ranges', () => {
    const ids = Array.from({ length: 200 }, (_, i) => String(100_000 + i * 7919));
    for (const id of ids) {
      expect(seededFraction(id, 'x')).toBe(seededFraction(id, 'x'));
      expect(checksDelayMs(id)).toBeGreaterThanOrEqual(MINUTE);
      expect(checksDelayMs(id)).toBeLessThanOrEqual(15 * MINUTE);
      expect(deliveryDelayMs(id)).toBeGreaterThanOrEqual(2 * MINUTE);
      expect(deliveryDelayMs(id)).toBeLessThanOrEqual(6 * HOUR);
      expect(mancataConsegnaDelayMs(id)).toBeGreaterThanOrEqual(PA_DELIVERY_ATTEMPTS_MS);
      expect(mancataConsegnaDelayMs(id)).toBeLessThan(PA_DELIVERY_ATTEMPTS_MS + HOUR);
      const late = lateDeliveryMs(id);
      if (late !== null) expect(late).toBeLessThanOrEqual(9 * DAY);
    }
    const lates = ids.map(lateDeliveryMs);
    // Both endings of the retry window happen.
    expect(lates.some((l) => l === null)).toBe(true);
    expect(lates.some((l) => l !== null)).toBe(true);
    // Minutes to hours: not all the same.
    expect(new Set(ids.map(deliveryDelayMs)).size).toBeGreaterThan(150);
  });

  it('parses timing= and redeliver= in the Sandbox-Scenario header', () => {
    expect(parseScenarioHeader('timing=realistic; redeliver=2d')).toEqual({
      timing: 'realistic',
      redeliverMs: 2 * DAY,
    });
    expect(parseScenarioHeader('timing=Fast, redeliver=never')).toEqual({
      timing: 'fast',
      redeliverMs: null,
    });
    expect(parseScenarioHeader('timing=slow')).toMatch(/timing must be one of fast, realistic/);
    expect(parseScenarioHeader('redeliver=10d')).toMatch(/under 10 days/);
    expect(parseScenarioHeader('redeliver=0')).toMatch(/redeliver must be/);
  });
});

describe('fast timing (the default)', () => {
  it('delivers at once: DataOraConsegna equals DataOraRicezione', async () => {
    const sent = await submit(a, { supplierVat: italianVat(vat++), codiceDestinatario: 'ABC1234' });
    await advance(a);
    const send = await sendOf(a, sent.id);
    expect(send.latest_state).toBe('Consegnato');
    const rc = await notification(a, (await updatesOf(a, send.id))[1]!);
    expect(rc.dataOraConsegna).toBe(rc.dataOraRicezione);
  });

  it('reaches the PA retry path with redeliver=: MC at once, then a late RC', async () => {
    const sent = await submit(a, {
      supplierVat: italianVat(vat++),
      format: 'FPA12',
      headers: { 'Sandbox-Scenario': 'deliver=NonConsegnato; redeliver=3d' },
    });
    await advance(a);
    expect((await sendOf(a, sent.id)).latest_state).toBe('NonConsegnato');
    await advance(a, '3d');
    const send = await sendOf(a, sent.id);
    expect(await statesOf(a, send.id)).toEqual(['Inviato', 'NonConsegnato', 'Consegnato']);
    const updates = await updatesOf(a, send.id);
    expect(sinceReceipt(send, updates[2]!)).toBe(3 * DAY);
    // No AT once delivered; decorrenza termini runs from the late delivery.
    await advance(a, '10d');
    expect((await sendOf(a, send.id)).latest_state).toBe('Consegnato');
    await advance(a, '5d');
    expect(await statesOf(a, send.id)).toEqual([
      'Inviato',
      'NonConsegnato',
      'Consegnato',
      'DecorrenzaTermini',
    ]);
    await checkNotifications(a, send);
  });
});

describe('realistic timing', () => {
  it('(serve --sdi-timing realistic) delivers a B2B invoice minutes to hours after the receipt', async () => {
    const sent = await submit(r, { supplierVat: italianVat(vat++), codiceDestinatario: 'ABC1234' });
    await advance(r);
    const taken = await sendOf(r, sent.id);
    expect(taken.latest_state).toBe('Inviato');
    expect(taken.date_sent).toBe(START.toISOString());
    const id = taken.identifier!;
    const due = checksDelayMs(id) + deliveryDelayMs(id);
    await advance(r, seconds(due - 1));
    expect((await sendOf(r, sent.id)).latest_state).toBe('Inviato');
    await advance(r, seconds(1));
    const send = await sendOf(r, sent.id);
    expect(send.latest_state).toBe('Consegnato');
    const updates = await updatesOf(r, send.id);
    expect(sinceReceipt(send, updates[1]!)).toBe(due);
    const rc = await notification(r, updates[1]!);
    expect(Date.parse(rc.dataOraConsegna!)).toBeGreaterThan(Date.parse(rc.dataOraRicezione!));
    expect(Date.parse(rc.dataOraConsegna!) - Date.parse(rc.dataOraRicezione!)).toBe(due);
    await checkNotifications(r, send);
  });

  it('takes a few minutes for a discard too', async () => {
    const sent = await submit(r, {
      supplierVat: italianVat(vat++),
      headers: { 'Sandbox-Scenario': 'scarto=00404' },
    });
    await advance(r);
    const id = (await sendOf(r, sent.id)).identifier!;
    await advance(r, seconds(checksDelayMs(id)));
    const send = await sendOf(r, sent.id);
    expect(send.latest_state).toBe('Scartato');
    expect(sinceReceipt(send, (await updatesOf(r, send.id))[1]!)).toBe(checksDelayMs(id));
  });

  it('(timing=realistic in the header) tries a PA office for ~48 h, sends the MC, then delivers late', async () => {
    const sent = await submit(a, {
      supplierVat: italianVat(vat++),
      format: 'FPA12',
      headers: { 'Sandbox-Scenario': 'timing=realistic; deliver=NonConsegnato; redeliver=2d; esito=EC01' },
    });
    await advance(a);
    await advance(a, '47h');
    expect((await sendOf(a, sent.id)).latest_state).toBe('Inviato');
    await advance(a, '2h');
    const afterMc = await sendOf(a, sent.id);
    expect(afterMc.latest_state).toBe('NonConsegnato');
    const mc = (await updatesOf(a, sent.id))[1]!;
    expect(sinceReceipt(afterMc, mc)).toBe(mancataConsegnaDelayMs(afterMc.identifier!));
    expect(sinceReceipt(afterMc, mc)).toBeGreaterThanOrEqual(48 * HOUR);
    await advance(a, '2d');
    const send = await sendOf(a, sent.id);
    expect(await statesOf(a, send.id)).toEqual([
      'Inviato',
      'NonConsegnato',
      'Consegnato',
      'AccettatoDalDestinatario',
    ]);
    const updates = await updatesOf(a, send.id);
    expect(sinceReceipt(send, updates[2]!)).toBe(sinceReceipt(send, mc) + 2 * DAY);
    const rc = await notification(a, updates[2]!);
    expect(Date.parse(rc.dataOraConsegna!) - Date.parse(rc.dataOraRicezione!)).toBe(
      sinceReceipt(send, updates[2]!),
    );
    await checkNotifications(a, send);
  });

  it('after the MC, SDI’s further attempts end as the seed says: a late RC, or the AT after 10 days', async () => {
    const endings = new Set<string>();
    // Each identifier is random and decides its ending with even odds: 30 tries miss one ending once in ~5·10⁸
    // runs (8 did once in 128); the loop stops as soon as both are seen, after ~3 tries on average.
    for (let i = 0; i < 30 && endings.size < 2; i++) {
      const sent = await submit(r, {
        supplierVat: italianVat(vat++),
        format: 'FPA12',
        headers: { 'Sandbox-Scenario': 'deliver=NonConsegnato' },
      });
      await advance(r);
      await advance(r, '49h');
      const mcd = await sendOf(r, sent.id);
      expect(mcd.latest_state).toBe('NonConsegnato');
      await advance(r, '10d');
      const send = await sendOf(r, sent.id);
      const late = lateDeliveryMs(send.identifier!);
      const states = await statesOf(r, send.id);
      if (late === null) {
        expect(states).toEqual(['Inviato', 'NonConsegnato', 'AttestazioneTrasmissioneFattura']);
      } else {
        expect(states).toEqual(['Inviato', 'NonConsegnato', 'Consegnato']);
        const updates = await updatesOf(r, send.id);
        expect(Date.parse(updates[2]!.last_update) - Date.parse(updates[1]!.last_update)).toBe(late);
      }
      endings.add(states.at(-1)!);
    }
    expect(endings.size).toBe(2);
  });
});

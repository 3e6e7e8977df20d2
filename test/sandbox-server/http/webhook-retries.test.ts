import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Company, WebHook, WebHookHistory, WebhookNotification } from '../../../src/shared/api/types.ts';
import { SandboxClock } from '../../../src/sandbox-server/clock.ts';
import { italianVat } from '../../support/invoices.ts';
import { startTestSandbox, type ApiCaller, type TestSandbox } from '../../support/sandbox.ts';
import { WebhookReceiver } from '../../support/webhook-receiver.ts';

/**
 * Webhook retries when the sandbox clock jumps over their due times: each runs at its own time on the sandbox
 * clock, in order, and the 7 days of failures end with the webhook disabled and its owner told
 * (`failure_notified_at`). A real server on a frozen clock, real receivers on loopback.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Contract "Webhooks": after the first attempt, 1 min, 5 min, 30 min, 2 h, 6 h, then every 12 h. */
const BACKOFF = [MINUTE, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 6 * HOUR];
const EVERY_12H = 12 * HOUR;
const SEVEN_DAYS = 7 * 24 * HOUR;

let sandbox: TestSandbox;
const receivers: WebhookReceiver[] = [];

beforeAll(async () => {
  const clock = new SandboxClock();
  clock.freeze(true);
  clock.set(new Date('2026-05-04T08:00:00.000Z'));
  sandbox = await startTestSandbox({ clock, rateLimits: 'unlimited' });
});
afterAll(async () => {
  await sandbox.close();
  await Promise.all(receivers.map((r) => r.close()));
});

/** A receiver of its own answering these statuses in turn (then 204), and a webhook of `caller` calling it. */
async function hookedReceiver(
  caller: ApiCaller,
  statuses: number[],
): Promise<{ receiver: WebhookReceiver; hook: WebHook }> {
  const receiver = new WebhookReceiver();
  receivers.push(receiver);
  receiver.statuses = [...statuses];
  const url = await receiver.start();
  const hook = await caller.post<WebHook>('/v1/webhook', {
    json: { url, events: ['company.add', 'company.update'] },
  });
  expect(hook.status).toBe(201);
  return { receiver, hook: hook.body };
}

async function addCompany(caller: ApiCaller, seed: number): Promise<Company> {
  const vat = italianVat(seed);
  const res = await caller.post<Company>('/v1/company', {
    json: { vat, fiscal_code: vat.slice(2), name: `Ritenta ${seed} Srl` },
  });
  expect(res.status).toBe(201);
  return res.body;
}

/** Moves the caller's sandbox clock; the control API answers once everything that fell due has run. */
async function advance(caller: ApiCaller, by: string): Promise<void> {
  const res = await caller.post('/_sandbox/clock', { json: { advance: by }, unchecked: true });
  expect(res.status).toBe(200);
}

async function history(caller: ApiCaller, hook: WebHook): Promise<WebHookHistory[]> {
  const res = await caller.get<WebHookHistory[]>('/v1/webhookhistory', {
    query: { webhook_id: hook.id, sort: 'id', page_size: 200 },
  });
  expect(res.status).toBe(200);
  return res.body;
}

async function webhook(caller: ApiCaller, hook: WebHook): Promise<WebHook> {
  return (await caller.get<WebHook>(`/v1/webhook/${hook.id}`)).body;
}

/** The due times of the first `count` attempts of one delivery whose event happened at `first`. */
function schedule(first: number, count: number): number[] {
  const times = [first];
  for (let attempt = 1; times.length < count; attempt++) {
    times.push(times.at(-1)! + (BACKOFF[attempt - 1] ?? EVERY_12H));
  }
  return times;
}

describe('webhook retries across a clock move', () => {
  it('run each at its own due time, in order, and disable the webhook after 7 days, telling its owner', async () => {
    const caller = sandbox.caller('retry-failing');
    const { receiver, hook } = await hookedReceiver(caller, Array<number>(40).fill(500));
    const company = await addCompany(caller, 9100);
    const [first] = await receiver.waitFor(1);
    const start = Date.parse((JSON.parse(first!.body) as WebhookNotification).date_time);

    // Past four retries (1 min, 6 min, 36 min, 2 h 36 min) in one move.
    await advance(caller, '3h');
    let rows = await history(caller, hook);
    expect(rows.map((r) => Date.parse(r.date_time))).toEqual(schedule(start, 5));
    expect(rows.every((r) => r.status_code === 500 && !r.success && r.event === 'company.add')).toBe(true);
    expect(receiver.calls).toHaveLength(5);
    expect((await webhook(caller, hook)).failure_notified_at).toBeNull();

    // Past the 7 days: attempts every 12 h after the 6 h one, until the first one 7 days after the first failure
    // disables the webhook; that is when the owner is told.
    await advance(caller, '8d');
    rows = await history(caller, hook);
    const times = rows.map((r) => Date.parse(r.date_time));
    const expected = schedule(start, 40);
    const last = expected.findIndex((t) => t - start >= SEVEN_DAYS);
    expect(times).toEqual(expected.slice(0, last + 1));
    expect(rows.every((r) => !r.success)).toBe(true);
    // Every attempt reached the receiver, one after the other, with the same body.
    expect(receiver.calls).toHaveLength(rows.length);
    expect(new Set(receiver.calls.map((c) => c.body)).size).toBe(1);
    expect((JSON.parse(receiver.calls[0]!.body) as WebhookNotification).resource_id).toBe(company.id);
    const disabled = await webhook(caller, hook);
    expect(disabled.enabled).toBe(false);
    expect(Date.parse(disabled.failure_notified_at!)).toBe(times.at(-1));

    // Nothing more is attempted for a disabled webhook.
    await advance(caller, '2d');
    expect(await history(caller, hook)).toHaveLength(rows.length);

    // Re-enabled, it keeps the notice until a delivery succeeds, which clears it (openapi.yml WebHook).
    receiver.statuses = [];
    const { secret: _secret, ...fields } = disabled;
    expect(
      (await caller.put<WebHook>('/v1/webhook', { json: { ...fields, enabled: true } })).body,
    ).toMatchObject({
      enabled: true,
      failure_notified_at: disabled.failure_notified_at,
    });
    await caller.put('/v1/company', { json: { ...company, name: 'Ritenta Ancora Srl' } });
    await receiver.waitFor(rows.length + 1);
    await advance(caller, '0');
    expect((await webhook(caller, hook)).failure_notified_at).toBeNull();
  }, 60_000);

  it('stop at the attempt that succeeds when the receiver recovers mid-way, each dated when it was due', async () => {
    const caller = sandbox.caller('retry-recovering');
    // Three failures, then the receiver answers: the retry due 36 min after the event succeeds.
    const { receiver, hook } = await hookedReceiver(caller, [503, 503, 503]);
    await addCompany(caller, 9110);
    const [first] = await receiver.waitFor(1);
    const start = Date.parse((JSON.parse(first!.body) as WebhookNotification).date_time);

    await advance(caller, '1d');
    const rows = await history(caller, hook);
    expect(rows.map((r) => [Date.parse(r.date_time), r.status_code, r.success])).toEqual(
      schedule(start, 4).map((t, i) => [t, i < 3 ? 503 : 204, i === 3]),
    );
    expect(receiver.calls).toHaveLength(4);
    const after = await webhook(caller, hook);
    expect(after).toMatchObject({ enabled: true, failure_notified_at: null });
  });

  it("keep one webhook's deliveries in the order of their due times across the move", async () => {
    const caller = sandbox.caller('retry-ordered');
    const { receiver, hook } = await hookedReceiver(caller, Array<number>(6).fill(500));
    const company = await addCompany(caller, 9120);
    await receiver.waitFor(1);
    // A second event 30 s later, failing too: its retries fall between the first one's.
    await advance(caller, '30s');
    await caller.put('/v1/company', { json: { ...company, name: 'Ritenta Ordinata Srl' } });
    await receiver.waitFor(2);

    await advance(caller, '10m');
    const rows = await history(caller, hook);
    const [add, update] = [rows[0]!, rows[1]!].map((r) => Date.parse(r.date_time));
    expect(update! - add!).toBe(30_000);
    // add at 0, update at 30 s, then each one's retries at 1 min and 6 min after it: 1:00, 1:30, 6:00, 6:30.
    expect(rows.map((r) => [r.event, Date.parse(r.date_time) - add!])).toEqual([
      ['company.add', 0],
      ['company.update', 30_000],
      ['company.add', MINUTE],
      ['company.update', MINUTE + 30_000],
      ['company.add', 6 * MINUTE],
      ['company.update', 6 * MINUTE + 30_000],
    ]);
    // The receiver got them in that order too.
    expect(receiver.calls.map((c) => (JSON.parse(c.body) as WebhookNotification).event)).toEqual(
      rows.map((r) => r.event),
    );
    // Each waits for its next retry, 30 min after its last: the first's 36 min after it, then the second's.
    const pending = await caller.get<{ kind: string; due_at: string }[]>('/_sandbox/queue', {
      unchecked: true,
    });
    const retries = pending.body.filter((j) => j.kind === 'webhook.deliver').map((j) => Date.parse(j.due_at));
    expect(retries).toEqual([add! + 36 * MINUTE, add! + 36 * MINUTE + 30_000]);
  });
});

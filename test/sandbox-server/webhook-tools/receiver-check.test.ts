import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProblemDetails, WebHook } from '../../../src/shared/api/types.ts';
import { RECEIVER_CHECK_CASES, type ReceiverCheckReport } from '../../../src/shared/api/webhook-tools.ts';
import { startTestSandbox, type ApiCaller, type TestSandbox } from '../../support/sandbox.ts';
import { TestReceiver } from './safe-receivers.ts';

let sandbox: TestSandbox;
const careful = new TestReceiver(true);
const careless = new TestReceiver(false);
let carefulUrl: string;
let carelessUrl: string;

beforeAll(async () => {
  sandbox = await startTestSandbox({ sdiDelayMs: 0 });
  carefulUrl = await careful.start();
  carelessUrl = await careless.start();
});
afterAll(async () => {
  await sandbox.close();
  await careful.close();
  await careless.close();
});

async function webhookFor(caller: ApiCaller, url: string, receiver: TestReceiver): Promise<WebHook> {
  const created = await caller.post<WebHook>('/v1/webhook', { json: { url, events: ['company.add'] } });
  expect(created.status).toBe(201);
  receiver.secret = created.body.secret!;
  return created.body;
}

const check = (caller: ApiCaller, id: number) =>
  caller.post<ReceiverCheckReport>(`/_sandbox/webhook/${id}/check`);

const verdicts = (report: ReceiverCheckReport) => Object.fromEntries(report.cases.map((c) => [c.case, c.ok]));

describe('checking a webhook receiver', () => {
  it('finds every case answered safely by a receiver that verifies signatures and ignores duplicates', async () => {
    const caller = sandbox.caller('check-careful');
    const webhook = await webhookFor(caller, carefulUrl, careful);
    const res = await check(caller, webhook.id);
    expect(res.status).toBe(200);
    expect(res.body.cases.map((c) => c.case)).toEqual([...RECEIVER_CHECK_CASES]);
    expect(res.body.cases.filter((c) => !c.ok)).toEqual([]);
    expect(res.body).toMatchObject({ ok: true, webhook_id: webhook.id, url: carefulUrl });
    const byCase = Object.fromEntries(res.body.cases.map((c) => [c.case, c]));
    expect(byCase.wrong_signature!.status).toBe(401);
    expect(byCase.stale_timestamp!.status).toBe(401);
    expect(byCase.replay!.detail).toContain('answered 200: duplicate');
    // Eight calls, the large one 64 KB, signed over its raw bytes.
    expect(careful.calls).toHaveLength(8);
    expect(careful.calls.map((c) => c.verified)).toEqual([true, false, false, true, true, true, true, true]);
    expect(careful.calls[6]!.body.length).toBe(64 * 1024);
  });

  it('finds a receiver that accepts anything unsafe for wrong and stale signatures only', async () => {
    const caller = sandbox.caller('check-careless');
    const webhook = await webhookFor(caller, carelessUrl, careless);
    const res = await check(caller, webhook.id);
    expect(res.status).toBe(200);
    expect(res.body.ok).toBe(false);
    expect(verdicts(res.body)).toEqual({
      valid: true,
      wrong_signature: false,
      stale_timestamp: false,
      replay: true,
      out_of_order: true,
      large_body: true,
      slow_read: true,
    });
    const wrong = res.body.cases.find((c) => c.case === 'wrong_signature')!;
    expect(wrong).toMatchObject({ expected: '4xx', status: 204 });
  });

  it('reports a receiver that cannot be reached as failing every case', async () => {
    const caller = sandbox.caller('check-nobody');
    const closed = new TestReceiver(true);
    const url = await closed.start();
    await closed.close();
    const webhook = await webhookFor(caller, url, closed);
    const res = await check(caller, webhook.id);
    expect(res.status).toBe(200);
    expect(res.body.cases.every((c) => !c.ok && c.status === 0)).toBe(true);
  });

  it('answers 404 in the caller’s language for a webhook of another account', async () => {
    const owner = sandbox.caller('check-owner');
    const webhook = await webhookFor(owner, carelessUrl, careless);
    const res = await check(sandbox.caller('check-stranger').withLanguage('it'), webhook.id);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect((res.body as unknown as ProblemDetails).detail).toContain('webhook');
  });
});

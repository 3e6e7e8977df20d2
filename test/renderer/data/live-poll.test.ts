import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiResponse, Gateway, LiveChange } from '../../../src/shared/gateway/channels.ts';
import { createHttpGateway } from '../../../src/renderer/gateway/http-gateway.ts';
import {
  nextWait,
  pollForChanges,
  POLL_MAX_MS,
  POLL_MS,
  type PollHealth,
} from '../../../src/renderer/data/live-poll.ts';
import { UNREAD_REFRESH_MS } from '../../../src/renderer/data/unread.ts';
import { invoiceXml, italianVat } from '../../support/invoices.ts';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.ts';

/**
 * Runs the poller for `rounds` polls. Its waits are recorded instead of slept; `between(round)` runs before each
 * poll, to change what the service holds.
 */
async function poll(
  gateway: Gateway,
  rounds: number,
  between: (round: number) => Promise<void> = async () => {},
) {
  const waits: number[] = [];
  const fired: LiveChange[] = [];
  const health: PollHealth[] = [];
  await pollForChanges({
    gateway,
    fire: (change) => fired.push(change),
    onHealth: (h) => health.push(h),
    stopped: () => waits.length > rounds,
    sleep: async (ms) => {
      waits.push(ms);
      if (waits.length <= rounds) await between(waits.length);
    },
    visible: () => true,
  });
  return { waits, fired, health };
}

const answer = (status: number, headers: Record<string, string> = {}): ApiResponse => ({
  status,
  headers,
  body: [],
  encoding: 'json',
});

describe('polling a remote service', () => {
  let sandbox: TestSandbox;
  let limited: TestSandbox;

  beforeAll(async () => {
    [sandbox, limited] = await Promise.all([
      startTestSandbox(),
      // Five requests a minute: the poller's three a round run out in the second round.
      startTestSandbox({ rateLimits: { perSecond: 100, perMinute: 5, perDay: 1000 } }),
    ]);
  });
  afterAll(async () => {
    await sandbox?.close();
    await limited?.close();
  });

  const gatewayOf = (of: TestSandbox) =>
    createHttpGateway({
      apiBase: of.server.baseUrl,
      sessionKey: of.server.services.keys.create({ account: 'default', environment: 'test' }).key,
    });

  it('says screens should read again only when something changed between two polls', async () => {
    const caller = sandbox.caller('default');
    const buyer = italianVat(62);
    await caller.post('/v1/company', { json: { vat: buyer, fiscal_code: buyer.slice(2), name: 'Buyer' } });
    const { waits, fired, health } = await poll(gatewayOf(sandbox), 4, async (round) => {
      // An arrival: the newest received invoice and the unread count change, once.
      if (round === 3)
        await caller.post('/_sandbox/inbound', {
          json: { payload: invoiceXml({ supplierVat: italianVat(61), customerVat: buyer, number: 'P-1' }) },
        });
    });
    expect(waits).toEqual([POLL_MS, POLL_MS, POLL_MS, POLL_MS, POLL_MS]);
    expect(fired).toEqual([{ type: 'ready' }]);
    expect(health).toEqual(['ok', 'ok', 'ok', 'ok']);
  });

  it('keeps an idle remote profile under 60 list reads a minute, the unread badge included', async () => {
    const gateway = gatewayOf(sandbox);
    let reads = 0;
    const counting: Gateway = {
      ...gateway,
      api: {
        ...gateway.api,
        request: (request) => {
          if (request.method === 'GET') reads++;
          return gateway.api.request(request);
        },
      },
    };
    const { waits, fired } = await poll(counting, 8);
    expect(fired).toEqual([]);
    const minutes = waits.slice(0, 8).reduce((sum, ms) => sum + ms, 0) / 60_000;
    // The badge asks once a minute besides; the live service allows 60 list reads a minute after its burst.
    const perMinute = reads / minutes + 60_000 / UNREAD_REFRESH_MS;
    expect(perMinute).toBeLessThan(60);
  });

  it('waits out a 429 for its Retry-After before asking again, then goes back to its pace', async () => {
    const gateway = gatewayOf(limited);
    const { waits, fired } = await poll(gateway, 2);
    // Round 1 uses three of the five requests; round 2 is refused: the next wait is what Retry-After says.
    const refused = await gateway.api.request({ method: 'GET', path: '/company' });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']) * 1000;
    expect(retryAfter).toBeGreaterThan(0);
    expect(waits[0]).toBe(POLL_MS);
    expect(waits[1]).toBe(POLL_MS);
    // Never sooner than its usual pace, and not before the service allows.
    expect(waits[2]).toBeGreaterThanOrEqual(Math.max(POLL_MS, retryAfter - 1000));
    expect(waits[2]).toBeLessThanOrEqual(Math.max(POLL_MS, retryAfter + 1000));
    expect(fired).toEqual([]);
  });

  it('backs off from a service that does not answer, and says it is lost', async () => {
    const closed = await startTestSandbox();
    const gateway = gatewayOf(closed);
    await closed.close();
    const { waits, health, fired } = await poll(gateway, 7);
    expect(health).toEqual(Array(7).fill('lost'));
    expect(waits).toEqual([POLL_MS, 30_000, 60_000, 120_000, 240_000, POLL_MAX_MS, POLL_MAX_MS, POLL_MAX_MS]);
    expect(fired).toEqual([]);
  });

  it('picks the next wait from the rate-limit headers', () => {
    expect(nextWait([answer(200), answer(200)], POLL_MS)).toBe(POLL_MS);
    expect(nextWait([answer(200), answer(429, { 'retry-after': '42' })], POLL_MS)).toBe(42_000);
    expect(nextWait([answer(429, { 'retry-after': '3' })], POLL_MS)).toBe(POLL_MS);
    expect(nextWait([answer(429)], 60_000)).toBe(120_000);
    expect(nextWait([answer(429)], POLL_MAX_MS)).toBe(POLL_MAX_MS);
    expect(nextWait([answer(200, { 'ratelimit-remaining': '0', 'ratelimit-reset': '50' })], POLL_MS)).toBe(
      50_000,
    );
    expect(nextWait([answer(200, { 'ratelimit-remaining': '0', 'ratelimit-reset': '3' })], POLL_MS)).toBe(
      POLL_MS,
    );
    expect(nextWait([answer(200, { 'ratelimit-remaining': '7', 'ratelimit-reset': '50' })], POLL_MS)).toBe(
      POLL_MS,
    );
  });
});

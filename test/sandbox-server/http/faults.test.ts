import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { ScambioClient } from 'scambio/client';
import type {
  FaultRule,
  ProblemDetails,
  RateLimitState,
  SandboxLogEvent,
} from '../../../src/shared/api/types.ts';
import { SandboxClock } from '../../../src/sandbox-server/clock.ts';
import { cryptoRandom, type RandomSource } from '../../../src/sandbox-server/random.ts';
import { invoiceXml, italianVat } from '../../support/invoices.ts';
import { ApiCaller, startTestSandbox, type TestSandbox } from '../../support/sandbox.ts';

/**
 * The server's random source, with the next probability draws (4 bytes each, fault-rules.ts) chosen by the test:
 * `[0, 0, 0, 0]` draws 0 (injects for any p > 0), `[255, 255, 255, 255]` draws just under 1 (never injects).
 */
const draws: Uint8Array[] = [];
const random: RandomSource = (length) =>
  length === 4 && draws.length > 0 ? draws.shift()! : cryptoRandom(length);
const LOW = new Uint8Array([0, 0, 0, 0]);
const HIGH = new Uint8Array([255, 255, 255, 255]);

let sandbox: TestSandbox;
let clock: SandboxClock;
let caller: ApiCaller;

beforeAll(async () => {
  clock = new SandboxClock();
  sandbox = await startTestSandbox({ clock, random, sdiDelayMs: 0, rateLimits: 'unlimited' });
  caller = sandbox.caller('faults');
});
afterAll(() => sandbox?.close());
beforeEach(async () => {
  draws.length = 0;
  expect((await caller.post('/_sandbox/reset', { json: {} })).status).toBe(200);
});

/** The log view's entries of this account, oldest first, without its own control calls. */
async function logged(who = caller): Promise<SandboxLogEvent[]> {
  const res = await who.get<SandboxLogEvent[]>('/_sandbox/log', {
    query: { sort: 'id', endpoint: '/v1/' },
    unchecked: true,
  });
  expect(res.status).toBe(200);
  return res.body;
}

/** Waits, bounded, for the log to hold an entry that `found` accepts (a hang is logged when it ends). */
async function loggedEventually(found: (e: SandboxLogEvent) => boolean): Promise<SandboxLogEvent> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const entry = (await logged()).find(found);
    if (entry) return entry;
    await pause(50);
  }
  throw new Error('no such log entry');
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function raw(path: string, init: RequestInit & { key?: string } = {}): Promise<Response> {
  const key = init.key ?? caller.key!;
  return fetch(`${sandbox.origin}${path}`, {
    ...init,
    headers: { authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}`, ...init.headers },
  });
}

describe('the Sandbox-Fault header', () => {
  it('answers status=503 with a problem+json and Retry-After, in the caller’s language, marked in the log', async () => {
    const res = await caller
      .withLanguage('de')
      .get<ProblemDetails>('/v1/company', { headers: { 'Sandbox-Fault': 'status=503' }, unchecked: true });
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.headers.get('retry-after')).toBe('1');
    expect(res.body).toMatchObject({
      type: '/problems/sandbox-fault',
      status: 503,
      title: 'Dienst nicht verfügbar',
    });
    expect(res.body.detail).toContain('Sandbox-Fault');
    const [entry] = await logged();
    expect(entry).toMatchObject({
      status_code: 503,
      fault: { kind: 'status', status: 503, source: 'header' },
    });
  });

  it('answers status=429 with the Retry-After it was given', async () => {
    const res = await caller.get('/v1/company', {
      headers: { 'Sandbox-Fault': 'status=429; retry-after=3' },
      unchecked: true,
    });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('3');
  });

  it('serves the request after latency=…, marking it in the log as slowed', async () => {
    const res = await caller.get('/v1/company', { headers: { 'Sandbox-Fault': 'latency=200ms' } });
    expect(res.status).toBe(200);
    const [entry] = await logged();
    expect(entry).toMatchObject({
      status_code: 200,
      fault: { kind: 'latency', latency_ms: 200, source: 'header' },
    });
  });

  it('refuses a malformed header with a 400 naming the part it could not read', async () => {
    for (const header of [
      'status=418',
      'latency=2h',
      'hang;reset',
      'retry-after=2',
      'p=2;status=503',
      'slow',
    ]) {
      const res = await caller
        .withLanguage('it')
        .get<ProblemDetails>('/v1/company', { headers: { 'Sandbox-Fault': header }, unchecked: true });
      expect(res.status, header).toBe(400);
      expect(res.body.parameter).toBe('Sandbox-Fault');
      expect(res.body.detail).toContain("L'intestazione Sandbox-Fault non è valida");
    }
  });

  it('injects with probability p as the server’s random source draws', async () => {
    draws.push(LOW, HIGH);
    const headers = { 'Sandbox-Fault': 'status=503;p=0.3' };
    expect((await caller.get('/v1/company', { headers, unchecked: true })).status).toBe(503);
    expect((await caller.get('/v1/company', { headers })).status).toBe(200);
  });

  it('may be sent by a browser app: a preflight for an origin its key allows lets it through', async () => {
    const origin = 'http://127.0.0.1:1';
    sandbox.server.services.keys.create({ account: 'faults-web', environment: 'test', origins: [origin] });
    const preflight = await fetch(`${sandbox.origin}/v1/company`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization, sandbox-fault',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toBe('authorization, sandbox-fault');
  });

  it('is ignored for a live key, which no test header may slow or fail', async () => {
    const live = sandbox.caller('faults', 'live');
    const res = await live.get('/v1/company', { headers: { 'Sandbox-Fault': 'hang' } });
    expect(res.status).toBe(200);
    expect((await live.get('/v1/company', { headers: { 'Sandbox-Fault': 'nonsense' } })).status).toBe(200);
  });

  it('closes the connection on reset: fetch fails with a socket error, and the log keeps a 444', async () => {
    const error = await raw('/v1/company', { headers: { 'Sandbox-Fault': 'reset' } }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TypeError);
    const entry = await loggedEventually((e) => e.fault?.kind === 'reset');
    expect(entry.status_code).toBe(444);
  });

  it('holds a hang until the client gives up, logged then as 499', async () => {
    const controller = new AbortController();
    const pending = raw('/v1/company', { headers: { 'Sandbox-Fault': 'hang' }, signal: controller.signal });
    // Another request answered after it: the server has had turns to take the hanging one before the client
    // gives up (had it answered it instead, the log would hold a 200, not a hang's 499).
    await pause(100);
    expect((await caller.get('/v1/company')).status).toBe(200);
    controller.abort();
    await expect(pending).rejects.toThrow();
    const entry = await loggedEventually((e) => e.fault?.kind === 'hang');
    expect(entry.status_code).toBe(499);
  });
});

describe('fault rules', () => {
  it('inject into the next N matching requests only, then go', async () => {
    const added = await caller.post<FaultRule>('/_sandbox/faults', {
      json: { path: '/v1/company*', method: 'get', fault: 'status=502', times: 2 },
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      path: '/v1/company*',
      method: 'GET',
      fault: 'status=502',
      remaining: 2,
    });
    // Another method, another path: untouched.
    expect((await caller.get('/v1/send')).status).toBe(200);
    expect((await caller.get('/v1/company')).status).toBe(502);
    const listed = await caller.get<FaultRule[]>('/_sandbox/faults');
    expect(listed.body).toMatchObject([{ id: added.body.id, remaining: 1, hits: 1 }]);
    expect((await caller.get('/v1/company')).status).toBe(502);
    expect((await caller.get('/v1/company')).status).toBe(200);
    expect((await caller.get<FaultRule[]>('/_sandbox/faults')).body).toEqual([]);
    const marks = (await logged()).filter((e) => e.fault).map((e) => e.fault);
    expect(marks).toEqual([
      { kind: 'status', status: 502, source: 'rule', rule_id: added.body.id },
      { kind: 'status', status: 502, source: 'rule', rule_id: added.body.id },
    ]);
  });

  it('expire on real time, and can be deleted one by one or all at once', async () => {
    clock.freeze(true);
    onTestFinished(() => clock.freeze(false));
    const expiring = await caller.post<FaultRule>('/_sandbox/faults', {
      json: { path: '/v1/company', fault: 'status=500', expires_in: '10s' },
    });
    expect(expiring.body.expires_at).toBe(new Date(clock.now().getTime() + 10_000).toISOString());
    expect((await caller.get('/v1/company')).status).toBe(500);
    clock.advance(10_000);
    expect((await caller.get('/v1/company')).status).toBe(200);

    const one = await caller.post<FaultRule>('/_sandbox/faults', {
      json: { path: '/v1/*', fault: 'status=503' },
    });
    await caller.post('/_sandbox/faults', { json: { path: '/v1/*', fault: 'latency=1ms' } });
    expect((await caller.delete<FaultRule>(`/_sandbox/faults/${one.body.id}`)).body.id).toBe(one.body.id);
    expect((await caller.delete(`/_sandbox/faults/${one.body.id}`)).status).toBe(404);
    expect((await caller.delete('/_sandbox/faults')).body).toEqual({ deleted: 1 });
    expect((await caller.get('/v1/company')).status).toBe(200);
  });

  it('are refused when malformed, with every problem in the caller’s language', async () => {
    const res = await caller.withLanguage('en').post<ProblemDetails>('/_sandbox/faults', {
      json: { path: 'company', method: 'FETCH', fault: 'status=503;hang', times: 0, expires_in: 'soon' },
      unchecked: true,
    });
    expect(res.status).toBe(422);
    expect(res.body.errors!.map((e) => e.path)).toEqual(['path', 'method', 'fault', 'times', 'expires_in']);
    expect((await caller.get<FaultRule[]>('/_sandbox/faults')).body).toEqual([]);
  });

  it('are the account’s own, never touch live keys, and go with a reset', async () => {
    await caller.post('/_sandbox/faults', {
      json: { path: '/v1/company', fault: 'status=503' },
    });
    expect((await sandbox.caller('faults-other').get('/v1/company')).status).toBe(200);
    expect((await sandbox.caller('faults', 'live').get('/v1/company')).status).toBe(200);
    expect((await caller.post('/_sandbox/reset', { json: { dry_run: true } })).status).toBe(200);
    expect((await caller.get<FaultRule[]>('/_sandbox/faults')).body).toHaveLength(1);
    expect((await caller.post('/_sandbox/reset', { json: {} })).status).toBe(200);
    expect((await caller.get<FaultRule[]>('/_sandbox/faults')).body).toEqual([]);
  });
});

describe('rate limits at run time', () => {
  it('change for the account’s test keys at once, answer 429 past them, and go back to the server’s', async () => {
    const set = await caller.put<RateLimitState>('/_sandbox/limits', {
      json: { rate_limit: '2/m' },
    });
    expect(set.body).toMatchObject({ per_minute: 2, changed: true, server: 'unlimited' });
    const key = sandbox.caller('faults');
    expect((await key.get('/v1/company')).status).toBe(200);
    expect((await key.get('/v1/company')).status).toBe(200);
    const limited = await key.get<ProblemDetails>('/v1/company', { unchecked: true });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).not.toBeNull();
    // A live key of the same account keeps the server's limits.
    const live = sandbox.caller('faults', 'live');
    for (let i = 0; i < 3; i++) expect((await live.get('/v1/company')).status).toBe(200);
    const back = await caller.delete<RateLimitState>('/_sandbox/limits');
    expect(back.body).toMatchObject({ rate_limit: 'unlimited', changed: false });
    expect((await key.get('/v1/company')).status).toBe(200);
  });

  it('refuse what --rate-limit would refuse', async () => {
    const res = await caller.put<ProblemDetails>('/_sandbox/limits', {
      json: { rate_limit: 'fast' },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors![0]!.path).toBe('rate_limit');
  });
});

describe('a client with retries', () => {
  it('submits an invoice through two injected 503s, waiting as Retry-After says, and the log shows both', async () => {
    const api = ScambioClient.connect({ baseUrl: sandbox.server.baseUrl, apiKey: caller.key! });
    const rule = await api.sandbox.addFault({
      path: '/v1/send/xml',
      method: 'POST',
      fault: 'status=503;retry-after=2',
      times: 2,
    });
    const waits: number[] = [];
    const xml = invoiceXml({ supplierVat: italianVat(930_001), number: 'FAULT-1' });
    const submitted = await api.sent.submitXml(xml, {
      attempts: 3,
      wait: async (ms) => {
        waits.push(ms);
      },
    });
    expect(submitted.send.id).toBeGreaterThan(0);
    expect(waits).toEqual([2000, 2000]);
    const entries = (await logged()).filter((e) => e.endpoint === '/v1/send/xml');
    expect(entries.map((e) => [e.status_code, e.fault?.rule_id ?? null])).toEqual([
      [503, rule.id],
      [503, rule.id],
      [201, null],
    ]);
    expect(await api.sandbox.faults()).toEqual([]);
  });
});

describe('a hanging request at shutdown', () => {
  it(
    'does not hold the server up: it stops, and the client sees the connection closed',
    { timeout: 30_000 },
    async () => {
      const own = await startTestSandbox({ rateLimits: 'unlimited' });
      try {
        const key = own.server.services.keys.create({ account: 'hang', environment: 'test' }).key;
        const pending = fetch(`${own.origin}/v1/company`, {
          headers: {
            authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}`,
            'Sandbox-Fault': 'hang',
          },
        });
        await pause(100);
        expect((await new ApiCaller(own.origin, key).get('/v1/company')).status).toBe(200);
        // A grace far beyond this test's time limit: only the hang ending at the shutdown lets the close finish.
        await own.server.close(10 * 60_000);
        await expect(pending).rejects.toThrow();
      } finally {
        await own.close().catch(() => undefined);
      }
    },
  );
});

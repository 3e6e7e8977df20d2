import { networkInterfaces } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProblemDetails } from '../../../src/shared/api/types.ts';
import { SandboxClock } from '../../../src/sandbox-server/clock.ts';
import { parseRateLimits } from '../../../src/sandbox-server/http/limits/rate-limit-text.ts';
import { ApiCaller, startTestSandbox, type TestSandbox } from '../../support/sandbox.ts';

const sandboxes: TestSandbox[] = [];
afterEach(async () => {
  for (const s of sandboxes.splice(0)) await s.close();
});

async function frozenSandbox(options: Parameters<typeof startTestSandbox>[0] = {}) {
  const clock = new SandboxClock();
  clock.freeze(true);
  clock.set(new Date('2026-03-02T10:00:00.000Z'));
  const sandbox = await startTestSandbox({ clock, ...options });
  sandboxes.push(sandbox);
  return { sandbox, clock };
}

describe('per-key rate limits', () => {
  it('count down in RateLimit-* headers, answer 429 with Retry-After, and reset with the window', async () => {
    const { sandbox, clock } = await frozenSandbox({
      rateLimits: { perSecond: 1000, perMinute: 3, perDay: 1000 },
    });
    const caller = sandbox.caller('limited');
    const remaining: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await caller.get('/v1/company');
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit-limit')).toBe('3');
      expect(res.headers.get('ratelimit-reset')).toBe('60');
      remaining.push(res.headers.get('ratelimit-remaining')!);
    }
    expect(remaining).toEqual(['2', '1', '0']);
    const limited = await caller.withLanguage('it').get<ProblemDetails>('/v1/company');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('60');
    expect(limited.body.title).toBe('Troppe richieste');

    expect((await sandbox.caller('other').get('/v1/company')).status).toBe(200);
    clock.advance(60_000);
    expect((await caller.get('/v1/company')).status).toBe(200);
  });

  it('limit each second and each day too, reporting the window closest to its limit', async () => {
    const { sandbox, clock } = await frozenSandbox({
      rateLimits: { perSecond: 2, perMinute: 100, perDay: 5 },
    });
    const caller = sandbox.caller();
    expect((await caller.get('/v1/company')).headers.get('ratelimit-limit')).toBe('2');
    await caller.get('/v1/company');
    const third = await caller.get('/v1/company');
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toBe('1');
    // A request refused by one window is not counted by the later ones: the day has seen 2 so far.
    clock.advance(1000);
    await caller.get('/v1/company');
    await caller.get('/v1/company');
    clock.advance(1000);
    const fifth = await caller.get('/v1/company');
    expect(fifth.headers.get('ratelimit-limit')).toBe('5');
    expect(fifth.headers.get('ratelimit-remaining')).toBe('0');
    clock.advance(1000);
    const overDay = await caller.get('/v1/company');
    expect(overDay.status).toBe(429);
    expect(Number(overDay.headers.get('retry-after'))).toBeGreaterThan(3600);
  });

  it('send no RateLimit headers with the unlimited profile', async () => {
    const { sandbox } = await frozenSandbox({ rateLimits: 'unlimited' });
    const res = await sandbox.caller().get('/v1/company');
    expect(res.headers.get('ratelimit-limit')).toBeNull();
  });

  it.each([
    ['unlimited', 'unlimited'],
    ['10/s', { perSecond: 10, perMinute: 2000, perDay: 100000 }],
    ['5/s, 50/m ,500/d', { perSecond: 5, perMinute: 50, perDay: 500 }],
    ['ten/s', null],
    ['0/s', null],
    ['5/h', null],
  ])('read the --rate-limit value %s', (text, expected) => {
    expect(parseRateLimits(text)).toEqual(expected);
  });
});

/** An address of this machine that is not loopback, for a caller the server must treat as another machine. */
const otherAddress = Object.values(networkInterfaces())
  .flat()
  .find((i) => i !== undefined && i.family === 'IPv4' && !i.internal)?.address;

describe('GET /health limit', () => {
  it('does not limit callers on this machine: every loopback client shares one address', async () => {
    const { sandbox } = await frozenSandbox();
    const anonymous = sandbox.anonymous();
    for (let i = 0; i < 30; i++) expect((await anonymous.get('/v1/health')).status).toBe(200);
  });

  // Needs a network interface besides loopback; the server listens on it only for this test.
  it.skipIf(otherAddress === undefined)(
    'allows 12 requests a minute to another address, then 429 in its language without a word about keys',
    async () => {
      const { sandbox, clock } = await frozenSandbox({ host: otherAddress! });
      const anonymous = sandbox.anonymous();
      for (let i = 0; i < 12; i++) expect((await anonymous.get('/v1/health')).status).toBe(200);
      const limited = await anonymous.get<ProblemDetails>('/v1/health', { unchecked: true });
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBe('60');
      expect(limited.body.detail).toMatch(/address/);
      expect(limited.text).not.toMatch(/key/i);
      for (const [language, word] of [
        ['it', /chiave/i],
        ['de', /schlüssel/i],
      ] as const) {
        const localized = await anonymous.withLanguage(language).get('/v1/health', { unchecked: true });
        expect(localized.status).toBe(429);
        expect(localized.text).not.toMatch(word);
      }
      clock.advance(60_000);
      expect((await anonymous.get('/v1/health')).status).toBe(200);
    },
  );
});

describe('bad keys from one address', () => {
  it('are slowed down with 429 while valid keys keep working', async () => {
    const { sandbox } = await frozenSandbox({ authFailuresPerMinute: 5 });
    const guesser = new ApiCaller(sandbox.origin, `ik_test_${'G'.repeat(40)}`);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await guesser.get('/v1/company', { unchecked: true })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    expect((await sandbox.caller().get('/v1/company')).status).toBe(200);
  });
});

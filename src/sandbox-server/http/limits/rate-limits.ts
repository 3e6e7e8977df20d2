import type { Request, RequestHandler, Response } from 'express';
import { rateLimit, type RateLimitInfo } from 'express-rate-limit';
import type { Clock, Clocks } from '../../clock.ts';
import { ServiceError } from '../../domain/service-error.ts';
import { context } from '../context.ts';
import { isLoopbackAddress } from '../loopback.ts';
import type { RateLimitSettings } from './account-limits.ts';
import type { RateLimits } from './rate-limit-text.ts';
import { ClockWindowStore } from './clock-window-store.ts';

export const HEALTH_LIMIT_PER_MINUTE = 12;

const WINDOWS = [
  { name: 'perSecond', ms: 1_000, property: 'rateLimitSecond' },
  { name: 'perMinute', ms: 60_000, property: 'rateLimitMinute' },
  { name: 'perDay', ms: 86_400_000, property: 'rateLimitDay' },
] as const;

type LimitedRequest = Request & Partial<Record<(typeof WINDOWS)[number]['property'], RateLimitInfo>>;

function setHeaders(res: Response, info: RateLimitInfo, clock: Clock): number {
  const resetSeconds = Math.max(
    0,
    Math.ceil(((info.resetTime?.getTime() ?? 0) - clock.now().getTime()) / 1000),
  );
  res.set('RateLimit-Limit', String(info.limit));
  res.set('RateLimit-Remaining', String(info.remaining));
  res.set('RateLimit-Reset', String(resetSeconds));
  return resetSeconds;
}

function tooMany(
  res: Response,
  info: RateLimitInfo,
  clock: Clock,
  message: 'limits.exceeded' | 'limits.healthExceeded' = 'limits.exceeded',
): never {
  const retryAfter = setHeaders(res, info, clock);
  res.set('Retry-After', String(Math.max(1, retryAfter)));
  throw new ServiceError('rate-limited', message, { seconds: Math.max(1, retryAfter) });
}

/**
 * Per-key limits per second, minute and day (authenticated routes). Every response carries the
 * `RateLimit-*` headers of the window closest to its limit; a `429` carries `Retry-After`.
 */
export function keyRateLimits(settings: RateLimitSettings, clocks: Clocks): RequestHandler[] {
  // What holds for the caller's key now (account-limits.ts): an account may change its test keys' limits at run
  // time, so the limit is read on each request; `unlimited` skips the counting.
  const limitsOf = (res: Response): RateLimits | 'unlimited' => settings.of(context(res).scope!);
  // A key's windows run on its account's clock for its environment (clock-window-store.ts): the counter's key
  // names the API key and that scope, `test:7:12` for key 12 of account 7's sandbox.
  const clockOfCounter = (counter: string): Clock => {
    const [environment, accountId] = counter.split(':');
    return clocks.of({ accountId: Number(accountId), environment: environment === 'live' ? 'live' : 'test' });
  };
  const clockOfRequest = (res: Response): Clock => clocks.of(context(res).scope ?? null);
  const limiters = WINDOWS.map((window) =>
    rateLimit({
      windowMs: window.ms,
      limit: (_req, res) => {
        const limits = limitsOf(res);
        return limits === 'unlimited' ? 0 : limits[window.name];
      },
      skip: (_req, res) => limitsOf(res) === 'unlimited',
      store: new ClockWindowStore(clockOfCounter, window.name),
      keyGenerator: (_req, res) => {
        const { key, scope } = context(res);
        return `${scope!.environment}:${scope!.accountId}:${key!.id}`;
      },
      requestPropertyName: window.property,
      standardHeaders: false,
      legacyHeaders: false,
      validate: false,
      handler: (req, res) => tooMany(res, (req as LimitedRequest)[window.property]!, clockOfRequest(res)),
    }),
  );
  const headers: RequestHandler = (req, res, next) => {
    const infos = WINDOWS.map((w) => (req as LimitedRequest)[w.property]).filter((i) => i !== undefined);
    if (infos.length === 0) return next();
    // On a tie the longer window wins: its wait is the one that matters to the client.
    const tightest = infos.reduce((a, b) => (b.remaining <= a.remaining ? b : a));
    setHeaders(res, tightest, clockOfRequest(res));
    next();
  };
  return [...limiters, headers];
}

/**
 * `/health`: 12 requests a minute per client address (spec "Limits"), for callers on other machines. Callers on
 * this one are not limited: every loopback client shares one address (CI, a QA script and the desktop app all
 * polling the same server would use up each other's 12), and the server is theirs to ask. `/health` needs no key,
 * so its `429` speaks of the address, never of a key.
 */
export function healthRateLimit(clock: Clock): RequestHandler {
  return rateLimit({
    windowMs: 60_000,
    limit: HEALTH_LIMIT_PER_MINUTE,
    store: new ClockWindowStore(() => clock, 'health'),
    skip: (req) => isLoopbackAddress(req.socket.remoteAddress),
    requestPropertyName: 'rateLimitHealth',
    standardHeaders: false,
    legacyHeaders: false,
    validate: false,
    handler: (req, res) =>
      tooMany(
        res,
        (req as Request & { rateLimitHealth: RateLimitInfo }).rateLimitHealth,
        clock,
        'limits.healthExceeded',
      ),
  });
}

/**
 * Failed authentications per client address: past the limit, more bad keys from that address get `429`
 * instead of `401`, which slows down key guessing without touching clients that hold a valid key.
 */
export class AuthFailureLimiter {
  private readonly store: ClockWindowStore;

  constructor(
    private readonly clock: Clock,
    private readonly limitPerMinute = 30,
  ) {
    this.store = new ClockWindowStore(() => clock, 'auth-failures');
    this.store.init({ windowMs: 60_000 } as never);
  }

  recordFailure(address: string, res: Response): void {
    const { totalHits, resetTime } = this.store.increment(address);
    if (totalHits > this.limitPerMinute) {
      tooMany(
        res,
        { limit: this.limitPerMinute, used: totalHits, remaining: 0, resetTime } as RateLimitInfo,
        this.clock,
      );
    }
  }
}

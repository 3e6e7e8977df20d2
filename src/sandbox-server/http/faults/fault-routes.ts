import { Router, type Response } from 'express';
import { FAULT_PATH_MAX, FAULT_TIMES_MAX } from '../../../shared/api/sandbox-schemas.ts';
import type { FaultRule as FaultRuleView, RateLimitState } from '../../../shared/api/types.ts';
import { parseDuration } from '../../clock.ts';
import { expectObject, requiredProblem } from '../../domain/body-check.ts';
import { invalid, ServiceError, type Problem } from '../../domain/service-error.ts';
import { pathParam, scopeOf } from '../context.ts';
import type { RateLimitSettings } from '../limits/account-limits.ts';
import { formatRateLimits, parseRateLimits } from '../limits/rate-limit-text.ts';
import { describeRule, type FaultRules, type NewFaultRule } from './fault-rules.ts';
import { parseFaultSpec } from './fault-spec.ts';

/**
 * `/_sandbox/faults` (the caller's account's fault rules) and `/_sandbox/limits` (its test keys' rate limits, at
 * run time); a reset of the account's sandbox clears both (docs/sandbox.md "Faults and latency").
 */
export function faultRoutes(rules: FaultRules, limits: RateLimitSettings): Router {
  const router = Router();

  router.get('/faults', (_req, res) => {
    res.json(rules.list(scopeOf(res).accountId).map(describeRule) satisfies FaultRuleView[]);
  });

  router.post('/faults', (req, res) => {
    const rule = rules.add(scopeOf(res).accountId, ruleBody(req.body));
    res.status(201).json(describeRule(rule) satisfies FaultRuleView);
  });

  router.delete('/faults', (_req, res) => {
    res.json({ deleted: rules.clear(scopeOf(res).accountId) });
  });

  router.delete('/faults/:id', (req, res) => {
    const raw = pathParam(req, 'id');
    const removed = /^\d{1,9}$/.test(raw) ? rules.remove(scopeOf(res).accountId, Number(raw)) : null;
    if (!removed) throw new ServiceError('not-found', 'fault.ruleNotFound', { id: raw.slice(0, 20) });
    res.json(describeRule(removed) satisfies FaultRuleView);
  });

  router.get('/limits', (_req, res) => {
    res.json(limitState(limits, res));
  });

  const change = (req: { body: unknown }, res: Response) => {
    const body = expectObject(req.body);
    const parsed = typeof body.rate_limit === 'string' ? parseRateLimits(body.rate_limit) : null;
    if (parsed === null) {
      throw invalid([
        { code: 'type', key: 'fault.limits', params: { field: 'rate_limit' }, path: 'rate_limit' },
      ]);
    }
    limits.set(scopeOf(res).accountId, parsed);
    res.json(limitState(limits, res));
  };
  router.put('/limits', change);
  router.post('/limits', change);

  router.delete('/limits', (_req, res) => {
    limits.restore(scopeOf(res).accountId);
    res.json(limitState(limits, res));
  });

  // A reset starts the account's sandbox over: its fault rules and changed limits go too, once the reset itself
  // (sandbox.ts, which answers it) has succeeded; a dry run changes nothing.
  router.post('/reset', (req, res, next) => {
    const { accountId } = scopeOf(res);
    res.on('finish', () => {
      const dryRun = (req.body as { dry_run?: unknown } | undefined)?.dry_run === true;
      if (res.statusCode !== 200 || dryRun) return;
      rules.clear(accountId);
      limits.restore(accountId);
    });
    next();
  });

  return router;
}

function limitState(limits: RateLimitSettings, res: Response): RateLimitState {
  const scope = scopeOf(res);
  const now = limits.of(scope);
  return {
    rate_limit: formatRateLimits(now),
    per_second: now === 'unlimited' ? null : now.perSecond,
    per_minute: now === 'unlimited' ? null : now.perMinute,
    per_day: now === 'unlimited' ? null : now.perDay,
    changed: limits.isChanged(scope.accountId),
    server: formatRateLimits(limits.server),
  };
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** `{path, method?, fault, times?, expires_in?}` (FaultRuleInputSchema). */
function ruleBody(body: unknown): NewFaultRule {
  const record = expectObject(body);
  const problems: Problem[] = [];
  const { path, method, fault, times } = record;
  if (path === undefined) problems.push(requiredProblem('path'));
  else if (typeof path !== 'string' || !path.startsWith('/') || path.length > FAULT_PATH_MAX)
    problems.push({ code: 'type', key: 'fault.rulePath', path: 'path' });
  const upper = typeof method === 'string' ? method.trim().toUpperCase() : null;
  if (method !== undefined && method !== null && !(upper !== null && METHODS.includes(upper)))
    problems.push({ code: 'type', key: 'fault.ruleMethod', path: 'method' });
  let spec = null;
  if (fault === undefined) problems.push(requiredProblem('fault'));
  else {
    const parsed = typeof fault === 'string' ? parseFaultSpec(fault) : { invalidPart: String(fault) };
    if ('invalidPart' in parsed)
      problems.push({
        code: 'type',
        key: 'fault.ruleFault',
        params: { part: parsed.invalidPart },
        path: 'fault',
      });
    else spec = parsed;
  }
  if (
    times !== undefined &&
    !(Number.isInteger(times) && (times as number) >= 1 && (times as number) <= FAULT_TIMES_MAX)
  )
    problems.push({ code: 'type', key: 'fault.ruleTimes', path: 'times' });
  const expiresIn = record.expires_in === undefined ? null : parseDuration(record.expires_in);
  if (record.expires_in !== undefined && (expiresIn === null || expiresIn <= 0))
    problems.push({ code: 'type', key: 'fault.ruleExpires', path: 'expires_in' });
  if (problems.length > 0 || spec === null) throw invalid(problems);
  return {
    path: path as string,
    method: upper,
    spec,
    times: (times as number | undefined) ?? null,
    expiresInMs: expiresIn,
  };
}

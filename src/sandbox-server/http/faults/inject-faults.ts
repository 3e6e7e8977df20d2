import { waitUnlessAborted } from '../../clock.ts';
import type { Request, RequestHandler, Response } from 'express';
import type { ProblemDetails } from '../../../shared/api/types.ts';
import type { LiveEvents } from '../../domain/live-events.ts';
import { ServiceError } from '../../domain/service-error.ts';
import { context } from '../context.ts';
import { PROBLEM_MEDIA_TYPE } from '../problem.ts';
import type { FaultRules } from './fault-rules.ts';
import { FAULT_HEADER, formatFaultSpec, markOf, parseFaultSpec, type FaultSpec } from './fault-spec.ts';

/** The longest an injected `hang` holds a request on the server's side, so nothing waits forever. */
export const HANG_MAX_MS = 5 * 60_000;

/**
 * The log's status for a request that got no answer, as nginx writes them: 499 when the client gave up first
 * (a hang it aborted, a latency it did not wait out), 444 when the server closed the connection (a reset, or a
 * hang that reached its cap or the server's shutdown).
 */
export const CLIENT_GAVE_UP = 499;
export const CLOSED_WITHOUT_ANSWER = 444;

/**
 * Injects the fault a test key's request asks for (`Sandbox-Fault`, fault-spec.ts) or that one of its account's
 * fault rules matches (fault-rules.ts; the header wins). Live keys are never slowed or failed: their header is
 * ignored, as `Sandbox-Scenario` is, so a header left in production code cannot hurt, and rules are a sandbox's.
 * Runs after the request log is set up, so every injected fault is logged, marked with its kind and source.
 */
export function injectFaults(rules: FaultRules, live: LiveEvents): RequestHandler {
  return async (req, res, next) => {
    const ctx = context(res);
    const scope = ctx.scope;
    if (scope?.environment !== 'test') return next();
    const chosen = choose(req, rules, scope.accountId);
    if (!chosen) return next();
    const { spec, source } = chosen;
    ctx.fault = markOf(spec, source);
    const ended = endSignal(res, live, scope, spec.outcome?.kind === 'hang' ? HANG_MAX_MS : null);
    try {
      if (spec.latencyMs !== null) await waitUnlessAborted(spec.latencyMs, ended.signal);
      if (ended.signal.aborted)
        return unanswered(res, ended.clientGone ? CLIENT_GAVE_UP : CLOSED_WITHOUT_ANSWER);
      const { outcome } = spec;
      if (outcome === null) return next();
      if (outcome.kind === 'reset') return unanswered(res, CLOSED_WITHOUT_ANSWER);
      if (outcome.kind === 'hang') {
        await waitUnlessAborted(HANG_MAX_MS, ended.signal);
        return unanswered(res, ended.clientGone ? CLIENT_GAVE_UP : CLOSED_WITHOUT_ANSWER);
      }
      if (outcome.retryAfterSeconds !== null) res.set('Retry-After', String(outcome.retryAfterSeconds));
      sendFaultProblem(req, res, outcome.status, spec, source);
    } finally {
      ended.dispose();
    }
  };
}

function choose(
  req: Request,
  rules: FaultRules,
  accountId: number,
): { spec: FaultSpec; source: 'header' | { ruleId: number } } | null {
  const header = req.get(FAULT_HEADER);
  if (header !== undefined) {
    const spec = parseFaultSpec(header);
    if ('invalidPart' in spec) {
      throw new ServiceError(
        'bad-request',
        'fault.header',
        { part: spec.invalidPart },
        { parameter: FAULT_HEADER },
      );
    }
    return rules.draw(spec.probability) ? { spec, source: 'header' } : null;
  }
  const path = req.originalUrl.split('?')[0]!;
  const rule = rules.take(accountId, req.method, path);
  return rule ? { spec: rule.spec, source: { ruleId: rule.id } } : null;
}

/** Logs the request with no answer, then closes its connection: a client sees a reset socket. */
function unanswered(res: Response, statusCode: number): void {
  context(res).logUnanswered?.(statusCode);
  res.socket?.destroy();
  res.destroy();
}

/** A problem+json as the service would send it, its detail saying the sandbox injected it and why. */
function sendFaultProblem(
  req: Request,
  res: Response,
  status: number,
  spec: FaultSpec,
  source: 'header' | { ruleId: number },
): void {
  const { t, requestId } = context(res);
  const fault = formatFaultSpec(spec);
  const titles: Record<number, string> = {
    429: t('title.rate-limited'),
    500: t('title.internal'),
    502: t('fault.title502'),
    503: t('fault.title503'),
    504: t('fault.title504'),
  };
  const body: ProblemDetails = {
    type: '/problems/sandbox-fault',
    title: titles[status]!,
    status,
    detail:
      source === 'header' ? t('fault.byHeader', { fault }) : t('fault.byRule', { id: source.ruleId, fault }),
    instance: req.originalUrl.split('?')[0]!,
    request_id: requestId,
  };
  res.status(status).type(PROBLEM_MEDIA_TYPE).send(JSON.stringify(body));
}

/**
 * Aborts when the client closes the connection (`clientGone`), when the server stops (so a hang does not hold
 * up its shutdown), or after `capMs`.
 */
function endSignal(
  res: Response,
  live: LiveEvents,
  scope: NonNullable<ReturnType<typeof context>['scope']>,
  capMs: number | null,
) {
  const controller = new AbortController();
  const state = { signal: controller.signal, clientGone: false, dispose: () => {} };
  const onClose = () => {
    if (!res.writableFinished) state.clientGone = true;
    controller.abort();
  };
  res.on('close', onClose);
  const unsubscribe = live.subscribe(
    scope,
    () => {},
    () => controller.abort(),
  );
  const timer = capMs === null ? null : setTimeout(() => controller.abort(), capMs);
  timer?.unref();
  state.dispose = () => {
    res.off('close', onClose);
    unsubscribe();
    if (timer) clearTimeout(timer);
  };
  return state;
}

import type { Request, RequestHandler } from 'express';
import { ServiceError } from '../domain/service-error.ts';
import type { Store } from '../store/store.ts';
import { context } from './context.ts';

const ALLOWED_METHODS = 'GET, POST, PUT, DELETE';
const ALLOWED_HEADERS = [
  'authorization',
  'content-type',
  'accept-language',
  'idempotency-key',
  'sandbox-scenario',
  // A browser app's test may ask for faults too (docs/sandbox.md "Faults and latency").
  'sandbox-fault',
];
/** Headers a browser app needs to read: paging, created resources, replays, limits, request ids, log misses. */
const EXPOSED_HEADERS =
  'Service-Total-Count, Invoicetronic-Total-Count, Location, Idempotent-Replayed, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After, X-Request-Id, Scambio-Log';

/** The page's own origin needs no CORS (e.g. the UI served by this very server). */
function sameOrigin(req: Request, origin: string): boolean {
  return origin === `${req.protocol}://${req.get('host')}`;
}

/**
 * Preflights carry no credentials, so they are answered for any origin that some active key allows
 * (contract "CORS"); the real request is then checked against its own key's origins.
 */
export function corsPreflight(store: Store): RequestHandler {
  return (req, res, next) => {
    const origin = req.get('origin');
    if (req.method !== 'OPTIONS' || !origin || !req.get('access-control-request-method')) return next();
    if (sameOrigin(req, origin) || !store.accounts.anyKeyAllowsOrigin(origin)) {
      throw new ServiceError('forbidden', 'cors.originNotAllowed', { origin });
    }
    const requested = (req.get('access-control-request-headers') ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter((h) => ALLOWED_HEADERS.includes(h));
    res.set({
      'Access-Control-Allow-Origin': origin,
      'Access-Control-Allow-Methods': ALLOWED_METHODS,
      'Access-Control-Allow-Headers': requested.join(', '),
      'Access-Control-Max-Age': '600',
      Vary: 'Origin',
    });
    res.status(204).end();
  };
}

/** After authentication: a cross-origin request must come from one of its key's origins, else 403. */
export const corsForKey: RequestHandler = (req, res, next) => {
  const origin = req.get('origin');
  if (!origin || sameOrigin(req, origin)) return next();
  const key = context(res).key!;
  if (!key.origins.includes(origin)) throw new ServiceError('forbidden', 'cors.originNotAllowed', { origin });
  res.set({
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Expose-Headers': EXPOSED_HEADERS,
    Vary: 'Origin',
  });
  next();
};

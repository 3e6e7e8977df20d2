import type { RequestHandler } from 'express';
import type { ApiKeyService } from '../domain/api-keys.ts';
import { ServiceError } from '../domain/service-error.ts';
import { context } from './context.ts';
import type { AuthFailureLimiter } from './limits/rate-limits.ts';

/** The key from `Authorization: Basic base64(key:)`, or null when the header is absent or malformed. */
export function basicCredentials(header: string | undefined): string | null {
  const match = header ? /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header) : null;
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const user = colon === -1 ? decoded : decoded.slice(0, colon);
  return user === '' ? null : user;
}

/**
 * HTTP Basic with the API key as user name (spec "Authentication"); `401` for anything else, and `429`
 * for an address that keeps presenting bad keys.
 */
export function authenticate(keys: ApiKeyService, failures: AuthFailureLimiter): RequestHandler {
  return (req, res, next) => {
    const presented = basicCredentials(req.headers.authorization);
    if (presented === null) throw new ServiceError('unauthorized', 'auth.missing');
    const key = keys.authenticate(presented);
    if (!key) {
      failures.recordFailure(req.socket.remoteAddress ?? 'unknown', res);
      throw new ServiceError('unauthorized', 'auth.invalid');
    }
    const ctx = context(res);
    ctx.key = key;
    ctx.scope = { accountId: key.accountId, environment: key.environment };
    next();
  };
}

/** Sandbox control calls are for test keys only (contract "Sandbox control"). */
export const requireTestKey: RequestHandler = (_req, res, next) => {
  if (context(res).scope?.environment !== 'test') throw new ServiceError('forbidden', 'auth.sandboxOnly');
  next();
};

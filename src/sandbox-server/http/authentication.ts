import type { RequestHandler } from 'express';
import type { ApiKeyService } from '../domain/api-keys.ts';
import { ServiceError } from '../domain/service-error.ts';
import { context } from './context.ts';
import type { AuthFailureLimiter } from './limits/rate-limits.ts';

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
/** RFC 7617: the user-id has no colon and no control characters. */
function hasControl(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return true;
  }
  return false;
}

/**
 * The key from `Authorization: Basic base64(key:password)` (RFC 7617): `undefined` when there is no
 * such header or another scheme, null when it is Basic but malformed (not canonical padded Base64, not
 * UTF-8, no colon, an empty user or control characters in it). The password is not looked at.
 */
export function basicCredentials(header: string | undefined): string | null | undefined {
  if (header === undefined) return undefined;
  const match = /^Basic +(\S*) *$/i.exec(header);
  if (!match) return /^Basic(?: |$)/i.test(header) ? null : undefined;
  const token = match[1]!;
  if (token === '' || !BASE64.test(token)) return null;
  let decoded: string;
  try {
    decoded = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(token, 'base64'));
  } catch {
    return null;
  }
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  const user = decoded.slice(0, colon);
  return hasControl(user) ? null : user;
}

/**
 * HTTP Basic with the API key as user name (spec "Authentication"); `401` for anything else, and `429`
 * for an address that keeps presenting bad keys.
 */
export function authenticate(keys: ApiKeyService, failures: AuthFailureLimiter): RequestHandler {
  return (req, res, next) => {
    const presented = basicCredentials(req.headers.authorization);
    if (presented === undefined) throw new ServiceError('unauthorized', 'auth.missing');
    if (presented === null) throw new ServiceError('unauthorized', 'auth.malformed');
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

import type { RequestHandler } from 'express';
import {
  pickHeaders,
  recordBody,
  REQUEST_HEADERS,
  RESPONSE_HEADERS,
  type CassetteWriter,
} from './cassette.ts';
import { sendProxyProblem } from './messages.ts';
import { readBody, recordedRequest } from './request.ts';

export interface RecordOptions {
  /** The API's base, e.g. `https://api.example.com/v1` (or without `/v1`). */
  target: string;
  /** The key for that API: sent on every forwarded call, never written to the cassette. */
  key: string;
  writer: CassetteWriter;
}

/**
 * Headers of the service's answer the caller does not get: the connection's own, those fetch has already undone
 * (the body arrives decoded, so its encoding and length are this answer's), and cookies of the other service.
 */
const NOT_PASSED_ON = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-encoding',
  'content-length',
  'set-cookie',
]);

/** The origin (and any path prefix) the caller's `/v1/...` is appended to. */
export function upstreamBase(target: string): string {
  return target.replace(/\/+$/, '').replace(/\/v1$/, '');
}

/**
 * Forwards a `/v1` call to the target with the proxy's key and records the pair. The caller's own
 * Authorization is dropped, never passed on: callers of the proxy need no key, and a local key never
 * reaches the other service.
 */
export function recordingHandler(options: RecordOptions): RequestHandler {
  const base = upstreamBase(options.target);
  const authorization = `Basic ${Buffer.from(`${options.key}:`).toString('base64')}`;
  const secrets = [options.key, authorization];
  return async (req, res, next) => {
    try {
      const body = await readBody(req);
      const headers = new Headers({ authorization });
      for (const name of REQUEST_HEADERS) {
        const value = req.headers[name];
        if (typeof value === 'string') headers.set(name, value);
      }
      let upstream: Response;
      try {
        upstream = await fetch(`${base}${req.originalUrl}`, {
          method: req.method,
          headers,
          ...(body.length > 0 && req.method !== 'GET' && req.method !== 'HEAD' ? { body } : {}),
          redirect: 'manual',
        });
      } catch (error) {
        const cause = (error as { cause?: { message?: string } }).cause?.message ?? String(error);
        sendProxyProblem(req, res, 'upstream-unreachable', { target: base, reason: cause });
        return;
      }
      const answer = Buffer.from(await upstream.arrayBuffer());
      const responseHeaders = pickHeaders(upstream.headers, RESPONSE_HEADERS);
      options.writer.append({
        request: recordedRequest(req, body, secrets),
        response: {
          status: upstream.status,
          headers: responseHeaders,
          body: recordBody(answer, upstream.headers.get('content-type') ?? '', secrets),
        },
      });
      // The caller gets the service's answer as it came (the cassette's copy is the redacted, allow-listed one),
      // but for what belongs to the connection or to the other service's session.
      res.status(upstream.status);
      for (const [name, value] of upstream.headers) if (!NOT_PASSED_ON.has(name)) res.append(name, value);
      res.send(answer);
    } catch (error) {
      next(error);
    }
  };
}

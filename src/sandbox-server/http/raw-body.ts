import type { IncomingMessage } from 'node:http';
import express, { type Request, type RequestHandler } from 'express';
import { ServiceError } from '../domain/service-error.ts';
import { parseJsonOnPool, type JsonBodyInput, type JsonBodyTasks } from '../domain/json-body-tasks.ts';
import type { TaskRunner } from '../workers/pool.ts';
import { clip, parseMediaType } from './body-guard.ts';
import type { BodyRules } from './body-limits.ts';

type WithRawBody = IncomingMessage & { rawBody?: Buffer; jsonInput?: JsonBodyInput };

/**
 * The JSON body parser, keeping the bytes too: idempotency fingerprints the body as sent, not as parsed. Each
 * request's body is bounded by its operation (body-limits.ts): past the bound it is `413` before the rest is read.
 * The bytes are parsed by the rules of domain/json-body.ts, on the worker pool when they are large (the pool keeps
 * small ones on this thread), so no body stalls other callers; operations that turn their JSON into a file on the
 * pool themselves get the bytes alone (`jsonInputOf`).
 */
export function jsonBody(rules: BodyRules, runner: TaskRunner<JsonBodyTasks>): RequestHandler {
  const readers = new Map<number, RequestHandler>();
  const reader = (limit: number): RequestHandler => {
    let read = readers.get(limit);
    if (!read) {
      // body-parser reads, undoes the Content-Encoding and enforces the limit (at once by Content-Length, or as
      // the bytes come); the JSON type was checked below.
      read = express.raw({ type: () => true, limit });
      readers.set(limit, read);
    }
    return read;
  };
  return (req, res, next) => {
    const rule = rules.of(req);
    const header = req.headers['content-type'];
    const media = rule.reader === 'none' || header === undefined ? null : parseMediaType(header);
    // The type express.json took: application/json, whatever its parameters.
    if (media?.type !== 'application/json') return next();
    const charset = media.parameters.get('charset')?.toLowerCase() ?? null;
    // JSON is a Unicode encoding (RFC 8259): a body in another charset is refused before it is read.
    if (charset !== null && !charset.startsWith('utf-')) {
      throw new ServiceError('unsupported-media-type', 'body.charset', { charset: clip(charset) });
    }
    reader(rule.limit)(req, res, (error?: unknown) => {
      if (error !== undefined && error !== null) return next(error);
      // No body at all (no Content-Length, no Transfer-Encoding): nothing was read, as with express.json.
      if (!Buffer.isBuffer(req.body)) return next();
      const raw = req.body;
      const input: JsonBodyInput = {
        bytes: new Uint8Array(raw.buffer, raw.byteOffset, raw.length),
        charset,
      };
      const withRaw = req as WithRawBody;
      withRaw.rawBody = raw;
      req.body = undefined;
      if (rule.reader === 'route') {
        withRaw.jsonInput = input;
        return next();
      }
      parseJsonOnPool(runner, input).then((value) => {
        req.body = value;
        next();
      }, next);
    });
  };
}

export function rawBodyOf(req: Request): Uint8Array {
  return (req as WithRawBody).rawBody ?? new Uint8Array();
}

/** The JSON body of an operation whose route reads it (body-limits.ts), as bytes; null when none was sent. */
export function jsonInputOf(req: Request): JsonBodyInput | null {
  return (req as WithRawBody).jsonInput ?? null;
}

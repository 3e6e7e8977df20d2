import type { IncomingMessage } from 'node:http';
import express, { type Request, type RequestHandler } from 'express';
import { JSON_DEPTH_MAX } from '../domain/invoice-json.ts';
import { ServiceError } from '../domain/service-error.ts';

type WithRawBody = IncomingMessage & { rawBody?: Buffer };

/**
 * The JSON body parser, keeping the bytes too: idempotency fingerprints the body as sent, not as parsed.
 * The bytes must be valid in their charset, and nesting is checked on the text before parsing, so no later
 * walk over the value can overflow the stack.
 */
export function jsonBody(limit: number): RequestHandler {
  return express.json({
    limit,
    verify: (req, _res, buffer, encoding) => {
      (req as WithRawBody).rawBody = buffer;
      // JSON text is UTF-8 (RFC 8259) unless a charset says otherwise; bytes that are not valid in it are a
      // malformed body, not text to patch up with replacement characters.
      let text: string;
      try {
        text = new TextDecoder(encoding ?? 'utf-8', { fatal: true }).decode(buffer);
      } catch {
        throw new ServiceError('invalid', 'body.malformedJson');
      }
      if (jsonNesting(text, JSON_DEPTH_MAX) > JSON_DEPTH_MAX) {
        throw new ServiceError('invalid', 'body.tooDeep', { limit: JSON_DEPTH_MAX });
      }
    },
  });
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;

/**
 * How deep arrays and objects nest in JSON text, stopping as soon as `stopAbove` is exceeded; brackets
 * inside strings do not count. Malformed text is left to the parser.
 */
export function jsonNesting(text: string, stopAbove: number): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > stopAbove) return deepest;
    } else if ((c === CLOSE_ARRAY || c === CLOSE_OBJECT) && depth > 0) depth--;
  }
  return deepest;
}

export function rawBodyOf(req: Request): Uint8Array {
  return (req as WithRawBody).rawBody ?? new Uint8Array();
}

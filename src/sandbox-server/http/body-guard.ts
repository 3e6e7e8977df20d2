import type { IncomingHttpHeaders } from 'node:http';
import type { Request, RequestHandler } from 'express';
import { ServiceError } from '../domain/service-error.ts';

/** Content codings the body parsers can undo (body-parser; Node 20 has no zstd). */
const DECODABLE_ENCODINGS = new Set(['identity', 'gzip', 'deflate', 'br']);
/** After an early answer, how long the rest of an unread body may still trickle in before the socket closes. */
const DRAIN_MS = 10_000;

const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const MEDIA_TYPE = new RegExp(`^${TOKEN}/${TOKEN}$`);
// RFC 9110 8.3.1 / 5.6.6: `*( OWS ";" OWS [ token "=" ( token / quoted-string ) ] )`, no blanks at "=".
const QUOTED = '"(?:[\\t\\x20\\x21\\x23-\\x5b\\x5d-\\x7e\\x80-\\xff]|\\\\[\\t\\x20-\\x7e\\x80-\\xff])*"';
const PARAMETER = new RegExp(`[ \\t]*;[ \\t]*(?:(${TOKEN})=(${TOKEN}|${QUOTED}))?`, 'y');

export interface MediaType {
  type: string;
  parameters: Map<string, string>;
}

/** RFC 9110 `Content-Type`: `type/subtype *( ; name=value )`; null when it is not one. */
export function parseMediaType(header: string): MediaType | null {
  const semicolon = header.indexOf(';');
  const type = (semicolon === -1 ? header : header.slice(0, semicolon)).trim().toLowerCase();
  if (!MEDIA_TYPE.test(type)) return null;
  const parameters = new Map<string, string>();
  if (semicolon === -1) return { type, parameters };
  PARAMETER.lastIndex = semicolon;
  while (PARAMETER.lastIndex < header.length) {
    const match = PARAMETER.exec(header);
    if (!match) return null;
    if (match[1] === undefined) continue;
    const value = match[2]!.startsWith('"') ? match[2]!.slice(1, -1).replace(/\\([\s\S])/g, '$1') : match[2]!;
    parameters.set(match[1]!.toLowerCase(), value);
  }
  return { type, parameters };
}

function knownCharset(label: string): boolean {
  try {
    new TextDecoder(label);
    return true;
  } catch {
    return false;
  }
}

/** Header values go into messages: a few dozen characters say what was wrong. */
export function clip(value: string, max = 64): string {
  return value.length > max ? `${value.slice(0, max)}…` : value;
}

function hasBody(headers: IncomingHttpHeaders): boolean {
  if (headers['transfer-encoding'] !== undefined) return true;
  const length = headers['content-length'];
  return length !== undefined && length !== '0';
}

/**
 * Checks what a request says about its body before anything reads it, the same way for every route:
 * a body over its operation's limit (`limitOf`, body-limits.ts) by its `Content-Length` gets `413` at once
 * (nothing is read), a `Content-Type`
 * that is not a media type or names an unknown charset, or a `Content-Encoding` the parsers cannot undo
 * (any at all for multipart, which is parsed as it streams), gets `415`. Whatever is answered before the
 * body was read, the rest of the body is discarded, and the connection closed if it keeps coming.
 */
export function bodyGuard(limitOf: (req: Request) => number): RequestHandler {
  return (req, res, next) => {
    res.once('finish', () => {
      if (req.complete) return;
      const timer = setTimeout(() => req.socket.destroy(), DRAIN_MS).unref();
      req.once('end', () => clearTimeout(timer));
      req.once('close', () => clearTimeout(timer));
    });
    if (!hasBody(req.headers)) return next();

    const length = Number(req.headers['content-length']);
    if (req.headers['content-length'] !== undefined) {
      const limit = limitOf(req);
      if (length > limit) throw new ServiceError('too-large', 'body.tooLarge', { limit });
    }

    const header = req.headers['content-type'];
    let multipart = false;
    if (header !== undefined) {
      const media = parseMediaType(header);
      if (!media)
        throw new ServiceError('unsupported-media-type', 'body.contentType', { value: clip(header) });
      const charset = media.parameters.get('charset');
      if (charset !== undefined && !knownCharset(charset)) {
        throw new ServiceError('unsupported-media-type', 'body.charset', { charset: clip(charset) });
      }
      multipart = media.type.startsWith('multipart/');
    }

    const encoding = (req.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
    if (!DECODABLE_ENCODINGS.has(encoding) || (multipart && encoding !== 'identity')) {
      throw new ServiceError('unsupported-media-type', 'body.encoding', { encoding: clip(encoding) });
    }
    next();
  };
}

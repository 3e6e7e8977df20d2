import type { Request } from 'express';
import { pickHeaders, recordBody, REQUEST_HEADERS, type RecordedRequest } from './cassette.ts';

/** Reads a request's body whole (the proxy passes bodies on as they are; an invoice is at most a few MB). */
export async function readBody(req: Request): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A caller's request as the cassette keeps it: allow-listed headers, secret body fields redacted. */
export function recordedRequest(req: Request, body: Buffer, secrets: readonly string[]): RecordedRequest {
  const url = new URL(req.originalUrl, 'http://local');
  const headers = new Headers();
  for (const name of REQUEST_HEADERS) {
    const value = req.headers[name];
    if (typeof value === 'string') headers.set(name, value);
  }
  return {
    method: req.method,
    path: url.pathname,
    query: [...url.searchParams.entries()],
    headers: pickHeaders(headers, REQUEST_HEADERS),
    body: recordBody(body, req.headers['content-type'] ?? '', secrets),
  };
}

/** `GET /v1/send?page=2`: how messages and reports name a request. */
export function describeRequest(request: Pick<RecordedRequest, 'method' | 'path' | 'query'>): string {
  const query = new URLSearchParams(request.query).toString();
  return `${request.method} ${request.path}${query ? `?${query}` : ''}`;
}

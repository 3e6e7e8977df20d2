import type { IncomingMessage } from 'node:http';
import express, { type Request, type RequestHandler } from 'express';

type WithRawBody = IncomingMessage & { rawBody?: Buffer };

/** The JSON body parser, keeping the bytes too: idempotency fingerprints the body as sent, not as parsed. */
export function jsonBody(limit: number): RequestHandler {
  return express.json({
    limit,
    verify: (req, _res, buffer) => {
      (req as WithRawBody).rawBody = buffer;
    },
  });
}

export function rawBodyOf(req: Request): Uint8Array {
  return (req as WithRawBody).rawBody ?? new Uint8Array();
}

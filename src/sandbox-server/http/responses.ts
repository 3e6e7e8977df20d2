import type { Response } from 'express';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { TOTAL_COUNT_HEADER } from '../../shared/api/types.ts';
import type { JsonListResult, ListResult } from '../store/list-query.ts';
import { context } from './context.ts';

/** A list page: the rows as a JSON array and the total across all pages in `Service-Total-Count`. */
export function sendList<Row>(res: Response, result: ListResult<Row>): void {
  res.set(TOTAL_COUNT_HEADER, String(result.total)).json(result.rows);
}

/** `sendList` for a page the store already serialized: the same headers and body as `res.json` would send. */
export function sendJsonList(res: Response, result: JsonListResult): void {
  sendSerialized(res.set(TOTAL_COUNT_HEADER, String(result.total)), result.bytes);
}

/** JSON the store already serialized (UTF-8): the same headers and body as `res.json` would send. */
export function sendSerialized(res: Response, json: Buffer): void {
  res.set('Content-Type', 'application/json; charset=utf-8').send(json);
}

/**
 * A list page whose rows carry their files (`include_payload=true`), row by row: each file is read (`payloadOf`)
 * when its row's turn comes, so a page of 200 files of 5 MB is never in memory at once (`res.json` of 115 such
 * files built one string past V8's limit, a 500, after growing the process by 1.6 GB). Up to about `pieceBytes` the
 * page goes out whole, as `res.json` sent it (with its Content-Length, its beginning in the request log); past
 * that it is streamed in pieces of about that size, each written when the connection has taken the one before,
 * and other requests run in between. The bytes are `res.json`'s either way: each row's JSON with `payload` last,
 * where the repositories put it. A row deleted between the page's read and its turn is left out, as a read a
 * moment later would leave it.
 */
export async function sendPayloadList<Row extends { id: number }>(
  res: Response,
  page: ListResult<Row>,
  payloadOf: (id: number) => string | null,
  pieceBytes: number,
): Promise<void> {
  res.set(TOTAL_COUNT_HEADER, String(page.total));
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let streaming = false;
  let rows = 0;
  for (const row of page.rows) {
    // The caller went away: nothing more to read or write.
    if (res.destroyed) return;
    const payload = payloadOf(row.id);
    if (payload === null) continue;
    const head = JSON.stringify(row);
    const text = `${rows === 0 ? '[' : ','}${head.slice(0, -1)},"payload":${JSON.stringify(payload)}}`;
    rows++;
    const bytes = Buffer.from(text, 'utf8');
    pending.push(bytes);
    pendingBytes += bytes.length;
    if (pendingBytes < pieceBytes) continue;
    const piece = pending.length === 1 ? bytes : Buffer.concat(pending);
    pending = [];
    pendingBytes = 0;
    if (!streaming) {
      streaming = true;
      res.status(200).set('Content-Type', 'application/json; charset=utf-8');
      context(res).streamedBeginning = piece;
    }
    await written(res, piece);
  }
  pending.push(Buffer.from(rows === 0 ? '[]' : ']'));
  const rest = pending.length === 1 ? pending[0]! : Buffer.concat(pending);
  if (streaming) res.end(rest);
  else sendSerialized(res, rest);
}

/** Resolves once `piece` is handed on, or the connection closed; always after other work had its turn. */
async function written(res: Response, piece: Buffer): Promise<void> {
  if (res.write(piece) || res.destroyed) return nextTurn();
  await new Promise<void>((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

export function sendCreated(res: Response, location: string, body: unknown): void {
  res.status(201).location(location).json(body);
}

import type { Response } from 'express';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { TOTAL_COUNT_HEADER } from '../../shared/api/types.ts';
import type { PayloadEncoding } from '../../shared/api/types.ts';
import type { JsonListResult, ListResult } from '../store/list-query.ts';
import { payloadFile, type PayloadTasks } from '../store/payload.ts';
import type { TaskRunner } from '../workers/pool.ts';
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

/** `GET …/payload`: the stored file as `payloadFile` gives it, byte for byte (its charset in the Content-Type). */
export function sendPayloadFile(res: Response, file: Uint8Array, encoding: PayloadEncoding): void {
  const { body, contentType } = payloadFile(file, encoding);
  res.set('Content-Type', contentType).send(body);
}

/** An SDI message file, as a download named as SDI names it. */
export function sendXmlFile(res: Response, file: { fileName: string; xml: Buffer }): void {
  res
    .type('application/xml')
    .set('Content-Disposition', `attachment; filename="${file.fileName}"`)
    .send(file.xml);
}

/** An invoice without `payload`, and its stored file, opened (InvoiceRepository.getWithFile). */
export interface InvoiceWithFile {
  invoice: object;
  file: Uint8Array;
  encoding: PayloadEncoding;
}

/**
 * A list page whose rows carry their files (`include_payload=true`), given as ids: each invoice is read with its file
 * (`read`) when its turn comes, so a page of 200 files of 5 MB is never in memory at once (`res.json` of 115 such
 * files built one string past V8's limit, a 500, after growing the process by 1.6 GB), and the file's JSON text is
 * made on the worker pool (some 40 ms for 5 MB). Up to about `pieceBytes` the page goes out whole, as `res.json`
 * sent it (with its Content-Length, its beginning in the request log); past that it is streamed in pieces of about
 * that size, each written when the connection has taken the one before, and other requests run in between. The
 * bytes are `res.json`'s either way: each invoice's JSON with `payload` last, where the repositories put it. An
 * invoice deleted between the page's read and its turn is left out, as a read a moment later would leave it.
 */
export async function sendPayloadList(
  res: Response,
  page: ListResult<number>,
  read: (id: number) => InvoiceWithFile | null,
  runner: TaskRunner<PayloadTasks>,
  pieceBytes: number,
): Promise<void> {
  res.set(TOTAL_COUNT_HEADER, String(page.total));
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let streaming = false;
  let rows = 0;
  for (const id of page.rows) {
    // The caller went away: nothing more to read or write.
    if (res.destroyed) return;
    const found = read(id);
    if (found === null) continue;
    const invoice = context(res).publicItem?.(found.invoice) ?? found.invoice;
    const payload = await runner.run('payloadJson', { file: found.file, encoding: found.encoding });
    // `{…}` without its `}`, then `,"payload":` and the file's JSON string, then `}`: JSON.stringify's own output
    // for the invoice with its payload (toApi adds `payload` last).
    const parts = [
      Buffer.from(`${rows === 0 ? '[' : ','}${JSON.stringify(invoice).slice(0, -1)},"payload":`, 'utf8'),
      Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength),
      Buffer.from('}'),
    ];
    rows++;
    pending.push(...parts);
    pendingBytes += parts[0]!.length + parts[1]!.length + 1;
    if (pendingBytes < pieceBytes) continue;
    const piece = pending;
    pending = [];
    pendingBytes = 0;
    if (!streaming) {
      streaming = true;
      res.status(200).set('Content-Type', 'application/json; charset=utf-8');
      // The log keeps 4 KiB of it: copy no more than twice that (a piece may hold a 5 MB file).
      context(res).streamedBeginning = Buffer.concat(piece, Math.min(8192, pieceLength(piece)));
    }
    await written(res, piece);
  }
  pending.push(Buffer.from(rows === 0 ? '[]' : ']'));
  if (!streaming) return sendSerialized(res, Buffer.concat(pending));
  res.cork();
  for (const part of pending) res.write(part);
  res.end();
}

function pieceLength(piece: readonly Buffer[]): number {
  return piece.reduce((sum, part) => sum + part.length, 0);
}

/** Writes a piece's parts at once; resolves when the connection has taken them or closed, after other work had a turn. */
async function written(res: Response, piece: readonly Buffer[]): Promise<void> {
  res.cork();
  let taken = true;
  for (const part of piece) taken = res.write(part);
  res.uncork();
  if (taken || res.destroyed) return nextTurn();
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

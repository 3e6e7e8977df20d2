import type { Response } from 'express';
import { TOTAL_COUNT_HEADER } from '../../shared/api/types.ts';
import type { JsonListResult, ListResult } from '../store/list-query.ts';

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

export function sendCreated(res: Response, location: string, body: unknown): void {
  res.status(201).location(location).json(body);
}

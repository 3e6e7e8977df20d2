import type { DocumentData, Environment, PayloadEncoding } from '../../shared/api/types.ts';
import type { SecretBox } from '../crypto/secret-box.ts';
import type { Db } from './database.ts';
import type { ExportFilter, ExportRow } from './exports.ts';
import { Filter, type Paging, type Sorting } from './list-query.ts';
import { prepared } from './statements.ts';
import type { Scope } from './scope.ts';

/** Columns sends and receives share: both are one invoice file with the fields read from its XML. */
export interface InvoiceRow {
  id: number;
  account_id: number;
  environment: Environment;
  company_id: number;
  identifier: string | null;
  file_name: string;
  format: string | null;
  encoding: PayloadEncoding;
  payload?: Buffer;
  committente: string | null;
  prestatore: string | null;
  document_number: string | null;
  document_date: string | null;
  documents: string;
  date_sent: string | null;
  last_update: string | null;
  created: string;
  version: number;
}

/** The fields of a new invoice row, as the submission pipeline or the simulated SDI computed them. */
export interface NewInvoice {
  companyId: number;
  identifier: string | null;
  fileName: string;
  format: string | null;
  encoding: PayloadEncoding;
  payload: Uint8Array;
  committente: string | null;
  prestatore: string | null;
  documentNumber: string | null;
  documentDate: string | null;
  documents: DocumentData[];
  dateSent: string | null;
  lastUpdate: string | null;
  created: string;
}

export interface InvoiceListQuery {
  company_id?: number;
  identifier?: string;
  committente?: string;
  prestatore?: string;
  file_name?: string;
  document_number?: string;
  last_update_from?: string;
  last_update_to?: string;
  date_sent_from?: string;
  date_sent_to?: string;
  document_date_from?: string;
  document_date_to?: string;
  q?: string;
  include_payload?: boolean;
  sorting: Sorting | null;
  paging: Paging;
}

export const INVOICE_SORT_COLUMNS = [
  'id',
  'created',
  'document_date',
  'date_sent',
  'last_update',
  'company_id',
] as const;

/** Every column but the payload, which is read only when a caller asks for it. */
export function columnList(all: readonly string[], includePayload: boolean): string {
  return includePayload ? all.join(', ') : all.filter((c) => c !== 'payload').join(', ');
}

export function invoiceFilter(
  scope: Scope,
  query: InvoiceListQuery,
  fts: string,
  nameColumn: string,
): Filter {
  return new Filter(scope)
    .equals('company_id', query.company_id)
    .equals('identifier', query.identifier)
    .equals('committente', query.committente)
    .equals('prestatore', query.prestatore)
    .equals('file_name', query.file_name)
    .equals('document_number', query.document_number)
    .range('last_update', query.last_update_from, query.last_update_to)
    .range('date_sent', query.date_sent_from, query.date_sent_to)
    .range('document_date', query.document_date_from, query.document_date_to)
    .search(
      fts,
      ['committente', 'prestatore', 'identifier', 'file_name', nameColumn, 'document_number'],
      query.q,
    );
}

/**
 * A row as one JSON object built by SQLite, field by field in the order given: a list page is then a join of
 * strings, with no row objects to build and no JSON.stringify (what `toSend`/`toReceive` plus `res.json` would
 * produce, byte for byte). Names and expressions come from our own code.
 */
export function jsonObject(fields: readonly (readonly [name: string, sql: string])[]): string {
  return `json_object(${fields.map(([name, sql]) => `'${name}', ${sql}`).join(', ')})`;
}

/** The JSON fields sends and receives share, in the order of the API's invoice objects, before their own. */
export const INVOICE_JSON_HEAD = [
  ['id', 'id'],
  ['created', 'created'],
  ['version', 'version'],
  ['user_id', 'account_id'],
  ['company_id', 'company_id'],
  ['committente', 'committente'],
  ['prestatore', 'prestatore'],
  ['identifier', 'identifier'],
  ['file_name', 'file_name'],
  ['format', 'format'],
  ['last_update', 'last_update'],
  ['date_sent', 'date_sent'],
  // parseDocuments: an empty list is null.
  ['documents', 'CASE WHEN json_array_length(documents) > 0 THEN json(documents) END'],
  ['encoding', 'encoding'],
] as const;

export function parseDocuments(json: string): DocumentData[] | null {
  const documents = JSON.parse(json) as DocumentData[];
  return documents.length > 0 ? documents : null;
}

/**
 * One page of an export from `sends` or `receives`, by id after `afterId`: file name, decrypted bytes and the
 * owning company's VAT, plus whatever `extra` adds. Pages keep no cursor open between them, so the export can
 * wait on the network in between.
 */
export function exportPage<Extra extends object = object>(
  db: Db,
  box: SecretBox,
  source: { table: 'sends' | 'receives'; payloadLabel: string },
  request: { scope: Scope; filter: ExportFilter; afterId: number; limit: number },
  extra: {
    columns?: string;
    where?: string;
    params?: unknown[];
    map?: (row: Record<string, unknown>) => Extra;
  } = {},
): (ExportRow & Extra)[] {
  const { scope, filter } = request;
  const rows = prepared(
    db,
    `SELECT i.id, i.file_name, i.payload, c.vat${extra.columns ? `, ${extra.columns}` : ''}
     FROM ${source.table} i JOIN companies c ON c.id = i.company_id
     WHERE i.account_id = ? AND i.environment = ? AND i.id > ?
       AND (? IS NULL OR i.company_id = ?)
       AND (? IS NULL OR i.document_date >= ?) AND (? IS NULL OR i.document_date <= ?)
       ${extra.where ? `AND ${extra.where}` : ''}
     ORDER BY i.id LIMIT ?`,
  ).all(
    scope.accountId,
    scope.environment,
    request.afterId,
    filter.companyId,
    filter.companyId,
    filter.from,
    filter.from,
    filter.to,
    filter.to,
    ...(extra.params ?? []),
    request.limit,
  ) as Record<string, unknown>[];
  return rows.map((row) => ({
    id: row.id as number,
    fileName: row.file_name as string,
    vat: row.vat as string,
    bytes: box.open(row.payload as Buffer, source.payloadLabel),
    ...(extra.map ? extra.map(row) : ({} as Extra)),
  }));
}

import type { DocumentData, Environment, PayloadEncoding } from '../../shared/api/types.ts';
import type { SecretBox } from '../crypto/secret-box.ts';
import type { Db } from './database.ts';
import type { ExportFilter, ExportRow } from './exports.ts';
import {
  Filter,
  listJson,
  listRows,
  type JsonListResult,
  type ListResult,
  type Paging,
  type Sorting,
} from './list-query.ts';
import { KeptValues } from './kept-values.ts';
import { renderPayload } from './payload.ts';
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

/** The columns sends and receives share; each table adds its own. */
export const INVOICE_COLUMNS = [
  'id',
  'account_id',
  'environment',
  'company_id',
  'identifier',
  'file_name',
  'format',
  'encoding',
  'payload',
  'committente',
  'prestatore',
  'document_number',
  'document_date',
  'documents',
  'date_sent',
  'last_update',
  'created',
  'version',
] as const;

/** The API fields sends and receives share, in the order of INVOICE_JSON_HEAD; each adds its own after them. */
export function invoiceHead(row: InvoiceRow) {
  return {
    id: row.id,
    created: row.created,
    version: row.version,
    user_id: row.account_id,
    company_id: row.company_id,
    committente: row.committente,
    prestatore: row.prestatore,
    identifier: row.identifier,
    file_name: row.file_name,
    format: row.format,
    last_update: row.last_update,
    date_sent: row.date_sent,
    documents: parseDocuments(row.documents),
    encoding: row.encoding,
  };
}

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

/** One invoice as the API shows it without its payload, serialized (`getJson`). */
export interface InvoiceJson {
  readonly id: number;
  readonly companyId: number;
  /** The JSON object in UTF-8, as it goes out. */
  readonly bytes: Buffer;
}

/** Invoices kept serialized at most, per table (about 600 bytes each). */
const MAX_KEPT_INVOICES = 4096;

/** What tells the sends table from the receives table; everything else about storing an invoice is shared. */
export interface InvoiceTable<Row extends InvoiceRow, Invoice extends { payload?: string }, New, Query> {
  table: 'sends' | 'receives';
  /** Its full-text index, and the party-name column searched with the shared ones. */
  fts: string;
  nameColumn: string;
  /** Every column, payload included, in the order rows are read. */
  columns: readonly string[];
  /** Its API object without the payload, as SQLite builds it for list pages (see `jsonObject`). */
  json: string;
  /** The columns and values of its own that a new row gets, besides the shared ones. */
  ownValues(invoice: New, box: SecretBox): Record<string, unknown>;
  /** Its API object from a row, without the payload (the repository adds it when it was read). */
  toApi(row: Row, box: SecretBox): Invoice;
  /** Its own list filters, after the shared ones. */
  filter(filter: Filter, query: Query): Filter;
}

/**
 * One invoice file and the fields read from it, in `sends` or `receives`: the storage both share. Payloads are
 * sealed at rest (`<table>.payload`) and opened only when a caller asks for them.
 */
export class InvoiceRepository<
  Row extends InvoiceRow,
  Invoice extends { payload?: string },
  New extends NewInvoice,
  Query extends InvoiceListQuery,
> {
  protected readonly payloadLabel: string;
  private readonly keptJson: KeptValues<InvoiceJson>;

  constructor(
    protected readonly db: Db,
    protected readonly box: SecretBox,
    protected readonly spec: InvoiceTable<Row, Invoice, New, Query>,
  ) {
    this.payloadLabel = `${spec.table}.payload`;
    this.keptJson = new KeptValues(db, [spec.table], MAX_KEPT_INVOICES);
  }

  insert(scope: Scope, invoice: New): Invoice {
    const values: Record<string, unknown> = {
      account_id: scope.accountId,
      environment: scope.environment,
      company_id: invoice.companyId,
      identifier: invoice.identifier,
      file_name: invoice.fileName,
      format: invoice.format,
      encoding: invoice.encoding,
      payload: this.box.seal(invoice.payload, this.payloadLabel),
      committente: invoice.committente,
      prestatore: invoice.prestatore,
      document_number: invoice.documentNumber,
      document_date: invoice.documentDate,
      documents: JSON.stringify(invoice.documents),
      date_sent: invoice.dateSent,
      last_update: invoice.lastUpdate,
      created: invoice.created,
      ...this.spec.ownValues(invoice, this.box),
    };
    const columns = Object.keys(values);
    const id = Number(
      prepared(
        this.db,
        `INSERT INTO ${this.spec.table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
      ).run(...Object.values(values)).lastInsertRowid,
    );
    const stored = this.get(scope, id, false);
    if (!stored) throw new Error(`${this.spec.table} ${id} vanished right after its insert`);
    return stored;
  }

  get(scope: Scope, id: number, includePayload: boolean): Invoice | null {
    return this.one(
      `SELECT ${columnList(this.spec.columns, includePayload)} FROM ${this.spec.table}
       WHERE id = ? AND account_id = ? AND environment = ?`,
      id,
      scope.accountId,
      scope.environment,
    );
  }

  /**
   * `get` without the payload, as the JSON `res.json` would send, built by SQLite with the list pages' own
   * expression (`spec.json`) and kept while the table is unchanged: a client polling one invoice for its state
   * reads it again and again. Also its id and company, which the request log notes.
   */
  getJson(scope: Scope, id: number): InvoiceJson | null {
    return this.keptJson.get(`${scope.accountId}\u0000${scope.environment}\u0000${id}`, () => {
      const row = prepared(
        this.db,
        `SELECT id, company_id, ${this.spec.json} AS j FROM ${this.spec.table}
         WHERE id = ? AND account_id = ? AND environment = ?`,
      ).get(id, scope.accountId, scope.environment) as
        { id: number; company_id: number; j: string } | undefined;
      return row
        ? Object.freeze({ id: row.id, companyId: row.company_id, bytes: Buffer.from(row.j, 'utf8') })
        : null;
    });
  }

  /**
   * One invoice as the API shows it without `payload`, with its file opened and the file's encoding: a list page
   * with payloads writes the file's text itself, made on a worker thread (http/responses.ts).
   */
  getWithFile(
    scope: Scope,
    id: number,
  ): { invoice: Invoice; file: Uint8Array; encoding: PayloadEncoding } | null {
    const row = prepared(
      this.db,
      `SELECT ${columnList(this.spec.columns, true)} FROM ${this.spec.table}
       WHERE id = ? AND account_id = ? AND environment = ?`,
    ).get(id, scope.accountId, scope.environment) as Row | undefined;
    if (!row) return null;
    return {
      invoice: this.spec.toApi(row, this.box),
      file: this.box.open(row.payload!, this.payloadLabel),
      encoding: row.encoding,
    };
  }

  /** The invoice file exactly as stored, which is as it was received (see InvoiceFile.bytes): what SDI checks and hashes. */
  fileBytes(scope: Scope, id: number): Buffer | null {
    const row = prepared(
      this.db,
      `SELECT payload FROM ${this.spec.table} WHERE id = ? AND account_id = ? AND environment = ?`,
    ).get(id, scope.accountId, scope.environment) as { payload: Buffer } | undefined;
    return row ? this.box.open(row.payload, this.payloadLabel) : null;
  }

  /**
   * The page `list` returns, as its invoices' ids (and the total), for a page with payloads, whose invoices are then
   * read whole one at a time (`getWithFile`, http/responses.ts). Only ids, because a row keeps the fields after `payload`
   * past the file's overflow pages: reading them for a page of 115 files of 4.8 MB read 550 MB of pages in one go
   * (1.3 s), where the ids and the total come from an index.
   */
  listIds(scope: Scope, query: Query): ListResult<number> {
    const result = listRows<{ id: number }>(
      this.db,
      this.spec.table,
      this.listFilter(scope, query),
      query.sorting,
      query.paging,
      'id',
    );
    return { rows: result.rows.map((row) => row.id), total: result.total };
  }

  list(scope: Scope, query: Query): ListResult<Invoice> {
    const result = listRows<Row>(
      this.db,
      this.spec.table,
      this.listFilter(scope, query),
      query.sorting,
      query.paging,
      columnList(this.spec.columns, query.include_payload === true),
    );
    return { rows: result.rows.map((row) => this.toApi(row)), total: result.total };
  }

  /**
   * The page `list` returns, as the JSON array `res.json` would send, built by SQLite. Not for
   * `include_payload` (the payload is opened and rendered in JS; for receives, reading it marks them read).
   */
  listJson(scope: Scope, query: Query): JsonListResult {
    if (query.include_payload === true) throw new Error('listJson does not render payloads');
    return listJson(
      this.db,
      this.spec.table,
      this.listFilter(scope, query),
      query.sorting,
      query.paging,
      this.spec.json,
    );
  }

  /** A row read by `sql` (which selects this table's columns), as the API shows it. */
  protected one(sql: string, ...params: unknown[]): Invoice | null {
    const row = prepared(this.db, sql).get(...params) as Row | undefined;
    return row ? this.toApi(row) : null;
  }

  protected toApi(row: Row): Invoice {
    const invoice = this.spec.toApi(row, this.box);
    if (row.payload !== undefined) {
      invoice.payload = renderPayload(this.box.open(row.payload, this.payloadLabel), row.encoding);
    }
    return invoice;
  }

  private listFilter(scope: Scope, query: Query): Filter {
    return this.spec.filter(invoiceFilter(scope, query, this.spec.fts, this.spec.nameColumn), query);
  }
}

import type { Receive } from '../../shared/api/types.ts';
import type { SecretBox } from '../crypto/secret-box.ts';
import { renderPayload } from '../domain/payload.ts';
import type { Db } from './database.ts';
import {
  columnList,
  exportPage,
  INVOICE_JSON_HEAD,
  invoiceFilter,
  jsonObject,
  parseDocuments,
  type InvoiceListQuery,
  type InvoiceRow,
  type NewInvoice,
} from './invoices.ts';
import type { ExportFilter, ExportRow } from './exports.ts';
import { listJson, listRows, type JsonListResult, type ListResult } from './list-query.ts';
import type { Scope } from './scope.ts';
import { prepared } from './statements.ts';

interface ReceiveRow extends InvoiceRow {
  nome_prestatore: string | null;
  is_read: 0 | 1;
  message_id: string | null;
}

export interface NewReceive extends NewInvoice {
  nomePrestatore: string | null;
  messageId: string | null;
}

export interface ReceiveListQuery extends InvoiceListQuery {
  unread?: boolean;
}

const COLUMNS = [
  'id',
  'account_id',
  'environment',
  'company_id',
  'identifier',
  'message_id',
  'file_name',
  'format',
  'encoding',
  'payload',
  'committente',
  'prestatore',
  'nome_prestatore',
  'document_number',
  'document_date',
  'documents',
  'is_read',
  'date_sent',
  'last_update',
  'created',
  'version',
] as const;

/** `toReceive` without the payload, in SQL. */
const RECEIVE_JSON = jsonObject([
  ...INVOICE_JSON_HEAD,
  ['nome_prestatore', 'nome_prestatore'],
  ['is_read', "json(CASE WHEN is_read = 1 THEN 'true' ELSE 'false' END)"],
  ['message_id', 'message_id'],
  ['document_number', 'document_number'],
  ['document_date', 'document_date'],
]);

function toReceive(row: ReceiveRow, box: SecretBox): Receive {
  const receive: Receive = {
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
    nome_prestatore: row.nome_prestatore,
    is_read: row.is_read === 1,
    message_id: row.message_id,
    document_number: row.document_number,
    document_date: row.document_date,
  };
  if (row.payload !== undefined)
    receive.payload = renderPayload(box.open(row.payload, PAYLOAD), row.encoding);
  return receive;
}

const PAYLOAD = 'receives.payload';

export class ReceiveRepository {
  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
  ) {}

  insert(scope: Scope, receive: NewReceive): Receive {
    const id = Number(
      prepared(
        this.db,
        `INSERT INTO receives (account_id, environment, company_id, identifier, message_id, file_name, format,
           encoding, payload, committente, prestatore, nome_prestatore, document_number, document_date, documents,
           date_sent, last_update, created)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        scope.accountId,
        scope.environment,
        receive.companyId,
        receive.identifier,
        receive.messageId,
        receive.fileName,
        receive.format,
        receive.encoding,
        this.box.seal(receive.payload, PAYLOAD),
        receive.committente,
        receive.prestatore,
        receive.nomePrestatore,
        receive.documentNumber,
        receive.documentDate,
        JSON.stringify(receive.documents),
        receive.dateSent,
        receive.lastUpdate,
        receive.created,
      ).lastInsertRowid,
    );
    return this.get(scope, id, false)!;
  }

  get(scope: Scope, id: number, includePayload: boolean): Receive | null {
    const row = prepared(
      this.db,
      `SELECT ${columnList(COLUMNS, includePayload)} FROM receives WHERE id = ? AND account_id = ? AND environment = ?`,
    ).get(id, scope.accountId, scope.environment) as ReceiveRow | undefined;
    return row ? toReceive(row, this.box) : null;
  }

  /** One page of a receive export (every received invoice), with its read flag. */
  exportPage(
    scope: Scope,
    filter: ExportFilter,
    afterId: number,
    limit: number,
  ): (ExportRow & { isRead: boolean })[] {
    return exportPage(
      this.db,
      this.box,
      { table: 'receives', payloadLabel: PAYLOAD },
      { scope, filter, afterId, limit },
      { columns: 'i.is_read', map: (row) => ({ isRead: row.is_read === 1 }) },
    );
  }

  list(scope: Scope, query: ReceiveListQuery): ListResult<Receive> {
    const filter = this.listFilter(scope, query);
    const result = listRows<ReceiveRow>(
      this.db,
      'receives',
      filter,
      query.sorting,
      query.paging,
      columnList(COLUMNS, query.include_payload === true),
    );
    return { rows: result.rows.map((row) => toReceive(row, this.box)), total: result.total };
  }

  /**
   * The page `list` returns, as the JSON array `res.json` would send, built by SQLite. Not for
   * `include_payload` (the payload is opened in JS, and reading it marks the invoices read): use `list`.
   */
  listJson(scope: Scope, query: ReceiveListQuery): JsonListResult {
    if (query.include_payload === true) throw new Error('listJson does not render payloads');
    return listJson(
      this.db,
      'receives',
      this.listFilter(scope, query),
      query.sorting,
      query.paging,
      RECEIVE_JSON,
    );
  }

  private listFilter(scope: Scope, query: ReceiveListQuery) {
    const filter = invoiceFilter(scope, query, 'receives_fts', 'nome_prestatore');
    if (query.unread === true) filter.where('is_read = 0');
    return filter;
  }

  /** Marks the invoices read and returns how many were unread until now (each one is an operation). */
  markRead(scope: Scope, ids: readonly number[]): number {
    if (ids.length === 0) return 0;
    return prepared(
      this.db,
      `UPDATE receives SET is_read = 1, version = version + 1
       WHERE is_read = 0 AND account_id = ? AND environment = ? AND id IN (${ids.map(() => '?').join(',')})`,
    ).run(scope.accountId, scope.environment, ...ids).changes;
  }

  delete(scope: Scope, id: number): void {
    prepared(this.db, 'DELETE FROM receives WHERE id = ? AND account_id = ? AND environment = ?').run(
      id,
      scope.accountId,
      scope.environment,
    );
  }
}

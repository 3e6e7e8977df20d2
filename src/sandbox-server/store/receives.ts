import type { Receive } from '../../shared/api/types.ts';
import type { SecretBox } from '../crypto/secret-box.ts';
import type { Db } from './database.ts';
import {
  exportPage,
  INVOICE_COLUMNS,
  INVOICE_JSON_HEAD,
  invoiceHead,
  InvoiceRepository,
  jsonObject,
  type InvoiceListQuery,
  type InvoiceRow,
  type InvoiceTable,
  type NewInvoice,
} from './invoices.ts';
import type { ExportFilter, ExportRow } from './exports.ts';
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

const COLUMNS = [...INVOICE_COLUMNS, 'message_id', 'nome_prestatore', 'is_read'] as const;

/** `toReceive` without the payload, in SQL. */
const RECEIVE_JSON = jsonObject([
  ...INVOICE_JSON_HEAD,
  ['nome_prestatore', 'nome_prestatore'],
  ['is_read', "json(CASE WHEN is_read = 1 THEN 'true' ELSE 'false' END)"],
  ['message_id', 'message_id'],
  ['document_number', 'document_number'],
  ['document_date', 'document_date'],
]);

function toReceive(row: ReceiveRow): Receive {
  return {
    ...invoiceHead(row),
    nome_prestatore: row.nome_prestatore,
    is_read: row.is_read === 1,
    message_id: row.message_id,
    document_number: row.document_number,
    document_date: row.document_date,
  };
}

const RECEIVES: InvoiceTable<ReceiveRow, Receive, NewReceive, ReceiveListQuery> = {
  table: 'receives',
  fts: 'receives_fts',
  nameColumn: 'nome_prestatore',
  columns: COLUMNS,
  json: RECEIVE_JSON,
  ownValues: (receive) => ({ message_id: receive.messageId, nome_prestatore: receive.nomePrestatore }),
  toApi: toReceive,
  filter: (filter, query) => (query.unread === true ? filter.where('is_read = 0') : filter),
};

export class ReceiveRepository extends InvoiceRepository<ReceiveRow, Receive, NewReceive, ReceiveListQuery> {
  constructor(db: Db, box: SecretBox) {
    super(db, box, RECEIVES);
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
      { table: 'receives', payloadLabel: this.payloadLabel },
      { scope, filter, afterId, limit },
      { columns: 'i.is_read', map: (row) => ({ isRead: row.is_read === 1 }) },
    );
  }

  /**
   * Which of these invoices are unread. From the unread index, named so: by the ids alone SQLite would read each
   * row, and a row's `is_read` sits past its file's overflow pages (see InvoiceRepository.listIds).
   */
  unreadAmong(scope: Scope, ids: readonly number[]): number[] {
    if (ids.length === 0) return [];
    return prepared(
      this.db,
      `SELECT id FROM receives INDEXED BY receives_unread
       WHERE account_id = ? AND environment = ? AND is_read = 0 AND id IN (${ids.map(() => '?').join(',')})`,
    )
      .pluck()
      .all(scope.accountId, scope.environment, ...ids) as number[];
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

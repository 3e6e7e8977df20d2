import type { SendReduced, SendState, Update, UpdateError } from '../../shared/api/types.ts';
import type { SecretBox } from '../crypto/secret-box.ts';
import type { Db } from './database.ts';
import { Filter, listRows, type ListResult, type Paging, type Sorting } from './list-query.ts';
import type { Scope } from './scope.ts';
import type { SendRepository } from './sends.ts';
import { prepared } from './statements.ts';

export interface NewUpdate {
  companyId: number;
  sendId: number;
  state: SendState;
  description: string | null;
  messageId: string | null;
  errors: UpdateError[] | null;
  notification: { fileName: string; xml: string } | null;
  at: string;
}

export interface UpdateListQuery {
  company_id?: number;
  send_id?: number;
  state?: SendState;
  unread?: boolean;
  identifier?: string;
  prestatore?: string;
  committente?: string;
  last_update_from?: string;
  last_update_to?: string;
  date_sent_from?: string;
  date_sent_to?: string;
  sorting: Sorting | null;
  paging: Paging;
}

export const UPDATE_SORT_COLUMNS = ['id', 'created', 'last_update', 'company_id', 'send_id'] as const;
/** openapi.yml: `sort` defaults to `last_update`. */
export const UPDATE_DEFAULT_SORTING: Sorting = { column: 'last_update', descending: false };

interface UpdateRow {
  id: number;
  account_id: number;
  company_id: number;
  send_id: number;
  state: SendState;
  description: string | null;
  message_id: string | null;
  errors: string | null;
  is_read: 0 | 1;
  last_update: string;
  created: string;
  version: number;
}

// Never the notification blob: lists and reads of Updates do not decrypt files nobody asked for.
const COLUMNS =
  'id, account_id, company_id, send_id, state, description, message_id, errors, is_read, last_update, created, version';
const NOTIFICATION = 'updates.notification';

/** What an Update carries of a sent invoice that is gone. */
function noSend(): SendReduced {
  return {
    identifier: null,
    prestatore: null,
    meta_data: null,
    documents: null,
    date_sent: null,
    latest_state: null,
  };
}

export class UpdateRepository {
  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
    /** The sent invoices' own columns (some sealed) are read where they are written: in sends.ts. */
    private readonly sends: SendRepository,
  ) {}

  insert(scope: Scope, update: NewUpdate): number {
    const notification = update.notification;
    return Number(
      prepared(
        this.db,
        `INSERT INTO updates (account_id, environment, company_id, send_id, state, description, message_id, errors,
           last_update, created, notification_name, notification)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        scope.accountId,
        scope.environment,
        update.companyId,
        update.sendId,
        update.state,
        update.description,
        update.messageId,
        update.errors === null ? null : JSON.stringify(update.errors),
        update.at,
        update.at,
        notification?.fileName ?? null,
        notification === null ? null : this.box.seal(Buffer.from(notification.xml, 'utf8'), NOTIFICATION),
      ).lastInsertRowid,
    );
  }

  get(scope: Scope, id: number): Update | null {
    const row = prepared(
      this.db,
      `SELECT ${COLUMNS} FROM updates WHERE id = ? AND account_id = ? AND environment = ?`,
    ).get(id, scope.accountId, scope.environment) as UpdateRow | undefined;
    return row ? this.withSends([row])[0]! : null;
  }

  list(scope: Scope, query: UpdateListQuery): ListResult<Update> {
    const filter = new Filter(scope)
      .equals('company_id', query.company_id)
      .equals('send_id', query.send_id)
      .equals('state', query.state)
      .range('last_update', query.last_update_from, query.last_update_to);
    if (query.unread === true) filter.where('is_read = 0');
    const sendFields = [
      query.identifier,
      query.prestatore,
      query.committente,
      query.date_sent_from,
      query.date_sent_to,
    ];
    if (sendFields.some((value) => value !== undefined)) {
      // Filters on the invoice itself narrow the sends first, through their own indexes.
      const sends = new Filter(scope)
        .equals('identifier', query.identifier)
        .equals('prestatore', query.prestatore)
        .equals('committente', query.committente)
        .range('date_sent', query.date_sent_from, query.date_sent_to);
      filter.where(`send_id IN (SELECT id FROM sends WHERE ${sends.sql})`, ...sends.params);
    }
    const result = listRows<UpdateRow>(
      this.db,
      'updates',
      filter,
      query.sorting ?? UPDATE_DEFAULT_SORTING,
      query.paging,
      COLUMNS,
    );
    return { rows: this.withSends(result.rows), total: result.total };
  }

  /** Marks updates read; returns how many were unread. Reading updates is free (openapi.yml "Cost"). */
  markRead(scope: Scope, ids: readonly number[]): number {
    if (ids.length === 0) return 0;
    return prepared(
      this.db,
      `UPDATE updates SET is_read = 1, version = version + 1
       WHERE is_read = 0 AND account_id = ? AND environment = ? AND id IN (${ids.map(() => '?').join(',')})`,
    ).run(scope.accountId, scope.environment, ...ids).changes;
  }

  /** The notification file SDI issued with the update, decrypted; null when it issued none. */
  notification(scope: Scope, id: number): { fileName: string; xml: Buffer } | null {
    const row = prepared(
      this.db,
      `SELECT notification_name, notification FROM updates WHERE id = ? AND account_id = ? AND environment = ?`,
    ).get(id, scope.accountId, scope.environment) as
      { notification_name: string | null; notification: Buffer | null } | undefined;
    if (!row || row.notification_name === null || row.notification === null) return null;
    return { fileName: row.notification_name, xml: this.box.open(row.notification, NOTIFICATION) };
  }

  /** How many notification files SDI has issued about the send: the next file's progressive is this + 1. */
  notificationCount(sendId: number): number {
    return (
      prepared(
        this.db,
        'SELECT count(*) AS n FROM updates WHERE send_id = ? AND notification_name IS NOT NULL',
      ).get(sendId) as { n: number }
    ).n;
  }

  /** The send's updates, oldest first. */
  forSend(scope: Scope, sendId: number): Update[] {
    const rows = prepared(
      this.db,
      `SELECT ${COLUMNS} FROM updates WHERE send_id = ? AND account_id = ? AND environment = ? ORDER BY id`,
    ).all(sendId, scope.accountId, scope.environment) as UpdateRow[];
    return this.withSends(rows);
  }

  private withSends(rows: UpdateRow[]): Update[] {
    if (rows.length === 0) return [];
    const sends = this.sends.reduced([...new Set(rows.map((r) => r.send_id))]);
    return rows.map((row) => ({
      id: row.id,
      created: row.created,
      version: row.version,
      user_id: row.account_id,
      company_id: row.company_id,
      send_id: row.send_id,
      last_update: row.last_update,
      state: row.state,
      description: row.description,
      message_id: row.message_id,
      errors: row.errors === null ? null : (JSON.parse(row.errors) as UpdateError[]),
      is_read: row.is_read === 1,
      send: sends.get(row.send_id) ?? noSend(),
    }));
  }
}

import type { WebHook, WebHookHistory } from '../../shared/api/types.ts';
import type { WebhookDelivery } from '../../shared/api/webhook-delivery.ts';
import type { SecretBox } from '../crypto/secret-box.ts';
import type { Db } from './database.ts';
import { Filter, listRows, type ListResult, type Paging, type Sorting } from './list-query.ts';
import type { Scope } from './scope.ts';
import { openText, sealText } from './sealed-columns.ts';
import { prepared } from './statements.ts';

interface WebhookRow {
  id: number;
  account_id: number;
  company_id: number | null;
  url: string;
  enabled: 0 | 1;
  secret: Buffer;
  description: string | null;
  events: string | null;
  failing_since: string | null;
  failure_notified_at: string | null;
  created: string;
  version: number;
}

interface HistoryRow {
  id: number;
  webhook_id: number;
  account_id: number;
  event: string | null;
  status_code: number;
  error: Buffer | string | null;
  date_time: string;
  success: 0 | 1;
  created: string;
  version: number;
  request_body?: Buffer | null;
  response_body?: Buffer | null;
  duration_ms?: number | null;
  redelivery_of?: number | null;
}

export interface WebhookFields {
  company_id: number | null;
  url: string;
  enabled: boolean;
  description: string | null;
  events: string[] | null;
}

export interface WebhookListQuery {
  company_id?: number;
  description?: string;
  enabled?: boolean;
  events?: string;
  url?: string;
  sorting: Sorting | null;
  paging: Paging;
}

/** A webhook as the delivery needs it: with its secret opened and its failure streak. */
export interface WebhookTarget {
  webhook: WebHook;
  secret: string;
  failingSince: string | null;
}

export const WEBHOOK_SORT_COLUMNS = ['id', 'created', 'url', 'company_id'] as const;
export const HISTORY_SORT_COLUMNS = ['id', 'created', 'date_time', 'status_code'] as const;
const SECRET = 'webhooks.secret';

function toWebhook(row: WebhookRow): WebHook {
  return {
    id: row.id,
    created: row.created,
    version: row.version,
    user_id: row.account_id,
    company_id: row.company_id,
    url: row.url,
    enabled: row.enabled === 1,
    description: row.description,
    events: row.events === null ? null : (JSON.parse(row.events) as string[]),
    failure_notified_at: row.failure_notified_at,
  };
}

/** The delivery history's filters in the local sandbox's view of it (`GET /_sandbox/webhookhistory`). */
export interface DeliveryListQuery {
  webhook_id?: number;
  success?: boolean;
  event?: string;
  sorting: Sorting | null;
  paging: Paging;
}

function toDelivery(row: HistoryRow, box: SecretBox): WebhookDelivery {
  return {
    ...toHistory(row, box),
    request_body: openText(box, row.request_body ?? null, 'webhook_history.request_body'),
    response_body: openText(box, row.response_body ?? null, 'webhook_history.response_body'),
    duration_ms: row.duration_ms ?? null,
    redelivery_of: row.redelivery_of ?? null,
  };
}

function toHistory(row: HistoryRow, box: SecretBox): WebHookHistory {
  return {
    id: row.id,
    created: row.created,
    version: row.version,
    web_hook_id: row.webhook_id,
    user_id: row.account_id,
    event: row.event,
    status_code: row.status_code,
    error: openText(box, row.error, 'webhook_history.error'),
    date_time: row.date_time,
    success: row.success === 1,
  };
}

export class WebhookRepository {
  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
  ) {}

  insert(scope: Scope, fields: WebhookFields, secret: string, now: string): WebHook {
    const id = Number(
      prepared(
        this.db,
        `INSERT INTO webhooks (account_id, environment, company_id, url, enabled, secret, description, events, created)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        scope.accountId,
        scope.environment,
        fields.company_id,
        fields.url,
        fields.enabled ? 1 : 0,
        this.box.seal(Buffer.from(secret, 'utf8'), SECRET),
        fields.description,
        fields.events === null ? null : JSON.stringify(fields.events),
        now,
      ).lastInsertRowid,
    );
    return this.get(scope, id)!;
  }

  get(scope: Scope, id: number): WebHook | null {
    const row = this.row(scope, id);
    return row ? toWebhook(row) : null;
  }

  /** Re-enabling a webhook forgives its failure streak: the 7-day count starts again. */
  update(scope: Scope, id: number, fields: WebhookFields): WebHook {
    prepared(
      this.db,
      `UPDATE webhooks SET company_id = ?, url = ?, description = ?, events = ?,
         failing_since = CASE WHEN ? = 1 AND enabled = 0 THEN NULL ELSE failing_since END,
         enabled = ?, version = version + 1
       WHERE id = ? AND account_id = ? AND environment = ?`,
    ).run(
      fields.company_id,
      fields.url,
      fields.description,
      fields.events === null ? null : JSON.stringify(fields.events),
      fields.enabled ? 1 : 0,
      fields.enabled ? 1 : 0,
      id,
      scope.accountId,
      scope.environment,
    );
    return this.get(scope, id)!;
  }

  delete(scope: Scope, id: number): void {
    prepared(this.db, 'DELETE FROM webhooks WHERE id = ? AND account_id = ? AND environment = ?').run(
      id,
      scope.accountId,
      scope.environment,
    );
  }

  /** How many webhooks the scope has (the per-account cap). */
  count(scope: Scope): number {
    return (
      prepared(this.db, 'SELECT count(*) AS n FROM webhooks WHERE account_id = ? AND environment = ?').get(
        scope.accountId,
        scope.environment,
      ) as { n: number }
    ).n;
  }

  list(scope: Scope, query: WebhookListQuery): ListResult<WebHook> {
    const filter = new Filter(scope)
      .equals('company_id', query.company_id)
      .contains('description', query.description)
      .contains('url', query.url)
      .contains('events', query.events);
    if (query.enabled !== undefined) filter.where('enabled = ?', query.enabled ? 1 : 0);
    const result = listRows<WebhookRow>(this.db, 'webhooks', filter, query.sorting, query.paging);
    return { rows: result.rows.map(toWebhook), total: result.total };
  }

  /** Enabled webhooks of the scope that listen to events of this company (or of every company). */
  listeners(scope: Scope, companyId: number | null): WebHook[] {
    const rows = prepared(
      this.db,
      `SELECT * FROM webhooks WHERE account_id = ? AND environment = ? AND enabled = 1
         AND (company_id IS NULL OR company_id = ?) ORDER BY id`,
    ).all(scope.accountId, scope.environment, companyId) as WebhookRow[];
    return rows.map(toWebhook);
  }

  target(scope: Scope, id: number): WebhookTarget | null {
    const row = this.row(scope, id);
    if (!row) return null;
    return {
      webhook: toWebhook(row),
      secret: this.box.open(row.secret, SECRET).toString('utf8'),
      failingSince: row.failing_since,
    };
  }

  /**
   * An attempt's outcome on the webhook: a success ends the failure streak and clears `failure_notified_at`; the
   * attempt that disables the webhook is when its owner is told, which `failure_notified_at` records (openapi.yml
   * `WebHook`: "reset to null on successful delivery"; re-enabling leaves it until then).
   */
  recordOutcome(scope: Scope, id: number, success: boolean, at: string, disable: boolean): void {
    prepared(
      this.db,
      `UPDATE webhooks SET
         failing_since = CASE WHEN ? = 1 THEN NULL ELSE coalesce(failing_since, ?) END,
         failure_notified_at = CASE WHEN ? = 1 THEN NULL WHEN ? = 1 THEN ? ELSE failure_notified_at END,
         enabled = CASE WHEN ? = 1 THEN 0 ELSE enabled END
       WHERE id = ? AND account_id = ? AND environment = ?`,
    ).run(
      success ? 1 : 0,
      at,
      success ? 1 : 0,
      disable ? 1 : 0,
      at,
      disable ? 1 : 0,
      id,
      scope.accountId,
      scope.environment,
    );
  }

  insertHistory(
    scope: Scope,
    entry: {
      webhookId: number;
      event: string | null;
      statusCode: number;
      error: string | null;
      dateTime: string;
      requestBody?: string | null;
      responseBody?: string | null;
      durationMs?: number | null;
      /** The delivery this one sends again by hand. */
      redeliveryOf?: number | null;
    },
  ): number {
    const result = prepared(
      this.db,
      `INSERT INTO webhook_history (webhook_id, account_id, environment, event, status_code, error, date_time, success, created,
         request_body, response_body, duration_ms, redelivery_of)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      entry.webhookId,
      scope.accountId,
      scope.environment,
      entry.event,
      entry.statusCode,
      sealText(this.box, entry.error, 'webhook_history.error'),
      entry.dateTime,
      entry.statusCode >= 200 && entry.statusCode < 300 ? 1 : 0,
      entry.dateTime,
      sealText(this.box, entry.requestBody ?? null, 'webhook_history.request_body'),
      sealText(this.box, entry.responseBody ?? null, 'webhook_history.response_body'),
      entry.durationMs ?? null,
      entry.redeliveryOf ?? null,
    );
    return Number(result.lastInsertRowid);
  }

  /** One delivery with its bodies, as `GET /_sandbox/webhookhistory` lists it. */
  delivery(scope: Scope, id: number): WebhookDelivery | null {
    const row = prepared(
      this.db,
      'SELECT * FROM webhook_history WHERE id = ? AND account_id = ? AND environment = ?',
    ).get(id, scope.accountId, scope.environment) as HistoryRow | undefined;
    return row ? toDelivery(row, this.box) : null;
  }

  /** The history with bodies and durations, filtered by webhook, outcome and event. */
  deliveries(scope: Scope, query: DeliveryListQuery): ListResult<WebhookDelivery> {
    const filter = new Filter(scope).equals('webhook_id', query.webhook_id).equals('event', query.event);
    if (query.success !== undefined) filter.where('success = ?', query.success ? 1 : 0);
    const result = listRows<HistoryRow>(this.db, 'webhook_history', filter, query.sorting, query.paging);
    return { rows: result.rows.map((r) => toDelivery(r, this.box)), total: result.total };
  }

  history(
    scope: Scope,
    query: { webhook_id?: number; sorting: Sorting | null; paging: Paging },
  ): ListResult<WebHookHistory> {
    const filter = new Filter(scope).equals('webhook_id', query.webhook_id);
    const result = listRows<HistoryRow>(this.db, 'webhook_history', filter, query.sorting, query.paging);
    return { rows: result.rows.map((r) => toHistory(r, this.box)), total: result.total };
  }

  historyEntry(scope: Scope, id: number): WebHookHistory | null {
    const row = prepared(
      this.db,
      'SELECT * FROM webhook_history WHERE id = ? AND account_id = ? AND environment = ?',
    ).get(id, scope.accountId, scope.environment) as HistoryRow | undefined;
    return row ? toHistory(row, this.box) : null;
  }

  private row(scope: Scope, id: number): WebhookRow | undefined {
    return prepared(
      this.db,
      'SELECT * FROM webhooks WHERE id = ? AND account_id = ? AND environment = ?',
    ).get(id, scope.accountId, scope.environment) as WebhookRow | undefined;
  }
}

import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { LogEvent } from '../../shared/api/types.ts';
import type { SecretBox } from '../crypto/secret-box.ts';
import type { Db } from './database.ts';
import { Filter, listRows, type ListResult, type Paging, type Sorting } from './list-query.ts';
import type { Scope } from './scope.ts';
import { openText, sealText } from './sealed-columns.ts';
import { prepared } from './statements.ts';

interface EventRow {
  id: number;
  account_id: number;
  api_key_id: number;
  company_id: number | null;
  method: string;
  endpoint: string;
  api_version: number;
  status_code: number;
  success: 0 | 1;
  date_time: string;
  error: Buffer | string | null;
  resource_id: number | null;
  user_agent: Buffer | string | null;
  query: Buffer | string | null;
  response_body: Buffer | null;
  created: string;
  version: number;
}

export interface NewEvent {
  apiKeyId: number;
  companyId: number | null;
  method: string;
  endpoint: string;
  apiVersion: number;
  statusCode: number;
  dateTime: string;
  error: string | null;
  resourceId: number | null;
  userAgent: string | null;
  query: string | null;
  responseBody: string | null;
}

export interface EventListQuery {
  company_id?: number;
  endpoint?: string;
  method?: string;
  api_verion?: number;
  status_code?: number;
  date_created_from?: string;
  date_created_to?: string;
  date_time_from?: string;
  date_time_to?: string;
  success?: boolean;
  user_agent?: string;
  query?: string;
  sorting: Sorting | null;
  paging: Paging;
}

export const EVENT_SORT_COLUMNS = ['id', 'created', 'date_time', 'status_code', 'company_id'] as const;

function toEvent(row: EventRow, box: SecretBox): LogEvent {
  return {
    id: row.id,
    created: row.created,
    version: row.version,
    user_id: row.account_id,
    api_key_id: row.api_key_id,
    company_id: row.company_id,
    method: row.method,
    endpoint: row.endpoint,
    api_version: row.api_version,
    status_code: row.status_code,
    date_time: row.date_time,
    error: openText(box, row.error, 'events.error'),
    resource_id: row.resource_id,
    user_agent: openText(box, row.user_agent, 'events.user_agent'),
    success: row.success === 1,
    query: openText(box, row.query, 'events.query'),
    response_body: row.response_body === null ? null : openBody(row.response_body, box),
  };
}

const RESPONSE_BODY = 'events.response_body';
/** Bodies above this are deflated before sealing (JSON shrinks several times); the label tells which. */
const DEFLATE_FROM_BYTES = 512;
const RESPONSE_BODY_DEFLATED = 'events.response_body.deflate-raw';

function sealBody(body: string, box: SecretBox): Buffer {
  const bytes = Buffer.from(body, 'utf8');
  if (bytes.length < DEFLATE_FROM_BYTES) return box.seal(bytes, RESPONSE_BODY);
  return box.seal(deflateRawSync(bytes), RESPONSE_BODY_DEFLATED);
}

function openBody(sealed: Buffer, box: SecretBox): string {
  // The label is authenticated: a body sealed as deflated never opens as plain, and the other way round.
  let plain: Buffer;
  try {
    plain = inflateRawSync(box.open(sealed, RESPONSE_BODY_DEFLATED));
  } catch {
    plain = box.open(sealed, RESPONSE_BODY);
  }
  return plain.toString('utf8');
}

export class EventRepository {
  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
  ) {}

  insert(scope: Scope, event: NewEvent): number {
    return Number(
      prepared(
        this.db,
        `INSERT INTO events (account_id, environment, api_key_id, company_id, method, endpoint, api_version,
           status_code, success, date_time, error, resource_id, user_agent, query, response_body, created)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        scope.accountId,
        scope.environment,
        event.apiKeyId,
        event.companyId,
        event.method,
        event.endpoint,
        event.apiVersion,
        event.statusCode,
        event.statusCode < 400 ? 1 : 0,
        event.dateTime,
        sealText(this.box, event.error, 'events.error'),
        event.resourceId,
        sealText(this.box, event.userAgent, 'events.user_agent'),
        sealText(this.box, event.query, 'events.query'),
        event.responseBody === null ? null : sealBody(event.responseBody, this.box),
        event.dateTime,
      ).lastInsertRowid,
    );
  }

  get(scope: Scope, id: number): LogEvent | null {
    const row = prepared(
      this.db,
      'SELECT * FROM events WHERE id = ? AND account_id = ? AND environment = ?',
    ).get(id, scope.accountId, scope.environment) as EventRow | undefined;
    return row ? toEvent(row, this.box) : null;
  }

  list(scope: Scope, query: EventListQuery): ListResult<LogEvent> {
    const filter = new Filter(scope)
      .equals('company_id', query.company_id)
      .contains('endpoint', query.endpoint)
      .equals('api_version', query.api_verion)
      .equals('status_code', query.status_code)
      .range('created', query.date_created_from, query.date_created_to)
      .range('date_time', query.date_time_from, query.date_time_to)
      // Sealed columns: the substring filters read them through sealed_text() (sealed-columns.ts).
      .contains("sealed_text(user_agent, 'events.user_agent')", query.user_agent)
      .contains("sealed_text(query, 'events.query')", query.query);
    if (query.method !== undefined) filter.where('method = ?', query.method.toUpperCase());
    if (query.success !== undefined) filter.where('success = ?', query.success ? 1 : 0);
    const result = listRows<EventRow>(this.db, 'events', filter, query.sorting, query.paging);
    return { rows: result.rows.map((row) => toEvent(row, this.box)), total: result.total };
  }
}

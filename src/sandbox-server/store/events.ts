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
  fault: string | null;
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
  /** An injected fault's mark (JSON of a FaultMark), null for a request served as it came. */
  fault?: string | null;
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
  /** The local sandbox's log view (`/_sandbox/log`) adds these: a status range, e.g. 400–499… */
  status_from?: number;
  status_to?: number;
  /** …entries whose user agent is exactly this one, or all but those (the caller's own calls)… */
  user_agent_is?: string | null;
  user_agent_is_not?: string | null;
  /** …entries newer than this id (a tail), and none whose endpoint starts so (the log view's own reads). */
  id_after?: number;
  endpoint_not_under?: string;
  /** The log view's entries carry the mark of an injected fault (`fault`). */
  with_fault?: boolean;
  sorting: Sorting | null;
  paging: Paging;
}

export const EVENT_SORT_COLUMNS = ['id', 'created', 'date_time', 'status_code', 'company_id'] as const;

function toEvent(row: EventRow, box: SecretBox, withFault = false): LogEvent & { fault?: unknown } {
  const event: LogEvent & { fault?: unknown } = {
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
  // Only the sandbox's log view shows it: /v1/log answers as the published LogEvent has it.
  if (withFault && row.fault !== null) event.fault = JSON.parse(row.fault) as unknown;
  return event;
}

const RESPONSE_BODY = 'events.response_body';
/**
 * Bodies from this size on are deflated before sealing (JSON shrinks several times); the label tells which.
 * Below it deflating does not pay: a single invoice's 520-byte answer costs about 18 µs to deflate (some 6 % of
 * the whole request) to save about 230 bytes.
 */
const DEFLATE_FROM_BYTES = 1024;
const RESPONSE_BODY_DEFLATED = 'events.response_body.deflate-raw';
/**
 * Level 1 with a 4 KiB window: a logged read is cut at 4 KiB, and on such bodies this takes about half the time
 * of the defaults for a few per cent more bytes (bench/results.md). Any raw deflate stream opens with the
 * default inflater, so bodies stored before this change read as before.
 */
const DEFLATE_OPTIONS = { level: 1, windowBits: 12, memLevel: 8 } as const;

/**
 * The deflated form of the last few bodies logged. A client polling a list gets the same page (from the list
 * cache) again and again, and the log keeps the same 4 KiB beginning of it each time: finding it here costs a
 * string comparison, deflating it again some 15 µs (5 % of such a read). Only the compression is reused; each
 * entry is still sealed on its own, with its own IV.
 */
class RecentDeflates {
  private static readonly MAX = 32;
  private readonly deflated = new Map<string, Buffer>();

  of(body: string, bytes: Buffer): Buffer {
    let compressed = this.deflated.get(body);
    if (compressed) {
      // Most recently used last: the oldest is the one dropped.
      this.deflated.delete(body);
    } else {
      compressed = deflateRawSync(bytes, DEFLATE_OPTIONS);
      if (this.deflated.size >= RecentDeflates.MAX) this.deflated.delete(this.deflated.keys().next().value!);
    }
    this.deflated.set(body, compressed);
    return compressed;
  }
}

function sealBody(body: string, box: SecretBox, recent: RecentDeflates): Buffer {
  const bytes = Buffer.from(body, 'utf8');
  if (bytes.length < DEFLATE_FROM_BYTES) return box.seal(bytes, RESPONSE_BODY);
  return box.seal(recent.of(body, bytes), RESPONSE_BODY_DEFLATED);
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

/** Told once an entry queued with `EventRepository.record` is committed (its id), or could not be (the error). */
export type EventCommitted = (outcome: { id: number } | { error: unknown }) => void;

interface PendingEvent {
  scope: Scope;
  event: NewEvent;
  committed: EventCommitted;
}

/**
 * The request log. Every entry is committed before its response's first byte leaves, so whatever a client saw
 * acknowledged is in the log even if the process is killed right after (http/event-log.ts). Entries come in
 * two ways:
 *
 * - `record` (group commit, the common case: a response sent whole): the entry waits, with its response, for
 *   the end of the event-loop turn; every entry queued in that turn is then written in one transaction, and only
 *   after that commit does each response go out (`committed`). One commit per turn instead of one per request,
 *   and the log's promise is unchanged: no response leaves before its entry is durable. What a crash can lose is
 *   what it could lose before: entries of responses not yet sent, which no client saw acknowledged; and, as for
 *   every write here (synchronous = NORMAL in WAL mode, database.ts), an operating-system crash or power loss can
 *   lose the last commits, a kill of the process cannot. A clean shutdown loses nothing: the server closes the
 *   database only after every connection has closed, which a waiting response's does only after its commit;
 *   `flush` is there for anything else that must see the log complete.
 * - `insert` (one commit now): for responses streamed out (exports, downloads), whose headers leave when the
 *   first chunk is written.
 */
export class EventRepository {
  private pending: PendingEvent[] = [];
  private flushScheduled = false;
  private readonly recentDeflates = new RecentDeflates();

  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
  ) {}

  /** Queues an entry for this turn's group commit; `committed` runs after it (see the class comment). */
  record(scope: Scope, event: NewEvent, committed: EventCommitted): void {
    this.pending.push({ scope, event, committed });
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => this.flush());
  }

  /**
   * Commits the queued entries in one transaction, then tells each caller. If the group cannot commit as one
   * (an entry's company was deleted by its own request, the disk is full), each entry is tried on its own, so
   * one bad entry costs only itself; an entry that still fails is reported to its caller, whose response goes
   * out anyway (the log must never fail a response).
   */
  flush(): void {
    this.flushScheduled = false;
    const batch = this.pending;
    if (batch.length === 0) return;
    this.pending = [];
    let outcomes: ({ id: number } | { error: unknown })[];
    try {
      outcomes = this.db.transaction(() =>
        batch.map(({ scope, event }) => ({ id: this.insert(scope, event) })),
      )();
    } catch {
      outcomes = batch.map(({ scope, event }) => {
        try {
          return { id: this.insert(scope, event) };
        } catch (error) {
          return { error };
        }
      });
    }
    // Every waiting response must go out: one caller's failure does not hold back the others.
    const failures: unknown[] = [];
    for (const [i, { committed }] of batch.entries()) {
      try {
        committed(outcomes[i]!);
      } catch (error) {
        failures.push(error);
      }
    }
    if (failures.length > 0) throw failures[0];
  }

  insert(scope: Scope, event: NewEvent): number {
    return Number(
      prepared(
        this.db,
        `INSERT INTO events (account_id, environment, api_key_id, company_id, method, endpoint, api_version,
           status_code, success, date_time, error, resource_id, user_agent, query, response_body, created, fault)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
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
        event.responseBody === null ? null : sealBody(event.responseBody, this.box, this.recentDeflates),
        event.dateTime,
        event.fault ?? null,
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
    if (query.status_from !== undefined) filter.where('status_code >= ?', query.status_from);
    if (query.status_to !== undefined) filter.where('status_code <= ?', query.status_to);
    if (query.user_agent_is !== undefined)
      filter.where("sealed_text(user_agent, 'events.user_agent') IS ?", query.user_agent_is);
    if (query.user_agent_is_not !== undefined)
      filter.where("sealed_text(user_agent, 'events.user_agent') IS NOT ?", query.user_agent_is_not);
    if (query.id_after !== undefined) filter.where('id > ?', query.id_after);
    if (query.endpoint_not_under !== undefined)
      filter.where('substr(endpoint, 1, length(?)) <> ?', query.endpoint_not_under, query.endpoint_not_under);
    const result = listRows<EventRow>(this.db, 'events', filter, query.sorting, query.paging);
    return { rows: result.rows.map((row) => toEvent(row, this.box, query.with_fault)), total: result.total };
  }
}

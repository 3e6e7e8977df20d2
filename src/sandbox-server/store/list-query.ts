import type { Db } from './database.ts';
import type { Scope } from './scope.ts';
import { prepared } from './statements.ts';

export interface Paging {
  page: number;
  pageSize: number;
}

export interface Sorting {
  column: string;
  descending: boolean;
}

export interface ListResult<Row> {
  rows: Row[];
  total: number;
}

/** A list page already serialized: a JSON array of the page's objects. */
export interface JsonListResult {
  json: string;
  total: number;
}

/** A string as one FTS5 phrase. */
function ftsPhrase(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

/**
 * Accumulates the WHERE clause of a list query from optional filters, always starting from the caller's scope.
 * Column names come from our own code, never from a request, so they are safe to interpolate.
 */
export class Filter {
  private readonly clauses: string[] = [];
  readonly params: unknown[] = [];
  /** Whether a full-text search narrows the list; see `listRows` for why it matters. */
  searching = false;

  constructor(scope: Scope) {
    this.where('account_id = ? AND environment = ?', scope.accountId, scope.environment);
  }

  where(sql: string, ...params: unknown[]): this {
    this.clauses.push(sql);
    this.params.push(...params);
    return this;
  }

  equals(column: string, value: string | number | undefined): this {
    return value === undefined ? this : this.where(`${column} = ?`, value);
  }

  /** Case-insensitive substring match, for free-form text filters such as a user agent. */
  contains(column: string, value: string | undefined): this {
    return value === undefined ? this : this.where(`instr(lower(${column}), lower(?)) > 0`, value);
  }

  range(column: string, from: string | undefined, to: string | undefined): this {
    if (from !== undefined) this.where(`${column} >= ?`, from);
    if (to !== undefined) this.where(`${column} <= ?`, to);
    return this;
  }

  anyOf(column: string, values: readonly number[] | undefined): this {
    if (values === undefined) return this;
    if (values.length === 0) return this.where('0');
    return this.where(`${column} IN (${values.map(() => '?').join(',')})`, ...values);
  }

  /**
   * Free-text search through a trigram FTS5 index: `columns` must be the index's columns. Trigrams need at
   * least three characters; shorter queries fall back to a substring scan of the same columns, which is cheap
   * because they are rare.
   */
  search(ftsTable: string, columns: readonly string[], q: string | undefined): this {
    if (q === undefined || q.trim() === '') return this;
    const text = q.trim();
    this.searching = true;
    if ([...text].length >= 3) {
      return this.where(`id IN (SELECT rowid FROM ${ftsTable} WHERE ${ftsTable} MATCH ?)`, ftsPhrase(text));
    }
    const any = columns.map((c) => `instr(lower(coalesce(${c}, '')), lower(?)) > 0`).join(' OR ');
    return this.where(`(${any})`, ...columns.map(() => text));
  }

  get sql(): string {
    return this.clauses.join(' AND ');
  }
}

export function listRows<Row>(
  db: Db,
  table: string,
  filter: Filter,
  sorting: Sorting | null,
  paging: Paging,
  columns = '*',
): ListResult<Row> {
  const where = filter.sql;
  const direction = sorting?.descending ? 'DESC' : 'ASC';
  // Ties are broken by id so that pages never repeat or skip a row.
  const order = sorting ? `${sorting.column} ${direction}, id ${direction}` : 'id ASC';
  const offset = (paging.page - 1) * paging.pageSize;
  if (filter.searching) {
    // A search is the costly part of the query: evaluate it once, counting with a window function, instead of
    // once for the count and once more for the page. The window keeps every match until the page is cut, so it
    // carries ids only; the page's columns (a JSON object, or a payload) are read for the page's rows alone.
    const rows = prepared(
      db,
      `SELECT ${columns === '*' ? `${table}.*` : columns}, page.total_count FROM (
         SELECT id AS page_id, count(*) OVER () AS total_count FROM ${table} WHERE ${where}
         ORDER BY ${order} LIMIT ? OFFSET ?
       ) AS page JOIN ${table} ON ${table}.id = page.page_id
       ORDER BY ${order}`,
    ).all(...filter.params, paging.pageSize, offset) as (Row & { total_count: number })[];
    if (rows.length > 0 || paging.page === 1) {
      const total = rows[0]?.total_count ?? 0;
      for (const row of rows) delete (row as { total_count?: number }).total_count;
      return { rows, total };
    }
  }
  const total = (
    prepared(db, `SELECT count(*) AS n FROM ${table} WHERE ${where}`).get(...filter.params) as { n: number }
  ).n;
  if (total === 0 || offset >= total) return { rows: [], total };
  const rows = prepared(
    db,
    `SELECT ${columns} FROM ${table} WHERE ${where} ORDER BY ${order} LIMIT ? OFFSET ?`,
  ).all(...filter.params, paging.pageSize, offset) as Row[];
  return { rows, total };
}

/**
 * `listRows` with each row serialized by SQLite (`jsonObject` in `rowJson`), joined into the page's JSON
 * array. Same filter, order, paging and total as `listRows`, so the same page.
 */
export function listJson(
  db: Db,
  table: string,
  filter: Filter,
  sorting: Sorting | null,
  paging: Paging,
  rowJson: string,
): JsonListResult {
  const { rows, total } = listRows<{ j: string }>(db, table, filter, sorting, paging, `${rowJson} AS j`);
  let json = '[';
  for (let i = 0; i < rows.length; i++) json += i === 0 ? rows[i]!.j : `,${rows[i]!.j}`;
  return { json: `${json}]`, total };
}

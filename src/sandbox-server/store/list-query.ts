import type { Db } from './database.ts';
import type { Scope } from './scope.ts';
import { TableChanges } from './table-changes.ts';
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

/**
 * A list page already serialized: a JSON array of the page's objects, in UTF-8 as it goes out. Kept as bytes, so
 * a page read again is written as it is instead of being encoded again (tens of KB for 100 rows).
 */
export interface JsonListResult {
  bytes: Buffer;
  total: number;
}

/** A string as one FTS5 phrase. */
function ftsPhrase(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

/** A full-text search waiting for the database, which decides how to run it (`fullTextClause`). */
export interface FullTextSearch {
  ftsTable: string;
  columns: readonly string[];
  text: string;
}

/**
 * Accumulates the WHERE clause of a list query from optional filters, always starting from the caller's scope.
 * Column names come from our own code, never from a request, so they are safe to interpolate.
 */
export class Filter {
  private readonly clauses: string[] = [];
  private readonly clauseParams: unknown[] = [];
  private fullText: FullTextSearch | null = null;
  /** `identity` and the tables read, worked out once per filter (a request asks several times). */
  private described: { identity: string; tables: Map<string, readonly string[]> } | null = null;
  /** Whether a full-text search narrows the list; see `listRows` for why it matters. */
  searching = false;

  constructor(scope: Scope) {
    this.where('account_id = ? AND environment = ?', scope.accountId, scope.environment);
  }

  where(sql: string, ...params: unknown[]): this {
    this.described = null;
    this.clauses.push(sql);
    this.clauseParams.push(...params);
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
   * Free-text search through a trigram FTS5 index: `columns` must be the index's columns, and a row matches
   * when one of them contains the text, ignoring case (the index's case folding). Trigrams need at least three
   * characters; shorter queries fall back to a substring scan of the same columns, which is cheap because they
   * are rare. How a longer one runs is decided with the database at hand (`resolve`, `fullTextClause`).
   */
  search(ftsTable: string, columns: readonly string[], q: string | undefined): this {
    if (q === undefined || q.trim() === '') return this;
    const text = q.trim();
    this.searching = true;
    if ([...text].length >= 3) {
      this.described = null;
      this.fullText = { ftsTable, columns, text };
      return this;
    }
    const any = columns.map((c) => `instr(lower(coalesce(${c}, '')), lower(?)) > 0`).join(' OR ');
    return this.where(`(${any})`, ...columns.map(() => text));
  }

  /** A description two filters share exactly when they select the same rows (for ListCache). */
  get identity(): string {
    this.described ??= {
      identity: JSON.stringify([this.clauses, this.clauseParams, this.fullText]),
      tables: new Map(),
    };
    return this.described.identity;
  }

  /** The tables a list of `table` with this filter reads: those its clauses name, the searched one's too. */
  tablesRead(table: string): readonly string[] {
    const identity = this.identity;
    const known = this.described!.tables.get(table);
    if (known) return known;
    const tables = new Set([table]);
    for (const match of identity.matchAll(/\b(?:FROM|JOIN)\s+(\w+)/gi)) {
      tables.add(match[1]!.replace(/_fts$/, ''));
    }
    if (this.fullText) tables.add(this.fullText.ftsTable.replace(/_fts$/, ''));
    const read = [...tables];
    this.described!.tables.set(table, read);
    return read;
  }

  /** The WHERE clause and its parameters, the full-text search (if any) included. */
  resolve(db: Db): { sql: string; params: unknown[] } {
    const sql = this.clauses.join(' AND ');
    if (!this.fullText) return { sql, params: this.clauseParams };
    const search = fullTextClause(db, this.fullText);
    return { sql: `${sql} AND ${search.sql}`, params: [...this.clauseParams, ...search.params] };
  }

  /** The clause without a full-text search, which needs the database: see `resolve`. */
  get sql(): string {
    if (this.fullText) throw new Error('a full-text search is resolved with the database: use resolve(db)');
    return this.clauses.join(' AND ');
  }

  get params(): unknown[] {
    if (this.fullText) throw new Error('a full-text search is resolved with the database: use resolve(db)');
    return this.clauseParams;
  }
}

/** Below this many rows (by the largest id) a phrase query is cheap enough as it is: no probing. */
const PROBE_FROM_ROWS = 20_000;
/** How many of a trigram's rows a probe reads to estimate how many hold it. */
const PROBE_ROWS = 64;
/** At most this many trigrams are probed, at most this many used to narrow a search. */
const MAX_PROBES = 16;
const MAX_NARROWING = 3;
/** A trigram estimated in more rows than this (of every 1,000) does not narrow a search enough to help. */
const NARROWING_PER_MILLE = 100;
/** Probing stops once MAX_NARROWING trigrams are each in at most this many rows of every 1,000. */
const ENOUGH_PER_MILLE = 10;
/** Longer texts go to the phrase query (a LIKE pattern has a length limit). */
const MAX_NARROWED_LENGTH = 200;
/**
 * The only characters outside ASCII that the index's case folding turns into ASCII letters (KELVIN SIGN → k,
 * LATIN SMALL LETTER LONG S → s), found by indexing every code point with the trigram tokenizer and searching
 * for each ASCII character (test/sandbox-server/store/full-text-search.test.ts keeps it true).
 */
export const FOLDED_TO_ASCII: readonly (readonly [code: number, ascii: string])[] = [
  [0x212a, 'k'],
  [0x17f, 's'],
];

/**
 * How a full-text search runs. The plain way is one FTS5 phrase query, but FTS5 reads the whole position list
 * of every trigram in the phrase, and in a name most trigrams ("Cli", "ent", " Ri") are in nearly every row:
 * 55–125 ms at a million sends, whatever the number of matches (bench/results.md). So on a large table, each of
 * the query's trigrams is probed (`narrowingTrigrams`), and if some are in few rows, the rows holding all of
 * those (an FTS5 AND of single trigrams: a few short lists, under a millisecond) are the candidates, checked
 * against the text column by column with LIKE. For an ASCII text that check is the phrase query's own rule:
 * LIKE ignores the case of ASCII letters as the index does, a non-ASCII character can equal an ASCII one only
 * through the two foldings in FOLDED_TO_ASCII (applied before comparing), and a phrase matches within one
 * column. A text with other characters, or with no trigram in few rows, runs as the phrase query.
 */
export function fullTextClause(db: Db, search: FullTextSearch): { sql: string; params: unknown[] } {
  const { ftsTable, columns, text } = search;
  const phrase = {
    sql: `id IN (SELECT rowid FROM ${ftsTable} WHERE ${ftsTable} MATCH ?)`,
    params: [ftsPhrase(text)],
  };
  // eslint-disable-next-line no-control-regex
  if (text.length > MAX_NARROWED_LENGTH || !/^[\x00-\x7f]*$/.test(text)) return phrase;
  const content = ftsTable.replace(/_fts$/, '');
  const rows = (prepared(db, `SELECT max(id) AS n FROM ${content}`).get() as { n: number | null }).n ?? 0;
  if (rows < PROBE_FROM_ROWS) return phrase;
  const narrowing = narrowingTrigrams(db, ftsTable, text, rows);
  if (narrowing.length === 0) return phrase;
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const folded = (column: string) =>
    FOLDED_TO_ASCII.reduce((sql, [code, ascii]) => `replace(${sql}, char(${code}), '${ascii}')`, column);
  // Each column as it is first, folded only if none matched: the pattern is ASCII, so a column matching it as
  // it is matches it folded too (the folding changes only non-ASCII characters, none of which are in a match),
  // and most candidates match as they are. A third of the check's cost at a million sends (bench/results.md).
  const like = [
    ...columns.map((c) => `${c} LIKE ? ESCAPE '\\'`),
    ...columns.map((c) => `${folded(c)} LIKE ? ESCAPE '\\'`),
  ].join(' OR ');
  return {
    sql: `id IN (SELECT rowid FROM ${ftsTable} WHERE ${ftsTable} MATCH ?) AND (${like})`,
    params: [narrowing.map(ftsPhrase).join(' AND '), ...[...columns, ...columns].map(() => pattern)],
  };
}

/**
 * The (up to MAX_NARROWING) trigrams of `text` held by the fewest rows, among those in at most
 * NARROWING_PER_MILLE of every 1,000. A probe reads a trigram's first PROBE_ROWS row ids (FTS5 lists them in
 * order) and estimates its share from how far apart they are: tens of microseconds, even for a trigram in every
 * row. Trigrams with digits, spaces or signs are probed first, as the likelier rare ones (letters repeat across
 * names), and probing stops once enough trigrams in very few rows are found. An estimate only decides which
 * trigrams narrow the search, never what matches.
 */
function narrowingTrigrams(db: Db, ftsTable: string, text: string, rows: number): string[] {
  const chars = [...text.toLowerCase()];
  const trigrams = [...new Set(chars.slice(2).map((_, i) => chars.slice(i, i + 3).join('')))];
  const oddness = (trigram: string) => trigram.replace(/[a-z]/g, '').length;
  const ordered = trigrams
    .map((trigram, i) => ({ trigram, i }))
    .sort((a, b) => oddness(b.trigram) - oddness(a.trigram) || a.i - b.i)
    .map(({ trigram }) => trigram);
  const probe = prepared(
    db,
    `SELECT rowid AS id FROM ${ftsTable} WHERE ${ftsTable} MATCH ? ORDER BY rowid LIMIT ${PROBE_ROWS}`,
  ).pluck();
  const narrowing: { trigram: string; share: number }[] = [];
  for (const trigram of ordered.slice(0, MAX_PROBES)) {
    const ids = probe.all(ftsPhrase(trigram)) as number[];
    const share =
      ids.length < PROBE_ROWS ? ids.length / rows : PROBE_ROWS / (ids[PROBE_ROWS - 1]! - ids[0]! + 1);
    if (share * 1000 <= NARROWING_PER_MILLE) narrowing.push({ trigram, share });
    if (narrowing.filter((n) => n.share * 1000 <= ENOUGH_PER_MILLE).length === MAX_NARROWING) break;
  }
  return narrowing
    .sort((a, b) => a.share - b.share)
    .slice(0, MAX_NARROWING)
    .map(({ trigram }) => trigram);
}

/** A row's place in an ordered list: at `offset` is the row with this id and this value of the sort column. */
interface Anchor {
  offset: number;
  value: unknown;
  id: number;
}

/** Pages past this offset remember where they start, for later pages further on (see `listRows`). */
const ANCHOR_FROM_OFFSET = 1000;

const notNullColumns = new WeakMap<Db, Map<string, Set<string>>>();

/** The columns of `table` declared NOT NULL (a keyset condition on a column with NULLs would drop them). */
function notNull(db: Db, table: string): Set<string> {
  let tables = notNullColumns.get(db);
  if (!tables) notNullColumns.set(db, (tables = new Map()));
  let columns = tables.get(table);
  if (!columns) {
    const info = db.pragma(`table_info(${table})`) as { name: string; notnull: number; pk: number }[];
    columns = new Set(info.filter((c) => c.notnull === 1 || c.pk > 0).map((c) => c.name));
    tables.set(table, columns);
  }
  return columns;
}

/**
 * What list queries found, per connection, kept until a table they read changes: a list is read again and
 * again (the UI polling its open list, a client paging through or syncing) while its rows stay the same, and
 * at scale counting is the costly part of a page (about 27 ms over a million sends), at any scale building the
 * page's JSON (about 3 µs a row). Two kinds of entries: a filter's total (`Service-Total-Count`), and a
 * serialized page (`listJson`), both dropped as soon as a table they read changes (table-changes.ts), so an
 * answer from here is the answer the database would give.
 */
class ListCache {
  private static readonly MAX_TOTALS = 512;
  private static readonly MAX_ANCHORED_LISTS = 64;
  private static readonly MAX_ANCHORS = 4096;
  /** Serialized pages are kept up to this many bytes in all (at ~550 a row, ~30 pages of 100 rows). */
  private static readonly MAX_PAGE_SIZE = 16 * 1024 * 1024;
  private readonly totals = new Map<string, { stamp: string; total: number }>();
  private readonly pages = new Map<string, { stamp: string; page: JsonListResult }>();
  private readonly anchors = new Map<string, { stamp: string; points: Anchor[] }>();
  private pagesSize = 0;
  private readonly changes: TableChanges;

  constructor(db: Db) {
    this.changes = TableChanges.of(db);
  }

  /** The total kept for `key`, if none of `tables` changed since it was counted. */
  total(key: string, tables: readonly string[]): number | undefined {
    return this.fresh(this.totals, key, tables)?.total;
  }

  /** Keeps a total just counted (outside a transaction), for as long as none of `tables` changes. */
  keepTotal(key: string, tables: readonly string[], total: number): void {
    const stamp = this.changes.stamp(tables);
    if (stamp === null) return;
    if (this.totals.size >= ListCache.MAX_TOTALS) this.totals.delete(this.totals.keys().next().value!);
    this.totals.set(key, { stamp, total });
  }

  /** The serialized page kept for `key`, if none of `tables` changed since it was built. */
  page(key: string, tables: readonly string[]): JsonListResult | undefined {
    return this.fresh(this.pages, key, tables)?.page;
  }

  keepPage(key: string, tables: readonly string[], page: JsonListResult): void {
    const size = page.bytes.length;
    if (size > ListCache.MAX_PAGE_SIZE / 8) return;
    const stamp = this.changes.stamp(tables);
    if (stamp === null) return;
    this.dropPage(key);
    while (this.pagesSize + size > ListCache.MAX_PAGE_SIZE) this.dropPage(this.pages.keys().next().value!);
    this.pages.set(key, { stamp, page });
    this.pagesSize += size;
  }

  /** The known position nearest at or before `offset` in the ordered list `key`, if still valid. */
  anchorBefore(key: string, tables: readonly string[], offset: number): Anchor | undefined {
    const points = this.fresh(this.anchors, key, tables)?.points;
    if (!points) return undefined;
    let found: Anchor | undefined;
    for (const point of points) {
      if (point.offset > offset) break;
      found = point;
    }
    return found;
  }

  /** Remembers which row sits at `anchor.offset` of the ordered list `key`, while none of `tables` changes. */
  keepAnchor(key: string, tables: readonly string[], anchor: Anchor): void {
    const stamp = this.changes.stamp(tables);
    if (stamp === null) return;
    let entry = this.anchors.get(key);
    if (entry?.stamp !== stamp) {
      if (!entry && this.anchors.size >= ListCache.MAX_ANCHORED_LISTS)
        this.anchors.delete(this.anchors.keys().next().value!);
      entry = { stamp, points: [] };
      this.anchors.set(key, entry);
    }
    if (entry.points.length >= ListCache.MAX_ANCHORS || entry.points.some((p) => p.offset === anchor.offset))
      return;
    entry.points.push(anchor);
    entry.points.sort((a, b) => a.offset - b.offset);
  }

  private fresh<Entry extends { stamp: string }>(
    entries: Map<string, Entry>,
    key: string,
    tables: readonly string[],
  ): Entry | undefined {
    const entry = entries.get(key);
    return entry && entry.stamp === this.changes.stamp(tables) ? entry : undefined;
  }

  private dropPage(key: string): void {
    const entry = this.pages.get(key);
    if (!entry) return;
    this.pages.delete(key);
    this.pagesSize -= entry.page.bytes.length;
  }
}

const listCaches = new WeakMap<Db, ListCache>();

function listCache(db: Db): ListCache {
  let cache = listCaches.get(db);
  if (!cache) {
    cache = new ListCache(db);
    listCaches.set(db, cache);
  }
  return cache;
}

/**
 * The tables a list reads: its own, and any a filter reads through a subquery. A full-text index (`x_fts`)
 * changes only with its content table `x` (through x's triggers), so it stands for `x`.
 */
export function listRows<Row>(
  db: Db,
  table: string,
  filter: Filter,
  sorting: Sorting | null,
  paging: Paging,
  columns = '*',
): ListResult<Row> {
  const { sql: where, params } = filter.resolve(db);
  const direction = sorting?.descending ? 'DESC' : 'ASC';
  // Ties are broken by id so that pages never repeat or skip a row.
  const order = sorting ? `${sorting.column} ${direction}, id ${direction}` : 'id ASC';
  const offset = (paging.page - 1) * paging.pageSize;
  const cache = listCache(db);
  const tables = filter.tablesRead(table);
  const key = `${table}\u0000${filter.identity}`;
  const known = cache.total(key, tables);
  if (filter.searching && known === undefined) {
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
    ).all(...params, paging.pageSize, offset) as (Row & { total_count: number })[];
    if (rows.length > 0 || paging.page === 1) {
      const total = rows[0]?.total_count ?? 0;
      for (const row of rows) delete (row as { total_count?: number }).total_count;
      cache.keepTotal(key, tables, total);
      return { rows, total };
    }
  }
  // Deep pages: OFFSET walks every row before the page (14 ms at offset 500,000 of a million sends). A page
  // remembers which row it starts at (an anchor: its sort value and id), and a later page further down the same
  // unchanged list starts from the nearest anchor with a keyset condition, walking only the rows in between.
  // Only on a sort column without NULLs, whose rows after an anchor are exactly those past its (value, id).
  const sortColumn = sorting?.column ?? 'id';
  const anchored = offset >= ANCHOR_FROM_OFFSET && notNull(db, table).has(sortColumn);
  const anchorKey = `${key}\u0000${order}`;
  const anchor = anchored ? cache.anchorBefore(anchorKey, tables, offset) : undefined;
  const after = direction === 'ASC' ? '>=' : '<=';
  const keyset = !anchor
    ? null
    : sortColumn === 'id'
      ? { sql: `id ${after} ?`, params: [anchor.id] }
      : { sql: `(${sortColumn}, id) ${after} (?, ?)`, params: [anchor.value, anchor.id] };
  const selected = anchored
    ? `${columns}, ${sortColumn} AS list_anchor_value, id AS list_anchor_id`
    : columns;
  const rows = prepared(
    db,
    `SELECT ${selected} FROM ${table} WHERE ${where}${keyset ? ` AND ${keyset.sql}` : ''}
     ORDER BY ${order} LIMIT ? OFFSET ?`,
  ).all(...params, ...(keyset?.params ?? []), paging.pageSize, offset - (anchor?.offset ?? 0)) as Row[];
  if (anchored) {
    const first = rows[0] as { list_anchor_value?: unknown; list_anchor_id?: number } | undefined;
    if (first)
      cache.keepAnchor(anchorKey, tables, {
        offset,
        value: first.list_anchor_value,
        id: first.list_anchor_id!,
      });
    for (const row of rows as { list_anchor_value?: unknown; list_anchor_id?: number }[]) {
      delete row.list_anchor_value;
      delete row.list_anchor_id;
    }
  }
  // A page that is not full is the last one: the rows before it and on it are all there are.
  if (rows.length < paging.pageSize && (rows.length > 0 || offset === 0)) {
    return { rows, total: offset + rows.length };
  }
  if (known !== undefined) return { rows, total: known };
  const total = (
    prepared(db, `SELECT count(*) AS n FROM ${table} WHERE ${where}`).get(...params) as { n: number }
  ).n;
  cache.keepTotal(key, tables, total);
  return { rows, total };
}

/**
 * A short stand-in for a row's JSON expression (a kilobyte of SQL) in page keys. The expressions are a handful
 * of constants in the repositories, so the numbering stays small.
 */
const rowJsonIds = new Map<string, number>();
function rowJsonId(rowJson: string): number {
  let id = rowJsonIds.get(rowJson);
  if (id === undefined) {
    id = rowJsonIds.size;
    rowJsonIds.set(rowJson, id);
  }
  return id;
}

/**
 * `listRows` with each row serialized by SQLite (`jsonObject` in `rowJson`), joined into the page's JSON
 * array. Same filter, order, paging and total as `listRows`, so the same page; kept until a table it reads
 * changes (ListCache), so an unchanged list read again costs a lookup.
 */
export function listJson(
  db: Db,
  table: string,
  filter: Filter,
  sorting: Sorting | null,
  paging: Paging,
  rowJson: string,
): JsonListResult {
  const cache = listCache(db);
  const tables = filter.tablesRead(table);
  const key = [
    table,
    rowJsonId(rowJson),
    filter.identity,
    sorting ? `${sorting.column} ${sorting.descending ? 'DESC' : 'ASC'}` : '',
    paging.page,
    paging.pageSize,
  ].join('\u0000');
  const kept = cache.page(key, tables);
  if (kept) return kept;
  const { rows, total } = listRows<{ j: string }>(db, table, filter, sorting, paging, `${rowJson} AS j`);
  let json = '[';
  for (let i = 0; i < rows.length; i++) json += i === 0 ? rows[i]!.j : `,${rows[i]!.j}`;
  const page = { bytes: Buffer.from(`${json}]`, 'utf8'), total };
  cache.keepPage(key, tables, page);
  return page;
}

/**
 * Every row of one kind of invoice list (sent or received), kept in step with the service incrementally: read
 * whole once, then only the rows changed since the last sync, by `last_update` (`last_update_from`, spec "Filters
 * for GET /send"), which is one request however long the list. Lists, totals and the app's own sorts draw their
 * rows from here, with no cap, for the filters it can tell exactly (see `canFilter`); any other filter (`q`, unread)
 * is the server's to answer.
 *
 * What `last_update` does not show is caught by comparing counts with the server's (`reconcile`): a sent invoice
 * SDI has not taken yet has no `last_update` (the newest rows by id are read), and rows the service deleted
 * (retention) make the whole list read again.
 *
 * With a `memory` (the profile's sealed invoice index) the rows outlive the window: a new one starts from what the
 * last one kept and asks only for what changed since.
 */
import type { Page } from '../../shared/client/index.ts';
import type { Query } from '../../shared/client/index.ts';
import { PAGE_SIZE_MAX, type Receive, type Send } from '../../shared/api/types.ts';

export type InvoiceRow = Send | Receive;

/** One page of the kind's list, as the client reads it. */
export type ListPage<T> = (query: Query & { page: number; page_size: number }) => Promise<Page<T>>;

/** The filters the rows can answer themselves: exactly as the server does. */
export interface RowFilter {
  latest_state?: string;
  company_id?: number;
}

/** The rows as kept between windows, and the `last_update` they are synced to. */
export interface RowsSnapshot<T> {
  rows: T[];
  syncedUntil: string | null;
}

/** Where the rows are kept between windows. */
export interface RowsMemory<T> {
  load(): Promise<RowsSnapshot<T> | null>;
  save(snapshot: RowsSnapshot<T>): Promise<void>;
}

/** How long after a change the rows are kept (see `remember`). */
const SAVE_DELAY_MS = 5_000;

/** Pages read at once when the whole list is read. */
const PARALLEL_PAGES = 4;
/** Newest rows by id read when the count says some rows were never updated. */
const NEWEST = 50;

/** Whether these list filters are all ones the synced rows answer exactly. */
export function canFilter(query: object): query is RowFilter {
  return Object.entries(query).every(
    ([name, value]) => value === undefined || name === 'latest_state' || name === 'company_id',
  );
}

export function matches(row: InvoiceRow, filter: RowFilter): boolean {
  return (
    (filter.company_id === undefined || row.company_id === filter.company_id) &&
    (filter.latest_state === undefined || (row as Send).latest_state === filter.latest_state)
  );
}

type SortValue = string | number | null | undefined;

/**
 * Rows in the API's order for `sort` (`-created`, `document_date`, …): by the field, then by id in the same
 * direction, a missing value first ascending and last descending, as SQLite orders them.
 */
export function sortLikeServer<T extends InvoiceRow>(rows: T[], sort: string): T[] {
  const descending = sort.startsWith('-');
  const field = (descending ? sort.slice(1) : sort) as keyof InvoiceRow;
  const direction = descending ? -1 : 1;
  const compare = (a: SortValue, b: SortValue): number => {
    if (a === b) return 0;
    if (a === null || a === undefined) return -1;
    if (b === null || b === undefined) return 1;
    return a < b ? -1 : 1;
  };
  return [...rows].sort(
    (a, b) => direction * (compare(a[field] as SortValue, b[field] as SortValue) || compare(a.id, b.id)),
  );
}

export class SyncedRows<T extends InvoiceRow> {
  private readonly rows = new Map<number, T>();
  /** The greatest `last_update` seen: the next sync asks for rows changed since. */
  private syncedUntil: string | null = null;
  private whole = false;
  /** The sync under way, which every caller meanwhile waits for instead of asking again. */
  private running: Promise<void> | null = null;
  /** Rows changed since the memory last kept them. */
  private unsaved = false;
  private saving: Promise<void> | null = null;
  private memory: RowsMemory<T> | null = null;
  private saveDelayMs = SAVE_DELAY_MS;

  constructor(private readonly listPage: ListPage<T>) {}

  /**
   * Keeps the rows in `memory` from now on, `delayMs` after they change (a burst of live changes is one save of
   * the whole list, off the changes' way); before the first sync, starts from what it kept.
   */
  remember(memory: RowsMemory<T>, delayMs = SAVE_DELAY_MS): void {
    this.memory ??= memory;
    this.saveDelayMs = delayMs;
  }

  get size(): number {
    return this.rows.size;
  }

  /**
   * Brings the rows up to date: the whole list the first time (pages read a few at once), afterwards the rows
   * changed since the last sync, one request unless more than a page changed.
   */
  sync(): Promise<void> {
    this.running ??= (async () => {
      if (!this.whole) await this.recall();
      await (this.whole ? this.changes() : this.readWhole());
      this.save();
    })().finally(() => (this.running = null));
    return this.running;
  }

  /** The rows matching `filter`, in the API's order for `sort`; in no particular order without one (a total). */
  matching(filter: RowFilter, sort: string | null): T[] {
    const rows = [...this.rows.values()].filter((row) => matches(row, filter));
    return sort === null ? rows : sortLikeServer(rows, sort);
  }

  /**
   * Checks the rows against the server's count for `filter` (a list page's `Service-Total-Count`): fewer here
   * reads the newest rows by id (invoices SDI has not taken yet have no `last_update`), more here, or still
   * fewer, reads the whole list again (the service deleted some: retention).
   */
  async reconcile(filter: RowFilter, serverTotal: number): Promise<void> {
    await this.sync();
    let count = this.count(filter);
    if (count < serverTotal) {
      const newest = await this.read({ sort: '-id', page: 1, page_size: NEWEST });
      this.merge(newest.items);
      count = this.count(filter);
    }
    if (count !== serverTotal) await this.readWhole();
    this.save();
  }

  /** The state of a received invoice read meanwhile (a live `receive.read`): reading changes no `last_update`. */
  markRead(ids: readonly number[]): void {
    for (const id of ids) {
      const row = this.rows.get(id);
      if (row && 'is_read' in row) this.rows.set(id, { ...row, is_read: true });
    }
  }

  /** What the memory kept, as if read now; the next sync asks for what changed since. */
  private async recall(): Promise<void> {
    const kept = await this.memory?.load().catch(() => null);
    if (!kept || this.whole) return;
    this.merge(kept.rows);
    this.syncedUntil = kept.syncedUntil;
    this.whole = true;
    this.unsaved = false;
  }

  /**
   * Keeps the rows once they changed, `saveDelayMs` later, in the background; one save at a time, the last state
   * kept. A save lost (the window closed first) only means the next window asks for a little more.
   */
  private save(): void {
    const memory = this.memory;
    if (!memory || !this.unsaved || this.saving) return;
    this.saving = new Promise<void>((resolve) => setTimeout(resolve, this.saveDelayMs))
      .then(() => {
        this.unsaved = false;
        return memory.save({ rows: [...this.rows.values()], syncedUntil: this.syncedUntil });
      })
      .catch(() => {})
      .finally(() => {
        this.saving = null;
        this.save();
      });
  }

  private count(filter: RowFilter): number {
    let n = 0;
    for (const row of this.rows.values()) if (matches(row, filter)) n++;
    return n;
  }

  private read(query: Query & { page: number; page_size: number }): Promise<Page<T>> {
    return this.listPage(query);
  }

  private async readWhole(): Promise<void> {
    const query = { sort: 'id', page_size: PAGE_SIZE_MAX };
    const first = await this.read({ ...query, page: 1 });
    const pages: Page<T>[] = [first];
    const rest = Array.from({ length: Math.max(0, first.pages - 1) }, (_, i) => i + 2);
    const worker = async () => {
      for (let page = rest.shift(); page !== undefined; page = rest.shift())
        pages.push(await this.read({ ...query, page }));
    };
    await Promise.all(Array.from({ length: PARALLEL_PAGES }, worker));
    this.rows.clear();
    this.syncedUntil = null;
    this.unsaved = true;
    for (const page of pages) this.merge(page.items);
    this.whole = true;
  }

  private async changes(): Promise<void> {
    const from = this.syncedUntil;
    if (from === null) return this.readWhole();
    for (let page = 1; ; page++) {
      const changed = await this.read({
        last_update_from: from,
        sort: 'last_update',
        page,
        page_size: PAGE_SIZE_MAX,
      });
      this.merge(changed.items);
      if (changed.items.length === 0 || page >= changed.pages) return;
    }
  }

  private merge(rows: readonly T[]): void {
    for (const row of rows) {
      // `last_update_from` includes its own instant: the last rows synced come back every time, unchanged, and
      // keeping a year's rows again for them would cost the page a third of a second each sync.
      const before = this.rows.get(row.id);
      if (!before || !sameRow(before, row)) this.unsaved = true;
      this.rows.set(row.id, row);
      if (row.last_update && (this.syncedUntil === null || row.last_update > this.syncedUntil))
        this.syncedUntil = row.last_update;
    }
  }
}

/** Whether two readings of a row say the same: every field the same value (a nested one compared by identity). */
function sameRow(a: InvoiceRow, b: InvoiceRow): boolean {
  const fields = Object.keys(a) as (keyof InvoiceRow)[];
  return fields.length === Object.keys(b).length && fields.every((field) => Object.is(a[field], b[field]));
}

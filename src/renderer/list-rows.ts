/**
 * The invoice lists' rows when the API alone cannot give them in the order or with the match asked for. The API
 * sorts sent and received invoices by `document_date`, `date_sent`, `last_update`, `created`, `id` and
 * `company_id` only (SORT_FIELDS in src/shared/api/operations.ts), and its `q` never looks at amounts, which are
 * only in the files. So:
 *
 * - a sort the API has is the server's, a page at a time, as before;
 * - a sort by number, counterparty, company name, type, amount or state (`app:` fields) is the app's: it reads the
 *   whole filtered list (up to ALL_ROWS_MAX rows, newest first, the same rows the total adds up), sorts it with
 *   what the invoice index knows, and pages it here. Rows with nothing to sort by (an unread received invoice has
 *   no amount yet) go last either way;
 * - a search that reads as an amount (`1.220,00`, `1220`) keeps the rows the server's `q` finds and adds those
 *   whose indexed total or net to pay is that amount (entryHasAmount): the invoices the app has read.
 *
 * The screen says so beside the list (LocalListNote), with its limits.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import type { Page } from './api.ts';
import { parseAmountQuery } from './invoice-index/amount-query.ts';

/** The `sort` prefix of an order the app applies itself (the API has no such field). */
export const APP_SORT = 'app:';

/** The whole filtered list is read for its total, its export and the app's own sorts up to this many rows. */
export const ALL_ROWS_MAX = 5000;

/** Every row of a filtered list, 200 at a time (the API's largest page), up to ALL_ROWS_MAX. */
export async function loadAllRows<T>(
  load: (page: number, pageSize: number) => Promise<Page<T>>,
): Promise<{ items: T[]; total: number }> {
  const items: T[] = [];
  for (let page = 1; ; page++) {
    const result = await load(page, 200);
    items.push(...result.items);
    if (result.items.length === 0 || items.length >= result.total || items.length >= ALL_ROWS_MAX)
      return { items, total: result.total };
  }
}

/** What a row is sorted by: null when unknown (sorted last, whichever the direction). */
export type SortValue = string | number | bigint | boolean | null | undefined;

/** Whether a row has a value to sort by. */
export const isKnown = (value: SortValue): boolean => value !== null && value !== undefined && value !== '';

/** An `app:` sort: its field and direction; null for a sort the server applies. */
export function appSortOf(sort: string | undefined): { field: string; descending: boolean } | null {
  if (!sort) return null;
  const descending = sort.startsWith('-');
  const bare = descending ? sort.slice(1) : sort;
  return bare.startsWith(APP_SORT) ? { field: bare.slice(APP_SORT.length), descending } : null;
}

/**
 * `rows` sorted by `valueOf`, stable (equal values keep the server's newest-first order); texts compare as people
 * read them (`FT/2` before `FT/10`, accents and case aside), unknown values last in both directions.
 */
export function sortRows<T>(
  rows: T[],
  valueOf: (row: T) => SortValue,
  descending: boolean,
  language: string,
): T[] {
  const collator = new Intl.Collator(language, { numeric: true, sensitivity: 'base' });
  const keyed = rows.map((row, position) => ({ row, position, value: valueOf(row) }));
  keyed.sort((a, b) => {
    const [ka, kb] = [isKnown(a.value), isKnown(b.value)];
    if (!ka || !kb) return ka === kb ? a.position - b.position : ka ? -1 : 1;
    const [x, y] = [a.value!, b.value!];
    const order =
      typeof x === 'string' && typeof y === 'string' ? collator.compare(x, y) : x < y ? -1 : x > y ? 1 : 0;
    return (descending ? -order : order) || a.position - b.position;
  });
  return keyed.map((k) => k.row);
}

/** What the screen says of a list the app put together itself. */
export interface LocalListState {
  reason: 'sort' | 'amount';
  /** Rows shown (after an amount search). */
  shown: number;
  /** Rows the app read to put the list together. */
  read: number;
  /** The filter matched more rows than the app reads (ALL_ROWS_MAX): only the newest were read. */
  partial: boolean;
  /** Rows with nothing to sort by, placed last; after an amount search, rows whose amount is unknown. */
  unknown: number;
}

export interface ListRowsOptions<T extends { id: number }> {
  /** One server page with the screen's filters and this text search. */
  server: (
    page: number,
    pageSize: number,
    sort: string | undefined,
    q: string | undefined,
  ) => Promise<Page<T>>;
  q: string | undefined;
  /** The API's sort before the user picks one, e.g. `-created`. */
  defaultSort: string;
  /** The value each `app:` field sorts by. */
  sortValues: Record<string, (row: T) => SortValue>;
  /** Reads into the index what sorting or an amount search needs (free reads only: the screens decide). */
  prepare: (rows: T[]) => Promise<void>;
  /** Whether a row's invoice has this amount (in cents) as the index knows it. */
  hasAmount: (row: T, cents: bigint) => boolean;
  language: string;
  /** A new value reads the whole list again (live changes, a drawer that marked a row read). */
  reloadKey: number;
}

interface WholeList<T> {
  items: T[];
  /** After an amount search: rows read whose amount the index does not know (they cannot be found by it). */
  unknownAmounts: number;
  /** Rows the app read, and how many the filter matched. */
  read: number;
  total: number;
}

/**
 * The `load` of a PagedTable over an invoice list: the server's pages, or the app's (see the file's comment), and
 * what the screen says about it (`local`, null while the server pages).
 */
export function useListRows<T extends { id: number }>(options: ListRowsOptions<T>) {
  const { server, q, defaultSort, sortValues, prepare, hasAmount, language, reloadKey } = options;
  const cents = useMemo(() => (q ? parseAmountQuery(q) : null), [q]);
  const [local, setLocal] = useState<LocalListState | null>(null);
  // The whole list read once per server order, until the filters or the reload key change. Read through a ref so
  // that `load` keeps its identity across reloads: a new `load` would send the table back to page 1.
  const lists = useMemo(
    () => new Map<string, Promise<WholeList<T>>>(),
    // reloadKey is a deliberate dependency: a new key is a new read.
    [server, q, reloadKey],
  );
  const current = useRef(lists);
  current.current = lists;

  const allRows = useCallback(
    (serverSort: string): Promise<WholeList<T>> => {
      const cache = current.current;
      let list = cache.get(serverSort);
      if (list) return list;
      list = (async () => {
        const read = (text: string | undefined) =>
          loadAllRows((page, pageSize) => server(page, pageSize, serverSort, text));
        if (cents === null) {
          const all = await read(q);
          await prepare(all.items);
          return { items: all.items, unknownAmounts: 0, read: all.items.length, total: all.total };
        }
        // An amount: what `q` finds (1220 may be part of a document number) and every row whose amount it is, in
        // the server's order.
        const [all, byText] = await Promise.all([read(undefined), read(q)]);
        await prepare(all.items);
        const found = new Set(byText.items.map((row) => row.id));
        const items = all.items.filter((row) => found.has(row.id) || hasAmount(row, cents));
        const seen = new Set(items.map((row) => row.id));
        items.push(...byText.items.filter((row) => !seen.has(row.id)));
        const amountOf = sortValues.amount;
        const unknownAmounts = amountOf ? all.items.filter((row) => !isKnown(amountOf(row))).length : 0;
        return { items, unknownAmounts, read: all.items.length, total: all.total };
      })();
      cache.set(serverSort, list);
      // A failed read is tried again next time rather than remembered.
      list.catch(() => cache.delete(serverSort));
      return list;
    },
    [server, q, cents, prepare, hasAmount, sortValues],
  );

  const load = useCallback(
    async (page: number, pageSize: number, sort: string | undefined): Promise<Page<T>> => {
      const app = appSortOf(sort);
      if (!app && cents === null) {
        setLocal(null);
        return server(page, pageSize, sort ?? defaultSort, q);
      }
      const all = await allRows(app ? defaultSort : (sort ?? defaultSort));
      const valueOf = app ? sortValues[app.field] : undefined;
      const rows = valueOf ? sortRows(all.items, valueOf, app!.descending, language) : all.items;
      setLocal({
        reason: cents !== null ? 'amount' : 'sort',
        shown: rows.length,
        read: all.read,
        partial: all.total > all.read,
        unknown: valueOf ? rows.filter((row) => !isKnown(valueOf(row))).length : all.unknownAmounts,
      });
      return { items: rows.slice((page - 1) * pageSize, page * pageSize), total: rows.length };
    },
    [allRows, server, defaultSort, q, cents, sortValues, language],
  );

  return { load, local };
}

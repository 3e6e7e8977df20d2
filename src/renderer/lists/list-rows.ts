/**
 * The invoice lists' rows when the API alone cannot give them in the order or with the match asked for. The API
 * sorts sent and received invoices by `document_date`, `date_sent`, `last_update`, `created`, `id` and
 * `company_id` only (SORT_FIELDS in src/shared/api/operations.ts), and its `q` never looks at amounts, which are
 * only in the files. So:
 *
 * - a sort the API has is the server's, a page at a time, as before;
 * - a sort by number, counterparty, company name, type, amount or state (`app:` fields) is the app's: it takes the
 *   whole filtered list (every row, newest first, the same rows the total adds up: data/invoice-lists.ts), sorts
 *   it with what the invoice index knows, and pages it here. Rows with nothing to sort by (an unread received
 *   invoice has no amount yet) go last either way;
 * - a search that reads as an amount (`1.220,00`, `1220`) keeps the rows the server's `q` finds and adds those
 *   whose indexed total or net to pay is that amount (entryHasAmount): the invoices the app has read.
 *
 * The screen says so beside the list (LocalListNote), with its limits.
 */
import { hashKey, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Page } from '../data/api.ts';
import { parseAmountQuery } from '../invoice-index/amount-query.ts';

/** The `sort` prefix of an order the app applies itself (the API has no such field). */
export const APP_SORT = 'app:';

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
  /** Rows with nothing to sort by, placed last; after an amount search, rows whose amount is unknown. */
  unknown: number;
}

/** The page a table shows: its rows, the sort it was read with and the list's total (Service-Total-Count). */
export interface ShownPage<T> {
  items: T[];
  sort: string | undefined;
  total: number;
}

export interface ListRowsOptions<T extends { id: number }, Totals> {
  /** One server page with the screen's filters and this text search. */
  server: (
    page: number,
    pageSize: number,
    sort: string | undefined,
    q: string | undefined,
  ) => Promise<Page<T>>;
  /**
   * Every row with the screen's filters and this text search, in the API's order `sort`; `serverTotal`, the
   * server's count for them when known.
   */
  whole: (
    sort: string | null,
    q: string | undefined,
    serverTotal?: number | null,
  ) => Promise<{ items: T[]; total: number }>;
  /** The list's query key with its filters: the whole list read once is kept under it until it is invalidated. */
  queryKey: QueryKey;
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
  /** The list's total over every row it shows: once `enabled`, the rows' files read into the index (`fill`). */
  total: { enabled: boolean; fill: (rows: T[]) => Promise<void>; count: (rows: T[]) => Totals };
}

interface WholeList<T> {
  items: T[];
  /** After an amount search: rows read whose amount the index does not know (they cannot be found by it). */
  unknownAmounts: number;
  /** Rows the app read. */
  read: number;
}

/** The page each list showed last, by its key and search; the latest few lists only. */
const lastShown = new Map<string, ShownPage<unknown>>();
const LISTS_KEPT = 20;

function rememberShown(listHash: string, page: ShownPage<unknown>): void {
  lastShown.delete(listHash);
  lastShown.set(listHash, page);
  if (lastShown.size > LISTS_KEPT) lastShown.delete(lastShown.keys().next().value!);
}

/**
 * An invoice list's data: the `load` of its PagedTable (the server's pages, or the app's: see the file's comment)
 * and what the screen says about it (`local`, null while the server pages); the page shown (`onShown`, from the
 * table's `onPage`); every row the list shows (`everyRow`, for the export); its total, a query under the list's
 * key, read again when a live change or the page's total moves.
 */
export function useListRows<T extends { id: number }, Totals>(options: ListRowsOptions<T, Totals>) {
  const { server, whole, queryKey, q, defaultSort, sortValues, prepare, hasAmount, language } = options;
  const cents = useMemo(() => (q ? parseAmountQuery(q) : null), [q]);
  const [local, setLocal] = useState<LocalListState | null>(null);
  const queryClient = useQueryClient();

  // The whole list, read once per server order and kept under the list's key: a live change or a drawer that
  // marked a row read invalidates it, and the next page asked for reads it again.
  const allRows = useCallback(
    (serverSort: string): Promise<WholeList<T>> =>
      queryClient.fetchQuery({
        queryKey: [...queryKey, 'whole', serverSort, q ?? null],
        staleTime: Infinity,
        queryFn: async (): Promise<WholeList<T>> => {
          if (cents === null) {
            const all = await whole(serverSort, q);
            await prepare(all.items);
            return { items: all.items, unknownAmounts: 0, read: all.items.length };
          }
          // An amount: what `q` finds (1220 may be part of a document number) and every row whose amount it is,
          // in the server's order.
          const [all, byText] = await Promise.all([whole(serverSort, undefined), whole(serverSort, q)]);
          await prepare(all.items);
          const found = new Set(byText.items.map((row) => row.id));
          const items = all.items.filter((row) => found.has(row.id) || hasAmount(row, cents));
          const seen = new Set(items.map((row) => row.id));
          items.push(...byText.items.filter((row) => !seen.has(row.id)));
          const amountOf = sortValues.amount;
          const unknownAmounts = amountOf ? all.items.filter((row) => !isKnown(amountOf(row))).length : 0;
          return { items, unknownAmounts, read: all.items.length };
        },
      }),
    [queryClient, queryKey, whole, q, cents, prepare, hasAmount, sortValues],
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
        unknown: valueOf ? rows.filter((row) => !isKnown(valueOf(row))).length : all.unknownAmounts,
      });
      return { items: rows.slice((page - 1) * pageSize, page * pageSize), total: rows.length };
    },
    [allRows, server, defaultSort, q, cents, sortValues, language],
  );

  // The page shown, starting from the one this list showed last: a list opened again with its page kept (a query)
  // draws once, not a second time when the table says which page it shows.
  const listHash = hashKey([...queryKey, q ?? null]);
  const [shown, setShown] = useState<ShownPage<T> | null>(
    () => (lastShown.get(listHash) as ShownPage<T> | undefined) ?? null,
  );
  const onShown = useCallback(
    (items: T[], sort: string | undefined, total: number) => {
      const next = { items, sort, total };
      rememberShown(listHash, next);
      setShown((before) =>
        before && before.items === items && before.sort === sort && before.total === total ? before : next,
      );
    },
    [listHash],
  );
  // Every row the list shows: the app's own list when it put one together, else the whole filtered list, checked
  // against the server's count when there is one; in the list's order unless `anyOrder` (a total).
  const everyRow = useCallback(
    async (sort: string | undefined, serverTotal: number | null, anyOrder = false): Promise<T[]> =>
      appSortOf(sort) || cents !== null
        ? (await load(1, Number.MAX_SAFE_INTEGER, sort)).items
        : (await whole(anyOrder ? null : (sort ?? defaultSort), q, serverTotal)).items,
    [load, whole, cents, defaultSort, q],
  );
  const { enabled, fill, count } = options.total;
  // Under the list's key and search only, not the page's order or count: a list shown again shows the total it
  // had in the same first drawing as its rows (stale at once, read again behind them, as every query here). The
  // page's count, when it moved, asks for it again.
  const shownNow = useRef(shown);
  shownNow.current = shown;
  const total = useQuery({
    queryKey: [...queryKey, 'total', q ?? null],
    enabled: enabled && shown !== null,
    queryFn: async () => {
      const { sort, total: serverTotal } = shownNow.current!;
      const rows = await everyRow(sort, serverTotal, true);
      await fill(rows);
      return { totals: count(rows), serverTotal };
    },
  });
  const { refetch, isFetching } = total;
  const countedFor = total.data?.serverTotal;
  useEffect(() => {
    if (enabled && shown && countedFor !== undefined && countedFor !== shown.total && !isFetching)
      void refetch();
  }, [enabled, shown, countedFor, isFetching, refetch]);

  // The table's pages: the list's, and the text searched.
  const tableKey = useMemo(() => [...queryKey, q ?? null], [queryKey, q]);
  return { load, tableKey, local, shown, onShown, everyRow, totals: total.data?.totals ?? null };
}

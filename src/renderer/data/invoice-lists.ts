/**
 * The invoice lists' whole filtered rows, for their totals, exports and the app's own sorts: from the synced rows
 * (data/synced-rows.ts) where they answer the filters exactly, else every page of the server's answer.
 * No cap either way.
 */
import type { Receive, Send } from '../../shared/api/types.ts';
import type { Gateway } from '../../shared/gateway/channels.ts';
import { useCallback } from 'react';
import type { Lister, Query } from '../../shared/client/index.ts';
import { clientOf } from './api.ts';
import { useGateway } from '../gateway/gateway-context.ts';
import { useActiveProfileId } from './profiles.ts';
import { canFilter, SyncedRows, type InvoiceRow, type RowFilter, type RowsSnapshot } from './synced-rows.ts';

export type ListKind = 'sent' | 'received';
type RowOf<K extends ListKind> = K extends 'sent' ? Send : Receive;

/** The client's list of one kind, with any of the list filters the screens use. */
function listerOf<K extends ListKind>(gateway: Gateway, kind: K): Lister<RowOf<K>, Query> {
  const client = clientOf(gateway);
  // The two listers differ only in their filters' types, narrower than the screens' query values.
  return (kind === 'sent' ? client.sent : client.received) as unknown as Lister<RowOf<K>, Query>;
}

/** The synced rows of each gateway's profiles, shared by every screen for the page's lifetime. */
const synced = new WeakMap<Gateway, Map<string, SyncedRows<InvoiceRow>>>();

/**
 * Where a profile keeps values between windows: its sealed invoice index (invoice-index/invoice-index.ts), named by
 * what this folder needs of it.
 */
export interface KeepingPlace {
  readonly persistent: boolean;
  keep(name: string, value: unknown): Promise<void>;
  keptValue<T>(name: string): Promise<T | null>;
}

/**
 * The synced rows of one kind of list of a profile; with the profile's index (`keeping`), kept in it between
 * windows, sealed like its entries.
 */
export function syncedRowsOf<K extends ListKind>(
  gateway: Gateway,
  profileId: string,
  kind: K,
  keeping: KeepingPlace | null = null,
): SyncedRows<RowOf<K>> {
  let byProfile = synced.get(gateway);
  if (!byProfile) synced.set(gateway, (byProfile = new Map()));
  const key = `${profileId}:${kind}`;
  let rows = byProfile.get(key);
  if (!rows) {
    const lister = listerOf(gateway, kind);
    rows = new SyncedRows<InvoiceRow>((query) => lister.page(query));
    byProfile.set(key, rows);
  }
  if (keeping?.persistent) {
    rows.remember({
      load: () => keeping.keptValue<RowsSnapshot<InvoiceRow>>(kind),
      save: (snapshot) => keeping.keep(kind, snapshot),
    });
  }
  return rows as SyncedRows<RowOf<K>>;
}

export interface WholeListRequest<T extends InvoiceRow> {
  rows: SyncedRows<T>;
  /** Every page of the server's answer to these filters (for what the synced rows cannot answer). */
  readAll: (
    query: Record<string, string | number | boolean | undefined>,
  ) => Promise<{ items: T[]; total: number }>;
  /** The list's filters as the API names them (`latest_state`, `company_id`, `unread`), `q` apart. */
  filters: Record<string, string | number | boolean | undefined>;
  q: string | undefined;
  /** The API's order, e.g. `-created`; null: any order will do (a total). */
  sort: string | null;
  /** The server's count for these filters (a page's `Service-Total-Count`), to check the synced rows against. */
  serverTotal: number | null;
}

/**
 * The `whole` of a list's rows (list-rows.ts) for the active profile: `(sort, q, serverTotal)` → every row of the
 * list with these filters, in that order.
 */
export function useWholeList<K extends ListKind>(
  kind: K,
  filters: WholeListRequest<RowOf<K>>['filters'],
  keeping: KeepingPlace | null,
): (
  sort: string | null,
  q: string | undefined,
  serverTotal?: number | null,
) => Promise<{ items: RowOf<K>[]; total: number }> {
  const gateway = useGateway();
  const profile = useActiveProfileId();
  const key = JSON.stringify(filters);
  return useCallback(
    (sort, q, serverTotal = null) => {
      const lister = listerOf(gateway, kind);
      return wholeList({
        rows: syncedRowsOf(gateway, profile ?? '', kind, keeping),
        readAll: (query) => lister.readAll(query),
        filters: JSON.parse(key) as WholeListRequest<RowOf<K>>['filters'],
        q,
        sort,
        serverTotal,
      });
    },
    [gateway, profile, kind, key, keeping],
  );
}

/** Every row of a filtered list in the API's order, and how many there are. */
export async function wholeList<T extends InvoiceRow>(
  request: WholeListRequest<T>,
): Promise<{ items: T[]; total: number }> {
  const { rows, filters, q, sort, serverTotal } = request;
  if (!q && canFilter(filters)) {
    const filter: RowFilter = filters;
    if (serverTotal === null) await rows.sync();
    else await rows.reconcile(filter, serverTotal);
    const items = rows.matching(filter, sort);
    return { items, total: items.length };
  }
  return request.readAll({ ...filters, q, sort: sort ?? undefined });
}

/** Received invoices read meanwhile (a live `receive.read`), in every profile's synced rows of this gateway. */
export function markReadEverywhere(gateway: Gateway, ids: readonly number[]): void {
  for (const [key, rows] of synced.get(gateway) ?? []) if (key.endsWith(':received')) rows.markRead(ids);
}

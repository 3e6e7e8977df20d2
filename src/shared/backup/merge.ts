/**
 * A backup brought into what this machine already keeps, part by part and by each record's identity: a record of
 * the backup replaces the kept one with the same identity, the others are added, nothing kept is removed. Counted
 * for the import's report; a record the backup holds exactly as kept is "unchanged", so importing the same file
 * twice says so instead of claiming it replaced everything.
 */
import type { DraftCustomer } from '../fatturapa/compose/draft.ts';
import { itemKey } from '../registry/catalogue-item.ts';
import { catalogueMerge } from '../registry/catalogue-line.ts';
import { BACKUP_PARTS, type BackupPart, type BackupFile, type ProfileKeeping } from './backup-file.ts';

export interface MergeCount {
  added: number;
  replaced: number;
  unchanged: number;
}

/** The same JSON whatever the order of an object's keys (values as JSON.stringify writes them). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null)
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/**
 * The kept list with the backup's records in: replaced in place, new ones after, in the backup's order. Two
 * records of the backup with one identity count once, the later one kept (as a later save would).
 */
export function mergeList<T>(
  kept: readonly T[],
  incoming: readonly T[],
  identity: (record: T) => string,
): { merged: T[]; count: MergeCount } {
  const arriving = new Map(incoming.map((record) => [identity(record), record]));
  const count: MergeCount = { added: 0, replaced: 0, unchanged: 0 };
  const merged = kept.map((record) => {
    const id = identity(record);
    const replacement = arriving.get(id);
    if (replacement === undefined) return record;
    arriving.delete(id);
    if (canonical(replacement) === canonical(record)) count.unchanged++;
    else count.replaced++;
    return replacement;
  });
  count.added = arriving.size;
  return { merged: [...merged, ...arriving.values()], count };
}

/** The same for a map (`company id → details`): a key is the identity. */
export function mergeMap<T>(
  kept: Readonly<Record<string, T>>,
  incoming: Readonly<Record<string, T>>,
): { merged: Record<string, T>; count: MergeCount } {
  const entries = (map: Readonly<Record<string, T>>) =>
    Object.entries(map).map(([key, value]) => ({ key, value }));
  const { merged, count } = mergeList(entries(kept), entries(incoming), (entry) => entry.key);
  // The entries compare with their key: equal keys, so only the values decide "unchanged".
  return { merged: Object.fromEntries(merged.map((entry) => [entry.key, entry.value])), count };
}

/** The composer's rule for one customer (`rememberCustomer` in src/renderer/compose/draft-store.ts). */
export const customerIdentity = (c: DraftCustomer) =>
  `${c.vat.country}${c.vat.code}|${c.fiscalCode}|${c.name}`;

export interface Merged {
  next: ProfileKeeping;
  report: Record<BackupPart, MergeCount>;
  /** The parts something was added to or replaced in: only those are written. */
  changed: BackupPart[];
}

export function mergeBackup(kept: ProfileKeeping, backup: BackupFile): Merged {
  const { books, compose } = backup;
  const contacts = mergeList(kept.books.contacts, books.contacts, (c) => c.key);
  // The catalogue's own identity (a blank key is worked out as catalogueMerge does) and its own order.
  const catalogue = mergeList(kept.books.catalogue, books.catalogue, (item) => item.key || itemKey(item));
  const payments = mergeList(kept.books.payments, books.payments, (p) => p.id);
  const recurring = mergeList(kept.books.recurring, books.recurring, (t) => t.id);
  const drafts = mergeList(kept.compose.drafts, compose.drafts, (d) => d.id);
  const customers = mergeList(kept.compose.customers, compose.customers, customerIdentity);
  const suppliers = mergeMap(kept.compose.suppliers, compose.suppliers);
  const series = mergeMap(kept.compose.series, compose.series);
  const resends = mergeMap(kept.compose.resends, compose.resends);

  const next: ProfileKeeping = {
    books: {
      contacts: contacts.merged,
      catalogue: catalogueMerge([], catalogue.merged),
      payments: payments.merged,
      // The recurring screen keeps its templates oldest first (changeRecurring in saved-recurring.ts).
      recurring: [...recurring.merged].sort((a, b) => a.created.localeCompare(b.created)),
    },
    compose: {
      drafts: drafts.merged,
      customers: customers.merged,
      suppliers: suppliers.merged,
      series: series.merged,
      resends: resends.merged,
    },
  };
  const report: Record<BackupPart, MergeCount> = {
    contacts: contacts.count,
    catalogue: catalogue.count,
    payments: payments.count,
    recurring: recurring.count,
    drafts: drafts.count,
    customers: customers.count,
    suppliers: suppliers.count,
    series: series.count,
    resends: resends.count,
  };
  const changed = BACKUP_PARTS.filter((part) => report[part].added + report[part].replaced > 0);
  return { next, report, changed };
}

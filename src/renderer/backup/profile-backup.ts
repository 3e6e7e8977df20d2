/**
 * Where a backup of the active profile is read from and written back to: the books sealed in the profile's invoice
 * index (by the names saved-contacts.ts, saved-catalogue.ts, payments.ts and saved-recurring.ts keep them under,
 * which are the backup's book names) and the composer's localStorage (draft-store.ts). The order of an import is
 * src/shared/backup/restore.ts's: the file is read and checked whole before this store writes anything.
 */
import type { QueryClient } from '@tanstack/react-query';
import {
  BOOK_NAMES,
  type BackupPart,
  type BookName,
  type KeepingStore,
  type ProfileKeeping,
} from '../../shared/backup/index.ts';
import type { Gateway } from '../../shared/gateway/channels.ts';
import {
  keepCustomers,
  keepResends,
  keptResends,
  keptSeries,
  keptSuppliers,
  knownCustomers,
  listDrafts,
  rememberSeries,
  rememberSupplier,
  saveDrafts,
  type StoredDraft,
} from '../compose/draft-store.ts';
import { queryKeys } from '../data/keys.ts';
import { openInvoiceIndex } from '../invoice-index/use-invoice-index.ts';

export function profileKeepingStore(gateway: Gateway, profileId: string): KeepingStore {
  return {
    async read() {
      const index = await openInvoiceIndex(gateway, profileId);
      const book = async <T>(name: BookName) => (await index.bookValue<T[]>(name)) ?? [];
      return {
        books: {
          contacts: await book('contacts'),
          catalogue: await book('catalogue'),
          payments: await book('payments'),
          recurring: await book('recurring'),
        },
        compose: {
          drafts: listDrafts(profileId),
          customers: knownCustomers(profileId),
          suppliers: keptSuppliers(profileId),
          series: keptSeries(profileId),
          resends: keptResends(profileId),
        },
      };
    },

    async write(next: ProfileKeeping, parts: readonly BackupPart[]) {
      const index = await openInvoiceIndex(gateway, profileId);
      for (const name of BOOK_NAMES) if (parts.includes(name)) await index.keepBook(name, next.books[name]);
      const { compose } = next;
      // Checked by the shared reading as drafts with an id and a date; the rest is the composer's own, as exported.
      if (parts.includes('drafts')) saveDrafts(profileId, compose.drafts as StoredDraft[]);
      if (parts.includes('customers')) keepCustomers(profileId, compose.customers);
      if (parts.includes('suppliers'))
        for (const [id, supplier] of Object.entries(compose.suppliers))
          rememberSupplier(profileId, Number(id), supplier);
      if (parts.includes('series'))
        for (const [id, series] of Object.entries(compose.series))
          rememberSeries(profileId, Number(id), series);
      if (parts.includes('resends')) keepResends(profileId, compose.resends);
    },
  };
}

/** The query of each book, so the screens showing it read it again after an import. */
const BOOK_QUERY: Record<BookName, (profileId: string) => readonly unknown[]> = {
  contacts: queryKeys.savedContacts,
  catalogue: queryKeys.catalogue,
  payments: queryKeys.bookPayments,
  recurring: queryKeys.recurring,
};

/**
 * After an import: the books written are read again. The composer's values need nothing: it reads localStorage
 * when a draft opens, and the drafts list follows the store's own change event (saveDrafts).
 */
export async function refreshRestored(
  client: QueryClient,
  profileId: string,
  written: readonly BackupPart[],
): Promise<void> {
  await Promise.all(
    BOOK_NAMES.filter((name) => written.includes(name)).map((name) =>
      client.invalidateQueries({ queryKey: BOOK_QUERY[name](profileId) }),
    ),
  );
}

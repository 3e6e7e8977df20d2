/**
 * What a backup of the active profile gathers and where an import puts it back: the books sealed in the profile's
 * invoice index (contacts, catalogue, payments, recurring invoices) and the composer's own values (drafts, the
 * supplier's details, series). An import reads the whole file first (src/shared/backup), then merges each part:
 * nothing this machine keeps is removed.
 */
import {
  BACKED_UP_BOOKS,
  IDENTITY_OF,
  mergeRecords,
  type BackedUpBook,
  type BackupContent,
  type MergeCount,
} from '../../shared/backup/index.ts';
import type { Gateway } from '../../shared/gateway/channels.ts';
import {
  composeEntries,
  listDrafts,
  restoreComposeEntries,
  saveDrafts,
  type StoredDraft,
} from '../compose/draft-store.ts';
import { openInvoiceIndex } from '../invoice-index/use-invoice-index.ts';

export async function gatherBackup(
  gateway: Gateway,
  profileId: string,
  profile: { name: string; kind: string },
): Promise<BackupContent> {
  const index = await openInvoiceIndex(gateway, profileId);
  const books = {} as Record<BackedUpBook, unknown[]>;
  for (const book of BACKED_UP_BOOKS) books[book] = (await index.bookValue<unknown[]>(book)) ?? [];
  return {
    exported: new Date().toISOString(),
    profile,
    books,
    drafts: listDrafts(profileId),
    compose: composeEntries(profileId),
  };
}

export interface RestoreReport {
  books: Record<BackedUpBook | 'drafts', MergeCount>;
  /** Composer values this machine did not have (supplier details, series, customers). */
  settings: number;
}

export async function restoreBackup(
  gateway: Gateway,
  profileId: string,
  content: BackupContent,
): Promise<RestoreReport> {
  const index = await openInvoiceIndex(gateway, profileId);
  const books = {} as RestoreReport['books'];
  for (const book of BACKED_UP_BOOKS) {
    const kept = (await index.bookValue<object[]>(book)) ?? [];
    const { merged, count } = mergeRecords(kept, content.books[book] as object[], IDENTITY_OF[book]);
    if (count.added + count.replaced > 0) await index.keepBook(book, merged);
    books[book] = count;
  }
  const drafts = mergeRecords(listDrafts(profileId), content.drafts as StoredDraft[], IDENTITY_OF.drafts);
  saveDrafts(profileId, drafts.merged);
  books.drafts = drafts.count;
  return { books, settings: restoreComposeEntries(profileId, content.compose) };
}

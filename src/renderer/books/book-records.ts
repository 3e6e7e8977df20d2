/**
 * The books' records of the active profile: every document of every invoice the app can read for free (each sent
 * file SDI did not reject, each received invoice already read) plus the imported archive, as book records
 * (src/shared/books). The deadlines, the VAT settlement and the dashboard are computed from these alone.
 *
 * Reading is the invoice index's (invoice-index/fill.ts): the first time, every sent file is read into the index
 * (a hundred a request); from then on only what changed. Unread received invoices are never read here (reading
 * one is billed and marks it read): the screens say how many there are and offer to read them.
 */
import { useQuery } from '@tanstack/react-query';
import type { Receive, Send } from '../../shared/api/types.ts';
import type { BookRecord } from '../../shared/books/index.ts';
import type { ContactSighting } from '../../shared/registry/index.ts';
import type { Gateway } from '../../shared/gateway/channels.ts';
import { queryKeys } from '../data/keys.ts';
import { useActiveProfileId } from '../data/profiles.ts';
import { syncedRowsOf } from '../data/invoice-lists.ts';
import { useGateway } from '../gateway/gateway-context.ts';
import { indexReadReceivedChecked, indexSent } from '../invoice-index/fill.ts';
import { openInvoiceIndex } from '../invoice-index/use-invoice-index.ts';
import { importedRecords } from './imported.ts';

export interface BookRecords {
  records: BookRecord[];
  /** Received invoices not read yet: their payables and VAT are not in the books until they are. */
  unreadReceived: Receive[];
  /** Sent and received invoices whose file gives no book (unreadable), left out. */
  unreadable: number;
  /** The other party of every invoice read (the registry learns its contacts from them: contacts/). */
  sightings: ContactSighting[];
}

/** Invoices read into the index per step: the screen shows the progress between steps. */
const STEP = 500;

export async function readBookRecords(
  gateway: Gateway,
  profileId: string,
  progress?: (done: number, total: number) => void,
): Promise<BookRecords> {
  const index = await openInvoiceIndex(gateway, profileId);
  const sentRows = syncedRowsOf(gateway, profileId, 'sent', index);
  const receivedRows = syncedRowsOf(gateway, profileId, 'received', index);
  await Promise.all([sentRows.sync(), receivedRows.sync()]);
  const sent: Send[] = sentRows.matching({}, null);
  const received: Receive[] = receivedRows.matching({}, null);
  const missing = sent.filter((row) => !index.get('sent', row));
  for (let i = 0; i < missing.length; i += STEP) {
    progress?.(i, missing.length);
    await indexSent(gateway, index, missing.slice(i, i + STEP));
  }
  // All read: a later pass with nothing to read does not show this one's last step again.
  if (missing.length > 0) progress?.(missing.length, missing.length);
  await indexReadReceivedChecked(gateway, index, received, Number.MAX_SAFE_INTEGER);
  // An invoice SDI rejected was never issued: it neither owes VAT nor is owed by the customer.
  const records = index.bookRecords({
    sent: sent.filter((row) => row.latest_state !== 'Scartato'),
    received,
  });
  const unreadable = [
    ...sent.map((row) => index.get('sent', row)),
    ...received.map((row) => index.get('received', row)),
  ].filter((entry) => entry && entry.books.length === 0).length;
  records.push(...(await importedRecords(index)));
  return {
    records,
    sightings: index.contactSightings({ sent, received }),
    unreadReceived: received.filter((row) => !row.is_read && !index.get('received', row)),
    unreadable,
  };
}

/** The active profile's book records, read again when a live change touches the invoices. */
export function useBookRecords(progress?: (done: number, total: number) => void) {
  const gateway = useGateway();
  const profileId = useActiveProfileId();
  return useQuery({
    queryKey: queryKeys.books(profileId),
    queryFn: () => readBookRecords(gateway, profileId!, progress),
    enabled: profileId !== null,
  });
}

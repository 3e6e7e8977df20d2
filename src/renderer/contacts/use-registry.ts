/**
 * The registry as the screens see it: the contacts learned from every invoice in the index (the books' pass reads
 * them: books/book-records.ts) with the user's saved contacts over them (saved-contacts.ts), worked out by the
 * shared registry (src/shared/registry). Nothing learned is stored: it follows the invoices.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { BookRecord } from '../../shared/books/index.ts';
import { registryOf, type Contact, type ContactFields } from '../../shared/registry/index.ts';
import { useBookRecords } from '../books/book-records.ts';
import { queryKeys } from '../data/keys.ts';
import { useActiveProfileId } from '../data/profiles.ts';
import { useGateway } from '../gateway/gateway-context.ts';
import { openInvoiceIndex } from '../invoice-index/use-invoice-index.ts';
import { useSavedContacts } from './saved-contacts.ts';

export function useRegistry() {
  const records = useBookRecords();
  const { saved, change, changing } = useSavedContacts();
  const contacts = useMemo<Contact[] | null>(
    () => (records.data && saved ? registryOf(records.data.sightings, saved) : null),
    [records.data, saved],
  );
  return { contacts, records, saved, change, changing };
}

/** Whether a book record's other party is this contact (by VAT number, else fiscal code). */
export function isContactOf(contact: Contact, record: Pick<BookRecord, 'counterparty'>): boolean {
  const vat =
    contact.vat.code.trim() === '' ? null : `${contact.vat.country}${contact.vat.code}`.toUpperCase();
  if (vat !== null) return record.counterparty.vat?.toUpperCase() === vat;
  const fiscal = contact.fiscalCode.trim().toUpperCase();
  return fiscal !== '' && record.counterparty.fiscalCode?.toUpperCase() === fiscal;
}

/** The fields of a contact alone (what a form edits and a save keeps), without its key, roles and counts. */
export function fieldsOf(contact: ContactFields): ContactFields {
  return {
    name: contact.name,
    firstName: contact.firstName,
    lastName: contact.lastName,
    vat: { ...contact.vat },
    fiscalCode: contact.fiscalCode,
    address: { ...contact.address },
    delivery: { ...contact.delivery },
    payment: { ...contact.payment },
    nature: contact.nature,
    legalReference: contact.legalReference,
    notes: contact.notes,
  };
}

/**
 * The registry from what the index already holds, for the composer: no list is read and no invoice fetched, so
 * opening the composer stays instant; the contacts screen (useRegistry) reads everything first.
 */
export function useKnownContacts(): Contact[] {
  const gateway = useGateway();
  const profileId = useActiveProfileId();
  const { saved } = useSavedContacts();
  const held = useQuery({
    queryKey: [...queryKeys.savedContacts(profileId), 'held-sightings'],
    queryFn: async () => (await openInvoiceIndex(gateway, profileId!)).allContactSightings(),
    enabled: profileId !== null,
  });
  return useMemo(() => registryOf(held.data ?? [], saved ?? []), [held.data, saved]);
}

/**
 * The contacts the user saved (typed, edited or imported): this machine's record, per profile, sealed in the
 * profile's invoice index as the books' own data (kept when the index is rebuilt, like the payments). What the
 * invoices teach is not stored here: the registry is worked out again from the index (use-registry.ts).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedContact } from '../../shared/registry/index.ts';
import { queryKeys } from '../data/keys.ts';
import { useActiveProfileId } from '../data/profiles.ts';
import { useGateway } from '../gateway/gateway-context.ts';
import type { InvoiceIndex } from '../invoice-index/invoice-index.ts';
import { openInvoiceIndex } from '../invoice-index/use-invoice-index.ts';

const CONTACTS = 'contacts';

export async function savedContactsOf(index: InvoiceIndex): Promise<SavedContact[]> {
  return (await index.bookValue<SavedContact[]>(CONTACTS)) ?? [];
}

export type ContactChange =
  /** Saved under `key` (its learned key, or a new one); `previousKey` when the user changed what it is keyed by. */
  { kind: 'save'; contacts: SavedContact[]; previousKeys?: string[] } | { kind: 'remove'; keys: string[] };

/** The saved contacts after a change, kept. */
export async function changeSavedContacts(
  index: InvoiceIndex,
  change: ContactChange,
): Promise<SavedContact[]> {
  const current = await savedContactsOf(index);
  const gone = new Set(
    change.kind === 'remove'
      ? change.keys
      : [...change.contacts.map((c) => c.key), ...(change.previousKeys ?? [])],
  );
  const next = [
    ...current.filter((c) => !gone.has(c.key)),
    ...(change.kind === 'save' ? change.contacts : []),
  ];
  await index.keepBook(CONTACTS, next);
  return next;
}

/** The active profile's saved contacts, and the way to save, import or remove some. */
export function useSavedContacts() {
  const gateway = useGateway();
  const profileId = useActiveProfileId();
  const client = useQueryClient();
  const key = queryKeys.savedContacts(profileId);
  const saved = useQuery({
    queryKey: key,
    queryFn: async () => savedContactsOf(await openInvoiceIndex(gateway, profileId!)),
    enabled: profileId !== null,
    staleTime: Infinity,
  });
  const change = useMutation({
    mutationFn: async (change: ContactChange) =>
      changeSavedContacts(await openInvoiceIndex(gateway, profileId!), change),
    onSuccess: (next) => client.setQueryData(key, next),
  });
  return { saved: saved.data ?? null, change: change.mutateAsync, changing: change.isPending };
}

/**
 * The product and service catalogue of the active profile: this machine's record, sealed in the profile's invoice
 * index as the books' own data (kept when the index is rebuilt), like the saved contacts.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { catalogueMerge, type CatalogueItem } from '../../shared/registry/index.ts';
import { queryKeys } from '../data/keys.ts';
import { useActiveProfileId } from '../data/profiles.ts';
import { useGateway } from '../gateway/gateway-context.ts';
import type { InvoiceIndex } from '../invoice-index/invoice-index.ts';
import { openInvoiceIndex } from '../invoice-index/use-invoice-index.ts';

const CATALOGUE = 'catalogue';

export async function catalogueOf(index: InvoiceIndex): Promise<CatalogueItem[]> {
  return (await index.bookValue<CatalogueItem[]>(CATALOGUE)) ?? [];
}

export type CatalogueChange =
  /** Added or replaced by key; `previousKeys` go (an item whose code or description changed). */
  { kind: 'save'; items: CatalogueItem[]; previousKeys?: string[] } | { kind: 'remove'; keys: string[] };

export async function changeCatalogue(
  index: InvoiceIndex,
  change: CatalogueChange,
): Promise<CatalogueItem[]> {
  const current = await catalogueOf(index);
  const gone = new Set(change.kind === 'remove' ? change.keys : (change.previousKeys ?? []));
  const kept = current.filter((item) => !gone.has(item.key));
  const next = change.kind === 'save' ? catalogueMerge(kept, change.items) : kept;
  await index.keepBook(CATALOGUE, next);
  return next;
}

/** The active profile's catalogue, and the way to save, import or remove items. */
export function useCatalogue() {
  const gateway = useGateway();
  const profileId = useActiveProfileId();
  const client = useQueryClient();
  const key = queryKeys.catalogue(profileId);
  const items = useQuery({
    queryKey: key,
    queryFn: async () => catalogueOf(await openInvoiceIndex(gateway, profileId!)),
    enabled: profileId !== null,
    staleTime: Infinity,
  });
  const change = useMutation({
    mutationFn: async (change: CatalogueChange) =>
      changeCatalogue(await openInvoiceIndex(gateway, profileId!), change),
    onSuccess: (next) => client.setQueryData(key, next),
  });
  return { items: items.data ?? null, query: items, change: change.mutateAsync, changing: change.isPending };
}

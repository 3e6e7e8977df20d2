import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Gateway } from '../../shared/gateway/channels.ts';
import { dropLegacyAmountCache } from '../lists/amounts.ts';
import { queryKeys } from '../data/keys.ts';
import { useActiveProfileId } from '../data/profiles.ts';
import { fromBase64 } from '../data/payload.ts';
import { InvoiceIndex } from './invoice-index.ts';
import { importIndexKey } from './sealed.ts';
import { indexedDbStorage, memoryStorage } from './storage.ts';

/** The profile's index key from the host (see `index.key`); null when it has none, and the index stays in memory. */
async function indexKey(gateway: Gateway, profileId: string): Promise<CryptoKey | null> {
  try {
    const answer = await gateway.index.key({ profileId });
    if ('cryptoKey' in answer) return answer.cryptoKey;
    return await importIndexKey(fromBase64(answer.raw) as Uint8Array<ArrayBuffer>);
  } catch {
    return null;
  }
}

/** One index per profile for the page's lifetime: every screen draws from, and adds to, the same one. */
const opened = new Map<string, Promise<InvoiceIndex>>();

export function openInvoiceIndex(gateway: Gateway, profileId: string): Promise<InvoiceIndex> {
  let index = opened.get(profileId);
  if (!index) {
    dropLegacyAmountCache();
    index = indexKey(gateway, profileId).then((key) =>
      InvoiceIndex.open(
        profileId,
        key,
        typeof indexedDB === 'undefined' ? memoryStorage() : indexedDbStorage(),
      ),
    );
    opened.set(profileId, index);
  }
  return index;
}

/** The active profile's index, once open (null before). */
export function useInvoiceIndex(gateway: Gateway): InvoiceIndex | null {
  const profileId = useActiveProfileId();
  const index = useQuery({
    queryKey: queryKeys.invoiceIndex(profileId),
    queryFn: () => openInvoiceIndex(gateway, profileId!),
    enabled: profileId !== null,
    staleTime: Infinity,
  });
  return index.data?.profileId === profileId ? index.data : null;
}

/** A number that moves whenever the index learns something: a dependency that redraws cells and totals. */
export function useIndexVersion(index: InvoiceIndex | null): number {
  const [version, setVersion] = useState(0);
  useEffect(() => index?.subscribe(() => setVersion((v) => v + 1)), [index]);
  return version;
}

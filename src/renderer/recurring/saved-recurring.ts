/**
 * The recurring invoices of the active profile (templates and schedules): this machine's record, sealed in the
 * profile's invoice index as the books' own data, like the saved contacts and the catalogue.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RecurringTemplate } from '../../shared/recurring/index.ts';
import { queryKeys } from '../data/keys.ts';
import { useActiveProfileId } from '../data/profiles.ts';
import { useGateway } from '../gateway/gateway-context.ts';
import type { InvoiceIndex } from '../invoice-index/invoice-index.ts';
import { openInvoiceIndex } from '../invoice-index/use-invoice-index.ts';

const RECURRING = 'recurring';

export async function recurringOf(index: InvoiceIndex): Promise<RecurringTemplate[]> {
  return (await index.bookValue<RecurringTemplate[]>(RECURRING)) ?? [];
}

export type RecurringChange =
  /** Added, or replaced by id. */
  { kind: 'save'; templates: RecurringTemplate[] } | { kind: 'remove'; ids: string[] };

export async function changeRecurring(
  index: InvoiceIndex,
  change: RecurringChange,
): Promise<RecurringTemplate[]> {
  const current = await recurringOf(index);
  const gone = new Set(change.kind === 'remove' ? change.ids : change.templates.map((t) => t.id));
  const next = [
    ...current.filter((t) => !gone.has(t.id)),
    ...(change.kind === 'save' ? change.templates : []),
  ].sort((a, b) => a.created.localeCompare(b.created));
  await index.keepBook(RECURRING, next);
  return next;
}

/** The active profile's recurring invoices, and the way to create, change or remove them. */
export function useRecurring() {
  const gateway = useGateway();
  const profileId = useActiveProfileId();
  const client = useQueryClient();
  const key = queryKeys.recurring(profileId);
  const templates = useQuery({
    queryKey: key,
    queryFn: async () => recurringOf(await openInvoiceIndex(gateway, profileId!)),
    enabled: profileId !== null,
    staleTime: Infinity,
  });
  const change = useMutation({
    mutationFn: async (change: RecurringChange) =>
      changeRecurring(await openInvoiceIndex(gateway, profileId!), change),
    onSuccess: (next) => client.setQueryData(key, next),
  });
  return {
    profileId,
    templates: templates.data ?? null,
    change: change.mutateAsync,
    changing: change.isPending,
  };
}

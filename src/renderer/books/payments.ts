/**
 * The payments the user recorded against the deadlines (collected from a customer, paid to a supplier): this
 * machine's record, per profile, sealed in the profile's invoice index as the books' own data (kept when the
 * index is rebuilt). The deadlines (src/shared/books/deadlines.ts) turn them into each row's status.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaymentRecord } from '../../shared/books/index.ts';
import { queryKeys } from '../data/keys.ts';
import { useActiveProfileId } from '../data/profiles.ts';
import { useGateway } from '../gateway/gateway-context.ts';
import type { InvoiceIndex } from '../invoice-index/invoice-index.ts';
import { openInvoiceIndex } from '../invoice-index/use-invoice-index.ts';

const PAYMENTS = 'payments';

/** A payment as kept: the shared record and when it was written (to undo the latest first). */
export interface KeptPayment extends PaymentRecord {
  id: string;
  recorded: string;
}

export async function paymentsOf(index: InvoiceIndex): Promise<KeptPayment[]> {
  return (await index.bookValue<KeptPayment[]>(PAYMENTS)) ?? [];
}

export type PaymentChange = { kind: 'add'; payments: PaymentRecord[] } | { kind: 'undo'; ids: string[] };

/** The payments after a change, kept. */
export async function changePayments(index: InvoiceIndex, change: PaymentChange): Promise<KeptPayment[]> {
  const current = await paymentsOf(index);
  const recorded = new Date().toISOString();
  const next =
    change.kind === 'add'
      ? [...current, ...change.payments.map((p) => ({ ...p, id: crypto.randomUUID(), recorded }))]
      : current.filter((p) => !change.ids.includes(p.id));
  await index.keepBook(PAYMENTS, next);
  return next;
}

/** The active profile's recorded payments, and the way to add or undo some. */
export function usePayments() {
  const gateway = useGateway();
  const profileId = useActiveProfileId();
  const client = useQueryClient();
  const key = queryKeys.bookPayments(profileId);
  const payments = useQuery({
    queryKey: key,
    queryFn: async () => paymentsOf(await openInvoiceIndex(gateway, profileId!)),
    enabled: profileId !== null,
    staleTime: Infinity,
  });
  const change = useMutation({
    mutationFn: async (change: PaymentChange) =>
      changePayments(await openInvoiceIndex(gateway, profileId!), change),
    onSuccess: (next) => client.setQueryData(key, next),
  });
  return { payments: payments.data ?? null, change: change.mutateAsync, changing: change.isPending };
}

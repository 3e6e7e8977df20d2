import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { listReceived } from './api.ts';
import { useGateway } from '../gateway/gateway-context.ts';
import { queryKeys } from './keys.ts';

/** How often the navigation asks for new invoices while the app stays on one screen. */
export const UNREAD_REFRESH_MS = 60_000;

const UNREAD = queryKeys.receivedList('unread-count');

/**
 * Unread received invoices, for the navigation's badge and the dashboard: read again on each live change of the
 * received invoices, whenever `refreshKey` changes (each navigation) and once a minute, so an invoice arriving
 * while the user works shows up without a click. Listing with `unread=true` reads no payload, so it marks nothing
 * read and costs no operation. Null until known; a failed count leaves the last one (the screens say what is
 * wrong).
 */
export function useUnreadCount(refreshKey?: unknown): number | null {
  const gateway = useGateway();
  const client = useQueryClient();
  useEffect(() => {
    if (refreshKey !== undefined) void client.invalidateQueries({ queryKey: UNREAD });
  }, [client, refreshKey]);
  return (
    useQuery({
      queryKey: UNREAD,
      queryFn: async () => (await listReceived(gateway, { page_size: 1, unread: true })).total,
      refetchInterval: UNREAD_REFRESH_MS,
    }).data ?? null
  );
}

import { useEffect, useState } from 'react';
import type { Gateway } from '../shared/gateway/channels.ts';
import { listReceived } from './api.ts';

/** How often the navigation asks for new invoices while the app stays on one screen. */
const REFRESH_MS = 60_000;

/**
 * Unread received invoices, for the navigation's badge: asked again whenever `refreshKey` changes (each
 * navigation) and once a minute, so an invoice arriving while the user works shows up without a click. Listing
 * with `unread=true` reads no payload, so it marks nothing read and costs no operation.
 */
export function useUnreadCount(gateway: Gateway, refreshKey: unknown): number | null {
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    const ask = () =>
      listReceived(gateway, { page_size: 1, unread: true }).then(
        (page) => live && setCount(page.total),
        // A failed count (the service unreachable) leaves the badge as it was; the screens say what is wrong.
        () => {},
      );
    void ask();
    const timer = setInterval(() => void ask(), REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [gateway, refreshKey]);
  return count;
}

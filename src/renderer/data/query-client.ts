import { QueryClient } from '@tanstack/react-query';

/**
 * The app's one QueryClient: every screen reads the service through it (see keys.ts), so a resource asked for by
 * several screens is read once and shared. What a screen shows stays until the service says otherwise: live
 * changes invalidate exactly the queries they touch (live-invalidation.ts), a mutation the queries it changed.
 * - No retries: a failed read shows its error with a Retry button at once (QueryState), as the screens always did;
 *   the client already waits out a 429 where it is safe to.
 * - No refetch on window focus: a remote service is polled within its rate limits (live-poll.ts), never more.
 * - Stale at once (staleTime 0): a screen opened again shows what it had at once and reads it again behind it,
 *   as the screens read again on every visit before.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 0 },
      mutations: { retry: false },
    },
  });
}

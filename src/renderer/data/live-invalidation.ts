import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { LiveChange } from '../../shared/gateway/channels.ts';
import { HOST_KEYS, queryKeys } from './keys.ts';

/**
 * The queries a live change touches, by key prefix; null for every query of the service's data (`ready`: the
 * channel is (again) open, or a poll saw something change, and what changed meanwhile is unknown). The sandbox
 * console's view of SDI's queue moves with every change.
 */
/** Every profile's book records (books/book-records.ts): built from every invoice, so any change touches them. */
const BOOKS = ['books'] as const;

export function keysTouchedBy(change: LiveChange): QueryKey[] | null {
  switch (change.type) {
    case 'ready':
      return null;
    case 'send.state':
      return [queryKeys.sentLists, queryKeys.sentOne(change.id), queryKeys.sandboxConsole, BOOKS];
    case 'receive.add':
      return [queryKeys.receivedLists, queryKeys.sandboxConsole, BOOKS];
    case 'receive.read':
      return [
        queryKeys.receivedLists,
        ...change.ids.map((id) => queryKeys.receivedOne(id)),
        queryKeys.sandboxConsole,
        BOOKS,
      ];
  }
}

/** Marks the touched queries stale; those on screen read again at once, the others when next shown. */
export function invalidateFor(client: QueryClient, change: LiveChange): Promise<void> {
  const keys = keysTouchedBy(change);
  if (keys === null)
    return client.invalidateQueries({
      predicate: (query) => !HOST_KEYS.includes(String(query.queryKey[0])),
    });
  return Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey }))).then(() => {});
}

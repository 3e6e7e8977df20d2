/**
 * Rebuilding a profile's index from the service: forget it, then read again every sent file and every received
 * invoice already read, both free (see fill.ts). Unread received invoices stay unread and out of the index.
 */
import type { Receive, Send } from '../../shared/api/types.ts';
import type { Gateway } from '../../shared/gateway/channels.ts';
import { listReceived, listSent } from '../data/api.ts';
import { entryOf } from './entry.ts';
import { politely, readReceived } from './fill.ts';
import type { InvoiceIndex } from './invoice-index.ts';

/** What a rebuild will read, said to the user before it starts. */
export interface RebuildPlan {
  sent: number;
  receivedRead: number;
  /** Left alone: reading one would count an operation and mark it read. */
  receivedUnread: number;
}

const PAGE = 200;

export async function planRebuild(gateway: Gateway): Promise<RebuildPlan> {
  const [sent, received, unread] = await Promise.all([
    politely(() => listSent(gateway, { page_size: 1 })),
    politely(() => listReceived(gateway, { page_size: 1 })),
    politely(() => listReceived(gateway, { page_size: 1, unread: true })),
  ]);
  return {
    sent: sent.total,
    receivedRead: Math.max(0, received.total - unread.total),
    receivedUnread: unread.total,
  };
}

export interface RebuildProgress {
  done: number;
  total: number;
}

/**
 * Every row of a list, page by page, oldest first so that invoices arriving meanwhile land on later pages; the
 * loop stops at an empty page or once the count it started with is read (plus one page of slack).
 */
async function eachPage<T>(
  load: (page: number) => Promise<{ items: T[]; total: number }>,
  onPage: (items: T[]) => Promise<void>,
  signal: AbortSignal | undefined,
): Promise<void> {
  let pages = Infinity;
  for (let page = 1; page <= pages && !signal?.aborted; page++) {
    const { items, total } = await politely(() => load(page));
    if (pages === Infinity) pages = Math.ceil(total / PAGE) + 1;
    if (items.length === 0) return;
    await onPage(items);
  }
}

export async function rebuildIndex(
  gateway: Gateway,
  index: InvoiceIndex,
  plan: RebuildPlan,
  onProgress: (progress: RebuildProgress) => void,
  signal?: AbortSignal,
): Promise<void> {
  const total = plan.sent + plan.receivedRead;
  let done = 0;
  onProgress({ done, total });
  await index.clear();
  await eachPage(
    (page) => listSent(gateway, { page, page_size: PAGE, sort: 'created', include_payload: true }),
    async (items: Send[]) => {
      await index.put(items.map((send) => entryOf('sent', send, send.payload, send.encoding)));
      done += items.length;
      onProgress({ done, total });
    },
    signal,
  );
  // Listed without their files (a list read with payloads would mark unread ones read); then read one by one.
  await eachPage(
    (page) => listReceived(gateway, { page, page_size: PAGE, sort: 'created' }),
    async (items: Receive[]) => {
      if (signal?.aborted) return;
      await readReceived(
        gateway,
        index,
        items.filter((row) => row.is_read),
        () => onProgress({ done: ++done, total }),
      );
    },
    signal,
  );
}

/**
 * Reading invoices into the index, within what the service bills and allows:
 * - a sent file costs nothing to read: a hundred at a time (`GET /send?ids=…&include_payload=true`);
 * - a received invoice already read costs nothing either: one `GET /receive/{id}?include_payload=true` each;
 * - an unread received invoice is read only by `readReceived`, which the UI calls once the user has been told
 *   the cost (one billed operation each, and it becomes read: spec "Receive: read flag"); nothing here reads one
 *   to fill a column.
 * Every call waits out a 429 before trying again (see `politely`).
 */
import type { Receive, Send } from '../../shared/api/types.ts';
import type { Gateway } from '../../shared/gateway/channels.ts';
import { ApiProblem, clientOf, getReceived, listSent } from '../data/api.ts';
import { entryOf, recordKey, type InvoiceKind } from './entry.ts';
import type { InvoiceIndex } from './invoice-index.ts';

const RETRIES = 5;
const FIRST_WAIT_MS = 1_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `work`, tried again after a 429: after its `Retry-After`, else 1 s doubling; at most five times. */
export async function politely<T>(
  work: () => Promise<T>,
  wait: (ms: number) => Promise<void> = sleep,
): Promise<T> {
  let delay = FIRST_WAIT_MS;
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof ApiProblem) || error.response.status !== 429 || attempt >= RETRIES) throw error;
      const retryAfter = Number(error.response.headers['retry-after']);
      await wait(Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : delay);
      delay *= 2;
    }
  }
}

/** Reads already under way, per index: a page's fill and the total's fill ask for the same rows at once. */
const underWay = new WeakMap<InvoiceIndex, Map<string, Promise<void>>>();

/** Runs `read` for the rows no other read is already fetching, and waits for those too. */
async function once<T extends { id: number }>(
  index: InvoiceIndex,
  kind: InvoiceKind,
  rows: T[],
  read: (rows: T[]) => Promise<void>,
): Promise<void> {
  let pending = underWay.get(index);
  if (!pending) underWay.set(index, (pending = new Map()));
  const others = new Set<Promise<void>>();
  const mine = new Map<string, T>();
  for (const row of rows) {
    const key = recordKey(kind, row.id);
    const running = pending.get(key);
    if (running) others.add(running);
    else mine.set(key, row);
  }
  const own = mine.size > 0 ? read([...mine.values()]) : Promise.resolve();
  for (const key of mine.keys()) pending.set(key, own);
  try {
    await Promise.all([own, ...others]);
  } finally {
    for (const key of mine.keys()) if (pending.get(key) === own) pending.delete(key);
  }
}

/** Indexes the sent invoices of `rows` the index does not know yet. Free. */
export function indexSent(gateway: Gateway, index: InvoiceIndex, rows: Send[]): Promise<void> {
  const missing = rows.filter((row) => !index.get('sent', row));
  return once(index, 'sent', missing, async (list) => {
    for (let i = 0; i < list.length; i += 100) {
      const ids = list.slice(i, i + 100).map((row) => row.id);
      const page = await politely(() =>
        listSent(gateway, { ids: ids.join(','), include_payload: true, page_size: 100 }),
      );
      await index.put(page.items.map((send) => entryOf('sent', send, send.payload, send.encoding)));
    }
  });
}

/**
 * Indexes up to `limit` received invoices of `rows` that are already read and not indexed yet. Free: an invoice
 * counts as an operation only when it is unread at the time of the read.
 */
export function indexReadReceived(
  gateway: Gateway,
  index: InvoiceIndex,
  rows: Receive[],
  limit = 200,
): Promise<void> {
  const missing = rows.filter((row) => row.is_read && !index.get('received', row)).slice(0, limit);
  return readReceived(gateway, index, missing);
}

/**
 * As indexReadReceived, for rows that may be older than what the service holds (the synced rows of a list: an id
 * a sandbox reset gave to a new invoice): before reading anything it asks which invoices the service holds unread
 * now (free: no payload) and leaves those alone, whatever the rows say. Nothing is asked when nothing is missing.
 */
export async function indexReadReceivedChecked(
  gateway: Gateway,
  index: InvoiceIndex,
  rows: Receive[],
  limit = 200,
): Promise<void> {
  const missing = rows.filter((row) => row.is_read && !index.get('received', row));
  if (missing.length === 0) return;
  const unread = await politely(() => clientOf(gateway).received.readAll({ unread: true }));
  const stillUnread = new Set(unread.items.map((row) => row.id));
  await indexReadReceived(
    gateway,
    index,
    missing.filter((row) => !stillUnread.has(row.id)),
    limit,
  );
}

/**
 * Reads these received invoices' files into the index, four at a time. Each one still unread counts one billed
 * operation and becomes read: only for invoices the user chose, knowing that.
 */
export function readReceived(
  gateway: Gateway,
  index: InvoiceIndex,
  rows: Receive[],
  onRead?: () => void,
): Promise<void> {
  return once(index, 'received', rows, async (list) => {
    const queue = [...list];
    const worker = async () => {
      for (let row = queue.shift(); row; row = queue.shift()) {
        const id = row.id;
        const receive = await politely(() => getReceived(gateway, id));
        await index.put([entryOf('received', receive, receive.payload, receive.encoding)]);
        onRead?.();
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
  });
}

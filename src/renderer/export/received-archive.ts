/**
 * Received invoices chosen by the day they were received, as a ZIP made in the page. `GET /export` selects by
 * document date only (spec "Export": year+month, year+quarter or document_date_from/to), but purchases go into
 * the VAT register by the date they were received; so the app lists the period's received invoices
 * (`GET /receive?date_sent_from&date_sent_to`), reads their files a page at a time (`include_payload=true`: as
 * with the export, each unread one becomes read and counts one operation; the screen says so first) and zips them
 * in the export's own layout, `{vat}/receive/{file}`.
 */
import type { Company, Receive } from '../../shared/api/types.ts';
import type { Gateway } from '../../shared/gateway/channels.ts';
import { clientOf, listReceived } from '../data/api.ts';
import { entryOf } from '../invoice-index/entry.ts';
import { politely } from '../invoice-index/fill.ts';
import type { InvoiceIndex } from '../invoice-index/invoice-index.ts';
import { fromBase64 } from '../data/payload.ts';
import { zipArchive, type ZipEntry } from './zip.ts';

const PAGE = 100;

export interface ReceivedChoice {
  /** `date_sent_from` and `date_sent_to`. */
  range: { from: string; to: string };
  companyId: number | null;
}

const filterOf = (choice: ReceivedChoice) => ({
  date_sent_from: choice.range.from,
  date_sent_to: choice.range.to,
  company_id: choice.companyId ?? undefined,
});

/** How many invoices the choice selects, and how many of them are unread (metadata only: nothing is read). */
export async function countReceived(
  gateway: Gateway,
  choice: ReceivedChoice,
): Promise<{ total: number; unread: number }> {
  const [all, unread] = await Promise.all([
    politely(() => listReceived(gateway, { ...filterOf(choice), page_size: 1 })),
    politely(() => listReceived(gateway, { ...filterOf(choice), unread: true, page_size: 1 })),
  ]);
  return { total: all.total, unread: unread.total };
}

/** The file as stored (XML, or the signed .p7m), not unwrapped: what the service's own export puts in its ZIP. */
const storedBytes = (receive: Receive): Uint8Array =>
  receive.encoding === 'Base64'
    ? fromBase64(receive.payload ?? '')
    : new TextEncoder().encode(receive.payload ?? '');

/**
 * The ZIP of the choice's received invoices, or null when there are none. Reading them marks the unread ones read
 * (one operation each); what is read also goes into the index, which costs nothing more.
 */
export async function receivedArchive(
  gateway: Gateway,
  choice: ReceivedChoice,
  onProgress: (done: number, total: number) => void,
  index: InvoiceIndex | null,
  signal?: AbortSignal,
): Promise<{ bytes: Uint8Array; files: number } | null> {
  const companies = await politely(() => clientOf(gateway).companies.readAll({ sort: 'name' }));
  const vatOf = new Map(companies.items.map((c: Company) => [c.id, c.vat]));
  const entries: ZipEntry[] = [];
  let total = Infinity;
  // Oldest first, so that an invoice arriving meanwhile lands on a later page rather than shifting this one.
  for (let page = 1; entries.length < total && !signal?.aborted; page++) {
    const result = await politely(() =>
      listReceived(gateway, {
        ...filterOf(choice),
        include_payload: true,
        page,
        page_size: PAGE,
        sort: 'created',
      }),
    );
    if (total === Infinity) total = result.total;
    if (result.items.length === 0) break;
    for (const receive of result.items) {
      const vat = vatOf.get(receive.company_id) ?? String(receive.company_id);
      const name = (receive.file_name ?? `${receive.id}.xml`).replace(/[/\\\0]/g, '_');
      entries.push({ name: `${vat.replace(/[/\\\0]/g, '_')}/receive/${name}`, bytes: storedBytes(receive) });
    }
    if (index)
      await index.put(
        result.items.map((receive) => entryOf('received', receive, receive.payload, receive.encoding)),
      );
    onProgress(entries.length, total);
  }
  if (signal?.aborted || entries.length === 0) return null;
  return { bytes: await zipArchive(entries), files: entries.length };
}

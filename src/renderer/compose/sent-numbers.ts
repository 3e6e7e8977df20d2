/**
 * What the sent invoices say about a draft's number, asked of the API with its filters (never a scan of the whole
 * list): whether the number is already used by the same supplier for the same document type and year (SDI would
 * discard the new one as 00404), and which numbers of the year a series has used so far.
 */
import type { Send } from '../../shared/api/types.ts';
import { identifyInvoice } from '../../shared/fatturapa/reading/read-document.ts';
import { invoiceToJson } from '../../shared/fatturapa/model/to-json.ts';
import { parseInvoiceXml } from '../../shared/fatturapa/xml-document.ts';
import type { InvoiceDraft } from '../../shared/fatturapa/compose/index.ts';
import type { Gateway } from '../../shared/gateway/channels.ts';
import { listSent } from '../data/api.ts';
import { payloadBytes } from '../data/read-invoice.ts';
import type { NumberUse } from './form-parts.tsx';

/** The documents of a sent file with their types, read from its payload; none when it cannot be read. */
function documentsOf(send: Send): { type: string; number: string; date: string }[] {
  if (!send.payload) return [];
  try {
    const json = invoiceToJson(parseInvoiceXml(payloadBytes(send.payload, send.encoding)));
    return identifyInvoice(json).documents;
  } catch {
    return [];
  }
}

/**
 * The sent invoice that already has the draft's number for the same supplier (VAT number), document type and
 * year, or null. One filtered call (`document_number` and `prestatore`), with the files to read their types. A
 * discarded invoice does not count: SDI never accepted it, so its number is free (a correction reuses it).
 */
export async function findNumberUse(gateway: Gateway, draft: InvoiceDraft): Promise<NumberUse | null> {
  const number = draft.document.number.trim();
  const year = draft.document.date.slice(0, 4);
  const vat = `${draft.supplier.vat.country.trim()}${draft.supplier.vat.code.trim()}`;
  if (number === '' || draft.supplier.vat.code.trim() === '' || !/^\d{4}$/.test(year)) return null;
  const { items } = await listSent(gateway, {
    document_number: number,
    prestatore: vat,
    include_payload: true,
    page_size: 20,
  });
  for (const send of items) {
    if (send.latest_state === 'Scartato') continue;
    const same = documentsOf(send).find(
      (d) => d.number === number && d.type === draft.document.type && d.date.startsWith(year),
    );
    if (same)
      return {
        sendId: send.id,
        number,
        type: same.type,
        date: same.date.slice(0, 10),
        customer: send.nome_committente ?? '',
      };
  }
  return null;
}

/** Pages read at most while looking for a series' latest number (the year's invoices, latest dated first). */
const MAX_PAGES = 5;
const PAGE_SIZE = 200;

/**
 * The numbers a company used in `year` (its invoices not discarded), latest dated first. With `until`, reading
 * stops at the first page that has a number it accepts: numbers follow the dates within a year (art. 21 DPR
 * 633/72), so the highest of a series is among its latest.
 */
/**
 * Whose numbers: a company's own invoices, or, for documents the customer issues (self-invoices TD16–TD19 and the
 * other integrations), those whose customer is the company (`committente`): their supplier is the other party.
 */
export type NumberOwner = { companyId: number } | { customerVat: string };

export async function numbersOfYear(
  gateway: Gateway,
  owner: NumberOwner,
  year: string,
  until?: (number: string) => boolean,
): Promise<string[]> {
  const numbers: string[] = [];
  // The day before the year at its last instant: a date-only document_date compares as text on some servers.
  const from = `${Number(year) - 1}-12-31T23:59:59.999Z`;
  const to = `${year}-12-31T23:59:59.999Z`;
  for (let page = 1; page <= (until ? MAX_PAGES : 1); page++) {
    const { items, total } = await listSent(gateway, {
      ...('companyId' in owner ? { company_id: owner.companyId } : { committente: owner.customerVat }),
      document_date_from: from,
      document_date_to: to,
      sort: '-document_date',
      page,
      page_size: PAGE_SIZE,
    });
    const found = items.flatMap((s) =>
      (s.documents ?? [])
        .filter((d) => d.date?.startsWith(year) && s.latest_state !== 'Scartato')
        .map((d) => d.number ?? ''),
    );
    numbers.push(...found);
    if (!until || found.some(until) || page * PAGE_SIZE >= total) break;
  }
  return numbers;
}

/**
 * Duplicate keys of an invoice file, as strings a store can keep beside each invoice and pass back as `knownKeys`:
 * - `sha256:<hex>`: the SHA-256 of the invoice XML (the content of a .p7m, so the signed and the plain copy of one
 *   file are the same);
 * - `doc:<supplier>|<number>|<date>`: one per document (body), the supplier's VAT number (else its fiscal code),
 *   the Numero as written and the calendar date. A file is a duplicate when every one of its documents is known.
 */
import { parseInvoiceXml } from '../fatturapa/xml-document.ts';
import { summarizeInvoice } from '../fatturapa/summary.ts';
import type { InvoiceSummary } from '../fatturapa/summary.ts';

/** SHA-256 of the bytes, 64 lower-case hex digits (Web Crypto: the same in Node, Electron and the browser). */
export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function hashKey(sha256: string): string {
  return `sha256:${sha256.toLowerCase()}`;
}

/** null when the document lacks one of the three (it then has no document key). */
export function documentKey(
  supplier: string | null,
  number: string | null,
  date: string | null,
): string | null {
  const who = (supplier ?? '').replace(/\s+/g, '').toUpperCase();
  const what = (number ?? '').trim();
  if (who === '' || what === '' || !date) return null;
  return `doc:${who}|${what}|${date}`;
}

/** The document keys of a summarised file, one per body that has the supplier, a number and a date. */
export function documentKeys(summary: InvoiceSummary): string[] {
  const supplier = summary.prestatore.vat ?? summary.prestatore.fiscalCode;
  return summary.documents
    .map((document) => documentKey(supplier, document.number, document.date))
    .filter((key): key is string => key !== null);
}

/** Every duplicate key of an invoice XML (not a .p7m: unwrap it first). Throws InvoiceDocumentError on a bad file. */
export async function invoiceKeys(xml: Uint8Array): Promise<string[]> {
  const summary = summarizeInvoice(parseInvoiceXml(xml));
  return [hashKey(await sha256Hex(xml)), ...documentKeys(summary)];
}

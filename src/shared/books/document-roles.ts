/**
 * What a document is to the books of the company that sent or received it, from its TipoDocumento. Written down
 * in one place because three modules depend on it (whose party is the company, which register a document goes
 * to, what the dashboard calls invoiced), and because the self-invoices turn the usual reading around.
 *
 * | types              | sent by the company                                    | received by the company           |
 * | ------------------ | ------------------------------------------------------ | --------------------------------- |
 * | TD01–TD09, TD24–27 | a sale: its VAT is owed (sales register)               | a purchase: its VAT is deductible |
 * | TD16–TD19          | a self-invoice: VAT owed and deducted (both registers) | SDI's copy of one, see below      |
 * | TD28               | a San Marino purchase with VAT: deductible             | SDI's copy of one, see below      |
 * | TD20–TD23, TD29    | not computed (see NOT_COMPUTED)                        | not computed                      |
 *
 * TD16–TD20 and TD28 are issued by the buyer: CedentePrestatore is the real supplier and CessionarioCommittente
 * the company that transmits them, so the company's own party is the customer even when the document is sent.
 * SDI delivers such a document to its CessionarioCommittente too, that is back to the company, which may then
 * hold it twice (sent and received): the VAT books count a received copy only when the sent one is missing
 * (vat-period.ts). A type this table does not know (a newer schema) is read as an ordinary document.
 */
import type { BookKind } from './book-record.ts';

/** Integrations and self-invoices for reverse charge: their VAT is a debit and a credit of the buyer at once. */
export const SELF_INVOICES: ReadonlySet<string> = new Set(['TD16', 'TD17', 'TD18', 'TD19']);

/** Documents the buyer issues (its own party is CessionarioCommittente). */
export const BUYER_ISSUED: ReadonlySet<string> = new Set(['TD16', 'TD17', 'TD18', 'TD19', 'TD20', 'TD28']);

/**
 * Types whose VAT the books do not compute, listed as left out rather than guessed: TD20 (the buyer regularises
 * an invoice it did not get, and pays that VAT with an F24 of its own before deducting it), TD21 (VAT on
 * purchases beyond the exporter's plafond, paid with an F24 of its own), TD22 and TD23 (goods leaving a VAT
 * warehouse, each with its own procedure), TD29 (a report of an irregular invoice, not an operation).
 */
export const NOT_COMPUTED: ReadonlySet<string> = new Set(['TD20', 'TD21', 'TD22', 'TD23', 'TD29']);

/** TD28: a purchase from San Marino on a paper invoice with Italian VAT, reported by the buyer. */
const SAN_MARINO_PURCHASE = 'TD28';

/** Where a document goes in the books: see the table above. */
export type BookRole = 'sale' | 'purchase' | 'self-invoice' | 'not-computed';

export function bookRole(kind: BookKind, type: string): BookRole {
  if (NOT_COMPUTED.has(type)) return 'not-computed';
  if (SELF_INVOICES.has(type)) return 'self-invoice';
  if (type === SAN_MARINO_PURCHASE) return 'purchase';
  return kind === 'sent' ? 'sale' : 'purchase';
}

/** Whether the company is the document's CessionarioCommittente: every received document, and buyer-issued ones. */
export function companyIsCustomer(kind: BookKind, type: string): boolean {
  return kind === 'received' || BUYER_ISSUED.has(type);
}

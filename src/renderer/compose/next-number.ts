/**
 * The number a draft would get now: the next of its document type's series when the company has one (Companies),
 * else after the highest number of the draft's year whatever its series; for a document the customer issues (a
 * self-invoice), among the company's own integrations. Asked of the sent invoices (sent-numbers.ts), by the
 * composer's proposal and by a batch just before each draft is sent.
 */
import { documentTypeRule } from '../../shared/fatturapa/document-type-rules.ts';
import {
  inSeries,
  nextDocumentNumber,
  nextInSeries,
  seriesFor,
  type InvoiceDraft,
} from '../../shared/fatturapa/compose/index.ts';
import type { Gateway } from '../../shared/gateway/channels.ts';
import { seriesOf } from './draft-store.ts';
import { numbersOfYear, type NumberOwner } from './sent-numbers.ts';

/** Whose numbers the draft's number follows; null until the draft says (no company, or no customer VAT yet). */
export function numberOwnerOf(draft: InvoiceDraft, companyId: number | null): NumberOwner | null {
  const byCustomer = (documentTypeRule(draft.document.type)?.issuedBy ?? 'supplier') === 'customer';
  if (!byCustomer) return companyId === null ? null : { companyId };
  const customerVat = `${draft.customer.vat.country}${draft.customer.vat.code}`;
  return customerVat.length > 2 ? { customerVat } : null;
}

/** The company's series template for the draft's document type ('' when none is set). */
export function seriesTemplateOf(profile: string, companyId: number | null, documentType: string): string {
  return companyId === null ? '' : seriesFor(seriesOf(profile, companyId), documentType);
}

/** The next free number for a year, of a series template or after the year's highest. */
export async function nextNumber(
  gateway: Gateway,
  owner: NumberOwner,
  year: string,
  template: string,
): Promise<string> {
  return template
    ? nextInSeries(
        await numbersOfYear(gateway, owner, year, (n) => inSeries(n, template, year)),
        template,
        year,
      )
    : nextDocumentNumber(await numbersOfYear(gateway, owner, year), { year });
}

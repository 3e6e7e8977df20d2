/**
 * A contact picked in the composer fills the draft: the customer's identity, address and delivery channel, and
 * what the contact proposes for a new invoice, where the draft has nothing of its own yet: a payment (method, days
 * from the invoice date, IBAN) when the draft has none, the Natura and its wording on lines not written yet.
 */
import type { InvoiceDraft } from '../fatturapa/compose/draft.ts';
import { emptyPaymentDetail } from '../fatturapa/compose/draft.ts';
import type { ContactFields } from './contact.ts';

export function fillCustomer(draft: InvoiceDraft, contact: ContactFields): void {
  const customer = draft.customer;
  customer.name = contact.name;
  customer.firstName = contact.firstName;
  customer.lastName = contact.lastName;
  customer.vat = { ...contact.vat };
  customer.fiscalCode = contact.fiscalCode;
  customer.address = { ...contact.address };
  customer.delivery = { ...contact.delivery };

  const { method, days, iban } = contact.payment;
  if (draft.payments.length === 0 && (method !== '' || days !== '' || iban !== '')) {
    draft.payments = [
      {
        conditions: 'TP02',
        details: [{ ...emptyPaymentDetail(), method: method || 'MP05', termsDays: days, iban }],
      },
    ];
  }
  if (contact.nature !== '') {
    for (const line of draft.lines) {
      const untouched = line.description.trim() === '' && line.unitPrice.trim() === '' && line.nature === '';
      if (!untouched) continue;
      line.vatRate = '0.00';
      line.nature = contact.nature;
      line.legalReference = contact.legalReference;
    }
  }
}

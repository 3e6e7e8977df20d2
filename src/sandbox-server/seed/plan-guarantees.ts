import type { Esito } from '../sdi/notifications/index.ts';
import { addDays, isWorkingDay, romeDate, romeInstant } from './calendar.ts';
import type { Customer, Supplier } from './cast.ts';
import type { InvoiceLine, InvoiceSpec } from './invoice-file.ts';
import type { PlanOptions, SeedStep } from './plan-types.ts';
import type { Ticket } from './plan-numbers.ts';

type Send = Extract<SeedStep, { kind: 'send' }>;

export interface Invoice {
  spec: InvoiceSpec;
  ticket: Ticket;
}

/** How the plan makes its steps; the guarantees below use the same ones. */
export interface Builders {
  invoiceFor(company: number, customer: Customer, date: string): Invoice;
  creditNote(company: number, original: Invoice, date: string, lines: InvoiceLine[], reason: string): Invoice;
  send(
    at: Date,
    company: number,
    invoice: Invoice,
    extra?: { signature?: 'Auto' | 'None'; scenario?: string | null },
  ): Send;
  answer(step: Send, outcome: Esito | null, afterDays: number): void;
  /** The discarded transmission, then the corrected one (returned). */
  mistake(at: Date, company: number, invoice: Invoice, kind: 'vat' | 'date' | 'unsigned'): Send;
  customerOf(company: number, kind: Customer['kind'] | 'none'): Customer | undefined;
  arrival(at: Date, company: number, supplier: Supplier): void;
}

/**
 * A few invoices placed in the last days on purpose, so that every state a sent invoice can reach is there to
 * look at: accepted and refused by a public administration (the refused one cancelled by a credit note and
 * issued again), terms run out, undeliverable, discarded, and with a test key a PA office SDI cannot reach.
 */
export function guaranteeStates(options: PlanOptions, b: Builders): void {
  const { end } = options;
  const endDate = romeDate(end);
  const workingDaysBefore = (n: number): string => {
    let date = endDate;
    for (let seen = 0; seen < n;) {
      date = addDays(date, -1);
      if (isWorkingDay(date)) seen++;
    }
    return date;
  };
  const at = (date: string, hour: number) => romeInstant(date, hour, 10 + (hour % 3) * 7);
  const publicCompany = options.cast.findIndex((c) => c.customers.some((x) => x.kind === 'public'));
  if (publicCompany >= 0) {
    const pa = b.customerOf(publicCompany, 'public')!;
    const accepted = workingDaysBefore(9);
    b.answer(b.send(at(accepted, 10), publicCompany, b.invoiceFor(publicCompany, pa, accepted)), 'EC01', 3);
    const refusedDate = workingDaysBefore(8);
    const refused = b.invoiceFor(publicCompany, pa, refusedDate);
    b.answer(b.send(at(refusedDate, 11), publicCompany, refused), 'EC02', 3);
    // A refused invoice still counts as issued: it is cancelled with a credit note, then issued again.
    const fixDate = workingDaysBefore(3);
    const cancel = b.creditNote(
      publicCompany,
      refused,
      fixDate,
      [...refused.spec.lines],
      'Storno totale della fattura rifiutata dal committente',
    );
    b.send(at(fixDate, 9), publicCompany, cancel);
    b.send(at(fixDate, 12), publicCompany, b.invoiceFor(publicCompany, pa, fixDate));
    // No answer within 15 days: decorrenza termini.
    const lapsed = workingDaysBefore(14);
    b.send(at(lapsed, 15), publicCompany, b.invoiceFor(publicCompany, pa, lapsed));
    // Delivered, waiting for the office's answer.
    const waiting = workingDaysBefore(2);
    b.send(at(waiting, 10), publicCompany, b.invoiceFor(publicCompany, pa, waiting));
    if (options.steering) {
      // SDI cannot reach the office: NonConsegnato, then the attestation on day 10 …
      const attested = workingDaysBefore(9);
      b.send(at(attested, 11), publicCompany, b.invoiceFor(publicCompany, pa, attested), {
        scenario: 'deliver=NonConsegnato',
      });
      const undelivered = workingDaysBefore(3);
      b.send(at(undelivered, 11), publicCompany, b.invoiceFor(publicCompany, pa, undelivered), {
        scenario: 'deliver=NonConsegnato',
      });
      // … and with SDI's real timing, two days of attempts during which the invoice stays Inviato.
      const trying = addDays(endDate, -1);
      b.send(at(trying, 16), publicCompany, b.invoiceFor(publicCompany, pa, trying), {
        scenario: 'deliver=NonConsegnato;timing=realistic',
      });
    }
  }
  const noChannel = b.customerOf(0, 'none');
  const discarded = workingDaysBefore(1);
  if (noChannel) {
    // A customer with neither channel code nor PEC: the invoice waits in its reserved area.
    b.send(at(discarded, 9), 0, b.invoiceFor(0, noChannel, discarded));
  }
  const business = b.customerOf(0, 'business')!;
  b.mistake(at(discarded, 14), 0, b.invoiceFor(0, business, discarded), 'vat');
}

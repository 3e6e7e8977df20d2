/**
 * Many book records at once, for the scale test and the bench (bench/books.ts): built directly as the plain
 * data the index holds (reading 30,000 files would test the reader, not the books), from a few rules whose
 * sums the scale test works out on its own. Every figure is a whole number of cents, so nothing rounds.
 *
 * Sent document i (2026): month i % 12 + 1, day i % 26 + 1; taxable 100.00 + (i % 10) × 10.00 at 22 %, customer ⌊i / 20⌋ % 100; every
 * 20th (i % 20 = 19) a credit note of the same amounts naming document i − 1; every 50th (i % 50 = 7) split
 * payment; one instalment due 30 days after; i % 3 = 0 paid in full on the due date, i % 3 = 1 half paid 10
 * days after the date. Received document j: month j % 12 + 1, day j % 24 + 1, delivered 2 days later; taxable
 * 50.00 + (j % 5) × 10.00 at 22 %, due 60 days after, unpaid.
 */
import { addDays, BOOK_RECORD_VERSION, centsText, instalmentKey } from '../../../src/shared/books/index.ts';
import type { BookRecord, Chargeability, PaymentRecord } from '../../../src/shared/books/index.ts';

export const SYNTHETIC_COMPANY = 'IT12345678903';

const pad = (n: number) => String(n).padStart(2, '0');

export interface SentRule {
  date: string;
  creditNote: boolean;
  chargeability: Chargeability;
  taxable: bigint;
  tax: bigint;
}

/** The rule of sent document i (see the top of this file), amounts unsigned. */
export function sentRule(i: number): SentRule {
  const taxable = 10_000n + BigInt(i % 10) * 1_000n;
  const creditNote = i % 20 === 19;
  return {
    date: `2026-${pad((i % 12) + 1)}-${pad((i % 26) + 1)}`,
    creditNote,
    chargeability: !creditNote && i % 50 === 7 ? 'S' : 'I',
    taxable,
    tax: (taxable * 22n) / 100n,
  };
}

/** The rule of received document j, amounts unsigned. */
export function receivedRule(j: number): {
  date: string;
  receivedDate: string;
  taxable: bigint;
  tax: bigint;
} {
  const taxable = 5_000n + BigInt(j % 5) * 1_000n;
  const month = pad((j % 12) + 1);
  return {
    date: `2026-${month}-${pad((j % 24) + 1)}`,
    receivedDate: `2026-${month}-${pad((j % 24) + 3)}`,
    taxable,
    tax: (taxable * 22n) / 100n,
  };
}

export function syntheticBooks(
  sent: number,
  received: number,
): { records: BookRecord[]; payments: PaymentRecord[] } {
  const records: BookRecord[] = [];
  const payments: PaymentRecord[] = [];
  const company = { vat: SYNTHETIC_COMPANY, fiscalCode: null };
  for (let i = 0; i < sent; i++) {
    const rule = sentRule(i);
    const sign = rule.creditNote ? -1n : 1n;
    const total = rule.taxable + rule.tax;
    const netToPay = rule.chargeability === 'S' ? rule.taxable : total;
    // A credit note and the invoice before it (i % 20 = 18, 19) share their customer.
    const customer = `IT${String(10_000_000_000 + (Math.floor(i / 20) % 100)).slice(1)}`;
    const record: BookRecord = {
      version: BOOK_RECORD_VERSION,
      kind: 'sent',
      invoiceId: i + 1,
      documentIndex: 1,
      type: rule.creditNote ? 'TD04' : 'TD01',
      number: `S-${i}`,
      date: rule.date,
      receivedDate: null,
      company,
      counterparty: { name: `Cliente ${Math.floor(i / 20) % 100}`, vat: customer, fiscalCode: null },
      currency: 'EUR',
      creditNote: rule.creditNote,
      vat: [
        {
          rate: '22.00',
          nature: null,
          chargeability: rule.chargeability,
          taxable: centsText(sign * rule.taxable),
          tax: centsText(sign * rule.tax),
        },
      ],
      documentTotal: centsText(sign * total),
      netToPay: centsText(sign * netToPay),
      instalments: [
        {
          position: 1,
          due: addDays(rule.date, 30),
          dueFrom: 'terms',
          amount: centsText(sign * netToPay),
          method: 'MP05',
          iban: null,
        },
      ],
      references: rule.creditNote ? [{ number: `S-${i - 1}`, date: sentRule(i - 1).date }] : [],
      imported: false,
    };
    records.push(record);
    if (rule.creditNote) continue;
    if (i % 3 === 0)
      payments.push({
        instalment: instalmentKey(record, 1),
        date: addDays(rule.date, 30),
        amount: centsText(netToPay),
      });
    else if (i % 3 === 1)
      payments.push({
        instalment: instalmentKey(record, 1),
        date: addDays(rule.date, 10),
        amount: centsText(netToPay / 2n),
      });
  }
  for (let j = 0; j < received; j++) {
    const rule = receivedRule(j);
    const total = rule.taxable + rule.tax;
    records.push({
      version: BOOK_RECORD_VERSION,
      kind: 'received',
      invoiceId: j + 1,
      documentIndex: 1,
      type: 'TD01',
      number: `R-${j}`,
      date: rule.date,
      receivedDate: rule.receivedDate,
      company,
      counterparty: {
        name: `Fornitore ${j % 50}`,
        vat: `IT${String(20_000_000_000 + (j % 50)).slice(1)}`,
        fiscalCode: null,
      },
      currency: 'EUR',
      creditNote: false,
      vat: [
        {
          rate: '22.00',
          nature: null,
          chargeability: 'I',
          taxable: centsText(rule.taxable),
          tax: centsText(rule.tax),
        },
      ],
      documentTotal: centsText(total),
      netToPay: centsText(total),
      instalments: [
        {
          position: 1,
          due: addDays(rule.date, 60),
          dueFrom: 'terms',
          amount: centsText(total),
          method: 'MP05',
          iban: null,
        },
      ],
      references: [],
      imported: false,
    });
  }
  return { records, payments };
}

/**
 * A small month of books for the deadlines screen's helpers, computed by hand:
 *
 * - FT-1 (2 March 2026) to Cliente Srl: 1,000.00 + 22 % = 1,220.00 in two instalments, 610.00 by transfer due
 *   31 March and 610.00 by RIBA due 30 April;
 * - FT-2 (5 March) to Altro Cliente Srl: 500.00 + 22 % = 610.00, no payment data: due on its date;
 * - NC-1 (10 March) to Cliente Srl: a credit note of 100.00 + 22 % = 122.00 naming FT-1: netted against FT-1's
 *   earliest open instalment, which drops to 488.00; the credit note's own row drops to 0;
 * - A-1 (3 March, delivered 4 March) from Fornitore Spa: 800.00 + 22 % = 976.00 at 30 days: due 2 April.
 *
 * On 10 April 2026 FT-1's first instalment, FT-2 and A-1 are overdue; FT-1's second is open.
 */
import { deadlinesOf, instalmentKey } from '../../../src/shared/books/index.ts';
import type { BookRecord, Deadline, PaymentRecord } from '../../../src/shared/books/index.ts';
import { purchase, sale } from '../../shared/books/invoices.ts';

export const TODAY = '2026-04-10';
export const IBAN = 'IT60X0542811101000000123456';

export const ft1 = sale({
  number: 'FT-1',
  date: '2026-03-02',
  lines: [{ amount: '1000' }],
  payments: [
    { due: '2026-03-31', amount: '610.00', method: 'MP05', iban: IBAN },
    { due: '2026-04-30', amount: '610.00', method: 'MP12' },
  ],
});
export const ft2 = sale({ number: 'FT-2', date: '2026-03-05', lines: [{ amount: '500' }] }, 'altro');
export const nc1 = sale({
  type: 'TD04',
  number: 'NC-1',
  date: '2026-03-10',
  lines: [{ amount: '100' }],
  references: [{ number: 'FT-1', date: '2026-03-02' }],
});
export const a1 = purchase(
  {
    number: 'A-1',
    date: '2026-03-03',
    lines: [{ amount: '800' }],
    payments: [{ termsDays: '30', method: 'MP05' }],
  },
  '2026-03-04',
);

export const RECORDS: BookRecord[] = [ft1, ft2, nc1, a1];

export function payment(record: BookRecord, position: number, date: string, cents: bigint): PaymentRecord {
  return { instalment: instalmentKey(record, position), date, amount: `${cents}` };
}

export function books(payments: PaymentRecord[] = [], today = TODAY): Deadline[] {
  return deadlinesOf(RECORDS, payments, today);
}

/** The row of a document's instalment. */
export function rowOf(deadlines: Deadline[], record: BookRecord, position = 1): Deadline {
  const row = deadlines.find((d) => d.document.invoiceId === record.invoiceId && d.position === position);
  if (!row) throw new Error(`no row ${record.number}#${position}`);
  return row;
}

/** "FT-1#1" for each row, in order. */
export const names = (rows: Deadline[]) => rows.map((row) => `${row.number}#${row.position}`);

import { describe, expect, it } from 'vitest';
import { centsText, dashboardFigures, deadlinesOf, instalmentKey } from '../../../src/shared/books/index.ts';
import type { BookRecord, PaymentRecord } from '../../../src/shared/books/index.ts';
import { COMPANY, purchase, sale } from './invoices.ts';

const TODAY = '2026-04-15';

function paid(record: BookRecord, date: string, amount: bigint): PaymentRecord {
  return { instalment: instalmentKey(record, 1), date, amount: centsText(amount) };
}

describe('the dashboard', () => {
  // January: A, 1000.00 + 22 % = 1220.00, due 9 February, collected 5 February.
  const a = sale({
    number: 'A',
    date: '2026-01-10',
    lines: [{ amount: '1000' }],
    payments: [{ due: '2026-02-09' }],
  });
  // March: B, 2000.00 + 22 % = 2440.00, due 31 March, 1000.00 collected 20 March.
  const b = sale({
    number: 'B',
    date: '2026-03-05',
    lines: [{ amount: '2000' }],
    payments: [{ due: '2026-03-31' }],
  });
  // March: C, 500.00 + 22 % = 610.00, due 30 April.
  const c = sale({
    number: 'C',
    date: '2026-03-20',
    lines: [{ amount: '500' }],
    payments: [{ due: '2026-04-30' }],
  });
  // March: D, credit note of 100.00 + 22 % = 122.00 on B: B's row falls to 2440.00 − 122.00 = 2318.00.
  const d = sale({
    type: 'TD04',
    number: 'D',
    date: '2026-03-25',
    lines: [{ amount: '100' }],
    references: [{ number: 'B' }],
  });
  // March: E, a purchase of 300.00 + 22 % = 366.00, delivered 11 March.
  const e = purchase({ number: 'E', date: '2026-03-10', lines: [{ amount: '300' }] }, '2026-03-11');
  // March: F, a sale in dollars: 100.00 + 22 % = 122.00 USD, left out of the money figures.
  const f = sale({ number: 'F', date: '2026-03-15', lines: [{ amount: '100' }], currency: 'USD' });
  const records = [a, b, c, d, e, f];
  const deadlines = deadlinesOf(
    records,
    [paid(a, '2026-02-05', 122000n), paid(b, '2026-03-20', 100000n)],
    TODAY,
  );

  it('gives a month’s invoiced, collected, to collect, overdue and VAT', () => {
    const march = dashboardFigures(records, deadlines, COMPANY, '2026-03');
    expect(march).toMatchObject({
      company: COMPANY,
      period: '2026-03',
      from: '2026-03-01',
      to: '2026-03-31',
      // B 2440.00 + C 610.00 − D 122.00 = 2928.00 (F is in dollars).
      invoiced: 292800n,
      // 1000.00 on B, 20 March.
      collected: 100000n,
      // Due in March and not paid: B, 2318.00 − 1000.00 = 1318.00, overdue on 15 April.
      toCollect: 131800n,
      overdue: 131800n,
      // Sales VAT: B 440.00 + C 110.00 − D 22.00 + F 22.00 (the VAT summary is in euro by law) = 550.00;
      // deductible: E 66.00; net 484.00.
      vat: { sales: 55000n, purchases: 6600n, net: 48400n },
      otherCurrencies: [{ kind: 'sent', invoiceId: f.invoiceId, documentIndex: 1 }],
    });
  });

  it('gives invoiced and collected for each month of the year', () => {
    const { months } = dashboardFigures(records, deadlines, COMPANY, '2026-03');
    expect(months).toHaveLength(12);
    expect(months.slice(0, 4)).toEqual([
      { month: '2026-01', invoiced: 122000n, collected: 0n },
      { month: '2026-02', invoiced: 0n, collected: 122000n },
      { month: '2026-03', invoiced: 292800n, collected: 100000n },
      { month: '2026-04', invoiced: 0n, collected: 0n },
    ]);
    expect(months.slice(4).every((m) => m.invoiced === 0n && m.collected === 0n)).toBe(true);
  });

  it('adds up a quarter', () => {
    // Invoiced 1220.00 + 2928.00 = 4148.00; collected 1220.00 + 1000.00 = 2220.00; to collect: B's 1318.00
    // (A is paid); VAT: sales 220.00 + 550.00 = 770.00, purchases 66.00, net 704.00.
    const q1 = dashboardFigures(records, deadlines, COMPANY, '2026-Q1');
    expect(q1).toMatchObject({
      invoiced: 414800n,
      collected: 222000n,
      toCollect: 131800n,
      overdue: 131800n,
      vat: { sales: 77000n, purchases: 6600n, net: 70400n },
    });
  });

  it('shows nothing of another company', () => {
    const other = dashboardFigures(records, deadlines, 'IT99999999999', '2026-03');
    expect([other.invoiced, other.collected, other.toCollect, other.vat.net]).toEqual([0n, 0n, 0n, 0n]);
  });
});

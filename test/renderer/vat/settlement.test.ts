import { describe, expect, it } from 'vitest';
import { deadlinesOf, vatLedgerOf } from '../../../src/shared/books/index.ts';
import type { BookRecord } from '../../../src/shared/books/index.ts';
import { settlementOf } from '../../../src/renderer/vat/settlement.ts';
import { COMPANY, purchase, sale } from '../../shared/books/invoices.ts';

function settle(records: BookRecord[], period: string) {
  return settlementOf(vatLedgerOf(records, deadlinesOf(records, [], '2027-12-31'), COMPANY), period);
}

describe('the settlement the VAT screen shows', () => {
  it('carries a month’s credit into the next month of the year and subtracts it there', () => {
    // February: a credit note of 200.00 at 22 % → −44.00 owed: a credit of 44.00.
    // March: 1000.00 at 22 % = 220.00 owed, 400.00 at 22 % = 88.00 deducted: 220.00 − 88.00 − 44.00 = 88.00.
    const records = [
      sale({ type: 'TD04', number: 'NC/1', date: '2027-02-10', lines: [{ amount: '200' }] }),
      sale({ number: '1', date: '2027-03-01', lines: [{ amount: '1000' }] }),
      purchase({ number: 'A1', date: '2027-03-02', lines: [{ amount: '400' }] }, '2027-03-20'),
    ];
    const february = settle(records, '2027-02');
    expect(february).toMatchObject({ net: -4400n, credit: 4400n, toPay: 0n, previousPeriod: '2027-01' });
    const march = settle(records, '2027-03');
    expect(march).toMatchObject({
      previousPeriod: '2027-02',
      previousCredit: 4400n,
      previousDebt: 0n,
      net: 8800n,
      toPay: 8800n,
      credit: 0n,
      carried: 0n,
    });
    expect(march.summary.previousCredit).toBe(4400n);
  });

  it('starts each year afresh: December’s credit goes to the annual return, not to January', () => {
    const records = [sale({ type: 'TD04', number: 'NC/9', date: '2026-12-10', lines: [{ amount: '200' }] })];
    expect(settle(records, '2026-12').credit).toBe(4400n);
    expect(settle(records, '2027-01')).toMatchObject({ previousPeriod: null, previousCredit: 0n, net: 0n });
  });

  it('does not pay 25.82 euro or less: it carries the amount into the next period and adds it there', () => {
    // January: 100.00 at 22 % = 22.00 owed, not paid. February: 200.00 at 10 % = 20.00 + 22.00 = 42.00 to pay.
    const records = [
      sale({ number: '1', date: '2027-01-15', lines: [{ amount: '100' }] }),
      sale({ number: '2', date: '2027-02-15', lines: [{ amount: '200', rate: '10' }] }),
    ];
    expect(settle(records, '2027-01')).toMatchObject({ net: 2200n, toPay: 0n, carried: 2200n, credit: 0n });
    const february = settle(records, '2027-02');
    expect(february).toMatchObject({ previousDebt: 2200n, previousCredit: 0n, net: 4200n, toPay: 4200n });
    // The books' summary (and its CSV) carry it as a negative previous credit.
    expect(february.summary.previousCredit).toBe(-2200n);
    expect(february.summary.net).toBe(4200n);
  });

  it('pays exactly 25.83 euro, and carries exactly 25.82', () => {
    // 117.40 × 22 % = 25.83 (25.828); 117.36 × 22 % = 25.82 (25.8192).
    const over = [sale({ number: '1', date: '2027-01-15', lines: [{ amount: '117.40' }] })];
    expect(settle(over, '2027-01')).toMatchObject({ net: 2583n, toPay: 2583n, carried: 0n });
    const at = [sale({ number: '1', date: '2027-01-15', lines: [{ amount: '117.36' }] })];
    expect(settle(at, '2027-01')).toMatchObject({ net: 2582n, toPay: 0n, carried: 2582n });
  });

  it('chains quarters as it chains months', () => {
    const records = [
      sale({ type: 'TD04', number: 'NC/1', date: '2027-02-10', lines: [{ amount: '200' }] }),
      sale({ number: '1', date: '2027-04-01', lines: [{ amount: '1000' }] }),
    ];
    expect(settle(records, '2027-Q1').credit).toBe(4400n);
    expect(settle(records, '2027-Q2')).toMatchObject({
      previousPeriod: '2027-Q1',
      previousCredit: 4400n,
      net: 17600n,
    });
  });
});

import { describe, expect, it } from 'vitest';
import { COMPANY, CUSTOMER, SUPPLIER } from '../../shared/books/invoices.ts';
import {
  applyFilters,
  canRecord,
  daysLate,
  documentNumbers,
  filtersOf,
  groupedIban,
  instalmentCounts,
  latestPayment,
  listTotal,
  monthLines,
  paymentProblem,
  periodChoices,
  plainOutstanding,
  queryOf,
  remaining,
  sortDeadlines,
  sortOf,
  sortText,
  statusKey,
  type DeadlineFilters,
} from '../../../src/renderer/deadlines/deadline-view.ts';
import { address } from '../../../src/renderer/shell/routes.ts';
import { a1, books, ft1, ft2, names, nc1, payment, rowOf, TODAY } from './fixtures.ts';

const ALL: DeadlineFilters = {
  kind: 'all',
  state: 'all',
  companyId: null,
  q: '',
  period: null,
  from: null,
  to: null,
};

const byDue = (rows: ReturnType<typeof books>) => sortDeadlines(rows, { key: 'due', descending: false });

describe('the rows of the books', () => {
  it('are one per instalment, the credit note netted against the invoice it names', () => {
    const rows = byDue(books());
    expect(names(rows)).toEqual(['FT-2#1', 'NC-1#1', 'FT-1#1', 'A-1#1', 'FT-1#2']);
    // FT-1's first instalment: 610.00 − 122.00 = 488.00; the credit note keeps nothing of its own.
    expect(rowOf(rows, ft1).amount).toBe(48800n);
    expect(rowOf(rows, nc1)).toMatchObject({ original: -12200n, amount: 0n, status: 'paid' });
    expect(rowOf(rows, a1)).toMatchObject({ due: '2026-04-02', amount: 97600n, direction: 'payable' });
  });
});

describe('the filters', () => {
  it('round-trip through the address, and ignore what they do not know', () => {
    const filters: DeadlineFilters = {
      kind: 'payable',
      state: 'overdue',
      companyId: 3,
      q: 'rossi',
      period: 'range',
      from: '2026-04-01',
      to: '2026-04-15',
    };
    const path = address('/deadlines', queryOf(filters));
    expect(path).toBe(
      '/deadlines?kind=payable&state=overdue&company=3&q=rossi&period=range&from=2026-04-01&to=2026-04-15',
    );
    expect(filtersOf(new URLSearchParams(path.split('?')[1]))).toEqual(filters);
    expect(
      filtersOf(new URLSearchParams('kind=nope&state=late&company=x&period=2026-13&from=1/4/2026')),
    ).toEqual(ALL);
    expect(address('/deadlines', queryOf(ALL))).toBe('/deadlines');
    // A range's dates only go with the range.
    expect(queryOf({ ...ALL, period: '2026-Q2', from: '2026-04-01' })).toMatchObject({
      period: '2026-Q2',
      from: null,
    });
  });

  it('choose receivables or payables', () => {
    expect(names(byDue(applyFilters(books(), { ...ALL, kind: 'receivable' }, null)))).toEqual([
      'FT-2#1',
      'NC-1#1',
      'FT-1#1',
      'FT-1#2',
    ]);
    expect(names(applyFilters(books(), { ...ALL, kind: 'payable' }, null))).toEqual(['A-1#1']);
  });

  it('choose by state: overdue, not yet due, settled, not settled, partly paid', () => {
    const paid = books([payment(ft1, 2, '2026-04-05', 20000n)]);
    const of = (state: DeadlineFilters['state']) => names(byDue(applyFilters(paid, { ...ALL, state }, null)));
    expect(of('overdue')).toEqual(['FT-2#1', 'FT-1#1', 'A-1#1']);
    expect(of('upcoming')).toEqual(['FT-1#2']);
    expect(of('paid')).toEqual(['NC-1#1']);
    expect(of('unsettled')).toEqual(['FT-2#1', 'FT-1#1', 'A-1#1', 'FT-1#2']);
    expect(of('partial')).toEqual(['FT-1#2']);
  });

  it('choose by due date: a month, a quarter, a year or a range', () => {
    const of = (period: string, from: string | null = null, to: string | null = null) =>
      names(byDue(applyFilters(books(), { ...ALL, period, from, to }, null)));
    expect(of('2026-04')).toEqual(['A-1#1', 'FT-1#2']);
    expect(of('2026-Q1')).toEqual(['FT-2#1', 'NC-1#1', 'FT-1#1']);
    expect(of('2025')).toEqual([]);
    expect(of('range', '2026-03-31', '2026-04-02')).toEqual(['FT-1#1', 'A-1#1']);
    // One end alone is open on the other side.
    expect(of('range', '2026-04-01')).toEqual(['A-1#1', 'FT-1#2']);
    expect(of('range')).toHaveLength(5);
  });

  it('find the counterparty by a part of its name, VAT number or tax code, or the document by its number', () => {
    const of = (q: string) => names(byDue(applyFilters(books(), { ...ALL, q }, null)));
    expect(of('fornitore')).toEqual(['A-1#1']);
    expect(of('ALTRO')).toEqual(['FT-2#1']);
    expect(of(SUPPLIER.slice(2, 9))).toEqual(['A-1#1']);
    expect(of(CUSTOMER)).toEqual(['NC-1#1', 'FT-1#1', 'FT-1#2']);
    expect(of('nc-')).toEqual(['NC-1#1']);
  });

  it('choose a company by its VAT number; a company not known yet leaves nothing', () => {
    expect(applyFilters(books(), { ...ALL, companyId: 1 }, COMPANY)).toHaveLength(5);
    expect(applyFilters(books(), { ...ALL, companyId: 1 }, 'IT00000000000')).toEqual([]);
    expect(applyFilters(books(), { ...ALL, companyId: 1 }, null)).toEqual([]);
  });
});

describe('the order', () => {
  it('sorts by any column, then by due date, receivables first', () => {
    const rows = books();
    expect(names(sortDeadlines(rows, { key: 'amount', descending: true }))).toEqual([
      'A-1#1',
      'FT-2#1',
      'FT-1#2',
      'FT-1#1',
      'NC-1#1',
    ]);
    expect(names(sortDeadlines(rows, { key: 'status', descending: false }))).toEqual([
      'FT-2#1',
      'FT-1#1',
      'A-1#1',
      'FT-1#2',
      'NC-1#1',
    ]);
    expect(names(sortDeadlines(rows, { key: 'counterparty', descending: false }))[0]).toBe('FT-2#1');
  });

  it('reads back what it wrote, due date first by default', () => {
    expect(sortOf(null)).toEqual({ key: 'due', descending: false });
    expect(sortOf('-outstanding')).toEqual({ key: 'outstanding', descending: true });
    expect(sortOf('weird')).toEqual({ key: 'due', descending: false });
    expect(sortText({ key: 'amount', descending: true })).toBe('-amount');
  });
});

describe('the totals', () => {
  it('add what is outstanding, and say how it splits when both kinds are listed', () => {
    // Receivable: 488.00 + 610.00 + 610.00 + 0 = 1,708.00; payable 976.00; 2,684.00 in all.
    const total = listTotal(books());
    expect(total).toMatchObject({ count: 5, mixed: true });
    expect(total.byCurrency).toEqual([
      {
        currency: 'EUR',
        amount: 268400n,
        paid: 0n,
        outstanding: 268400n,
        receivable: 170800n,
        payable: 97600n,
      },
    ]);
    expect(plainOutstanding(total)).toBe(268400n);
    expect(plainOutstanding(listTotal([]))).toBe(0n);
  });

  it('take payments off what is outstanding', () => {
    const rows = books([payment(ft1, 2, '2026-04-05', 20000n), payment(a1, 1, '2026-04-08', 97600n)]);
    const total = listTotal(applyFilters(rows, { ...ALL, kind: 'receivable' }, null));
    expect(total.mixed).toBe(false);
    // 1,708.00 − 200.00.
    expect(total.byCurrency[0]).toMatchObject({ outstanding: 150800n, paid: 20000n });
  });

  it('by month: to collect, to pay, of which overdue, and the balance', () => {
    expect(monthLines(books())).toEqual([
      {
        month: '2026-03',
        currency: 'EUR',
        receivable: 109800n,
        payable: 0n,
        overdueReceivable: 109800n,
        overduePayable: 0n,
        balance: 109800n,
      },
      {
        month: '2026-04',
        currency: 'EUR',
        receivable: 61000n,
        payable: 97600n,
        overdueReceivable: 0n,
        overduePayable: 97600n,
        balance: -36600n,
      },
    ]);
  });
});

describe('the words for a state', () => {
  it('follow the kind, and what settled the row', () => {
    const rows = books([payment(ft1, 2, '2026-04-05', 61000n), payment(a1, 1, '2026-04-08', 97600n)]);
    expect(statusKey(rowOf(rows, ft1, 1))).toBe('deadlines.status.overdue');
    expect(statusKey(rowOf(rows, ft1, 2))).toBe('deadlines.status.collected');
    expect(statusKey(rowOf(rows, a1))).toBe('deadlines.status.paid');
    expect(statusKey(rowOf(rows, nc1))).toBe('deadlines.status.offset');
    const early = books([], '2026-03-01');
    expect(statusKey(rowOf(early, ft2))).toBe('deadlines.status.toCollect');
    expect(statusKey(rowOf(early, a1))).toBe('deadlines.status.toPay');
    expect(statusKey(rowOf(books([payment(ft1, 2, '2026-04-05', 100n)]), ft1, 2))).toBe(
      'deadlines.status.partial',
    );
  });

  it('say "credited" of an invoice a credit note wiped out, "to refund" of a credit left over', () => {
    // Without FT-1's second instalment to take it, a credit larger than the first instalment is left over.
    const rows = books([payment(ft1, 1, '2026-03-20', 61000n)], '2026-03-01');
    // FT-1#1 was paid in full before the credit: the credit goes to #2 (610.00 − 122.00).
    expect(rowOf(rows, ft1, 2).amount).toBe(48800n);
    const credited = { ...rowOf(rows, ft1, 2), amount: 0n, outstanding: 0n, status: 'paid' as const };
    expect(statusKey(credited)).toBe('deadlines.status.credited');
    const leftOver = { ...rowOf(rows, nc1), amount: -12200n, outstanding: -12200n, status: 'open' as const };
    expect(statusKey(leftOver)).toBe('deadlines.status.toRefund');
    expect(statusKey({ ...leftOver, direction: 'payable' })).toBe('deadlines.status.toBeRefunded');
    expect(remaining(leftOver)).toBe(12200n);
    expect(statusKey({ ...leftOver, paid: -12200n, outstanding: 0n, status: 'paid' })).toBe(
      'deadlines.status.refunded',
    );
  });
});

describe('recording a payment', () => {
  it('takes up to what is outstanding, more than zero, on a date', () => {
    const row = rowOf(books(), ft1, 1);
    expect(remaining(row)).toBe(48800n);
    expect(canRecord(row)).toBe(true);
    expect(paymentProblem(row, 48800n, TODAY)).toBeNull();
    expect(paymentProblem(row, 100n, TODAY)).toBeNull();
    expect(paymentProblem(row, 48801n, TODAY)).toBe('amountOver');
    expect(paymentProblem(row, 0n, TODAY)).toBe('amountZero');
    expect(paymentProblem(row, null, TODAY)).toBe('amountMissing');
    expect(paymentProblem(row, 100n, '')).toBe('dateMissing');
    expect(canRecord(rowOf(books(), nc1))).toBe(false);
  });

  it('is undone last first', () => {
    const kept = [
      { id: 'a', instalment: 'sent:1/1#1', date: '2026-04-01', amount: '100', recorded: '2026-04-01T10:00Z' },
      { id: 'b', instalment: 'sent:1/1#1', date: '2026-03-30', amount: '200', recorded: '2026-04-02T10:00Z' },
      { id: 'c', instalment: 'sent:1/1#2', date: '2026-04-05', amount: '300', recorded: '2026-04-03T10:00Z' },
    ] as const;
    expect(latestPayment(kept, 'sent:1/1#1')?.id).toBe('b');
    expect(latestPayment(kept, 'sent:9/1#1')).toBeNull();
  });
});

describe('what the rows say of their documents', () => {
  it('counts instalments and names documents by key', () => {
    const rows = books();
    const counts = instalmentCounts(rows);
    expect(counts.get(`sent:${ft1.invoiceId}/1`)).toBe(2);
    expect(counts.get(`sent:${ft2.invoiceId}/1`)).toBe(1);
    expect(documentNumbers(rows).get(`sent:${nc1.invoiceId}/1`)).toBe('NC-1');
  });

  it('offers the months, quarters and years deadlines fall in, and today’s', () => {
    expect(periodChoices(books(), '2026-06-01')).toEqual({
      months: ['2026-03', '2026-04', '2026-06'],
      quarters: ['2026-Q1', '2026-Q2'],
      years: ['2026'],
    });
  });

  it('writes an IBAN in groups of four and counts the days late', () => {
    expect(groupedIban('it60x0542811101000000123456')).toBe('IT60 X054 2811 1010 0000 0123 456');
    expect(daysLate('2026-03-31', TODAY)).toBe(10);
    expect(daysLate('2026-02-28', '2026-03-01')).toBe(1);
    expect(daysLate('', TODAY)).toBe(0);
  });
});

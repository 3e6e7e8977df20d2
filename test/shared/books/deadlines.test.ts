import { describe, expect, it } from 'vitest';
import {
  centsText,
  deadlinesOf,
  deadlineTotalsByMonth,
  filterDeadlines,
  instalmentKey,
} from '../../../src/shared/books/index.ts';
import type { BookRecord, Deadline, PaymentRecord } from '../../../src/shared/books/index.ts';
import { purchase, sale, selfInvoice } from './invoices.ts';

const TODAY = '2026-05-15';

function paid(record: BookRecord, position: number, date: string, amount: bigint): PaymentRecord {
  return { instalment: instalmentKey(record, position), date, amount: centsText(amount) };
}

function only(deadlines: Deadline[], record: BookRecord): Deadline[] {
  return deadlines.filter((d) => d.document.invoiceId === record.invoiceId);
}

describe('the due date of an instalment', () => {
  it('is DataScadenzaPagamento when the file gives it', () => {
    const record = sale({
      number: '1',
      date: '2026-03-10',
      lines: [{ amount: '1000' }],
      payments: [{ due: '2026-04-09', termsStart: '2026-03-10', termsDays: '60' }],
    });
    expect(record.instalments[0]).toMatchObject({ due: '2026-04-09', dueFrom: 'due-date' });
  });

  it('is DataRiferimentoTerminiPagamento plus GiorniTerminiPagamento without a due date', () => {
    // 31 January + 30 days = 2 March (2026 is not a leap year: 28 days in February).
    const record = sale({
      number: '2',
      date: '2026-01-31',
      lines: [{ amount: '1000' }],
      payments: [{ termsStart: '2026-01-31', termsDays: '30' }],
    });
    expect(record.instalments[0]).toMatchObject({ due: '2026-03-02', dueFrom: 'terms' });
  });

  it('counts the days from the document date when only the days are given', () => {
    // 10 March + 60 days = 9 May.
    const record = sale({
      number: '3',
      date: '2026-03-10',
      lines: [{ amount: '1000' }],
      payments: [{ termsDays: '60' }],
    });
    expect(record.instalments[0]).toMatchObject({ due: '2026-05-09', dueFrom: 'terms' });
  });

  it('is the document date, for the whole net to pay, when the file has no payment data', () => {
    // 1000.00 + 22 % = 1220.00 due on the invoice's date.
    const record = sale({ number: '4', date: '2026-03-10', lines: [{ amount: '1000' }] });
    expect(record.instalments).toEqual([
      {
        position: 1,
        due: '2026-03-10',
        dueFrom: 'document-date',
        amount: '122000',
        method: null,
        iban: null,
      },
    ]);
  });
});

describe('the instalments of a document', () => {
  it('are one per DettaglioPagamento, each with its own method and bank account', () => {
    // TP01: 600.00 by transfer to one account on 30 April, 620.00 by RIBA on 31 May (1220.00 in all).
    const record = sale({
      number: '5',
      date: '2026-03-10',
      lines: [{ amount: '1000' }],
      payments: [
        { due: '2026-04-30', amount: '600.00', method: 'MP05', iban: 'IT60X0542811101000000123456' },
        { due: '2026-05-31', amount: '620.00', method: 'MP12' },
      ],
    });
    expect(record.instalments).toEqual([
      {
        position: 1,
        due: '2026-04-30',
        dueFrom: 'due-date',
        amount: '60000',
        method: 'MP05',
        iban: 'IT60X0542811101000000123456',
      },
      { position: 2, due: '2026-05-31', dueFrom: 'due-date', amount: '62000', method: 'MP12', iban: null },
    ]);
  });

  it('count the same-amount details of a TP02 block once: they are two ways of making the one payment', () => {
    // 1220.00 payable to either of two accounts: one instalment of 1220.00, not 2440.00.
    const record = sale({
      number: '6',
      date: '2026-03-10',
      lines: [{ amount: '1000' }],
      conditions: 'TP02',
      payments: [
        { due: '2026-04-30', amount: '1220.00', iban: 'IT60X0542811101000000123456' },
        { due: '2026-04-30', amount: '1220.00', iban: 'IT02L1234512345123456789012' },
      ],
    });
    expect(record.instalments).toMatchObject([
      { position: 1, amount: '122000', iban: 'IT60X0542811101000000123456' },
    ]);
  });
});

describe('deadlines', () => {
  it('gives one receivable row per instalment of a sale and one payable row per instalment of a purchase', () => {
    // Sale 1000.00 + 22 % = 1220.00 in two instalments of 610.00; purchase 200.00 + 22 % = 244.00.
    const s = sale({
      number: '10',
      date: '2026-03-10',
      lines: [{ amount: '1000' }],
      payments: [
        { due: '2026-04-30', amount: '610.00' },
        { due: '2026-05-31', amount: '610.00' },
      ],
    });
    const p = purchase(
      { number: 'A1', date: '2026-03-05', lines: [{ amount: '200' }], payments: [{ due: '2026-04-05' }] },
      '2026-03-06',
    );
    const deadlines = deadlinesOf([s, p], [], TODAY);
    expect(
      deadlines.map((d) => [d.key, d.direction, d.due, d.amount, d.counterparty.name, d.status]),
    ).toEqual([
      [instalmentKey(s, 1), 'receivable', '2026-04-30', 61000n, 'Cliente Srl', 'overdue'],
      [instalmentKey(s, 2), 'receivable', '2026-05-31', 61000n, 'Cliente Srl', 'open'],
      [instalmentKey(p, 1), 'payable', '2026-04-05', 24400n, 'Fornitore Spa', 'overdue'],
    ]);
  });

  it('marks a row partial after a partial payment and paid once the payments cover it', () => {
    // 1220.00 due 31 May (not yet due on 15 May): 500.00 paid → partial, 720.00 outstanding;
    // then 720.00 more → paid, nothing outstanding.
    const s = sale({
      number: '11',
      date: '2026-03-10',
      lines: [{ amount: '1000' }],
      payments: [{ due: '2026-05-31' }],
    });
    const first = paid(s, 1, '2026-04-10', 50000n);
    const [partial] = deadlinesOf([s], [first], TODAY);
    expect(partial).toMatchObject({ status: 'partial', paid: 50000n, outstanding: 72000n });
    expect(partial!.payments).toEqual([{ date: '2026-04-10', amount: 50000n }]);
    const [done] = deadlinesOf([s], [first, paid(s, 1, '2026-05-02', 72000n)], TODAY);
    expect(done).toMatchObject({ status: 'paid', paid: 122000n, outstanding: 0n });
  });

  it('marks a row overdue when it is open or partial and its due date is before today', () => {
    // Due 30 April, today 15 May: overdue whether nothing or 100.00 of 1220.00 was paid; on the due date
    // itself it is not overdue yet.
    const s = sale({
      number: '12',
      date: '2026-03-10',
      lines: [{ amount: '1000' }],
      payments: [{ due: '2026-04-30' }],
    });
    expect(deadlinesOf([s], [], TODAY)[0]!.status).toBe('overdue');
    const partly = deadlinesOf([s], [paid(s, 1, '2026-04-30', 10000n)], TODAY)[0]!;
    expect(partly).toMatchObject({ status: 'overdue', outstanding: 112000n });
    expect(deadlinesOf([s], [], '2026-04-30')[0]!.status).toBe('open');
  });

  it('nets a credit note against the open instalments of the invoice it corrects, earliest due first', () => {
    // Invoice 1220.00 in two instalments of 610.00 (30 April, 31 May); the first is paid.
    // Credit note of 100.00 + 22 % = 122.00 naming it: the second instalment becomes 610.00 − 122.00 = 488.00,
    // and the credit note's own row is left at −122.00 + 122.00 = 0, paid.
    const invoice = sale({
      number: 'FT/20',
      date: '2026-03-10',
      lines: [{ amount: '1000' }],
      payments: [
        { due: '2026-04-30', amount: '610.00' },
        { due: '2026-05-31', amount: '610.00' },
      ],
    });
    const credit = sale({
      type: 'TD04',
      number: 'NC/20',
      date: '2026-04-15',
      lines: [{ amount: '100' }],
      references: [{ number: 'FT/20', date: '2026-03-10' }],
    });
    const deadlines = deadlinesOf([invoice, credit], [paid(invoice, 1, '2026-04-30', 61000n)], TODAY);
    const [first, second] = only(deadlines, invoice);
    expect(first).toMatchObject({ amount: 61000n, status: 'paid', netted: [] });
    expect(second).toMatchObject({ original: 61000n, amount: 48800n, outstanding: 48800n, status: 'open' });
    expect(second!.netted).toEqual([
      {
        document: { kind: 'sent', invoiceId: credit.invoiceId, documentIndex: 1 },
        date: '2026-04-15',
        amount: -12200n,
      },
    ]);
    expect(only(deadlines, credit)).toMatchObject([
      { original: -12200n, amount: 0n, outstanding: 0n, status: 'paid' },
    ]);
  });

  it('keeps what an invoice cannot take as a negative row of the credit note: a credit to refund or offset', () => {
    // Invoice 122.00 already paid in full; credit note of 122.00 naming it: nothing open to net, so the
    // credit note stays a row of −122.00, open; a refund of 122.00 recorded on it makes it paid.
    const invoice = sale({ number: 'FT/21', date: '2026-03-10', lines: [{ amount: '100' }] });
    const credit = sale({
      type: 'TD04',
      number: 'NC/21',
      date: '2026-04-15',
      lines: [{ amount: '100' }],
      references: [{ number: 'FT/21' }],
    });
    const payments = [paid(invoice, 1, '2026-03-31', 12200n)];
    const [row] = only(deadlinesOf([invoice, credit], payments, TODAY), credit);
    expect(row).toMatchObject({
      direction: 'receivable',
      amount: -12200n,
      outstanding: -12200n,
      status: 'overdue',
    });
    const refunded = deadlinesOf(
      [invoice, credit],
      [...payments, paid(credit, 1, '2026-05-20', 12200n)],
      TODAY,
    );
    expect(only(refunded, credit)[0]).toMatchObject({ paid: -12200n, outstanding: 0n, status: 'paid' });
  });

  it('keeps a credit note that names no invoice as a negative row', () => {
    const credit = sale({ type: 'TD04', number: 'NC/22', date: '2026-05-20', lines: [{ amount: '50' }] });
    expect(deadlinesOf([credit], [], TODAY)).toMatchObject([{ amount: -6100n, status: 'open' }]);
  });

  it('does not net against an invoice of another customer with the same number', () => {
    const theirs = sale({ number: 'FT/23', date: '2026-03-10', lines: [{ amount: '100' }] }, 'altro');
    const credit = sale({
      type: 'TD04',
      number: 'NC/23',
      date: '2026-04-15',
      lines: [{ amount: '100' }],
      references: [{ number: 'FT/23' }],
    });
    const deadlines = deadlinesOf([theirs, credit], [], TODAY);
    expect(only(deadlines, theirs)[0]!.amount).toBe(12200n);
    expect(only(deadlines, credit)[0]!.amount).toBe(-12200n);
  });

  it('gives no row for a self-invoice: nothing is paid to anyone on a TD16', () => {
    const record = selfInvoice({
      type: 'TD16',
      number: 'AF/1',
      date: '2026-03-15',
      lines: [{ amount: '1000' }],
    });
    expect(deadlinesOf([record], [], TODAY)).toEqual([]);
  });
});

describe('filtering deadlines and their totals by month', () => {
  const march = sale({
    number: '30',
    date: '2026-03-01',
    lines: [{ amount: '100' }],
    payments: [{ due: '2026-03-31' }],
  });
  const april = sale({
    number: '31',
    date: '2026-03-01',
    lines: [{ amount: '200' }],
    payments: [{ due: '2026-04-30' }],
  });
  const bought = purchase(
    { number: 'B1', date: '2026-03-02', lines: [{ amount: '300' }], payments: [{ due: '2026-04-10' }] },
    '2026-03-03',
  );
  const deadlines = deadlinesOf([march, april, bought], [paid(march, 1, '2026-03-31', 12200n)], TODAY);

  it('keeps only the rows every condition given holds for', () => {
    expect(filterDeadlines(deadlines, { direction: 'receivable' }).map((d) => d.number)).toEqual([
      '30',
      '31',
    ]);
    expect(filterDeadlines(deadlines, { kind: 'received' }).map((d) => d.number)).toEqual(['B1']);
    expect(filterDeadlines(deadlines, { due: '2026-04' }).map((d) => d.number)).toEqual(['31', 'B1']);
    expect(
      filterDeadlines(deadlines, { due: { from: '2026-03-31', to: '2026-04-10' } }).map((d) => d.number),
    ).toEqual(['30', 'B1']);
    expect(filterDeadlines(deadlines, { status: ['overdue'] }).map((d) => d.number)).toEqual(['31', 'B1']);
    expect(filterDeadlines(deadlines, { counterparty: 'fornitore' }).map((d) => d.number)).toEqual(['B1']);
    expect(filterDeadlines(deadlines, { counterparty: '01234567897' }).map((d) => d.number)).toEqual([
      '30',
      '31',
    ]);
    expect(filterDeadlines(deadlines, { company: 'IT12345678903' })).toHaveLength(3);
    expect(filterDeadlines(deadlines, { company: 'IT99999999999' })).toHaveLength(0);
  });

  it('adds them up by month of the due date, receivable and payable apart', () => {
    // March: 122.00 receivable, paid. April: 244.00 receivable and 366.00 payable, both overdue on 15 May.
    expect(deadlineTotalsByMonth(deadlines)).toEqual([
      {
        month: '2026-03',
        direction: 'receivable',
        currency: 'EUR',
        count: 1,
        amount: 12200n,
        paid: 12200n,
        outstanding: 0n,
        overdue: 0n,
      },
      {
        month: '2026-04',
        direction: 'receivable',
        currency: 'EUR',
        count: 1,
        amount: 24400n,
        paid: 0n,
        outstanding: 24400n,
        overdue: 24400n,
      },
      {
        month: '2026-04',
        direction: 'payable',
        currency: 'EUR',
        count: 1,
        amount: 36600n,
        paid: 0n,
        outstanding: 36600n,
        overdue: 36600n,
      },
    ]);
  });
});

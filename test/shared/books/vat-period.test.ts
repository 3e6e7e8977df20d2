import { describe, expect, it } from 'vitest';
import {
  centsText,
  deadlinesOf,
  instalmentKey,
  vatLedgerOf,
  vatPeriodChain,
  vatPeriodCsv,
  vatPeriodSummary,
} from '../../../src/shared/books/index.ts';
import type {
  BookRecord,
  DocumentRef,
  PaymentRecord,
  VatPeriodSummary,
  VatSummaryLine,
} from '../../../src/shared/books/index.ts';
import { COMPANY, purchase, recordsOf, sale, selfInvoice, selfInvoiceXml } from './invoices.ts';

const TODAY = '2026-12-31';

function paid(record: BookRecord, date: string, amount: bigint, position = 1): PaymentRecord {
  return { instalment: instalmentKey(record, position), date, amount: centsText(amount) };
}

/** The settlement of `period` for the company, the payments recorded as given. */
function settle(
  records: BookRecord[],
  period: string,
  payments: PaymentRecord[] = [],
  previousCredit = 0n,
): VatPeriodSummary {
  const ledger = vatLedgerOf(records, deadlinesOf(records, payments, TODAY), COMPANY);
  return vatPeriodSummary(ledger, period, previousCredit);
}

function ref(record: BookRecord): DocumentRef {
  return { kind: record.kind, invoiceId: record.invoiceId, documentIndex: record.documentIndex };
}

/** A line without its documents: what the arithmetic in the comments checks. */
function figures(lines: VatSummaryLine[]) {
  return lines.map(({ source, rate, nature, chargeability, taxable, tax, counted }) => ({
    source,
    rate,
    nature,
    chargeability,
    taxable,
    tax,
    counted,
  }));
}

describe('the VAT settlement of a period', () => {
  it('owes the VAT of ordinary sales at 22, 10 and 4 % and deducts the VAT of purchases', () => {
    // Sales: 1000.00 × 22 % = 220.00; 500.00 × 10 % = 50.00; 250.00 × 4 % = 10.00 → 280.00 owed.
    // Purchase: 400.00 × 22 % = 88.00 deductible. Net: 280.00 − 88.00 = 192.00 to pay.
    const s = sale({
      number: '1',
      date: '2026-03-10',
      lines: [{ amount: '1000' }, { amount: '500', rate: '10' }, { amount: '250', rate: '4' }],
    });
    const p = purchase({ number: 'A1', date: '2026-03-05', lines: [{ amount: '400' }] }, '2026-03-06');
    const summary = settle([s, p], '2026-03');
    expect(figures(summary.sales)).toEqual([
      {
        source: 'invoice',
        rate: '22.00',
        nature: null,
        chargeability: 'I',
        taxable: 100000n,
        tax: 22000n,
        counted: 22000n,
      },
      {
        source: 'invoice',
        rate: '10.00',
        nature: null,
        chargeability: 'I',
        taxable: 50000n,
        tax: 5000n,
        counted: 5000n,
      },
      {
        source: 'invoice',
        rate: '4.00',
        nature: null,
        chargeability: 'I',
        taxable: 25000n,
        tax: 1000n,
        counted: 1000n,
      },
    ]);
    expect(figures(summary.purchases)).toEqual([
      {
        source: 'invoice',
        rate: '22.00',
        nature: null,
        chargeability: 'I',
        taxable: 40000n,
        tax: 8800n,
        counted: 8800n,
      },
    ]);
    expect(summary).toMatchObject({
      company: COMPANY,
      period: '2026-03',
      from: '2026-03-01',
      to: '2026-03-31',
      previousCredit: 0n,
      net: 19200n,
      toPay: 19200n,
      credit: 0n,
    });
    expect(summary.salesVat).toEqual({ cents: 28000n, documents: [ref(s)] });
    expect(summary.purchaseVat).toEqual({ cents: 8800n, documents: [ref(p)] });
    expect(summary.sales[0]!.documents).toEqual([ref(s)]);
  });

  it('subtracts a credit note’s VAT at its date, as it reduces the deadline', () => {
    // March: invoice 1000.00 × 22 % = 220.00. April: credit note of 100.00 × 22 % = 22.00 naming it.
    // April's sales VAT is −22.00: a credit of 22.00. The invoice's deadline falls to 1220.00 − 122.00 = 1098.00.
    const invoice = sale({ number: 'FT/1', date: '2026-03-10', lines: [{ amount: '1000' }] });
    const credit = sale({
      type: 'TD04',
      number: 'NC/1',
      date: '2026-04-08',
      lines: [{ amount: '100' }],
      references: [{ number: 'FT/1', date: '2026-03-10' }],
    });
    expect(settle([invoice, credit], '2026-03').salesVat.cents).toBe(22000n);
    const april = settle([invoice, credit], '2026-04');
    expect(figures(april.sales)).toEqual([
      {
        source: 'invoice',
        rate: '22.00',
        nature: null,
        chargeability: 'I',
        taxable: -10000n,
        tax: -2200n,
        counted: -2200n,
      },
    ]);
    expect(april).toMatchObject({ net: -2200n, credit: 2200n, toPay: 0n });
    expect(april.salesVat.documents).toEqual([ref(credit)]);
    const [row] = deadlinesOf([invoice, credit], [], TODAY).filter(
      (d) => d.document.invoiceId === invoice.invoiceId,
    );
    expect(row!.amount).toBe(109800n);
  });

  it('shows split-payment VAT without owing it: the public body pays it to the Treasury', () => {
    // 1000.00 × 22 % = 220.00 with EsigibilitaIVA S: shown, counted 0; the customer pays the company 1000.00.
    const s = sale({ number: 'PA/1', date: '2026-03-10', lines: [{ amount: '1000' }], chargeability: 'S' });
    const summary = settle([s], '2026-03');
    expect(figures(summary.sales)).toEqual([
      {
        source: 'invoice',
        rate: '22.00',
        nature: null,
        chargeability: 'S',
        taxable: 100000n,
        tax: 22000n,
        counted: 0n,
      },
    ]);
    expect(summary.splitPaymentVat).toEqual({ cents: 22000n, documents: [ref(s)] });
    expect(summary.salesVat.cents).toBe(0n);
    expect(summary.net).toBe(0n);
    expect(deadlinesOf([s], [], TODAY)[0]!.amount).toBe(100000n);
  });

  it('owes deferred VAT when collected: invoiced in March, collected in April, counted in April', () => {
    // 1000.00 × 22 % = 220.00, EsigibilitaIVA D, invoiced 10 March, 1220.00 collected 20 April.
    const s = sale({ number: 'D/1', date: '2026-03-10', lines: [{ amount: '1000' }], chargeability: 'D' });
    const payments = [paid(s, '2026-04-20', 122000n)];
    expect(settle([s], '2026-03', payments).salesVat.cents).toBe(0n);
    const april = settle([s], '2026-04', payments);
    expect(figures(april.sales)).toEqual([
      {
        source: 'invoice',
        rate: '22.00',
        nature: null,
        chargeability: 'D',
        taxable: 100000n,
        tax: 22000n,
        counted: 22000n,
      },
    ]);
    expect(april.salesVat).toEqual({ cents: 22000n, documents: [ref(s)] });
  });

  it('owes deferred VAT in proportion to what was collected', () => {
    // 1220.00 (VAT 220.00, D): 400.00 collected in April → 220.00 × 400 / 1220 = 72.131… → 72.13;
    // the remaining 820.00 in May → 220.00 − 72.13 = 147.87 (the running share, so the whole 220.00 is owed).
    const s = sale({ number: 'D/2', date: '2026-03-10', lines: [{ amount: '1000' }], chargeability: 'D' });
    const payments = [paid(s, '2026-04-20', 40000n), paid(s, '2026-05-05', 82000n)];
    expect(settle([s], '2026-04', payments).sales[0]).toMatchObject({ taxable: 32787n, tax: 7213n });
    expect(settle([s], '2026-05', payments).sales[0]).toMatchObject({ taxable: 67213n, tax: 14787n });
  });

  it('moves a credit note’s deferred VAT with the credit netted, so only what is collected is owed', () => {
    // Invoice D of 1000.00 + 220.00 (March); credit note D of 500.00 + 110.00 naming it (10 April), netted:
    // the invoice is settled 610.00 of 1220.00 by the credit → +110.00, and the credit note in full → −110.00,
    // both on 10 April. 610.00 collected on 20 April settles the rest → +110.00. April owes 110.00: the VAT of
    // the 500.00 actually sold.
    const invoice = sale({
      number: 'D/3',
      date: '2026-03-10',
      lines: [{ amount: '1000' }],
      chargeability: 'D',
    });
    const credit = sale({
      type: 'TD04',
      number: 'NC/3',
      date: '2026-04-10',
      lines: [{ amount: '500' }],
      chargeability: 'D',
      references: [{ number: 'D/3' }],
    });
    const payments = [paid(invoice, '2026-04-20', 61000n)];
    expect(settle([invoice, credit], '2026-03', payments).salesVat.cents).toBe(0n);
    const april = settle([invoice, credit], '2026-04', payments);
    expect(april.salesVat.cents).toBe(11000n);
    expect(april.salesVat.documents).toEqual([ref(invoice), ref(credit)]);
  });

  it('deducts a deferred purchase’s VAT when it is paid', () => {
    // Received 5 March: 1000.00 + 220.00 (D). 1220.00 paid 15 May: 220.00 deductible in May, not March.
    const p = purchase(
      { number: 'AD/1', date: '2026-03-04', lines: [{ amount: '1000' }], chargeability: 'D' },
      '2026-03-05',
    );
    const payments = [paid(p, '2026-05-15', 122000n)];
    expect(settle([p], '2026-03', payments).purchaseVat.cents).toBe(0n);
    expect(settle([p], '2026-05', payments).purchaseVat).toEqual({ cents: 22000n, documents: [ref(p)] });
  });

  it('counts purchases at the date SDI delivered them, not at their own date', () => {
    // Dated 30 March, delivered 2 April: 100.00 × 22 % = 22.00 deductible in April, not March.
    const p = purchase({ number: 'A2', date: '2026-03-30', lines: [{ amount: '100' }] }, '2026-04-02');
    expect(settle([p], '2026-03').purchaseVat.cents).toBe(0n);
    expect(settle([p], '2026-04').purchaseVat.cents).toBe(2200n);
  });

  it('nets a domestic reverse charge to zero: the N6.3 invoice received and the TD16 sent', () => {
    // Subcontractor's invoice: 1000.00, N6.3, no VAT. TD16 integrating it: 1000.00 × 22 % = 220.00 owed and
    // 220.00 deducted. Net 220.00 − 220.00 = 0.
    const received = purchase(
      { number: 'RC/1', date: '2026-03-10', lines: [{ amount: '1000', rate: '0', nature: 'N6.3' }] },
      '2026-03-11',
    );
    const integration = selfInvoice({
      type: 'TD16',
      number: 'AF/1',
      date: '2026-03-15',
      lines: [{ amount: '1000' }],
    });
    const summary = settle([received, integration], '2026-03');
    expect(figures(summary.sales)).toEqual([
      {
        source: 'self-invoice',
        rate: '22.00',
        nature: null,
        chargeability: 'I',
        taxable: 100000n,
        tax: 22000n,
        counted: 22000n,
      },
    ]);
    expect(figures(summary.purchases)).toEqual([
      {
        source: 'self-invoice',
        rate: '22.00',
        nature: null,
        chargeability: 'I',
        taxable: 100000n,
        tax: 22000n,
        counted: 22000n,
      },
      {
        source: 'invoice',
        rate: '0.00',
        nature: 'N6.3',
        chargeability: 'I',
        taxable: 100000n,
        tax: 0n,
        counted: 0n,
      },
    ]);
    expect([summary.salesVat.cents, summary.purchaseVat.cents, summary.net]).toEqual([22000n, 22000n, 0n]);
    expect(summary.purchaseVat.documents).toEqual([ref(integration)]);
    expect(summary.purchases[1]!.documents).toEqual([ref(received)]);
  });

  it('integrates an intra-EU purchase of goods with the TD18, on both sides', () => {
    // German supplier's invoice: 500.00, N3.2, no VAT. TD18: 500.00 × 22 % = 110.00 owed and deducted.
    const received = purchase(
      { number: 'EU/1', date: '2026-03-02', lines: [{ amount: '500', rate: '0', nature: 'N3.2' }] },
      '2026-03-03',
      'eu',
    );
    const integration = selfInvoice(
      { type: 'TD18', number: 'AF/2', date: '2026-03-10', lines: [{ amount: '500' }] },
      'eu',
    );
    const summary = settle([received, integration], '2026-03');
    expect(summary.sales).toMatchObject([{ source: 'self-invoice', taxable: 50000n, tax: 11000n }]);
    expect(figures(summary.purchases)).toEqual([
      {
        source: 'self-invoice',
        rate: '22.00',
        nature: null,
        chargeability: 'I',
        taxable: 50000n,
        tax: 11000n,
        counted: 11000n,
      },
      {
        source: 'invoice',
        rate: '0.00',
        nature: 'N3.2',
        chargeability: 'I',
        taxable: 50000n,
        tax: 0n,
        counted: 0n,
      },
    ]);
    expect(summary.net).toBe(0n);
  });

  it('counts SDI’s copy of a self-invoice the company sent only once', () => {
    const spec = { type: 'TD16', number: 'AF/3', date: '2026-03-15', lines: [{ amount: '1000' }] };
    const sent = recordsOf(selfInvoiceXml(spec), 'sent')[0]!;
    const copy = recordsOf(selfInvoiceXml(spec), 'received', '2026-03-15')[0]!;
    const summary = settle([sent, copy], '2026-03');
    expect([summary.salesVat.cents, summary.purchaseVat.cents]).toEqual([22000n, 22000n]);
    expect(summary.excluded).toEqual([
      { document: ref(copy), type: 'TD16', date: '2026-03-15', reason: 'copy' },
    ]);
    // Without the sent one, the copy counts.
    expect(settle([copy], '2026-03').salesVat.cents).toBe(22000n);
  });

  it('lists the types it does not compute instead of guessing', () => {
    const regularisation = selfInvoice({
      type: 'TD20',
      number: 'AF/4',
      date: '2026-03-20',
      lines: [{ amount: '100' }],
    });
    const summary = settle([regularisation], '2026-03');
    expect(summary.sales).toEqual([]);
    expect(summary.purchases).toEqual([]);
    expect(summary.excluded).toEqual([
      { document: ref(regularisation), type: 'TD20', date: '2026-03-20', reason: 'not-computed' },
    ]);
  });

  it('adds up a quarter from its three months', () => {
    // January 100.00 × 22 % = 22.00; February 200.00 × 10 % = 20.00; March purchase 50.00 × 22 % = 11.00
    // deductible; April's sale is in the next quarter. Q1: 22.00 + 20.00 − 11.00 = 31.00.
    const records = [
      sale({ number: 'Q/1', date: '2026-01-15', lines: [{ amount: '100' }] }),
      sale({ number: 'Q/2', date: '2026-02-15', lines: [{ amount: '200', rate: '10' }] }),
      purchase({ number: 'QA/1', date: '2026-03-15', lines: [{ amount: '50' }] }, '2026-03-16'),
      sale({ number: 'Q/3', date: '2026-04-01', lines: [{ amount: '900' }] }),
    ];
    const q1 = settle(records, '2026-Q1');
    expect(q1).toMatchObject({ from: '2026-01-01', to: '2026-03-31', net: 3100n });
    expect([q1.salesVat.cents, q1.purchaseVat.cents]).toEqual([4200n, 1100n]);
  });

  it('carries a period’s credit into the next', () => {
    // January: 100.00 × 22 % = 22.00 owed, 1000.00 × 22 % = 220.00 deductible → −198.00, a credit of 198.00.
    // February: 1000.00 × 22 % = 220.00 owed − 198.00 carried = 22.00 to pay.
    const records = [
      sale({ number: 'C/1', date: '2026-01-10', lines: [{ amount: '100' }] }),
      purchase({ number: 'CA/1', date: '2026-01-12', lines: [{ amount: '1000' }] }, '2026-01-13'),
      sale({ number: 'C/2', date: '2026-02-10', lines: [{ amount: '1000' }] }),
    ];
    const ledger = vatLedgerOf(records, deadlinesOf(records, [], TODAY), COMPANY);
    const [january, february] = vatPeriodChain(ledger, ['2026-01', '2026-02']);
    expect(january).toMatchObject({ previousCredit: 0n, net: -19800n, credit: 19800n, toPay: 0n });
    expect(february).toMatchObject({ previousCredit: 19800n, net: 2200n, credit: 0n, toPay: 2200n });
    // An opening credit from before the chain is subtracted from the first period.
    expect(vatPeriodChain(ledger, ['2026-01'], 1000n)[0]!.net).toBe(-20800n);
  });

  it('leaves out another company’s documents', () => {
    const s = sale({ number: 'X/1', date: '2026-03-10', lines: [{ amount: '100' }] });
    const ledger = vatLedgerOf([s], deadlinesOf([s], [], TODAY), 'IT99999999999');
    expect(vatPeriodSummary(ledger, '2026-03').salesVat.cents).toBe(0n);
    // The company is found by its VAT number with or without the country.
    const own = vatLedgerOf([s], deadlinesOf([s], [], TODAY), COMPANY.slice(2));
    expect(vatPeriodSummary(own, '2026-03').salesVat.cents).toBe(2200n);
  });
});

describe('the VAT settlement as CSV', () => {
  it('has a header, one line per summary line and one per figure, amounts as plain decimals', () => {
    // 1000.00 × 22 % = 220.00 owed, 100.00 × 10 % = 10.00 deductible, 50.00 carried: 220 − 10 − 50 = 160.00.
    const s = sale({ number: 'CSV/1', date: '2026-03-10', lines: [{ amount: '1000' }] });
    const p = purchase(
      { number: 'CSV-A', date: '2026-03-10', lines: [{ amount: '100', rate: '10' }] },
      '2026-03-11',
    );
    const csv = vatPeriodCsv(settle([s, p], '2026-03', [], 5000n));
    const S = `sent:${s.invoiceId}/1`;
    const P = `received:${p.invoiceId}/1`;
    expect(csv.split('\r\n')).toEqual([
      'record;period;side;source;rate;nature;chargeability;taxable;vat;counted;documents',
      `line;2026-03;sales;invoice;22.00;;I;1000.00;220.00;220.00;${S}`,
      `line;2026-03;purchases;invoice;10.00;;I;100.00;10.00;10.00;${P}`,
      `total;2026-03;sales-vat;;;;;;;220.00;${S}`,
      'total;2026-03;split-payment-vat;;;;;;;0.00;',
      `total;2026-03;purchase-vat;;;;;;;10.00;${P}`,
      'total;2026-03;previous-credit;;;;;;;50.00;',
      'total;2026-03;net;;;;;;;160.00;',
      '',
    ]);
  });
});

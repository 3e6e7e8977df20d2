import { describe, expect, it } from 'vitest';
import {
  centsText,
  deadlinesOf,
  documentKey,
  instalmentKey,
  vatLedgerOf,
  vatPeriodSummary,
} from '../../../src/shared/books/index.ts';
import type { BookRecord, DocumentRef, PaymentRecord } from '../../../src/shared/books/index.ts';
import {
  documentsBehind,
  excludedBehind,
  recordsByKey,
  type VatFigureChoice,
} from '../../../src/renderer/vat/documents-behind.ts';
import {
  COMPANY,
  purchase,
  recordsOf,
  sale,
  selfInvoice,
  selfInvoiceXml,
} from '../../shared/books/invoices.ts';

const invoice = sale({
  number: '1',
  date: '2027-03-01',
  lines: [{ amount: '1000' }, { amount: '500', rate: '10' }, { amount: '300', rate: '4' }],
});
const second = sale({ number: '2', date: '2027-03-05', lines: [{ amount: '200' }] });
const credit = sale({ type: 'TD04', number: 'NC/1', date: '2027-03-10', lines: [{ amount: '100' }] });
const split = sale({ number: 'PA/1', date: '2027-03-12', lines: [{ amount: '1000' }], chargeability: 'S' });
const deferred = sale({ number: 'D/1', date: '2027-02-20', lines: [{ amount: '1000' }], chargeability: 'D' });
const bought = purchase({ number: 'A1', date: '2027-02-27', lines: [{ amount: '400' }] }, '2027-03-20');
const subcontract = purchase(
  { number: 'SUB/1', date: '2027-03-03', lines: [{ amount: '1000', rate: '0', nature: 'N6.3' }] },
  '2027-03-04',
);
const integration = selfInvoice({
  type: 'TD16',
  number: 'AF/1',
  date: '2027-03-06',
  lines: [{ amount: '1000' }],
});
const records: BookRecord[] = [invoice, second, credit, split, deferred, bought, subcontract, integration];
// Half of the deferred invoice (1220.00) collected on 15 March: half of its 220.00 VAT is owed in March.
const payments: PaymentRecord[] = [
  { instalment: instalmentKey(deferred, 1), date: '2027-03-15', amount: centsText(61000n) },
];
const ledger = vatLedgerOf(records, deadlinesOf(records, payments, '2027-03-31'), COMPANY);
const byKey = recordsByKey(records);
const summary = vatPeriodSummary(ledger, '2027-03');

const keys = (refs: DocumentRef[]) => refs.map(documentKey).sort();
const total = (rows: { vat: bigint }[]) => rows.reduce((sum, row) => sum + row.vat, 0n);

describe('the documents behind a figure of the VAT settlement', () => {
  it('are the figure’s own documents, and their parts add up to it', () => {
    const figures: [VatFigureChoice, { cents: bigint; documents: typeof summary.salesVat.documents }][] = [
      [{ kind: 'sales-vat' }, summary.salesVat],
      [{ kind: 'purchase-vat' }, summary.purchaseVat],
      [{ kind: 'split-payment' }, summary.splitPaymentVat],
    ];
    for (const [choice, figure] of figures) {
      const rows = documentsBehind(ledger, '2027-03', choice, byKey);
      expect(keys(rows.map((row) => row.ref))).toEqual(keys(figure.documents));
      expect(total(rows)).toBe(figure.cents);
    }
    for (const line of [...summary.sales, ...summary.purchases]) {
      const rows = documentsBehind(ledger, '2027-03', { kind: 'line', line }, byKey);
      expect(keys(rows.map((row) => row.ref))).toEqual(keys(line.documents));
      expect(total(rows)).toBe(line.tax);
      expect(rows.reduce((sum, row) => sum + row.taxable, 0n)).toBe(line.taxable);
    }
  });

  it('name each document, subtract the credit note, count the deferred share on the day collected', () => {
    // Sales VAT owed in March: 220.00 + 50.00 + 12.00 (invoice 1) + 44.00 (2) − 22.00 (credit note)
    // + 110.00 (half the deferred invoice) + 220.00 (the TD16) = 634.00; the split-payment invoice owes nothing.
    const rows = documentsBehind(ledger, '2027-03', { kind: 'sales-vat' }, byKey);
    expect(rows.map((row) => [row.record?.number, row.dates, row.vat])).toEqual([
      ['1', ['2027-03-01'], 28200n],
      ['2', ['2027-03-05'], 4400n],
      ['AF/1', ['2027-03-06'], 22000n],
      ['NC/1', ['2027-03-10'], -2200n],
      ['D/1', ['2027-03-15'], 11000n],
    ]);
    expect(summary.salesVat.cents).toBe(63400n);
    expect(rows[0]!.record?.counterparty.name).toBe('Cliente Srl');
  });

  it('list a purchase on the day SDI delivered it, and the reverse charge on both sides', () => {
    const rows = documentsBehind(ledger, '2027-03', { kind: 'purchase-vat' }, byKey);
    expect(rows.map((row) => [row.record?.number, row.dates[0], row.vat])).toEqual([
      ['AF/1', '2027-03-06', 22000n],
      ['A1', '2027-03-20', 8800n],
    ]);
    const n63 = summary.purchases.find((line) => line.nature === 'N6.3')!;
    const behind = documentsBehind(ledger, '2027-03', { kind: 'line', line: n63 }, byKey);
    expect(behind.map((row) => [row.record?.number, row.taxable, row.vat])).toEqual([['SUB/1', 100000n, 0n]]);
  });

  it('name the documents a period leaves out', () => {
    const copy = recordsOf(
      selfInvoiceXml({ type: 'TD16', number: 'AF/1', date: '2027-03-06', lines: [{ amount: '1000' }] }),
      'received',
      '2027-03-07',
    )[0]!;
    const all = [...records, copy];
    const withCopy = vatLedgerOf(all, deadlinesOf(all, [], '2027-03-31'), COMPANY);
    const excluded = vatPeriodSummary(withCopy, '2027-03').excluded;
    const named = excludedBehind(excluded, recordsByKey(all));
    expect(named.map((e) => [e.reason, e.record?.number, e.document.kind])).toEqual([
      ['copy', 'AF/1', 'received'],
    ]);
  });
});

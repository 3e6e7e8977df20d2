/**
 * A period's VAT settlement as CSV, for the accountant's spreadsheet or program: fields separated by `;`, one
 * header line, amounts as plain decimals with a point (`-122.00`) so any program reads them the same whatever
 * its language, lines ended by CRLF (RFC 4180). No byte order mark: the content is ASCII but for names, and the
 * header names are English keys, not UI text. The `documents` column lists each figure's documents as
 * `kind:invoiceId/documentIndex`, separated by spaces.
 *
 * One line per summary line (record `line`), then one per figure (record `total`): sales VAT owed, split-payment
 * VAT, deductible purchase VAT, the previous credit and the net, whose amount is in the `counted` column.
 */
import { decimalOfCents } from '../money/cents.ts';
import type { DocumentRef } from './book-record.ts';
import { documentKey } from './book-record.ts';
import type { VatFigure, VatPeriodSummary, VatSummaryLine } from './vat-period.ts';

export const VAT_CSV_HEADER = [
  'record',
  'period',
  'side',
  'source',
  'rate',
  'nature',
  'chargeability',
  'taxable',
  'vat',
  'counted',
  'documents',
] as const;

function field(value: string): string {
  return /[";\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

function documents(refs: readonly DocumentRef[]): string {
  return refs.map(documentKey).join(' ');
}

export function vatPeriodCsv(summary: VatPeriodSummary): string {
  const rows: string[][] = [[...VAT_CSV_HEADER]];
  const line = (l: VatSummaryLine) => [
    'line',
    summary.period,
    l.side,
    l.source,
    l.rate,
    l.nature ?? '',
    l.chargeability,
    decimalOfCents(l.taxable),
    decimalOfCents(l.tax),
    decimalOfCents(l.counted),
    documents(l.documents),
  ];
  const total = (name: string, amount: bigint, figure: VatFigure | null) => [
    'total',
    summary.period,
    name,
    '',
    '',
    '',
    '',
    '',
    '',
    decimalOfCents(amount),
    figure ? documents(figure.documents) : '',
  ];
  rows.push(...summary.sales.map(line), ...summary.purchases.map(line));
  rows.push(
    total('sales-vat', summary.salesVat.cents, summary.salesVat),
    total('split-payment-vat', summary.splitPaymentVat.cents, summary.splitPaymentVat),
    total('purchase-vat', summary.purchaseVat.cents, summary.purchaseVat),
    total('previous-credit', summary.previousCredit, null),
    total('net', summary.net, null),
  );
  return rows.map((row) => row.map(field).join(';')).join('\r\n') + '\r\n';
}

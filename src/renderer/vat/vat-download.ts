/**
 * The settlement as files. CSV is the books' own (vatPeriodCsv: `;`, amounts with a point, English keys), for the
 * accountant's program; Excel is the screen's tables in the UI's language with amounts as real numbers, because
 * a spreadsheet in Italian or German reads `220.00` in a CSV as text (or as 22000).
 */
import type { TFunction } from 'i18next';
import type { VatSummaryLine } from '../../shared/books/index.ts';
import { vatPeriodCsv } from '../../shared/books/index.ts';
import { toBase64 } from '../../shared/gateway/api-fetch.ts';
import { decimalOfCents } from '../format/cents.ts';
import { toXlsx, type Cell, type Sheet } from '../lists/list-export.ts';
import type { VatSettlement } from './settlement.ts';
import { chargeabilityLabel, rateLabel } from './vat-format.ts';

/** 'liquidazione-iva-IT01234567890-2027-Q1': the company and the period in every file's name. */
export function vatFileName(prefix: string, vat: string, period: string): string {
  return `${prefix}-${vat}-${period}`;
}

export function csvBase64(settlement: VatSettlement): string {
  return toBase64(new TextEncoder().encode(vatPeriodCsv(settlement.summary)));
}

/** The screen's tables as one sheet: a row per summary line, then the settlement's figures. */
export function vatSheet(settlement: VatSettlement, language: string, t: TFunction): Sheet {
  const { summary } = settlement;
  const line = (l: VatSummaryLine): Cell[] => [
    l.side === 'sales' ? t('vat.sideSales') : t('vat.sidePurchases'),
    l.nature ? '' : rateLabel(l.rate, language),
    [l.nature, l.source === 'self-invoice' ? t('vat.selfInvoice') : ''].filter(Boolean).join(' · '),
    chargeabilityLabel(l.chargeability, t),
    decimalOfCents(l.taxable),
    decimalOfCents(l.tax),
    decimalOfCents(l.counted),
    String(l.documents.length),
  ];
  const figure = (label: string, cents: bigint): Cell[] => [
    label,
    null,
    null,
    null,
    null,
    null,
    decimalOfCents(cents),
    null,
  ];
  const result =
    settlement.net < 0n
      ? figure(t('vat.credit'), settlement.credit)
      : settlement.carried > 0n
        ? figure(t('vat.carriedLabel'), settlement.carried)
        : figure(t('vat.toPay'), settlement.toPay);
  return {
    name: `${t('vat.sheet')} ${summary.period}`,
    headers: [
      t('vat.side'),
      t('vat.rate'),
      t('vat.nature'),
      t('vat.chargeability'),
      t('vat.taxable'),
      t('vat.vat'),
      t('vat.counted'),
      t('vat.documentsColumn'),
    ],
    kinds: ['text', 'text', 'text', 'text', 'amount', 'amount', 'amount', 'text'],
    rows: [
      ...summary.sales.map(line),
      ...summary.purchases.map(line),
      figure(t('vat.salesVat'), summary.salesVat.cents),
      figure(t('vat.purchaseVat'), summary.purchaseVat.cents),
      ...(settlement.previousDebt > 0n
        ? [figure(t('vat.previousDebt'), settlement.previousDebt)]
        : [figure(t('vat.previousCredit'), settlement.previousCredit)]),
      result,
      figure(t('vat.splitPayment'), summary.splitPaymentVat.cents),
    ],
  };
}

export async function xlsxBase64(settlement: VatSettlement, language: string, t: TFunction): Promise<string> {
  return toBase64(await toXlsx(vatSheet(settlement, language, t), language));
}

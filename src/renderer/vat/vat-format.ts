/**
 * How the VAT screen writes its periods, rates and amounts in each UI language: money through format.ts from
 * cents (never a float), months by name, quarters in words ('1° trimestre 2027', 'Q1 2027', '1. Quartal 2027').
 */
import type { TFunction } from 'i18next';
import type { Chargeability, VatSummaryLine } from '../../shared/books/index.ts';
import { periodRange } from '../../shared/books/index.ts';
import { decimalOfCents } from '../format/cents.ts';
import { formatAmount, formatNumber } from '../format/format.ts';
import { kindOf } from './vat-periods.ts';

/** Euro cents as the language writes an amount: `1.234,56 €`, `€1,234.56`. */
export function money(cents: bigint, language: string): string {
  return formatAmount(decimalOfCents(cents), 'EUR', language);
}

/** 'marzo 2027', 'March 2027', 'März 2027'; a quarter in words. */
export function periodLabel(period: string, language: string, t: TFunction): string {
  if (kindOf(period) === 'quarter')
    return t('vat.quarterOf', { quarter: period.slice(-1), year: period.slice(0, 4) });
  const { from } = periodRange(period);
  return new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${from}T00:00:00Z`),
  );
}

/** A VAT rate from its plain decimal ('22.00', '5.50'): `22%`, `5,5%`; German `22 %`. */
export function rateLabel(rate: string, language: string): string {
  const number = formatNumber(rate as `${number}`, language);
  return language.startsWith('de') ? `${number}\u00a0%` : `${number}%`;
}

export function chargeabilityLabel(chargeability: Chargeability, t: TFunction): string {
  return chargeability === 'D'
    ? t('vat.deferred')
    : chargeability === 'S'
      ? t('vat.split')
      : t('vat.immediate');
}

/** A summary line in a few words: 'Sales · 22% · Immediate', 'Purchases · N6.3 · Self-invoice…'. */
export function lineLabel(
  line: Pick<VatSummaryLine, 'side' | 'source' | 'rate' | 'nature' | 'chargeability'>,
  language: string,
  t: TFunction,
): string {
  return [
    line.side === 'sales' ? t('vat.sideSales') : t('vat.sidePurchases'),
    line.nature ?? rateLabel(line.rate, language),
    chargeabilityLabel(line.chargeability, t),
    line.source === 'self-invoice' ? t('vat.selfInvoice') : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

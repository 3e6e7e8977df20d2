/**
 * What every section of the invoice's content shares: a line of small text, rates and amounts in the UI language,
 * and the currency the amounts are booked in.
 */
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatCount } from '../format/format.ts';
import type { Adjustment, DocumentReading } from '../data/read-invoice.ts';

/** "22%", "8,25%": a rate in the UI language. */
export function percent(value: string | null, language: string): string {
  return value === null ? '' : `${formatCount(Number(value), language)}%`;
}

/** "22%", or a rate with its Natura ("0% N2.2"): the VAT of a line or of a summary row. */
export function rateText(value: string | null, nature: string | null, language: string): string {
  return nature ? `${percent(value ?? '0', language)} ${nature}` : percent(value, language);
}

export function Small({ children }: { children: ReactNode }) {
  return <Text size="sm">{children}</Text>;
}

export function useMoney(currency: string) {
  const { i18n } = useTranslation();
  return (value: string | null | undefined) =>
    value === null || value === undefined || value === '' ? '' : formatAmount(value, currency, i18n.language);
}

/** "−10%", "+5,00 €", "−10% (9,00 €)": one ScontoMaggiorazione, sign first. */
export function adjustmentText(
  adjustment: Adjustment,
  money: (value: string) => string,
  language: string,
): string {
  const sign = adjustment.type === 'MG' ? '+' : '−';
  const parts = [
    adjustment.percentage !== null ? `${sign}${percent(adjustment.percentage, language)}` : null,
    adjustment.amount !== null
      ? `${adjustment.percentage !== null ? '' : sign}${money(adjustment.amount)}`
      : null,
  ].filter(Boolean);
  return parts.length === 2 ? `${parts[0]} (${parts[1]})` : (parts[0] ?? sign);
}

/**
 * The currency of the lines, VAT summary, withholdings and reconciliation: euro when the file gives euro values
 * beside a foreign currency (DocumentReading.exchange), else the document's own. The declared total and the
 * payments are always in the document's currency.
 */
export function bookCurrency(document: DocumentReading): string {
  return document.exchange ? 'EUR' : document.currency;
}

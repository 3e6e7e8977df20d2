import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { codeLabel, LINE_KINDS } from '../../shared/fatturapa/code-labels/index.ts';
import { formatCount, formatDate, formatNumber } from '../format/format.ts';
import { adjustmentText, bookCurrency, rateText, useMoney } from './content-parts.tsx';
import type { DocumentReading, Line } from '../data/read-invoice.ts';

/** DettaglioLinee: a row per line with its discounts; a simplified invoice (FPR12) has no quantity or price. */
export function LinesTable({ document }: { document: DocumentReading }) {
  const { t } = useTranslation();
  const money = useMoney(bookCurrency(document));
  return (
    <Table withTableBorder fz="sm" data-testid="invoice-lines">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('invoice.line')}</Table.Th>
          <Table.Th>{t('invoice.description')}</Table.Th>
          {!document.simplified && (
            <>
              <Table.Th ta="right">{t('invoice.quantity')}</Table.Th>
              <Table.Th ta="right">{t('invoice.unitPrice')}</Table.Th>
              <Table.Th ta="right">{t('invoice.discount')}</Table.Th>
            </>
          )}
          <Table.Th ta="right">{t('invoice.vatRate')}</Table.Th>
          <Table.Th ta="right">
            {document.simplified ? t('invoice.vatIncluded') : t('invoice.amount')}
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {document.lines.map((line, index) => (
          <LineRow key={`${line.number}-${index}`} line={line} document={document} money={money} />
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** A unit price with the decimals the file gives it (at least two): prices often have four or more. */
function unitPrice(value: string | null, language: string): string {
  if (value === null) return '';
  const decimals = Math.min(8, Math.max(2, (value.split('.')[1] ?? '').replace(/0+$/, '').length));
  // The decimal string itself: Intl formats it exactly, eight decimals included.
  return formatNumber(value as `${number}`, language, decimals);
}

/** Numbers, units and amounts stay on one line: "20 h" broken after the 20 reads as two values. */
const NOWRAP = { whiteSpace: 'nowrap' } as const;

function LineRow({
  line,
  document,
  money,
}: {
  line: Line;
  document: DocumentReading;
  money: (value: string | null | undefined) => string;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const foreign = useMoney(document.currency);
  const note = (text: ReactNode) =>
    text ? (
      <Text size="xs" c="dimmed">
        {text}
      </Text>
    ) : null;
  return (
    <Table.Tr>
      <Table.Td>{line.number}</Table.Td>
      <Table.Td>
        {line.kind && (
          <Text size="xs" fw={700}>
            {codeLabel(LINE_KINDS, line.kind, language)}
          </Text>
        )}
        {line.description}
        {note(line.codes.map((code) => `${code.type} ${code.value}`).join(' · '))}
        {(line.periodStart || line.periodEnd) &&
          note([formatDate(line.periodStart, language), formatDate(line.periodEnd, language)].join(' – '))}
        {note(line.legalReference)}
        {line.otherData.map((data, index) => (
          <Text key={index} size="xs" c="dimmed" data-testid="invoice-line-data">
            {[
              data.type,
              data.text,
              data.number === null ? null : formatNumber(Number(data.number), language),
              formatDate(data.date, language),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        ))}
        {line.withholding && note(t('invoice.subjectToWithholding'))}
        {line.administrationReference &&
          note(t('invoiceView.administrationReference', { reference: line.administrationReference }))}
      </Table.Td>
      {!document.simplified && (
        <>
          <Table.Td ta="right" style={NOWRAP}>
            {line.quantity === null
              ? ''
              : `${formatCount(Number(line.quantity), language)}${line.unit ? ` ${line.unit}` : ''}`}
          </Table.Td>
          <Table.Td ta="right" style={NOWRAP}>
            {unitPrice(line.unitPrice, language)}
          </Table.Td>
          <Table.Td ta="right" style={NOWRAP} data-testid="invoice-line-discount">
            {line.adjustments.map((adjustment, position) => (
              <div key={position}>{adjustmentText(adjustment, money, language)}</div>
            ))}
          </Table.Td>
        </>
      )}
      <Table.Td ta="right" style={NOWRAP}>
        {line.vatRate === null && line.vatAmount !== null
          ? money(line.vatAmount)
          : rateText(line.vatRate, line.nature, language)}
      </Table.Td>
      <Table.Td ta="right" style={NOWRAP}>
        {money(line.total)}
        {line.currencyAmount !== null &&
          note(t('invoiceView.lineInCurrency', { amount: foreign(line.currencyAmount) }))}
      </Table.Td>
    </Table.Tr>
  );
}

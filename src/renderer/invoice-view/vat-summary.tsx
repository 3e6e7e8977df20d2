import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { codeLabel, NATURES, VAT_CHARGEABILITY } from '../../shared/fatturapa/code-labels/index.ts';
import { bookCurrency, rateText, useMoney } from './content-parts.tsx';
import type { DocumentReading } from '../data/read-invoice.ts';

/** DatiRiepilogo: a row per rate or nature, with its legal reference, chargeability, taxable amount and tax. */
export function VatSummary({ document }: { document: DocumentReading }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const money = useMoney(bookCurrency(document));
  if (document.vatSummary.length === 0) return null;
  return (
    <Table withTableBorder fz="sm" data-testid="invoice-vat">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('invoice.vatRate')}</Table.Th>
          <Table.Th>{t('invoice.legalReference')}</Table.Th>
          <Table.Th>{t('invoice.chargeability')}</Table.Th>
          <Table.Th ta="right">{t('invoice.taxable')}</Table.Th>
          <Table.Th ta="right">{t('invoice.tax')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {document.vatSummary.map((row, index) => (
          <Table.Tr
            key={`${row.rate}-${row.nature}-${index}`}
            data-chargeability={row.chargeability ?? undefined}
          >
            <Table.Td>
              {rateText(row.rate, row.nature, language)}
              {row.nature && (
                <Text size="xs" c="dimmed">
                  {codeLabel(NATURES, row.nature, language).replace(/^\S+ · /, '')}
                </Text>
              )}
            </Table.Td>
            <Table.Td>{row.legalReference ?? ''}</Table.Td>
            <Table.Td fw={row.splitPayment ? 700 : undefined}>
              {row.chargeability ? codeLabel(VAT_CHARGEABILITY, row.chargeability, language) : ''}
            </Table.Td>
            <Table.Td ta="right">
              {money(row.taxable)}
              {row.incidentalCosts !== null && (
                <Text size="xs" c="dimmed">
                  {t('invoiceView.incidentalCosts', { amount: money(row.incidentalCosts) })}
                </Text>
              )}
              {row.rounding !== null && (
                <Text size="xs" c="dimmed">
                  {t('invoiceView.rounding', { amount: money(row.rounding) })}
                </Text>
              )}
            </Table.Td>
            <Table.Td ta="right">{money(row.tax)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

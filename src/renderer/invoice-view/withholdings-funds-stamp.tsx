import { Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  codeLabel,
  FUND_TYPES,
  NATURES,
  PAYMENT_REASONS,
  WITHHOLDING_TYPES,
} from '../../shared/fatturapa/code-labels/index.ts';
import { bookCurrency, percent, Small, useMoney } from './content-parts.tsx';
import type { DocumentReading } from '../data/read-invoice.ts';

/** DatiRitenuta, DatiCassaPrevidenziale and DatiBollo: nothing when the document has none of them. */
export function WithholdingsFundsStamp({ document }: { document: DocumentReading }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const money = useMoney(bookCurrency(document));
  const { withholdings, funds, stamp } = document;
  if (withholdings.length === 0 && funds.length === 0 && !stamp) return null;
  return (
    <Stack gap="xs">
      {withholdings.length > 0 && (
        <Table withTableBorder fz="sm" data-testid="invoice-withholdings">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('invoice.withholdings')}</Table.Th>
              <Table.Th ta="right">{t('invoice.rate')}</Table.Th>
              <Table.Th>{t('invoice.paymentReason')}</Table.Th>
              <Table.Th ta="right">{t('invoice.amount')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {withholdings.map((withholding, index) => (
              <Table.Tr key={index} data-testid="invoice-withholding" data-amount={withholding.amount}>
                <Table.Td>{codeLabel(WITHHOLDING_TYPES, withholding.type, language)}</Table.Td>
                <Table.Td ta="right">{percent(withholding.rate, language)}</Table.Td>
                <Table.Td>{codeLabel(PAYMENT_REASONS, withholding.paymentReason, language)}</Table.Td>
                <Table.Td ta="right">{money(withholding.amount)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {funds.length > 0 && (
        <Table withTableBorder fz="sm" data-testid="invoice-funds">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('invoice.funds')}</Table.Th>
              <Table.Th ta="right">{t('invoice.fundBase')}</Table.Th>
              <Table.Th ta="right">{t('invoice.rate')}</Table.Th>
              <Table.Th>{t('invoice.fundVat')}</Table.Th>
              <Table.Th ta="right">{t('invoice.amount')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {funds.map((fund, index) => (
              <Table.Tr key={index} data-testid="invoice-fund" data-amount={fund.amount}>
                <Table.Td>
                  {codeLabel(FUND_TYPES, fund.type, language)}
                  {fund.withholding && (
                    <Text size="xs" c="dimmed">
                      {t('invoice.subjectToWithholding')}
                    </Text>
                  )}
                  {fund.administrationReference && (
                    <Text size="xs" c="dimmed">
                      {t('invoiceView.administrationReference', { reference: fund.administrationReference })}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">{money(fund.taxableBase)}</Table.Td>
                <Table.Td ta="right">{percent(fund.rate, language)}</Table.Td>
                <Table.Td>
                  {fund.nature
                    ? `${percent(fund.vatRate, language)} ${codeLabel(NATURES, fund.nature, language)}`
                    : percent(fund.vatRate, language)}
                </Table.Td>
                <Table.Td ta="right">{money(fund.amount)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {stamp && (
        <Group justify="space-between" data-testid="invoice-stamp" data-amount={stamp.amount ?? ''}>
          <Small>
            {stamp.virtual ? t('invoice.stampVirtual') : t('invoice.stamp')}
            {stamp.chargedInLines ? ` (${t('invoice.stampInLines')})` : ''}
          </Small>
          <Small>{money(stamp.amount)}</Small>
        </Group>
      )}
    </Stack>
  );
}

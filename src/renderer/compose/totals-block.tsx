/** The computed figures of a draft, never typed: VAT summary per rate or nature, and the way to the net to pay. */
import { Paper, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { computeTotals, type InvoiceDraft } from '../../shared/fatturapa/compose/index.ts';
import { NATURES } from '../../shared/fatturapa/reading/code-labels.ts';
import { codeLabel } from '../../shared/fatturapa/code-labels.ts';
import { formatAmount, formatNumber } from '../format.ts';

export function TotalsBlock({ draft }: { draft: InvoiceDraft }) {
  const { t, i18n } = useTranslation();
  const totals = useMemo(() => computeTotals(draft), [draft]);
  const currency = draft.document.currency || 'EUR';
  const money = (value: string) => formatAmount(Number(value), currency, i18n.language);
  const r = totals.reconciliation;
  const rows: [string, string][] = [
    [t('compose.totalTaxable'), r.taxable],
    [t('compose.totalVat'), r.vat],
    ...(totals.funds.length > 0
      ? [
          [
            t('compose.totalFunds'),
            totals.funds.reduce((sum, f) => sum + Number(f.amount), 0).toFixed(2),
          ] as [string, string],
        ]
      : []),
    ...(totals.stamp.applied ? [[t('compose.totalStamp'), totals.stamp.amount] as [string, string]] : []),
  ];
  const total = totals.declaredTotal || totals.documentTotal;
  return (
    <Paper withBorder p="sm" data-testid="compose-totals" data-total={total} data-net={totals.netToPay}>
      <Title order={3} fz="md" mb="xs">
        {t('compose.totals')}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Table withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('compose.summaryRate')}</Table.Th>
              <Table.Th ta="right">{t('compose.summaryTaxable')}</Table.Th>
              <Table.Th ta="right">{t('compose.summaryTax')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {totals.vatSummary.map((row) => (
              <Table.Tr key={`${row.rate}-${row.nature}`} data-testid="compose-summary-row">
                <Table.Td>
                  {row.nature
                    ? `${codeLabel(NATURES, row.nature, i18n.language)}${row.legalReference ? ` – ${row.legalReference}` : ''}`
                    : `${formatNumber(Number(row.rate), i18n.language, 2)} %`}
                </Table.Td>
                <Table.Td ta="right">{money(row.taxable)}</Table.Td>
                <Table.Td ta="right">{money(row.tax)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Table withTableBorder>
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Td>{label}</Table.Td>
                <Table.Td ta="right">{money(value)}</Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Td fw={700}>{t('compose.totalDocument')}</Table.Td>
              <Table.Td ta="right" fw={700} data-testid="compose-total-document">
                {money(total)}
              </Table.Td>
            </Table.Tr>
            {Number(r.withholdings) !== 0 && (
              <Table.Tr>
                <Table.Td>{t('compose.totalWithholding')}</Table.Td>
                <Table.Td ta="right">− {money(r.withholdings)}</Table.Td>
              </Table.Tr>
            )}
            {Number(r.splitPaymentVat) !== 0 && (
              <Table.Tr>
                <Table.Td>{t('compose.totalSplit')}</Table.Td>
                <Table.Td ta="right">− {money(r.splitPaymentVat)}</Table.Td>
              </Table.Tr>
            )}
            <Table.Tr>
              <Table.Td fw={700}>{t('compose.totalNet')}</Table.Td>
              <Table.Td ta="right" fw={700} data-testid="compose-total-net">
                {money(totals.netToPay)}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </SimpleGrid>
      <Text size="sm" c="dimmed" mt="xs" data-testid="compose-stamp-proposal">
        {totals.stamp.due
          ? t('compose.stampDue', { amount: money(totals.stamp.amountWithoutVat) })
          : t('compose.stampNotDue')}
      </Text>
    </Paper>
  );
}

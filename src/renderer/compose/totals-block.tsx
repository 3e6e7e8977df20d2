/** The computed figures of a draft, never typed: VAT summary per rate or nature, and the way to the net to pay. */
import { Paper, SimpleGrid, Table, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  computeTotals,
  type DraftTotals,
  type InvoiceDraft,
  type StampExclusion,
  type StampReason,
} from '../../shared/fatturapa/compose/index.ts';
import { codeLabel, NATURES } from '../../shared/fatturapa/code-labels/index.ts';
import { centsOf, decimalOfCents } from '../format/cents.ts';
import { formatAmount, formatNumber } from '../format/format.ts';

export function TotalsBlock({ draft }: { draft: InvoiceDraft }) {
  const { t, i18n } = useTranslation();
  const totals = useMemo(() => computeTotals(draft), [draft]);
  const currency = draft.document.currency || 'EUR';
  const money = (value: string) => formatAmount(value, currency, i18n.language);
  const r = totals.reconciliation;
  // The contributions are part of the taxable amount (check 00422 puts them there): shown as "of which".
  const fundsTotal = decimalOfCents(totals.funds.reduce((sum, f) => sum + (centsOf(f.amount) ?? 0n), 0n));
  const rows: { label: string; value: string; part?: boolean }[] = [
    { label: t('compose.totalTaxable'), value: r.taxable },
    ...(totals.funds.length > 0 ? [{ label: t('compose.totalFunds'), value: fundsTotal, part: true }] : []),
    { label: t('compose.totalVat'), value: r.vat },
    ...(totals.stamp.applied ? [{ label: t('compose.totalStamp'), value: totals.stamp.amount }] : []),
  ];
  const total = totals.declaredTotal || totals.documentTotal;
  const stampText = stampSentence(totals.stamp, money, t);
  return (
    <Paper withBorder p="sm" data-testid="compose-totals" data-total={total} data-net={totals.netToPay}>
      <Title order={3} fz="md" mb="xs">
        {t('compose.totals')}
      </Title>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
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
            {rows.map(({ label, value, part }) => (
              <Table.Tr key={label}>
                <Table.Td pl={part ? 'xl' : undefined} fs={part ? 'italic' : undefined}>
                  {label}
                </Table.Td>
                <Table.Td ta="right" fs={part ? 'italic' : undefined}>
                  {part ? `(${money(value)})` : money(value)}
                </Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Td fw={700}>{t('compose.totalDocument')}</Table.Td>
              <Table.Td ta="right" fw={700} data-testid="compose-total-document">
                {money(total)}
              </Table.Td>
            </Table.Tr>
            {centsOf(r.withholdings) !== 0n && (
              <Table.Tr>
                <Table.Td>{t('compose.totalWithholding')}</Table.Td>
                <Table.Td ta="right">− {money(r.withholdings)}</Table.Td>
              </Table.Tr>
            )}
            {centsOf(r.splitPaymentVat) !== 0n && (
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
      <Text
        size="sm"
        c="dimmed"
        mt="xs"
        data-testid="compose-stamp-proposal"
        data-due={totals.stamp.due}
        data-applied={totals.stamp.applied}
        data-reason={totals.stamp.reason}
      >
        {stampText}
      </Text>
    </Paper>
  );
}

const WHY: Record<Exclude<StampReason, 'over-threshold'>, string> = {
  'under-threshold': 'compose.stampWhyUnder',
  'nature-missing': 'compose.stampWhyNatureMissing',
  'reverse-charge': 'compose.stampWhyReverseCharge',
  export: 'compose.stampWhyExport',
  'vat-elsewhere': 'compose.stampWhyVatElsewhere',
  'all-taxed': 'compose.stampWhyAllTaxed',
};

const LEFT_OUT: Record<StampExclusion, string> = {
  'reverse-charge': 'compose.stampLeftOutReverseCharge',
  export: 'compose.stampLeftOutExport',
  'vat-elsewhere': 'compose.stampLeftOutVatElsewhere',
};

/**
 * Why the stamp duty is or is not due for this invoice (totals.ts `reason`), what the user chose, and which
 * amounts without VAT did not count and why (a reverse charge beside an exempt line).
 */
function stampSentence(stamp: DraftTotals['stamp'], money: (value: string) => string, t: TFunction): string {
  const amount = money(stamp.amountWithoutVat);
  const parts = [
    stamp.reason === 'over-threshold'
      ? t(stamp.applied ? 'compose.stampDue' : 'compose.stampDueDeclined', { amount })
      : t(WHY[stamp.reason], { amount }),
  ];
  if (!stamp.due && stamp.applied) parts.push(t('compose.stampChargedAnyway'));
  // The reason names one kind already when nothing counted; the others are listed.
  const others = stamp.excluded.filter((e) => e.kind !== stamp.reason);
  if (others.length > 0)
    parts.push(
      t('compose.stampLeftOut', {
        list: others.map((e) => t(LEFT_OUT[e.kind], { amount: money(e.amount) })).join(', '),
      }),
    );
  return parts.join(' ');
}

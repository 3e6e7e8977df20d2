import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { decimalOfCents } from '../format/cents.ts';
import { formatAmount } from '../format/format.ts';
import type { MonthLine } from './deadline-view.ts';

const NUMERIC: CSSProperties = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' };
const OVERDUE_TEXT = 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-3))';

/** "marzo 2026", "March 2026", "März 2026". */
export function monthName(month: string, language: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return month;
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)).toLocaleDateString(
    language.startsWith('en') ? 'en-GB' : language,
    { month: 'long', year: 'numeric', timeZone: 'UTC' },
  );
}

/**
 * What is still outstanding on the listed deadlines, by month of the due date (`deadlines-months`, a
 * `deadline-month` row per month and currency with `data-month`, `data-receivable`, `data-payable` plain decimals):
 * to collect, to pay, of which overdue, and the balance.
 */
export function MonthTotals({ lines }: { lines: MonthLine[] }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  if (lines.length === 0) return null;
  const several = new Set(lines.map((line) => line.currency)).size > 1;
  const money = (cents: bigint, currency: string) => formatAmount(decimalOfCents(cents), currency, language);
  return (
    <Paper withBorder p="sm" data-testid="deadlines-months">
      <Stack gap="xs">
        <div>
          <Title order={3} size="h4">
            {t('deadlines.months.title')}
          </Title>
          <Text size="xs" c="dimmed">
            {t('deadlines.months.hint')}
          </Text>
        </div>
        <Table horizontalSpacing={8} verticalSpacing={4} w="auto" miw={560} striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('deadlines.months.month')}</Table.Th>
              <Table.Th ta="right">{t('deadlines.months.receivable')}</Table.Th>
              <Table.Th ta="right">{t('deadlines.months.payable')}</Table.Th>
              <Table.Th ta="right">{t('deadlines.months.balance')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line) => (
              <Table.Tr
                key={`${line.month}|${line.currency}`}
                data-testid="deadline-month"
                data-month={line.month}
                data-currency={line.currency}
                data-receivable={decimalOfCents(line.receivable)}
                data-payable={decimalOfCents(line.payable)}
                data-balance={decimalOfCents(line.balance)}
              >
                <Table.Td>
                  <Text span size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {line.month ? monthName(line.month, language) : t('deadlines.months.noDate')}
                    {several && ` · ${line.currency}`}
                  </Text>
                </Table.Td>
                {(
                  [
                    [line.receivable, line.overdueReceivable],
                    [line.payable, line.overduePayable],
                  ] as const
                ).map(([amount, overdue], i) => (
                  <Table.Td key={i} ta="right">
                    <Text span size="sm" style={NUMERIC}>
                      {money(amount, line.currency)}
                    </Text>
                    {overdue !== 0n && (
                      <Text size="xs" c={OVERDUE_TEXT} style={NUMERIC}>
                        {t('deadlines.months.overdue', { amount: money(overdue, line.currency) })}
                      </Text>
                    )}
                  </Table.Td>
                ))}
                <Table.Td ta="right">
                  <Text span size="sm" fw={700} style={NUMERIC}>
                    {money(line.balance, line.currency)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}

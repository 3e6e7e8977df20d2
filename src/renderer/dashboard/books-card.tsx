/**
 * The dashboard's money (issue 28 §5): for a company and a period, what was invoiced (credit notes subtracted),
 * collected, still to collect and overdue, and the period's VAT, from the books (src/shared/books over the book
 * records, books/); a chart of the year by month. Each figure links to the screen that lists it.
 */
import {
  Card,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { dashboardFigures, periodOfDate, type PeriodSpan } from '../../shared/books/index.ts';
import { useBooks } from '../books/use-books.ts';
import { useCompanies } from '../data/companies.ts';
import { decimalOfCents } from '../format/cents.ts';
import { formatAmount } from '../format/format.ts';
import { address, href, screenAddress } from '../shell/routes.ts';

export function BooksCard({ today: now }: { today: Date | null }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const books = useBooks(now);
  const companies = useCompanies();
  const [chosen, setChosen] = useState<string | null>(null);
  const [span, setSpan] = useState<PeriodSpan>('month');
  const company = chosen ?? companies?.[0]?.vat ?? null;
  const period = periodOfDate(books.today, span);
  const records = books.records.data?.records ?? null;
  const figures = useMemo(
    () =>
      records && books.deadlines && company
        ? dashboardFigures(records, books.deadlines, company, period)
        : null,
    [records, books.deadlines, company, period],
  );
  if (!companies || companies.length === 0) return null;
  const money = (cents: bigint) => formatAmount(decimalOfCents(cents), 'EUR', language);
  const monthName = new Intl.DateTimeFormat(language, { month: 'short', timeZone: 'UTC' });
  const chart = (figures?.months ?? []).map((m) => ({
    month: monthName.format(new Date(`${m.month}-01T00:00:00Z`)),
    // Bar heights, not amounts: whole euros (integer division of the cents) are all a bar can show.
    invoiced: Number(m.invoiced / 100n),
    collected: Number(m.collected / 100n),
  }));
  return (
    <Stack gap="xs" data-testid="books-card">
      <Group justify="space-between">
        <Title order={3}>{t('dashboard.money')}</Title>
        <Group gap="xs">
          {companies.length > 1 && (
            <Select
              aria-label={t('company.label')}
              size="xs"
              allowDeselect={false}
              value={company}
              onChange={setChosen}
              data={companies.map((c) => ({ value: c.vat, label: c.name }))}
            />
          )}
          <SegmentedControl
            size="xs"
            value={span}
            onChange={(value) => setSpan(value as PeriodSpan)}
            data={[
              { value: 'month', label: t('dashboard.spanMonth') },
              { value: 'quarter', label: t('dashboard.spanQuarter') },
              { value: 'year', label: t('dashboard.spanYear') },
            ]}
            data-testid="books-span"
          />
        </Group>
      </Group>
      {books.progress && (
        <Text size="sm" c="dimmed" data-testid="books-reading">
          {t('dashboard.reading', { done: books.progress.done, total: books.progress.total })}
        </Text>
      )}
      {figures && (
        <>
          <SimpleGrid cols={{ base: 2, md: 5 }}>
            <Figure
              testId="books-invoiced"
              label={t('dashboard.invoiced')}
              cents={figures.invoiced}
              to={screenAddress('sent')}
              money={money}
            />
            <Figure
              testId="books-collected"
              label={t('dashboard.collected')}
              cents={figures.collected}
              to={address(screenAddress('deadlines'), { kind: 'receivable', status: 'paid' })}
              money={money}
            />
            <Figure
              testId="books-to-collect"
              label={t('dashboard.toCollect')}
              cents={figures.toCollect}
              to={address(screenAddress('deadlines'), { kind: 'receivable' })}
              money={money}
            />
            <Figure
              testId="books-overdue"
              label={t('dashboard.overdue')}
              cents={figures.overdue}
              to={address(screenAddress('deadlines'), { kind: 'receivable', status: 'overdue' })}
              money={money}
              alert={figures.overdue > 0n}
            />
            <Figure
              testId="books-vat"
              label={t('dashboard.vat')}
              cents={figures.vat.net}
              to={address(screenAddress('vat'), { period })}
              money={money}
            />
          </SimpleGrid>
          {/* A picture of the year: the exact figures are the cards' and the lists'. */}
          <YearChart
            data={chart}
            language={language}
            labels={[t('dashboard.invoiced'), t('dashboard.collected')]}
          />
        </>
      )}
    </Stack>
  );
}

/**
 * The year by month, invoiced beside collected: recharts, in the Mantine theme's colours (CSS variables, so the
 * dark scheme follows).
 */
function YearChart(props: {
  data: { month: string; invoiced: number; collected: number }[];
  language: string;
  labels: [string, string];
}) {
  const euros = new Intl.NumberFormat(props.language, {
    style: 'currency',
    currency: 'EUR',
    maximumFractionDigits: 0,
  });
  return (
    <div data-testid="books-chart" style={{ width: '100%', height: 200 }}>
      <ResponsiveContainer>
        <BarChart data={props.data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
          <CartesianGrid
            strokeDasharray="3 3"
            stroke="var(--mantine-color-default-border)"
            vertical={false}
          />
          {/* Axis and legend words in the text colour: the dimmed grey is below 4.5:1 at this size. */}
          <XAxis dataKey="month" tick={{ fill: 'var(--mantine-color-text)', fontSize: 12 }} />
          <YAxis
            width={80}
            tickFormatter={(value: number) => euros.format(value)}
            tick={{ fill: 'var(--mantine-color-text)', fontSize: 12 }}
          />
          <Tooltip
            formatter={(value) => euros.format(Number(value))}
            contentStyle={{
              background: 'var(--mantine-color-body)',
              borderColor: 'var(--mantine-color-default-border)',
            }}
            labelStyle={{ color: 'var(--mantine-color-text)' }}
            itemStyle={{ color: 'var(--mantine-color-text)' }}
          />
          <Legend
            formatter={(value) => <span style={{ color: 'var(--mantine-color-text)' }}>{value}</span>}
          />
          <Bar dataKey="invoiced" name={props.labels[0]} fill="var(--mantine-color-blue-6)" />
          <Bar dataKey="collected" name={props.labels[1]} fill="var(--mantine-color-teal-6)" />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

function Figure(props: {
  testId: string;
  label: string;
  cents: bigint;
  to: string;
  money: (cents: bigint) => string;
  alert?: boolean;
}) {
  return (
    <UnstyledButton
      component="a"
      href={href(props.to)}
      data-testid={props.testId}
      data-amount={decimalOfCents(props.cents)}
    >
      <Card withBorder padding="sm">
        <Text c="dimmed" size="sm">
          {props.label}
        </Text>
        <Text
          fw={700}
          fz="lg"
          c={props.alert ? 'var(--mantine-color-error)' : undefined}
          style={{ fontVariantNumeric: 'tabular-nums' }}
        >
          {props.money(props.cents)}
        </Text>
      </Card>
    </UnstyledButton>
  );
}

import { Card, SimpleGrid, Text } from '@mantine/core';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { turnoverSign } from '../../shared/fatturapa/code-labels/index.ts';
import { clientOf } from '../data/api.ts';
import { queryKeys } from '../data/keys.ts';
import { decimalOfCents } from '../format/cents.ts';
import { documentDateRange } from '../export/export-request.ts';
import { formatAmount } from '../format/format.ts';
import { indexReadReceived, indexSent } from '../invoice-index/fill.ts';
import { useIndexVersion, useInvoiceIndex } from '../invoice-index/use-invoice-index.ts';
import { plainTotal, totalsOf, type ListTotals } from '../lists/invoice-list.tsx';
import type { KnownAmount } from '../lists/amounts.ts';
import { useGateway } from '../gateway/gateway-context.ts';

interface MonthTotal {
  totals: ListTotals;
  /** Credit notes counted (subtracted). */
  creditNotes: number;
}

function monthTotal(rows: { amount: KnownAmount | null | undefined; discarded?: boolean }[]) {
  return {
    totals: totalsOf(rows),
    creditNotes: rows.filter((r) => !r.discarded && r.amount && turnoverSign(r.amount.type) === -1).length,
  };
}

/**
 * The dashboard's month: turnover of the sent invoices and purchases of the received ones dated in it (document
 * date, as the lists and the export choose), added as the lists add them: credit notes subtract, what SDI rejected
 * is left out, and an unread received invoice, whose amount the app does not read on its own, is counted as
 * unknown. `dashboard-turnover` and `dashboard-purchases` carry `data-total` (plain decimal) and `data-unknown`.
 */
export function MonthTotals({ today }: { today: Date | null }) {
  const { t, i18n } = useTranslation();
  const gateway = useGateway();
  const index = useInvoiceIndex(gateway);
  const version = useIndexVersion(index);
  const now = today ?? new Date();
  const [year, month] = [now.getFullYear(), now.getMonth() + 1];
  const range = useMemo(() => documentDateRange({ kind: 'month', year, month }), [year, month]);
  const query = { document_date_from: range.from, document_date_to: range.to, sort: '-created' };
  // Every row dated in the month, no cap, its files read into the index where that is free (sent files, and
  // received invoices already read); a new state reads the sent ones again, an arrival the received ones.
  const monthRows = <T,>(
    key: QueryKey,
    read: () => Promise<{ items: T[] }>,
    fill: (rows: T[]) => Promise<void>,
  ) =>
    ({
      queryKey: key,
      enabled: index !== null,
      queryFn: async () => {
        const all = await read();
        await fill(all.items);
        return all;
      },
    }) as const;
  const client = clientOf(gateway);
  const sent = useQuery(
    monthRows(
      queryKeys.sentList('month', query),
      () => client.sent.readAll(query),
      (rows) => indexSent(gateway, index!, rows),
    ),
  );
  const received = useQuery(
    monthRows(
      queryKeys.receivedList('month', query),
      () => client.received.readAll(query),
      (rows) => indexReadReceived(gateway, index!, rows),
    ),
  );
  const rows = sent.data && received.data ? { sent: sent.data.items, received: received.data.items } : null;

  const totals = useMemo(() => {
    if (!rows || !index) return null;
    return {
      sent: monthTotal(
        rows.sent.map((r) => ({
          amount: index.get('sent', r)?.amount,
          discarded: r.latest_state === 'Scartato',
        })),
      ),
      received: monthTotal(rows.received.map((r) => ({ amount: index.get('received', r)?.amount }))),
    };
    // The index version recounts as amounts arrive.
  }, [rows, index, version]);

  if (!totals) return null;
  const monthName = new Intl.DateTimeFormat(i18n.language, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, month - 1, 1)));
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TotalCard
        testId="dashboard-turnover"
        title={t('lists.dashboard.turnover', { month: monthName })}
        total={totals.sent}
      />
      <TotalCard
        testId="dashboard-purchases"
        title={t('lists.dashboard.purchases', { month: monthName })}
        total={totals.received}
      />
    </SimpleGrid>
  );
}

/** One of the month's totals, with what it counts and leaves out said under it. */
function TotalCard({ testId, title, total }: { testId: string; title: string; total: MonthTotal }) {
  const { t, i18n } = useTranslation();
  const { totals: sum, creditNotes } = total;
  const amounts = sum.byCurrency.map(([currency, cents]) =>
    formatAmount(decimalOfCents(cents), currency, i18n.language),
  );
  const notes = [
    t('lists.dashboard.documents', { count: sum.rows - sum.discarded.count }),
    creditNotes > 0 ? t('lists.dashboard.creditNotes', { count: creditNotes }) : '',
    sum.discarded.count > 0 ? t('lists.dashboard.discarded', { count: sum.discarded.count }) : '',
    sum.unknown > 0 ? t('lists.dashboard.unknown', { count: sum.unknown }) : '',
  ].filter(Boolean);
  return (
    <Card
      withBorder
      data-testid={testId}
      data-total={plainTotal(sum)}
      data-totals={JSON.stringify(Object.fromEntries(sum.byCurrency.map(([c, v]) => [c, decimalOfCents(v)])))}
      data-unknown={sum.unknown}
      data-credit-notes={creditNotes}
    >
      <Text c="dimmed" size="sm">
        {title}
      </Text>
      <Text fw={700} fz={26} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {amounts.length > 0 ? amounts.join(' + ') : '—'}
      </Text>
      <Text size="sm" c="dimmed">
        {notes.join(' · ')}
      </Text>
    </Card>
  );
}

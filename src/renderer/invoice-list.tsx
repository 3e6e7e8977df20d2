import { Button, Group, Text, Tooltip } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Receive, Send } from '../shared/api/types.ts';
import type { Gateway } from '../shared/gateway/channels.ts';
import { LocalDate } from './localized.tsx';
import type { PagedColumns } from './paged-table.tsx';
import { amountCache, readAmount, type AmountKind, type KnownAmount } from './amounts.ts';
import { getReceived, listCompanies, listSent, messageOf, type Page } from './api.ts';
import { formatAmount } from './format.ts';
import { exportContent, type ExportFormat, type Sheet } from './list-export.ts';

/** The whole filtered list is read for its total and its export up to this many rows. */
export const ALL_ROWS_MAX = 5000;

/** Every row of a filtered list, 200 at a time (the API's largest page), up to ALL_ROWS_MAX. */
export async function loadAllRows<T>(
  load: (page: number, pageSize: number) => Promise<Page<T>>,
): Promise<{ items: T[]; total: number }> {
  const items: T[] = [];
  for (let page = 1; ; page++) {
    const result = await load(page, 200);
    items.push(...result.items);
    if (result.items.length === 0 || items.length >= result.total || items.length >= ALL_ROWS_MAX)
      return { items, total: result.total };
  }
}

/** Reads the amounts of sent invoices the cache does not know yet (reading a sent file costs nothing). */
export async function fillSentAmounts(gateway: Gateway, profileId: string, rows: Send[]): Promise<void> {
  const missing = rows.filter((r) => !amountCache.get(profileId, 'sent', r.id)).map((r) => r.id);
  for (let i = 0; i < missing.length; i += 100) {
    const ids = missing.slice(i, i + 100);
    const page = await listSent(gateway, { ids: ids.join(','), include_payload: true, page_size: 100 });
    for (const send of page.items) {
      const amount = send.payload ? readAmount(send.payload, send.encoding) : null;
      if (amount) amountCache.set(profileId, 'sent', send.id, amount);
    }
  }
}

/**
 * Reads the amounts of received invoices already read (reading them again costs nothing). An unread invoice is
 * never read here: that would count an operation and mark it read (see `readUnreadAmounts`).
 */
export async function fillReadReceivedAmounts(
  gateway: Gateway,
  profileId: string,
  rows: Receive[],
  limit = 200,
): Promise<void> {
  const missing = rows
    .filter((r) => r.is_read && !amountCache.get(profileId, 'received', r.id))
    .slice(0, limit);
  await readReceived(gateway, profileId, missing);
}

/** Reads these received invoices' files: each unread one counts one operation and becomes read. */
export async function readReceived(gateway: Gateway, profileId: string, rows: Receive[]): Promise<void> {
  const queue = [...rows];
  const worker = async () => {
    for (let row = queue.shift(); row; row = queue.shift()) {
      const receive = await getReceived(gateway, row.id);
      const amount = receive.payload ? readAmount(receive.payload, receive.encoding) : null;
      if (amount) amountCache.set(profileId, 'received', row.id, amount);
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
}

/** Company names by id (an account has tens of companies). */
export function useCompanyNames(gateway: Gateway): Map<number, string> {
  const [names, setNames] = useState(new Map<number, string>());
  useEffect(() => {
    let live = true;
    void listCompanies(gateway, { page_size: 200, sort: 'name' }).then(
      (page) => live && setNames(new Map(page.items.map((c) => [c.id, c.name]))),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [gateway]);
  return names;
}

/** An amount cell: the total in the invoice's currency, with where it comes from in a tooltip; `—` if unknown. */
export function AmountCell({ amount }: { amount: KnownAmount | undefined }) {
  const { t, i18n } = useTranslation();
  if (!amount) {
    return (
      <Text span fz="inherit" c="dimmed" data-testid="amount" data-amount="">
        —
      </Text>
    );
  }
  return (
    <Tooltip label={amount.source === 'declared' ? t('amount.declared') : t('amount.computed')}>
      <Text
        span
        fz="inherit"
        data-testid="amount"
        data-amount={amount.amount}
        data-currency={amount.currency}
        data-source={amount.source}
        style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
      >
        {formatAmount(Number(amount.amount), amount.currency, i18n.language)}
      </Text>
    </Tooltip>
  );
}

export interface ListTotals {
  /** Cents per currency, of the rows with a known amount. */
  byCurrency: [string, number][];
  unknown: number;
  rows: number;
  /** The filter matched more rows than were read (ALL_ROWS_MAX). */
  partial: boolean;
}

export function totalsOf(amounts: (KnownAmount | undefined)[], matched: number): ListTotals {
  const sums = new Map<string, number>();
  let unknown = 0;
  for (const amount of amounts) {
    if (!amount) unknown++;
    else
      sums.set(amount.currency, (sums.get(amount.currency) ?? 0) + Math.round(Number(amount.amount) * 100));
  }
  return {
    byCurrency: [...sums.entries()].sort(([a], [b]) => a.localeCompare(b)),
    unknown,
    rows: amounts.length,
    partial: matched > amounts.length,
  };
}

/** The filtered list's total (`list-total`), per currency, saying how many amounts are unknown. */
export function ListTotal({ totals }: { totals: ListTotals | null }) {
  const { t, i18n } = useTranslation();
  if (!totals || totals.rows === 0) return null;
  const parts = totals.byCurrency.map(([currency, cents]) =>
    formatAmount(cents / 100, currency, i18n.language),
  );
  return (
    <Text
      data-testid="list-total"
      data-totals={JSON.stringify(
        Object.fromEntries(totals.byCurrency.map(([c, v]) => [c, (v / 100).toFixed(2)])),
      )}
      data-unknown={totals.unknown}
      fw={600}
      style={{ fontVariantNumeric: 'tabular-nums' }}
    >
      {t('list.total', { amounts: parts.length > 0 ? parts.join(' + ') : '—' })}
      {totals.unknown > 0 && (
        <Text span c="dimmed" fw={400}>
          {' '}
          {t('list.unknown', { count: totals.unknown })}
        </Text>
      )}
      {totals.partial && (
        <Text span c="dimmed" fw={400}>
          {' '}
          {t('list.partial', { count: totals.rows })}
        </Text>
      )}
    </Text>
  );
}

/** CSV and XLSX of the filtered list (`export-list`, `data-format`). */
export function ExportButtons({
  gateway,
  sheet,
  fileName,
}: {
  gateway: Gateway;
  sheet: () => Promise<Sheet>;
  fileName: string;
}) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(
    async (format: ExportFormat) => {
      setBusy(format);
      setError(null);
      try {
        const contentBase64 = await exportContent(await sheet(), format, i18n.language);
        await gateway.dialog.saveFile({ suggestedName: `${fileName}.${format}`, contentBase64 });
      } catch (e) {
        setError(messageOf(e));
      } finally {
        setBusy(null);
      }
    },
    [gateway, sheet, fileName, i18n.language],
  );
  return (
    <Group gap="xs" align="end">
      {(['csv', 'xlsx'] as const).map((format) => (
        <Button
          key={format}
          variant="default"
          data-testid="export-list"
          data-format={format}
          loading={busy === format}
          onClick={() => void run(format)}
        >
          {format === 'csv' ? t('list.export.csv') : t('list.export.xlsx')}
        </Button>
      ))}
      {error && (
        <Text c="red" size="sm" data-testid="export-list-failed">
          {error}
        </Text>
      )}
    </Group>
  );
}

export function amountOf(profileId: string | null, kind: AmountKind, id: number): KnownAmount | undefined {
  return profileId ? amountCache.get(profileId, kind, id) : undefined;
}

/**
 * The columns both invoice lists share, by id, for each screen to place in its own order: type and amount come
 * from the amount cache (the table keeps a row's values once read, so cells are drawn from the cache), dates
 * stay raw values drawn by LocalDate so a language switch redraws them.
 */
export function sharedInvoiceColumns<T extends Send | Receive>(options: {
  kind: AmountKind;
  profileId: string | null;
  companies: Map<number, string>;
  labels: { type: string; number: string; date: string; company: string; amount: string; file: string };
}) {
  const { kind, profileId, companies, labels } = options;
  const cached = (row: T) => amountOf(profileId, kind, row.id);
  const columns = {
    type: {
      id: 'type',
      header: labels.type,
      accessorFn: (row: T) => cached(row)?.type ?? '',
      cell: (info: { row: { original: T } }) => cached(info.row.original)?.type ?? '',
    },
    number: { id: 'number', header: labels.number, accessorFn: (row: T) => row.document_number ?? '' },
    date: {
      id: 'date',
      header: labels.date,
      accessorFn: (row: T) => row.document_date,
      cell: (info: { row: { original: T } }) => <LocalDate value={info.row.original.document_date} />,
    },
    company: {
      id: 'company',
      header: labels.company,
      accessorFn: (row: T) => companies.get(row.company_id) ?? '',
      cell: (info: { row: { original: T } }) => companies.get(info.row.original.company_id) ?? '',
    },
    amount: {
      id: 'amount',
      header: labels.amount,
      accessorFn: (row: T) => cached(row)?.amount ?? '',
      cell: (info: { row: { original: T } }) => <AmountCell amount={cached(info.row.original)} />,
    },
    file: { id: 'file', header: labels.file, accessorFn: (row: T) => row.file_name ?? '' },
  } satisfies Record<string, PagedColumns<T>[number]>;
  return columns;
}

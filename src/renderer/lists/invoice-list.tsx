import { Alert, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Receive, Send } from '../../shared/api/types.ts';
import { DOCUMENT_TYPES, turnoverSign } from '../../shared/fatturapa/code-labels/index.ts';
import type { Gateway } from '../../shared/gateway/channels.ts';
import type { KnownAmount } from './amounts.ts';
import { messageOf } from '../data/api.ts';
import { HoverTooltip } from '../ui/hover-tooltip.tsx';
import { centsOf, CurrencySums, decimalOfCents } from '../format/cents.ts';
import { formatAmount, formatCount } from '../format/format.ts';
import type { IndexEntry } from '../invoice-index/entry.ts';
import { exportContent, type ExportFormat, type Sheet } from './list-export.ts';
import { APP_SORT, type LocalListState, type SortValue } from './list-rows.ts';
import { LocalDate } from './localized.tsx';
import type { PagedColumns, TableFooter } from './paged-table.tsx';

/**
 * An amount cell: the total in the invoice's currency as totals count it (a credit note with a minus: it
 * subtracts), with where it comes from in a tooltip. `—` when unknown, saying why: a received invoice not read yet
 * (reading it is billed, so no list reads it on its own), or a file that gives no amount. `data-amount` is the
 * total as the file states it, `data-signed` what the total counts; both empty when unknown.
 */
export function AmountCell({ entry, unread }: { entry: IndexEntry | undefined; unread: boolean }) {
  const { t, i18n } = useTranslation();
  const amount = entry?.amount;
  if (!amount) {
    const why = entry ? t('lists.amountUnknown') : unread ? t('lists.amountUnread') : null;
    const dash = (
      <Text span fz="inherit" c="dimmed" data-testid="amount" data-amount="" data-signed="">
        —
      </Text>
    );
    return why ? <HoverTooltip label={why}>{dash}</HoverTooltip> : dash;
  }
  const signed = centsOf(amount.signed);
  const source = amount.source === 'declared' ? t('amount.declared') : t('amount.computed');
  const subtracts = turnoverSign(amount.type) === -1;
  return (
    <HoverTooltip label={subtracts ? `${source}. ${t('lists.creditNote')}` : source} multiline w={320}>
      <Text
        span
        fz="inherit"
        data-testid="amount"
        data-amount={amount.amount}
        data-signed={amount.signed}
        data-currency={amount.currency}
        data-source={amount.source}
        style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
      >
        {signed === null
          ? amount.signed
          : formatAmount(decimalOfCents(signed), amount.currency, i18n.language)}
      </Text>
    </HoverTooltip>
  );
}

/**
 * The document type as its code (what accounting software and SDI use), named in the UI language on hover: an
 * abbreviation, which costs a list of hundreds of rows nothing (a tooltip component per cell would).
 */
function TypeCell({ type }: { type: string | null | undefined }) {
  const { i18n } = useTranslation();
  if (!type) return null;
  const labels = DOCUMENT_TYPES[type];
  const name = labels ? (labels[i18n.language as 'it' | 'en' | 'de'] ?? labels.it) : null;
  return name ? (
    <abbr title={name} style={{ textDecoration: 'none' }}>
      {type}
    </abbr>
  ) : (
    <>{type}</>
  );
}

export interface ListTotals {
  /** Cents per currency of the counted rows with a known amount, each with its turnover sign (credit notes less). */
  byCurrency: [string, bigint][];
  /** Counted rows whose amount is unknown. */
  unknown: number;
  /** Rows counted and left out: every row the filter matches. */
  rows: number;
  /** Invoices SDI rejected: never issued fiscally, so not in the total; what they would have added. */
  discarded: { count: number; byCurrency: [string, bigint][] };
}

/**
 * The cents of each amount the index holds, parsed once: a list's total adds every row of a year again whenever
 * it is shown, and parsing 20,000 decimals was most of that.
 */
const centsKept = new WeakMap<KnownAmount, bigint | null>();

function addTo(sums: CurrencySums, amount: KnownAmount): void {
  let cents = centsKept.get(amount);
  if (cents === undefined) centsKept.set(amount, (cents = centsOf(amount.signed)));
  if (cents !== null) sums.add(amount.currency, cents);
}

/**
 * The total of a list's rows, in integer cents per currency: each invoice as KnownAmount.signed counts it, so a
 * credit note (TD04, TD08) subtracts and everything else adds (TURNOVER_SIGNS).
 */
export function totalsOf(
  rows: { amount: KnownAmount | null | undefined; discarded?: boolean }[],
): ListTotals {
  const sums = new CurrencySums();
  const discardedSums = new CurrencySums();
  let unknown = 0;
  let discarded = 0;
  for (const row of rows) {
    if (row.discarded) {
      discarded++;
      if (row.amount) addTo(discardedSums, row.amount);
    } else if (!row.amount) unknown++;
    else addTo(sums, row.amount);
  }
  return {
    byCurrency: sums.entries(),
    unknown,
    rows: rows.length,
    discarded: { count: discarded, byCurrency: discardedSums.entries() },
  };
}

/**
 * `data-total` of a list's total: the plain decimal of its only currency, or of euro when it holds several (the
 * others are in `data-totals`); empty when there is no euro among several currencies, or no amount at all.
 */
export function plainTotal(totals: ListTotals): string {
  const only = totals.byCurrency.length === 1 ? totals.byCurrency[0] : undefined;
  const euro = totals.byCurrency.find(([currency]) => currency === 'EUR');
  const chosen = only ?? euro;
  return chosen ? decimalOfCents(chosen[1]) : '';
}

/**
 * The filtered list's total as the table's last row (`list-total`): the label under the first columns, the sums
 * per currency under the amounts; what it leaves out (unknown amounts, invoices SDI rejected) said beside it.
 */
export function useTotalFooter(totals: ListTotals | null): TableFooter | null {
  const { t, i18n } = useTranslation();
  if (!totals || totals.rows === 0) return null;
  const format = (sums: [string, bigint][]) =>
    sums.map(([currency, cents]) => formatAmount(decimalOfCents(cents), currency, i18n.language));
  const amounts = format(totals.byCurrency);
  const notes = (
    <>
      {totals.unknown > 0 && (
        <Tooltip label={t('lists.total.unknownHint')} multiline w={320}>
          <Text span size="sm" c="dimmed" data-testid="list-total-unknown">
            {t('list.unknown', { count: totals.unknown })}
          </Text>
        </Tooltip>
      )}
      {totals.discarded.count > 0 && (
        <Tooltip label={t('lists.total.discardedHint')} multiline w={320}>
          <Text span size="sm" c="dimmed" data-testid="list-total-discarded">
            {t('lists.total.discarded', {
              count: totals.discarded.count,
              amounts: format(totals.discarded.byCurrency).join(' + ') || '—',
            })}
          </Text>
        </Tooltip>
      )}
    </>
  );
  const label = (
    <Group gap="xs" wrap="wrap">
      <Text span fw={700} size="sm">
        {t('lists.total.of', { count: totals.rows - totals.discarded.count })}
      </Text>
      {notes}
    </Group>
  );
  return {
    label,
    cells: {
      amount: (
        <Stack gap={0} align="flex-end">
          {(amounts.length > 0 ? amounts : ['—']).map((text) => (
            <Text
              key={text}
              span
              fw={700}
              size="sm"
              style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
            >
              {text}
            </Text>
          ))}
        </Stack>
      ),
    },
    collapsed: (
      <Group gap="xs" wrap="wrap">
        <Text span fw={700} size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {t('list.total', { amounts: amounts.length > 0 ? amounts.join(' + ') : '—' })}
        </Text>
        {notes}
      </Group>
    ),
    testId: 'list-total',
    attributes: {
      'data-total': plainTotal(totals),
      'data-totals': JSON.stringify(
        Object.fromEntries(totals.byCurrency.map(([c, v]) => [c, decimalOfCents(v)])),
      ),
      'data-unknown': String(totals.unknown),
      'data-discarded': String(totals.discarded.count),
    },
  };
}

/**
 * What the app did to a list itself, beside it (`list-local`, `data-reason="sort|amount"`, `data-read`): sorted
 * by a column the API does not sort by, or found an amount the API cannot search, over which rows and with which
 * limits (see list-rows.ts).
 */
export function LocalListNote({ local }: { local: LocalListState | null }) {
  const { t, i18n } = useTranslation();
  if (!local) return null;
  const parts =
    local.reason === 'sort'
      ? [
          t('lists.local.sort', { count: local.read, shown: formatCount(local.read, i18n.language) }),
          local.unknown > 0 ? t('lists.local.unknownLast', { count: local.unknown }) : '',
        ]
      : [
          t('lists.local.amount', { count: local.read, shown: formatCount(local.read, i18n.language) }),
          local.unknown > 0 ? t('lists.local.amountUnknown', { count: local.unknown }) : '',
        ];
  return (
    <Alert
      variant="light"
      color="gray"
      p="xs"
      data-testid="list-local"
      data-reason={local.reason}
      data-read={local.read}
    >
      <Text size="sm">{parts.filter(Boolean).join(' ')}</Text>
    </Alert>
  );
}

/** The `app:` sorts both lists offer (list-rows.ts): the value each sorts by. */
export function invoiceSortValues<T extends Send | Receive>(options: {
  entryOf: (row: T) => IndexEntry | undefined;
  companies: Map<number, string>;
  party: (row: T) => string | null | undefined;
  state: (row: T) => SortValue;
}): Record<string, (row: T) => SortValue> {
  const { entryOf, companies } = options;
  return {
    type: (row) => entryOf(row)?.amount?.type,
    number: (row) => row.document_number,
    party: options.party,
    company: (row) => companies.get(row.company_id),
    // As the column shows it: a credit note below zero.
    amount: (row) => {
      const amount = entryOf(row)?.amount;
      return amount ? centsOf(amount.signed) : null;
    },
    state: options.state,
  };
}

/** The API field or `app:` sort of each column both lists share (see list-rows.ts for the `app:` ones). */
export const SHARED_SORTS = {
  type: `${APP_SORT}type`,
  number: `${APP_SORT}number`,
  date: 'document_date',
  company: `${APP_SORT}company`,
  amount: `${APP_SORT}amount`,
  dateSent: 'date_sent',
};

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

/**
 * The columns both invoice lists share, by id, for each screen to place in its own order: type and amount come
 * from the invoice index (`entryOf`; the table keeps a row's values once read, so cells are drawn from the index),
 * dates stay raw values drawn by LocalDate so a language switch redraws them.
 */
export function sharedInvoiceColumns<T extends Send | Receive>(options: {
  entryOf: (row: T) => IndexEntry | undefined;
  /** A row whose file is not read yet, on purpose (an unread received invoice). */
  unread?: (row: T) => boolean;
  companies: Map<number, string>;
  labels: { type: string; number: string; date: string; company: string; amount: string; file: string };
}) {
  const { entryOf, companies, labels } = options;
  const unread = options.unread ?? (() => false);
  const columns = {
    type: {
      id: 'type',
      header: labels.type,
      accessorFn: (row: T) => entryOf(row)?.amount?.type ?? '',
      cell: (info: { row: { original: T } }) => <TypeCell type={entryOf(info.row.original)?.amount?.type} />,
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
      accessorFn: (row: T) => entryOf(row)?.amount?.amount ?? '',
      cell: (info: { row: { original: T } }) => (
        <AmountCell entry={entryOf(info.row.original)} unread={unread(info.row.original)} />
      ),
    },
    file: { id: 'file', header: labels.file, accessorFn: (row: T) => row.file_name ?? '' },
  } satisfies Record<string, PagedColumns<T>[number]>;
  return columns;
}

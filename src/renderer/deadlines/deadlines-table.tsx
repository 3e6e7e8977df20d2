import {
  Anchor,
  Badge,
  Button,
  Group,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Deadline } from '../../shared/books/index.ts';
import { documentKey } from '../../shared/books/index.ts';
import { DOCUMENT_TYPES, PAYMENT_METHODS } from '../../shared/fatturapa/code-labels/index.ts';
import { decimalOfCents } from '../format/cents.ts';
import { formatAmount, formatDate } from '../format/format.ts';
import { href, receivedAddress, sentAddress } from '../shell/routes.ts';
import { codeName } from './deadline-sheet.ts';
import {
  canRecord,
  daysLate,
  groupedIban,
  isCredit,
  plainOutstanding,
  statusKey,
  type ListTotal,
  type Sort,
  type SortKey,
} from './deadline-view.ts';

const PAGE_SIZES = [20, 50, 100, 200];
const PAGE_SIZE_KEY = 'scambio.table.deadlines.pageSize';

/** Mantine's reds at this size are below 4.5:1 on white: the darker shades, as the composer's problems use. */
const OVERDUE_TEXT = 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-3))';
const OVERDUE_ROW = 'light-dark(var(--mantine-color-red-0), rgba(250, 82, 82, 0.12))';
const NUMERIC: CSSProperties = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' };

const STATUS_COLORS = { open: 'blue', partial: 'yellow', paid: 'green', overdue: 'red' } as const;

export interface TableContext {
  today: string;
  /** Each document's number by document key, for what a credit note was netted against. */
  numbers: Map<string, string>;
  /** How many instalments each document has. */
  counts: Map<string, number>;
  /** The company's name, when the account has several (each row says it then). */
  companyName: ((row: Deadline) => string) | null;
  busy: boolean;
  onMark: (row: Deadline) => void;
  onUndo: (row: Deadline) => void;
}

function readPageSize(): number {
  try {
    const stored = Number(globalThis.localStorage?.getItem(PAGE_SIZE_KEY));
    return PAGE_SIZES.includes(stored) ? stored : 50;
  } catch {
    return 50;
  }
}

/**
 * The deadlines, one row per instalment (`deadline-row`, with `data-kind`, `data-due`, `data-amount`,
 * `data-outstanding`, `data-status`), a page at a time, sorted by any column header, with the filtered list's total
 * as the last row (`deadlines-total`). Every row is in memory already: paging here only keeps the page short.
 */
export function DeadlinesTable({
  rows,
  resetKey,
  total,
  sort,
  onSort,
  context,
  emptyText,
}: {
  rows: Deadline[];
  /** Changes with the filters and the order: the list starts again from page 1 (a payment keeps the page). */
  resetKey: string;
  total: ListTotal;
  sort: Sort;
  onSort: (sort: Sort) => void;
  context: TableContext;
  emptyText: string;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [pageSize, setPageSize] = useState(readPageSize);
  const [paging, setPaging] = useState({ key: resetKey, page: 1 });
  const pages = Math.max(1, Math.ceil(rows.length / pageSize));
  const page = paging.key === resetKey ? Math.min(paging.page, pages) : 1;
  const shown = useMemo(() => rows.slice((page - 1) * pageSize, page * pageSize), [rows, page, pageSize]);

  const columns: {
    id: SortKey | 'method';
    label: string;
    numeric?: boolean;
  }[] = [
    { id: 'due', label: t('deadlines.column.due') },
    { id: 'counterparty', label: t('deadlines.column.counterparty') },
    { id: 'document', label: t('deadlines.column.document') },
    { id: 'method', label: t('deadlines.column.method') },
    { id: 'amount', label: t('deadlines.column.amount'), numeric: true },
    { id: 'outstanding', label: t('deadlines.column.outstanding'), numeric: true },
    { id: 'status', label: t('deadlines.column.status') },
  ];
  const sortable = new Set<string>(['due', 'counterparty', 'document', 'amount', 'outstanding', 'status']);

  const money = (cents: bigint, currency: string) => formatAmount(decimalOfCents(cents), currency, language);
  const sums = (pick: (sum: ListTotal['byCurrency'][number]) => bigint) =>
    total.byCurrency.map((sum) => money(pick(sum), sum.currency));
  const amountIndex = columns.findIndex((c) => c.id === 'amount');
  const plain = plainOutstanding(total);

  return (
    <Stack gap="xs">
      <div style={{ overflowX: 'auto' }}>
        <Table
          striped
          highlightOnHover
          horizontalSpacing={8}
          verticalSpacing={6}
          data-testid="deadlines-table"
        >
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => {
                const align = column.numeric ? 'right' : undefined;
                if (!sortable.has(column.id))
                  return (
                    <Table.Th key={column.id} ta={align}>
                      {column.label}
                    </Table.Th>
                  );
                const state =
                  sort.key === column.id ? (sort.descending ? 'descending' : 'ascending') : ('none' as const);
                return (
                  <Table.Th
                    key={column.id}
                    ta={align}
                    aria-sort={state}
                    data-testid={`sort-${column.id}`}
                    p={0}
                  >
                    <UnstyledButton
                      fw={700}
                      fz="sm"
                      w="100%"
                      ta={align}
                      aria-label={t('table.sortBy', { column: column.label })}
                      onClick={() =>
                        onSort({
                          key: column.id as SortKey,
                          descending: sort.key === column.id ? !sort.descending : false,
                        })
                      }
                      style={{ display: 'block', padding: '6px 8px', whiteSpace: 'nowrap' }}
                    >
                      {column.label}
                      {'\u00a0'}
                      <span aria-hidden style={{ opacity: state === 'none' ? 0.45 : 1 }}>
                        {state === 'ascending' ? '▲' : state === 'descending' ? '▼' : '↕'}
                      </span>
                    </UnstyledButton>
                  </Table.Th>
                );
              })}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((row) => (
              <DeadlineRow key={row.key} row={row} context={context} companyColumn={context.companyName} />
            ))}
          </Table.Tbody>
          {rows.length > 0 && (
            <Table.Tfoot>
              <Table.Tr
                data-testid="deadlines-total"
                data-amount={plain === null ? '' : decimalOfCents(plain)}
                data-count={total.count}
                data-totals={JSON.stringify(
                  Object.fromEntries(
                    total.byCurrency.map((s) => [s.currency, decimalOfCents(s.outstanding)]),
                  ),
                )}
                style={{ borderTop: '2px solid var(--mantine-color-default-border)' }}
              >
                <Table.Td colSpan={amountIndex}>
                  <Stack gap={0}>
                    <Text span fw={700} size="sm">
                      {t('deadlines.total.label', { count: total.count })}
                    </Text>
                    {total.mixed &&
                      total.byCurrency.map((sum) => (
                        <Text key={sum.currency} span size="xs" c="dimmed" style={NUMERIC}>
                          {t('deadlines.total.split', {
                            receivable: money(sum.receivable, sum.currency),
                            payable: money(sum.payable, sum.currency),
                          })}
                        </Text>
                      ))}
                  </Stack>
                </Table.Td>
                <Table.Td ta="right">
                  <Figures texts={sums((s) => s.amount)} />
                </Table.Td>
                <Table.Td ta="right">
                  <Figures texts={sums((s) => s.outstanding)} />
                </Table.Td>
                <Table.Td />
              </Table.Tr>
            </Table.Tfoot>
          )}
        </Table>
      </div>
      {rows.length === 0 && (
        <Text c="dimmed" data-testid="deadlines-empty">
          {emptyText}
        </Text>
      )}
      {rows.length > 0 && (
        <Group justify="space-between" align="end">
          <Text size="sm" c="dimmed">
            {t('table.range', {
              from: (page - 1) * pageSize + 1,
              to: Math.min(page * pageSize, rows.length),
              total: rows.length,
            })}
          </Text>
          <Group align="end">
            <Select
              label={t('table.pageSize')}
              w={100}
              size="xs"
              allowDeselect={false}
              value={String(pageSize)}
              onChange={(value) => {
                if (!value) return;
                setPageSize(Number(value));
                try {
                  globalThis.localStorage?.setItem(PAGE_SIZE_KEY, value);
                } catch {
                  // Not remembered: the choice holds for this visit.
                }
              }}
              data={PAGE_SIZES.map((n) => ({ value: String(n), label: String(n) }))}
            />
            {pages > 1 && (
              <Pagination
                value={page}
                onChange={(next) => setPaging({ key: resetKey, page: next })}
                total={pages}
                getControlProps={(control) => ({ 'aria-label': t(`table.${control}`) })}
              />
            )}
          </Group>
        </Group>
      )}
    </Stack>
  );
}

function Figures({ texts }: { texts: string[] }) {
  return (
    <Stack gap={0} align="flex-end">
      {(texts.length > 0 ? texts : ['—']).map((text) => (
        <Text key={text} span fw={700} size="sm" style={NUMERIC}>
          {text}
        </Text>
      ))}
    </Stack>
  );
}

function Small({ children, color }: { children: ReactNode; color?: string }) {
  return (
    <Text span size="xs" c={color ?? 'dimmed'} style={{ display: 'block' }}>
      {children}
    </Text>
  );
}

/**
 * The status badge: overdue filled red; the others a light tint of their colour with near-black text, since no
 * shade of Mantine's green or yellow reaches 4.5:1 on its own tint (axe, WCAG AA).
 */
function statusStyle(status: Deadline['status']): CSSProperties {
  const shape: CSSProperties = { textTransform: 'none', maxWidth: 'none', overflow: 'visible' };
  if (status === 'overdue') return shape;
  return { ...shape, color: 'light-dark(var(--mantine-color-dark-8), var(--mantine-color-gray-0))' };
}

function DeadlineRow({
  row,
  context,
  companyColumn,
}: {
  row: Deadline;
  context: TableContext;
  companyColumn: TableContext['companyName'];
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const money = (cents: bigint) => formatAmount(decimalOfCents(cents), row.currency, language);
  // In a sentence an amount stays whole: no line break after its minus (English "-€122.00").
  const inline = (cents: bigint) => money(cents).replace('-', '-\u2060');
  const overdue = row.status === 'overdue';
  const credit = isCredit(row);
  const receivable = row.direction === 'receivable';
  const count = context.counts.get(documentKey(row.document)) ?? 1;
  const late = overdue ? daysLate(row.due, context.today) : 0;
  const link = href(
    row.document.kind === 'sent'
      ? sentAddress(row.document.invoiceId)
      : receivedAddress(row.document.invoiceId),
  );
  const typeName = codeName(DOCUMENT_TYPES, row.type, language);
  const markLabel = credit
    ? t('deadlines.markRefunded')
    : receivable
      ? t('deadlines.markCollected')
      : t('deadlines.markPaid');
  const undoLabel = credit
    ? t('deadlines.undoRefunded')
    : receivable
      ? t('deadlines.undoCollected')
      : t('deadlines.undoPaid');
  const party = row.counterparty.vat ?? row.counterparty.fiscalCode;
  return (
    <Table.Tr
      data-testid="deadline-row"
      data-key={row.key}
      data-kind={row.direction}
      data-due={row.due}
      data-amount={decimalOfCents(row.amount)}
      data-outstanding={decimalOfCents(row.outstanding)}
      data-status={row.status}
      data-number={row.number}
      style={overdue ? { background: OVERDUE_ROW } : undefined}
    >
      <Table.Td>
        <Text
          span
          size="sm"
          fw={overdue ? 700 : undefined}
          c={overdue ? OVERDUE_TEXT : undefined}
          style={{ whiteSpace: 'nowrap' }}
        >
          {formatDate(row.due, language)}
        </Text>
        {row.due === context.today && row.status !== 'paid' && <Small>{t('deadlines.dueToday')}</Small>}
        {row.dueFrom === 'terms' && <Small>{t('deadlines.dueFrom.terms')}</Small>}
        {row.dueFrom === 'document-date' && <Small>{t('deadlines.dueFrom.document')}</Small>}
      </Table.Td>
      <Table.Td>
        <Text span size="sm" style={{ display: 'block' }}>
          {row.counterparty.name}
        </Text>
        <Small>
          {receivable ? t('deadlines.customer') : t('deadlines.supplier')}
          {party && ` · ${party}`}
        </Small>
        {/* With several companies, whose deadline it is: a line here rather than a column, so the row fits 1280 px. */}
        {companyColumn && (
          <Small>
            {t('deadlines.column.company')}: {companyColumn(row)}
          </Small>
        )}
      </Table.Td>
      <Table.Td>
        <Anchor
          href={link}
          size="sm"
          data-testid="deadline-document"
          title={t('deadlines.openDocument', { type: typeName, number: row.number })}
        >
          {t('deadlines.document', { number: row.number, date: formatDate(row.date, language) })}
        </Anchor>
        <Small color={credit ? OVERDUE_TEXT : undefined}>
          <abbr title={row.type} style={{ textDecoration: 'none' }}>
            {typeName}
          </abbr>
          {count > 1 && ` · ${t('deadlines.instalment', { position: row.position, count })}`}
        </Small>
      </Table.Td>
      <Table.Td miw={150}>
        {row.method ? (
          <abbr title={row.method} style={{ textDecoration: 'none' }}>
            <Text span size="sm">
              {codeName(PAYMENT_METHODS, row.method, language)}
            </Text>
          </abbr>
        ) : (
          <Text span size="sm" c="dimmed">
            {t('deadlines.noMethod')}
          </Text>
        )}
        {/* The account to pay into: a supplier's; on a receivable it is the company's own, and only widens the row. */}
        {row.iban && row.direction === 'payable' && (
          <Text span size="xs" c="dimmed" ff="monospace" style={{ display: 'block' }}>
            {t('deadlines.iban', { iban: groupedIban(row.iban) })}
          </Text>
        )}
      </Table.Td>
      <Table.Td ta="right" miw={160}>
        <Text span size="sm" style={NUMERIC}>
          {money(row.amount)}
        </Text>
        {row.netted.length > 0 && (
          <>
            <Small>{t('deadlines.original', { amount: inline(row.original) })}</Small>
            {row.netted.map((netting, i) => {
              const number = context.numbers.get(documentKey(netting.document)) ?? '?';
              const amount = inline(netting.amount < 0n ? -netting.amount : netting.amount);
              return (
                <Small key={i}>
                  {credit
                    ? t('deadlines.nettedAgainst', { amount, number })
                    : t('deadlines.nettedBy', { amount, number })}
                </Small>
              );
            })}
          </>
        )}
      </Table.Td>
      <Table.Td ta="right" miw={120}>
        <Text span size="sm" fw={row.status === 'paid' ? undefined : 700} style={NUMERIC}>
          {money(row.outstanding)}
        </Text>
        {row.payments.map((payment, i) => (
          <Small key={i}>
            {t('deadlines.paidOn', {
              amount: inline(payment.amount),
              date: formatDate(payment.date, language),
            })}
          </Small>
        ))}
      </Table.Td>
      <Table.Td>
        <Stack gap={4} align="flex-start">
          <div>
            <Badge
              color={STATUS_COLORS[row.status]}
              variant={overdue ? 'filled' : 'light'}
              radius="sm"
              data-testid="deadline-status"
              style={statusStyle(row.status)}
            >
              {t(statusKey(row))}
            </Badge>
            {overdue && late > 0 && (
              <Small color={OVERDUE_TEXT}>{t('deadlines.status.late', { count: late })}</Small>
            )}
          </div>
          {canRecord(row) && (
            <Button
              size="compact-xs"
              variant="light"
              data-testid="mark-paid"
              disabled={context.busy}
              onClick={() => context.onMark(row)}
            >
              {markLabel}
            </Button>
          )}
          {row.payments.length > 0 && (
            <Button
              size="compact-xs"
              variant="subtle"
              color="gray"
              data-testid="undo-payment"
              disabled={context.busy}
              onClick={() => context.onUndo(row)}
            >
              {undoLabel}
            </Button>
          )}
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}

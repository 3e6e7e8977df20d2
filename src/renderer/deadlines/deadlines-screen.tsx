import {
  Alert,
  Anchor,
  CloseButton,
  Group,
  Loader,
  Progress,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'wouter';
import type { Deadline, PaymentRecord } from '../../shared/books/index.ts';
import { cents, documentKey, isCompany } from '../../shared/books/index.ts';
import { useBooks } from '../books/use-books.ts';
import { messageOf } from '../data/api.ts';
import { useCompanies } from '../data/companies.ts';
import { decimalOfCents } from '../format/cents.ts';
import { formatAmount, formatCount, formatDate } from '../format/format.ts';
import { useGateway } from '../gateway/gateway-context.ts';
import { ExportButtons } from '../lists/invoice-list.tsx';
import { useReady } from '../shell/ready.ts';
import { address, href, screenAddress } from '../shell/routes.ts';
import { QueryView } from '../ui/loading.tsx';
import { DeadlineFiltersBar } from './deadline-filters.tsx';
import { deadlineSheet } from './deadline-sheet.ts';
import {
  applyFilters,
  documentNumbers,
  filtersOf,
  instalmentCounts,
  latestPayment,
  listTotal,
  monthLines,
  periodChoices,
  queryOf,
  sortDeadlines,
  sortOf,
  sortText,
  type DeadlineFilters,
  type Sort,
} from './deadline-view.ts';
import { DeadlinesTable, type TableContext } from './deadlines-table.tsx';
import { useNotifyChoice } from '../shell/notify-choice.ts';
import { MarkPaidDialog } from './mark-paid-dialog.tsx';
import { MonthTotals } from './month-totals.tsx';

const SORT_KEY = 'scambio.table.deadlines.sort';

function storedSort(): Sort {
  try {
    return sortOf(globalThis.localStorage?.getItem(SORT_KEY));
  } catch {
    return sortOf(null);
  }
}

type Outcome = { ok: boolean; text: string };

/**
 * The scadenzario (`#/deadlines`): every instalment of the sent invoices (receivables) and of the received
 * invoices already read (payables), credit notes netted against the invoices they correct, with the payments the
 * user records. Filters live in the address (`#/deadlines?kind=receivable&state=overdue&period=2026-Q1&q=rossi`).
 * `today` is the sandbox clock's moment on the local sandbox: it decides what is overdue.
 */
export default function DeadlinesScreen({ today: now = null }: { today?: Date | null }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const gateway = useGateway();
  const books = useBooks(now);
  const { today, deadlines, records, progress, payments, change, changing } = books;
  const [params] = useSearchParams();
  const [, navigate] = useLocation();
  const query = params.toString();
  const filters = useMemo(() => filtersOf(new URLSearchParams(query)), [query]);
  // The filters as last asked for: two changes before the screen draws again (a choice, then the search's
  // pause) both count.
  const latest = useRef(filters);
  latest.current = filters;
  const setFilters = useCallback(
    (patch: Partial<DeadlineFilters>) => {
      const next = { ...latest.current, ...patch };
      latest.current = next;
      navigate(address(screenAddress('deadlines'), queryOf(next)), { replace: true });
    },
    [navigate],
  );
  const [sort, setSortState] = useState(storedSort);
  const setSort = (next: Sort) => {
    setSortState(next);
    try {
      globalThis.localStorage?.setItem(SORT_KEY, sortText(next));
    } catch {
      // Not remembered: the order holds for this visit.
    }
  };
  const [marking, setMarking] = useState<Deadline | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const notify = useNotifyChoice('dueDay');

  const companies = useCompanies();
  const companyVat =
    filters.companyId === null ? null : (companies?.find((c) => c.id === filters.companyId)?.vat ?? null);
  const companyName = useMemo(() => {
    if (!companies) return () => null;
    return (row: Deadline) =>
      companies.find((c) => isCompany(row.company, c.vat) || isCompany(row.company, c.fiscal_code))?.name ??
      null;
  }, [companies]);

  const rows = useMemo(
    () => (deadlines ? sortDeadlines(applyFilters(deadlines, filters, companyVat), sort) : null),
    [deadlines, filters, companyVat, sort],
  );
  const total = useMemo(() => listTotal(rows ?? []), [rows]);
  const months = useMemo(() => monthLines(rows ?? []), [rows]);
  const periods = useMemo(() => periodChoices(deadlines ?? [], today), [deadlines, today]);
  const numbers = useMemo(() => documentNumbers(deadlines ?? []), [deadlines]);
  const counts = useMemo(() => instalmentCounts(deadlines ?? []), [deadlines]);
  useReady(rows !== null || records.error !== null);

  const money = (amount: bigint, currency: string) =>
    formatAmount(decimalOfCents(amount), currency, language);

  const record = async (payment: PaymentRecord) => {
    const row = marking;
    await change({ kind: 'add', payments: [payment] });
    setMarking(null);
    if (row)
      setOutcome({
        ok: true,
        text: t('deadlines.recorded', {
          amount: money(cents(payment.amount), row.currency),
          date: formatDate(payment.date, language),
          number: row.number,
        }),
      });
  };

  const undo = async (row: Deadline) => {
    const latest = latestPayment(payments ?? [], row.key);
    if (!latest) return;
    try {
      await change({ kind: 'undo', ids: [latest.id] });
      setOutcome({
        ok: true,
        text: t('deadlines.undone', {
          amount: money(cents(latest.amount), row.currency),
          date: formatDate(latest.date, language),
          number: row.number,
        }),
      });
    } catch (e) {
      setOutcome({ ok: false, text: t('app.error', { message: messageOf(e) }) });
    }
  };

  // The company column, while the list may hold several companies' deadlines.
  const several = (companies?.length ?? 0) > 1 && filters.companyId === null;
  const context: TableContext = {
    today,
    numbers,
    counts,
    companyName: several ? (row) => companyName(row) ?? row.company.vat ?? '' : null,
    busy: changing,
    onMark: (row) => {
      setOutcome(null);
      setMarking(row);
    },
    onUndo: (row) => void undo(row),
  };

  const sheet = async () => deadlineSheet(rows ?? [], { t, language, all: deadlines ?? [], companyName });

  const unread = records.data?.unreadReceived.length ?? 0;
  const unreadable = records.data?.unreadable ?? 0;
  const reading = progress && progress.done < progress.total ? progress : null;
  const filtered =
    filters.kind !== 'all' ||
    filters.state !== 'all' ||
    filters.companyId !== null ||
    filters.q.trim() !== '' ||
    filters.period !== null;

  return (
    <Stack>
      <Group justify="space-between" align="start" wrap="wrap">
        <div style={{ flex: '1 1 420px', maxWidth: 640 }}>
          <Title order={2}>{t('deadlines.title')}</Title>
          <Text size="sm" c="dimmed">
            {t('deadlines.intro')}
          </Text>
        </div>
        <Switch
          label={t('deadlines.notify.label')}
          description={
            notify.allowed === 'unsupported'
              ? t('deadlines.notify.unsupported')
              : notify.allowed === 'denied'
                ? t('deadlines.notify.denied')
                : t('deadlines.notify.hint')
          }
          checked={notify.on}
          disabled={notify.allowed === 'unsupported' || notify.allowed === 'denied'}
          onChange={(e) => void notify.toggle(e.currentTarget.checked)}
          data-testid="deadlines-notify"
          maw={360}
        />
      </Group>
      {reading && (
        <Stack gap={4} data-testid="deadlines-reading" data-done={reading.done} data-total={reading.total}>
          <Text size="sm">
            {t('deadlines.reading', {
              done: formatCount(reading.done, language),
              total: formatCount(reading.total, language),
            })}
          </Text>
          <Progress
            value={(reading.done / reading.total) * 100}
            aria-label={t('deadlines.reading', { done: reading.done, total: reading.total })}
            animated
          />
        </Stack>
      )}
      {unread > 0 && (
        <Alert color="yellow" variant="light" p="sm" data-testid="deadlines-unread" data-count={unread}>
          <Group gap="xs" wrap="wrap">
            <Text size="sm">{t('deadlines.unread', { count: unread })}</Text>
            <Anchor
              size="sm"
              fw={600}
              href={href(address(screenAddress('inbox'), { unread: true }))}
              data-testid="deadlines-unread-open"
            >
              {t('deadlines.openUnread')}
            </Anchor>
          </Group>
        </Alert>
      )}
      {unreadable > 0 && (
        <Text size="sm" c="dimmed" data-testid="deadlines-unreadable">
          {t('deadlines.unreadable', { count: unreadable })}
        </Text>
      )}
      <DeadlineFiltersBar
        filters={filters}
        onChange={setFilters}
        periods={periods}
        actions={<ExportButtons gateway={gateway} sheet={sheet} fileName={t('deadlines.file')} />}
      />
      {outcome && (
        <Alert
          color={outcome.ok ? 'green' : 'red'}
          variant="light"
          p="xs"
          data-testid="deadlines-outcome"
          role="status"
        >
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm">{outcome.text}</Text>
            <CloseButton size="sm" aria-label={t('app.close')} onClick={() => setOutcome(null)} />
          </Group>
        </Alert>
      )}
      <QueryView query={records}>
        {() =>
          rows === null ? (
            // The payments are still being read from the index.
            <Loader role="status" aria-label={t('app.loading')} />
          ) : (
            <Stack gap="lg">
              <DeadlinesTable
                rows={rows}
                resetKey={`${query}|${sortText(sort)}`}
                total={total}
                sort={sort}
                onSort={setSort}
                context={context}
                emptyText={filtered ? t('deadlines.noMatch') : t('deadlines.empty')}
              />
              <MonthTotals lines={months} />
            </Stack>
          )
        }
      </QueryView>
      {marking && (
        <MarkPaidDialog
          row={marking}
          instalments={counts.get(documentKey(marking.document)) ?? 1}
          today={today}
          onRecord={record}
          onClose={() => setMarking(null)}
        />
      )}
    </Stack>
  );
}

import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Group,
  Progress,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'wouter';
import type { Company } from '../../shared/api/types.ts';
import type { BookRecord, VatLedger } from '../../shared/books/index.ts';
import { isCompany, nextPeriod, periodRange, previousPeriod, vatLedgerOf } from '../../shared/books/index.ts';
import { useBooks } from '../books/use-books.ts';
import { messageOf } from '../data/api.ts';
import { useCompaniesQuery } from '../data/companies.ts';
import { formatCount, formatDate } from '../format/format.ts';
import { useGateway } from '../gateway/gateway-context.ts';
import { useReady } from '../shell/ready.ts';
import { address, href, screenAddress } from '../shell/routes.ts';
import { QueryView } from '../ui/loading.tsx';
import { recordsByKey, type VatFigureChoice } from './documents-behind.ts';
import { DocumentsDrawer, type DrawerContent } from './documents-drawer.tsx';
import { settlementOf } from './settlement.ts';
import { csvBase64, vatFileName, xlsxBase64 } from './vat-download.ts';
import { periodLabel } from './vat-format.ts';
import {
  kindOf,
  periodChoices,
  periodFromAddress,
  periodOfDate,
  withKind,
  type PeriodKind,
} from './vat-periods.ts';
import { LinesTable, SettlementTable } from './vat-tables.tsx';
import './vat.css';

const VAT_ADDRESS = screenAddress('vat');
/** The company last settled, preselected next time (this browser's or window's own choice). */
const REMEMBERED = 'scambio.vat.company';

function remembered(): number | null {
  try {
    const value = globalThis.localStorage?.getItem(REMEMBERED);
    return value && /^\d+$/.test(value) ? Number(value) : null;
  } catch {
    return null;
  }
}

function remember(id: number): void {
  try {
    globalThis.localStorage?.setItem(REMEMBERED, String(id));
  } catch {
    // A window without storage chooses again next time.
  }
}

/** The company the address names, else the one settled last, else the only one; with several, none. */
function chosenCompany(companies: readonly Company[], param: string | null): Company | null {
  const byId = (id: number | null) => companies.find((c) => c.id === id) ?? null;
  const named = param && /^\d+$/.test(param) ? byId(Number(param)) : null;
  return named ?? byId(remembered()) ?? (companies.length === 1 ? companies[0]! : null);
}

/**
 * The periodic VAT settlement (liquidazione IVA, issue 28 §2) of one company for a month or a quarter, from the
 * books (src/shared/books): VAT due on sales by rate, nature and chargeability, deductible VAT on purchases, the
 * previous period's credit, and the VAT to pay or the credit to carry. Every figure opens the documents behind it;
 * the page prints to PDF and downloads as CSV or Excel. The address keeps the choice:
 * `#/vat?period=2027-Q1&company=3`. Received invoices not read yet are counted and linked, never read here.
 */
export default function VatScreen({ today = null }: { today?: Date | null }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const books = useBooks(today);
  const companies = useCompaniesQuery();
  const [params] = useSearchParams();
  const [, navigate] = useLocation();
  const period = periodFromAddress(params.get('period'), books.today);
  const company = companies.data ? chosenCompany(companies.data, params.get('company')) : null;
  const go = useCallback(
    (next: { period?: string; company?: number }) =>
      navigate(
        address(VAT_ADDRESS, { period: next.period ?? period, company: next.company ?? company?.id }),
        {
          replace: true,
        },
      ),
    [navigate, period, company?.id],
  );
  const data = books.records.data;
  const vat = company?.vat ?? null;
  // The company's ledger, made once for every period looked at (30,000 documents take a moment).
  const ledger = useMemo(
    () => (data && books.deadlines && vat ? vatLedgerOf(data.records, books.deadlines, vat) : null),
    [data, books.deadlines, vat],
  );
  useReady(
    companies.error !== null ||
      books.records.error !== null ||
      (companies.data !== undefined && (company === null || books.records.data !== undefined)),
  );

  if (companies.error)
    return <Alert color="red">{t('app.error', { message: messageOf(companies.error) })}</Alert>;
  return (
    <Stack className="vat-screen" gap="md">
      <Title order={2}>{t('vat.title')}</Title>
      <Text c="dimmed" className="vat-screen-only">
        {t('vat.intro')}
      </Text>
      {companies.data?.length === 0 ? (
        <Alert data-testid="vat-no-company">
          {t('vat.noCompanies')}{' '}
          <Anchor href={href(screenAddress('companies'))}>{t('vat.companiesLink')}</Anchor>
        </Alert>
      ) : (
        <>
          <Controls
            companies={companies.data ?? null}
            company={company}
            period={period}
            today={books.today}
            firstDay={ledger?.entries[0]?.date ?? null}
            onCompany={(id) => {
              remember(id);
              go({ company: id });
            }}
            onPeriod={(p) => go({ period: p })}
          />
          {company === null ? (
            companies.data && (
              <Alert color="blue" data-testid="vat-choose-company">
                {t('vat.chooseCompanyHint')}
              </Alert>
            )
          ) : (
            <QueryView query={books.records}>
              {(data) =>
                ledger && (
                  <Settlement
                    company={company}
                    period={period}
                    today={books.today}
                    records={data.records}
                    ledger={ledger}
                    unread={data.unreadReceived.filter((row) => row.company_id === company.id).length}
                    unreadable={data.unreadable}
                  />
                )
              }
            </QueryView>
          )}
          {books.progress && books.progress.total > 0 && (
            <Stack gap={4} className="vat-screen-only" data-testid="vat-reading">
              <Text size="sm">
                {t('vat.reading', {
                  done: formatCount(books.progress.done, language),
                  total: formatCount(books.progress.total, language),
                })}
              </Text>
              <Progress value={(books.progress.done / books.progress.total) * 100} />
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}

/** Company, period kind and period, previous and next: the screen's choices, kept in its address. */
function Controls(props: {
  companies: readonly Company[] | null;
  company: Company | null;
  period: string;
  today: string;
  firstDay: string | null;
  onCompany: (id: number) => void;
  onPeriod: (period: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const { period, today } = props;
  const kind = kindOf(period);
  const first = (props.firstDay ?? today).slice(0, 4);
  const choices = useMemo(
    () => periodChoices(kind, first < today.slice(0, 4) ? first : today.slice(0, 4), today, period),
    [kind, first, today, period],
  );
  const latest = periodOfDate(today, kind);
  return (
    <Group align="flex-end" className="vat-controls" gap="md">
      <Select
        label={t('vat.company')}
        placeholder={t('vat.chooseCompany')}
        data-testid="vat-company"
        searchable
        allowDeselect={false}
        w={320}
        disabled={props.companies === null}
        value={props.company ? String(props.company.id) : null}
        onChange={(id) => id !== null && props.onCompany(Number(id))}
        data={(props.companies ?? []).map((c) => ({ value: String(c.id), label: `${c.name} (${c.vat})` }))}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500} id="vat-period-kind-label">
          {t('vat.periodKind')}
        </Text>
        <SegmentedControl
          value={kind}
          onChange={(value) => props.onPeriod(withKind(period, value as PeriodKind, today))}
          data={[
            { value: 'month', label: t('vat.month') },
            { value: 'quarter', label: t('vat.quarter') },
          ]}
          aria-labelledby="vat-period-kind-label"
          data-testid="vat-period-kind"
        />
      </Stack>
      <Group gap={6} align="flex-end">
        <ActionIcon
          variant="default"
          size={36}
          aria-label={t('vat.previous')}
          data-testid="vat-period-previous"
          onClick={() => props.onPeriod(previousPeriod(period))}
        >
          ‹
        </ActionIcon>
        <Select
          label={t('vat.period')}
          data-testid="vat-period"
          data-period={period}
          allowDeselect={false}
          w={220}
          value={period}
          onChange={(value) => value && props.onPeriod(value)}
          data={choices.map((p) => ({ value: p, label: periodLabel(p, i18n.language, t) }))}
        />
        <ActionIcon
          variant="default"
          size={36}
          aria-label={t('vat.next')}
          data-testid="vat-period-next"
          disabled={period >= latest}
          onClick={() => props.onPeriod(nextPeriod(period))}
        >
          ›
        </ActionIcon>
      </Group>
    </Group>
  );
}

/** The settlement of one company and period, its notices, tables, downloads and the documents drawer. */
function Settlement(props: {
  company: Company;
  period: string;
  today: string;
  records: readonly BookRecord[];
  ledger: VatLedger;
  unread: number;
  unreadable: number;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const gateway = useGateway();
  const { company, period, records, ledger } = props;
  const settlement = useMemo(() => settlementOf(ledger, period), [ledger, period]);
  const byKey = useMemo(() => recordsByKey(records), [records]);
  const deferred = useMemo(
    () =>
      records.some((r) => isCompany(r.company, company.vat) && r.vat.some((v) => v.chargeability === 'D')),
    [records, company.vat],
  );
  const [drawer, setDrawer] = useState<DrawerContent | null>(null);
  const [outcome, setOutcome] = useState<{ color: string; text: string } | null>(null);
  // Another period or company: the open list was of the one before.
  const shown = `${company.id}|${period}`;
  const [drawerOf, setDrawerOf] = useState(shown);
  if (drawerOf !== shown) {
    setDrawerOf(shown);
    setDrawer(null);
  }
  const { summary } = settlement;
  const range = periodRange(period);
  const periodText = periodLabel(period, language, t);
  const openFigure = useCallback(
    (figure: VatFigureChoice, title: string) => setDrawer({ kind: 'figure', figure, title }),
    [],
  );
  const fileName = vatFileName(t('vat.fileName'), company.vat, period);

  const act = async (action: () => Promise<string | null>) => {
    setOutcome(null);
    try {
      const text = await action();
      if (text) setOutcome({ color: 'green', text });
    } catch (e) {
      setOutcome({ color: 'red', text: t('app.error', { message: messageOf(e) }) });
    }
  };
  const download = (format: 'csv' | 'xlsx') =>
    act(async () => {
      const contentBase64 =
        format === 'csv' ? csvBase64(settlement) : await xlsxBase64(settlement, language, t);
      await gateway.dialog.saveFile({ suggestedName: `${fileName}.${format}`, contentBase64 });
      return null;
    });
  const print = () =>
    act(async () => {
      const result = await gateway.print.toPdf({ suggestedName: `${fileName}.pdf` });
      return result.saved ? t('vat.printed') : null;
    });

  return (
    <Stack gap="lg" data-testid="vat-view" data-period={period} data-company={company.vat}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={700} size="lg" data-testid="vat-heading">
            {t('vat.heading', { company: company.name, vat: company.vat, period: periodText })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('vat.range', { from: formatDate(range.from, language), to: formatDate(range.to, language) })}
            {' · '}
            {t('vat.computedOn', { date: formatDate(props.today, language) })}
          </Text>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          <Button variant="light" onClick={() => void print()} data-testid="vat-print">
            {t('vat.print')}
          </Button>
          <Button
            variant="default"
            onClick={() => void download('csv')}
            data-testid="vat-download"
            data-format="csv"
          >
            {t('vat.csv')}
          </Button>
          <Button
            variant="default"
            onClick={() => void download('xlsx')}
            data-testid="vat-download"
            data-format="xlsx"
          >
            {t('vat.xlsx')}
          </Button>
        </Group>
      </Group>
      {outcome && (
        <Alert color={outcome.color} className="vat-screen-only">
          {outcome.text}
        </Alert>
      )}
      {props.unread > 0 && (
        <Alert color="orange" data-testid="vat-unread" data-count={props.unread}>
          <Text size="sm">{t('vat.unread', { count: props.unread })}</Text>
          <Text size="sm" className="vat-screen-only">
            <Anchor
              href={href(address(screenAddress('inbox'), { unread: true, company: company.id }))}
              data-testid="vat-unread-link"
            >
              {t('vat.unreadLink')}
            </Anchor>{' '}
            <Text span size="sm" c="dimmed">
              {t('vat.unreadCost')}
            </Text>
          </Text>
        </Alert>
      )}
      {props.unreadable > 0 && (
        <Alert color="yellow" data-testid="vat-unreadable" data-count={props.unreadable}>
          {t('vat.unreadable', { count: props.unreadable })}
        </Alert>
      )}
      <SettlementTable
        settlement={settlement}
        previousPeriodText={
          settlement.previousPeriod ? periodLabel(settlement.previousPeriod, language, t) : null
        }
        onOpen={openFigure}
      />
      <LinesTable side="sales" lines={summary.sales} counted={summary.salesVat.cents} onOpen={openFigure} />
      <LinesTable
        side="purchases"
        lines={summary.purchases}
        counted={summary.purchaseVat.cents}
        onOpen={openFigure}
      />
      {summary.excluded.length > 0 && (
        <Text size="sm" data-testid="vat-excluded" data-count={summary.excluded.length}>
          {t('vat.excluded', { count: summary.excluded.length })}{' '}
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => setDrawer({ kind: 'excluded', excluded: summary.excluded })}
          >
            {t('vat.excludedShow')}
          </Anchor>
        </Text>
      )}
      {deferred && (
        <Text size="sm" data-testid="vat-deferred">
          {t('vat.deferredHint')}{' '}
          <Anchor href={href(screenAddress('deadlines'))} className="vat-screen-only">
            {t('vat.deadlinesLink')}
          </Anchor>
        </Text>
      )}
      <Alert color="gray" variant="outline" data-testid="vat-note">
        <Text size="sm" fw={600}>
          {t('vat.note')}
        </Text>
        <Text size="sm" mt={4}>
          {t('vat.leftOut')}
        </Text>
      </Alert>
      <DocumentsDrawer
        content={drawer}
        ledger={ledger}
        period={period}
        periodText={`${company.name} · ${periodText}`}
        records={byKey}
        onClose={() => setDrawer(null)}
      />
    </Stack>
  );
}

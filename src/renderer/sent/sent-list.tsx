import { Group, Select, Stack, Title } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'wouter';
import { SEND_STATES, type Send } from '../../shared/api/types.ts';
import { listSent } from '../data/api.ts';
import { CompanySelect } from '../lists/company-select.tsx';
import { SearchInput } from '../lists/search-input.tsx';
import { useCompanyNames } from '../data/companies.ts';
import { useWholeList } from '../data/invoice-lists.ts';
import { queryKeys } from '../data/keys.ts';
import { useActiveProfileId } from '../data/profiles.ts';
import { useGateway } from '../gateway/gateway-context.ts';
import { LocalDate } from '../lists/localized.tsx';
import { PagedTable, type PagedColumns } from '../lists/paged-table.tsx';
import { address, screenAddress, sentAddress } from '../shell/routes.ts';
import { useCorrections } from './corrections.ts';
import { indexSent } from '../invoice-index/fill.ts';
import { useIndexVersion, useInvoiceIndex } from '../invoice-index/use-invoice-index.ts';
import {
  ExportButtons,
  invoiceSortValues,
  LocalListNote,
  SHARED_SORTS,
  sharedInvoiceColumns,
  totalsOf,
  useTotalFooter,
} from '../lists/invoice-list.tsx';
import { entryHasAmount } from '../invoice-index/amount-query.ts';
import type { Sheet } from '../lists/list-export.ts';
import { APP_SORT, useListRows } from '../lists/list-rows.ts';
import { invoiceSheet } from '../lists/list-sheet.ts';
import { SentDetails } from './sent-details.tsx';
import { SentStateCell } from './correction-notice.tsx';
import { ImportedListOf, ListSourceSwitch, useListSource } from '../archive-import/list-source.tsx';

/**
 * Sortable columns, by column id: an API field where the API sorts by it (SORT_FIELDS.invoice), else an `app:`
 * field the app sorts by itself over the whole filtered list (list-rows.ts).
 */
const SORTABLE = {
  ...SHARED_SORTS,
  customer: `${APP_SORT}party`,
  state: `${APP_SORT}state`,
  lastUpdate: 'last_update',
};

/**
 * Sent invoices, a server page at a time; a row opens its SDI history. The SDI state and company filters live in
 * the address (`#/sent?state=Scartato&company=3`), and so does the open invoice (`#/sent/42`).
 */
export function SentList({ openId }: { openId: number | null }) {
  const { t, i18n } = useTranslation();
  const gateway = useGateway();
  const [, navigate] = useLocation();
  const [params] = useSearchParams();
  const state = SEND_STATES.find((s) => s === params.get('state')) ?? null;
  const companyParam = params.get('company');
  const companyId = companyParam && /^\d+$/.test(companyParam) ? Number(companyParam) : null;
  const [q, setQ] = useState<string | undefined>(undefined);
  const source = useListSource();
  const filters = { state, company: companyId };
  // Filters replace the address rather than add to history: Back leaves the list, not the last filter.
  const setFilters = (next: typeof filters) =>
    navigate(address(screenAddress('sent'), next), { replace: true });
  const server = useCallback(
    (page: number, pageSize: number, sort: string | undefined, text: string | undefined) =>
      listSent(gateway, {
        q: text,
        latest_state: state ?? undefined,
        company_id: companyId ?? undefined,
        page,
        page_size: pageSize,
        sort: sort ?? '-created',
      }),
    [gateway, state, companyId],
  );
  const index = useInvoiceIndex(gateway);
  const profile = useActiveProfileId();
  const companies = useCompanyNames();
  const indexVersion = useIndexVersion(index);
  // Every row of the filtered list, no cap: the synced rows where they answer the filters, else the server's.
  const whole = useWholeList(
    'sent',
    {
      latest_state: state ?? undefined,
      company_id: companyId ?? undefined,
    },
    index,
  );

  // The list's key: a state SDI records (pushed by the local sandbox, polled from a remote service) invalidates it,
  // and the page and the total on screen read again.
  const listKey = useMemo(
    () => queryKeys.sentList({ state, companyId }, profile, index !== null),
    [state, companyId, profile, index],
  );
  const entryOf = useCallback((row: Send) => index?.get('sent', row), [index]);
  const sortValues = useMemo(
    () =>
      invoiceSortValues<Send>({
        entryOf,
        companies,
        party: (row) => row.nome_committente ?? row.committente,
        state: (row) => (row.latest_state ? t(`state.${row.latest_state}`) : null),
      }),
    [entryOf, companies, t],
  );
  // Sent files cost nothing to read: sorting or searching by amount reads what the index lacks.
  const prepare = useCallback(
    (rows: Send[]) => (index ? indexSent(gateway, index, rows) : Promise.resolve()),
    [gateway, index],
  );
  const hasAmount = useCallback((row: Send, cents: bigint) => entryHasAmount(entryOf(row), cents), [entryOf]);
  const { load, tableKey, local, shown, onShown, everyRow, totals } = useListRows({
    server,
    whole,
    queryKey: listKey,
    q,
    defaultSort: '-created',
    sortValues,
    prepare,
    hasAmount,
    language: i18n.language,
    total: {
      enabled: index !== null && profile !== null,
      fill: (rows: Send[]) => indexSent(gateway, index!, rows),
      // What SDI rejected was never issued: an accountant's total leaves it out (and says so).
      count: (rows: Send[]) =>
        totalsOf(
          rows.map((r) => ({
            amount: index!.get('sent', r)?.amount,
            discarded: r.latest_state === 'Scartato',
          })),
        ),
    },
  });
  const sort = shown?.sort;
  // The page's rejected invoices already corrected: shown so, with a link to their correction.
  const corrections = useCorrections(shown?.items ?? null);
  const onPage = useCallback(
    (items: Send[], pageSort: string | undefined, total: number) => {
      onShown(items, pageSort, total);
      // Sent files cost nothing to read: the index learns the page's amounts at once.
      if (index) void indexSent(gateway, index, items).catch(() => {});
    },
    [gateway, index, onShown],
  );
  const footer = useTotalFooter(totals);
  const sheet = useCallback(async (): Promise<Sheet> => {
    const rows = await everyRow(sort, null);
    if (index) await indexSent(gateway, index, rows);
    return invoiceSheet('sent', rows, { entryOf, companies, t });
  }, [gateway, index, everyRow, sort, companies, entryOf, t]);

  // Raw values in the rows, formatted when drawn: a language switch redraws every cell in the new language.
  const columns = useMemo<PagedColumns<Send>>(() => {
    const shared = sharedInvoiceColumns<Send>({
      entryOf,
      companies,
      labels: {
        type: t('list.type'),
        number: t('sent.number'),
        date: t('sent.date'),
        company: t('list.company'),
        amount: t('list.amount'),
        file: t('sent.file'),
      },
    });
    return [
      shared.type,
      shared.number,
      shared.date,
      {
        id: 'customer',
        header: t('sent.customer'),
        accessorFn: (row) => row.nome_committente ?? row.committente ?? '',
      },
      shared.company,
      shared.amount,
      {
        id: 'state',
        header: t('sent.state'),
        accessorFn: (row) => row.latest_state,
        cell: (info) => (
          <SentStateCell send={info.row.original} correction={corrections.get(info.row.original.id)} />
        ),
      },
      {
        id: 'dateSent',
        header: t('list.dateSent'),
        accessorFn: (row) => row.date_sent,
        cell: (info) => <LocalDate value={info.row.original.date_sent} />,
      },
      {
        id: 'lastUpdate',
        header: t('list.lastUpdate'),
        accessorFn: (row) => row.last_update,
        cell: (info) => <LocalDate value={info.row.original.last_update} />,
      },
      shared.file,
    ];
    // The index version redraws the cells as amounts arrive.
  }, [t, entryOf, companies, indexVersion, corrections]);

  return (
    <Stack>
      <Title order={2}>{t('sent.title')}</Title>
      <ListSourceSwitch kind="sent" path={screenAddress('sent')} />
      {source === 'imported' ? (
        <ImportedListOf kind="sent" path={screenAddress('sent')} />
      ) : (
        <>
          <Group align="end">
            <SearchInput onSearch={setQ} />
            <Select
              label={t('sent.state')}
              placeholder={t('sent.anyState')}
              data-testid="state-filter"
              clearable
              w={220}
              value={state}
              onChange={(value) =>
                setFilters({ ...filters, state: SEND_STATES.find((s) => s === value) ?? null })
              }
              data={SEND_STATES.map((s) => ({ value: s, label: t(`state.${s}`) }))}
            />
            <CompanySelect value={companyId} onChange={(company) => setFilters({ ...filters, company })} />
          </Group>
          <LocalListNote local={local} />
          <PagedTable
            testId="sent-table"
            queryKey={tableKey}
            columns={columns}
            load={load}
            storageKey="sent"
            defaultSort="-created"
            sortable={SORTABLE}
            numeric={['amount']}
            initiallyHidden={['lastUpdate', 'file']}
            onPage={onPage}
            footer={footer}
            toolbar={<ExportButtons gateway={gateway} sheet={sheet} fileName={t('list.fileSent')} />}
            rowId={(row) => String(row.id)}
            emptyText={q || state || companyId !== null ? t('sent.noMatch') : t('sent.empty')}
            onRowClick={(row) => navigate(address(sentAddress(row.id), filters))}
          />
        </>
      )}
      <SentDetails id={openId} onClose={() => navigate(address(screenAddress('sent'), filters))} />
    </Stack>
  );
}

import { Badge, Button, Group, Modal, Stack, Switch, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'wouter';
import { ImportedListOf, ListSourceSwitch, useListSource } from '../archive-import/list-source.tsx';
import type { Receive } from '../../shared/api/types.ts';
import { listReceived } from '../data/api.ts';
import { CompanySelect } from '../lists/company-select.tsx';
import { useCompanyNames } from '../data/companies.ts';
import { useWholeList } from '../data/invoice-lists.ts';
import { queryKeys } from '../data/keys.ts';
import { useActiveProfileId } from '../data/profiles.ts';
import { useGateway } from '../gateway/gateway-context.ts';
import { LocalDate } from '../lists/localized.tsx';
import { address, receivedAddress, screenAddress } from '../shell/routes.ts';
import { PagedTable, type PagedColumns } from '../lists/paged-table.tsx';
import { SearchInput } from '../lists/search-input.tsx';
import { ReceivedDetails } from './received-details.tsx';
import { indexReadReceived, indexReadReceivedChecked, readReceived } from '../invoice-index/fill.ts';
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
import { OperationsLeft } from '../ui/operations-left.tsx';

/**
 * Sortable columns, by column id: an API field where the API sorts by it (SORT_FIELDS.invoice), else an `app:`
 * field the app sorts by itself over the whole filtered list (list-rows.ts).
 */
const SORTABLE = { ...SHARED_SORTS, supplier: `${APP_SORT}party`, read: `${APP_SORT}state` };

/**
 * Received invoices, newest first; unread ones stand out until opened. The filters live in the address
 * (`#/inbox?unread=1&company=3`), and so does the open invoice (`#/inbox/7`).
 */
/** No page yet: the same empty rows each render. */
const NO_ROWS: Receive[] = [];

export function Inbox({ openId }: { openId: number | null }) {
  const { t, i18n } = useTranslation();
  const gateway = useGateway();
  const [, navigate] = useLocation();
  const [params] = useSearchParams();
  const unreadOnly = params.get('unread') === '1';
  const source = useListSource();
  const companyParam = params.get('company');
  const companyId = companyParam && /^\d+$/.test(companyParam) ? Number(companyParam) : null;
  const filters = { unread: unreadOnly, company: companyId };
  const setFilters = (next: typeof filters) =>
    navigate(address(screenAddress('inbox'), next), { replace: true });
  const [q, setQ] = useState<string | undefined>(undefined);
  // Opening an invoice marks it read: the list is read again when the drawer closes (by Close, Escape or Back).
  const queryClient = useQueryClient();
  const readAgain = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: queryKeys.receivedLists }),
    [queryClient],
  );
  const [open, setOpen] = useState(openId);
  if (open !== openId) {
    setOpen(openId);
    if (openId === null) readAgain();
  }

  const server = useCallback(
    (page: number, pageSize: number, sort: string | undefined, text: string | undefined) =>
      listReceived(gateway, {
        unread: unreadOnly || undefined,
        company_id: companyId ?? undefined,
        q: text,
        page,
        page_size: pageSize,
        sort: sort ?? '-created',
      }),
    [gateway, unreadOnly, companyId],
  );
  const index = useInvoiceIndex(gateway);
  const profile = useActiveProfileId();
  const companies = useCompanyNames();
  const indexVersion = useIndexVersion(index);
  // Every row of the filtered list, no cap: the synced rows where they answer the filters, else the server's.
  const whole = useWholeList(
    'received',
    {
      unread: unreadOnly || undefined,
      company_id: companyId ?? undefined,
    },
    index,
  );

  // The list's key: an arrival or a read (pushed by the local sandbox, polled from a remote service) invalidates it.
  const listKey = useMemo(
    () => queryKeys.receivedList({ unreadOnly, companyId }, profile, index !== null),
    [unreadOnly, companyId, profile, index],
  );
  const entryOf = useCallback((row: Receive) => index?.get('received', row), [index]);
  const sortValues = useMemo(
    () =>
      invoiceSortValues<Receive>({
        entryOf,
        companies,
        party: (row) => row.nome_prestatore ?? row.prestatore,
        // Unread first, as the list marks them.
        state: (row) => row.is_read,
      }),
    [entryOf, companies],
  );
  // Only invoices already read, and free: an unread one keeps its place at the end of an order by amount.
  const prepare = useCallback(
    (rows: Receive[]) =>
      index ? indexReadReceivedChecked(gateway, index, rows, Infinity) : Promise.resolve(),
    [gateway, index],
  );
  const hasAmount = useCallback(
    (row: Receive, cents: bigint) => entryHasAmount(entryOf(row), cents),
    [entryOf],
  );
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
      // Only invoices already read, as the service says now: reading an unread one would count an operation and
      // mark it read.
      fill: (rows: Receive[]) => indexReadReceivedChecked(gateway, index!, rows),
      count: (rows: Receive[]) => totalsOf(rows.map((r) => ({ amount: index!.get('received', r)?.amount }))),
    },
  });
  const sort = shown?.sort;
  const pageRows = shown?.items ?? NO_ROWS;
  const onPage = useCallback(
    (items: Receive[], pageSort: string | undefined, total: number) => {
      onShown(items, pageSort, total);
      // Only invoices already read: reading an unread one would count an operation and mark it read.
      if (index) void indexReadReceived(gateway, index, items).catch(() => {});
    },
    [gateway, index, onShown],
  );
  const footer = useTotalFooter(totals);
  const unknownUnread = pageRows.filter((r) => !r.is_read && !index?.get('received', r));
  const [confirming, setConfirming] = useState(false);
  const [reading, setReading] = useState(false);
  const showAmounts = async () => {
    setConfirming(false);
    if (!index) return;
    setReading(true);
    try {
      // The user was told: each of these counts one operation and becomes read.
      await readReceived(gateway, index, unknownUnread);
    } finally {
      setReading(false);
      readAgain();
    }
  };
  const sheet = useCallback(async (): Promise<Sheet> => {
    const rows = await everyRow(sort, null);
    if (index) await indexReadReceivedChecked(gateway, index, rows, Infinity);
    return invoiceSheet('received', rows, { entryOf, companies, t });
  }, [gateway, index, everyRow, sort, companies, entryOf, t]);

  const columns = useMemo<PagedColumns<Receive>>(() => {
    const shared = sharedInvoiceColumns<Receive>({
      entryOf,
      unread: (row) => !row.is_read,
      companies,
      labels: {
        type: t('list.type'),
        number: t('inbox.number'),
        date: t('inbox.date'),
        company: t('list.company'),
        amount: t('list.amount'),
        file: t('inbox.file'),
      },
    });
    return [
      shared.type,
      shared.number,
      shared.date,
      {
        id: 'supplier',
        header: t('inbox.supplier'),
        accessorFn: (row) => row.nome_prestatore ?? row.prestatore ?? '',
      },
      shared.company,
      shared.amount,
      {
        id: 'read',
        header: t('lists.readColumn'),
        accessorFn: (row) => row.is_read,
        cell: (info) =>
          info.row.original.is_read ? (
            <Text span fz="inherit" c="dimmed">
              {t('list.read')}
            </Text>
          ) : (
            <Badge size="sm" variant="filled">
              {t('inbox.new')}
            </Badge>
          ),
      },
      {
        id: 'dateSent',
        header: t('list.dateReceived'),
        accessorFn: (row) => row.date_sent,
        cell: (info) => <LocalDate value={info.row.original.date_sent} />,
      },
      shared.file,
    ];
    // The index version redraws the cells as amounts arrive.
  }, [t, entryOf, companies, indexVersion]);

  return (
    <Stack>
      <Title order={2}>{t('inbox.title')}</Title>
      <ListSourceSwitch kind="received" path={screenAddress('inbox')} />
      {source === 'imported' ? (
        <ImportedListOf kind="received" path={screenAddress('inbox')} />
      ) : (
        <>
          <Group align="end">
            <SearchInput onSearch={setQ} />
            <CompanySelect value={companyId} onChange={(company) => setFilters({ ...filters, company })} />
            <Switch
              label={t('inbox.unreadOnly')}
              checked={unreadOnly}
              onChange={(e) => setFilters({ ...filters, unread: e.currentTarget.checked })}
              data-testid="unread-only"
              mb={8}
            />
          </Group>
          <LocalListNote local={local} />
          <PagedTable
            queryKey={tableKey}
            testId="inbox-table"
            columns={columns}
            load={load}
            rowId={(row) => String(row.id)}
            emptyText={
              q || companyId !== null
                ? t('inbox.noMatch')
                : unreadOnly
                  ? t('inbox.emptyUnread')
                  : t('inbox.empty')
            }
            onRowClick={(row) => navigate(address(receivedAddress(row.id), filters))}
            rowMark={(row) => (row.is_read ? null : { attribute: 'unread', bold: true })}
            storageKey="inbox"
            defaultSort="-created"
            sortable={SORTABLE}
            numeric={['amount']}
            initiallyHidden={['file']}
            onPage={onPage}
            footer={footer}
            toolbar={
              <>
                <ExportButtons gateway={gateway} sheet={sheet} fileName={t('list.fileReceived')} />
                {unknownUnread.length > 0 && (
                  <Button
                    variant="light"
                    data-testid="show-amounts"
                    loading={reading}
                    onClick={() => setConfirming(true)}
                  >
                    {t('list.showAmounts')}
                  </Button>
                )}
              </>
            }
          />
          <Modal
            opened={confirming}
            onClose={() => setConfirming(false)}
            title={t('list.showAmounts')}
            data-testid="show-amounts-confirm"
          >
            <Text mb="xs">{t('list.showAmountsCost', { count: unknownUnread.length })}</Text>
            {confirming && <OperationsLeft testId="show-amounts-cost" />}
            <Group justify="end">
              <Button variant="default" onClick={() => setConfirming(false)}>
                {t('list.cancel')}
              </Button>
              <Button data-testid="show-amounts-ok" onClick={() => void showAmounts()}>
                {t('list.showAmountsOk', { count: unknownUnread.length })}
              </Button>
            </Group>
          </Modal>
        </>
      )}
      <ReceivedDetails id={openId} onClose={() => navigate(address(screenAddress('inbox'), filters))} />
    </Stack>
  );
}

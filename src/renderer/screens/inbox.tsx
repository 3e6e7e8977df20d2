import { Badge, Button, Group, Modal, Stack, Switch, Text, Title, VisuallyHidden } from '@mantine/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'wouter';
import type { Receive } from '../../shared/api/types.ts';
import { listReceived } from '../api.ts';
import { CompanySelect } from '../company-select.tsx';
import { useGateway } from '../gateway-context.ts';
import { LocalDate } from '../localized.tsx';
import { address, receivedAddress, screenAddress } from '../routes.ts';
import { PagedTable, type PagedColumns } from '../paged-table.tsx';
import { SearchInput } from '../search-input.tsx';
import { ReceivedDetails } from './received-details.tsx';
import { useAmountCacheVersion, useProfileId } from '../amounts.ts';
import {
  ExportButtons,
  ListTotal,
  amountOf,
  fillReadReceivedAmounts,
  loadAllRows,
  sharedInvoiceColumns,
  readReceived,
  totalsOf,
  useCompanyNames,
  type ListTotals,
} from '../invoice-list.tsx';
import type { Sheet } from '../list-export.ts';
import { useLiveReload } from '../live.tsx';

/** Columns the API sorts by (spec: `sort` on receive), by column id. */
const SORTABLE = { date: 'document_date', company: 'company_id', dateSent: 'date_sent' };

/**
 * Received invoices, newest first; unread ones stand out until opened. The filters live in the address
 * (`#/inbox?unread=1&company=3`), and so does the open invoice (`#/inbox/7`).
 */
export function Inbox({ openId }: { openId: number | null }) {
  const { t } = useTranslation();
  const gateway = useGateway();
  const [, navigate] = useLocation();
  const [params] = useSearchParams();
  const unreadOnly = params.get('unread') === '1';
  const companyParam = params.get('company');
  const companyId = companyParam && /^\d+$/.test(companyParam) ? Number(companyParam) : null;
  const filters = { unread: unreadOnly, company: companyId };
  const setFilters = (next: typeof filters) =>
    navigate(address(screenAddress('inbox'), next), { replace: true });
  const [q, setQ] = useState<string | undefined>(undefined);
  // Opening an invoice marks it read: the list is read again when the drawer closes (by Close, Escape or Back).
  const [reloadKey, setReloadKey] = useState(0);
  const [shown, setShown] = useState(openId);
  if (shown !== openId) {
    setShown(openId);
    if (openId === null) setReloadKey((k) => k + 1);
  }

  const query = useMemo(
    () => ({ unread: unreadOnly || undefined, company_id: companyId ?? undefined, q }),
    [unreadOnly, companyId, q],
  );
  const load = useCallback(
    (page: number, pageSize: number, sort?: string) =>
      listReceived(gateway, { ...query, page, page_size: pageSize, sort: sort ?? '-created' }),
    [gateway, query],
  );
  const profileId = useProfileId(gateway);
  const companies = useCompanyNames(gateway);
  const amountCacheVersion = useAmountCacheVersion();
  const live = useLiveReload((c) => c.type === 'receive.add' || c.type === 'receive.read');
  const [sort, setSort] = useState<string | undefined>(undefined);
  const [pageRows, setPageRows] = useState<Receive[]>([]);
  const onPage = useCallback(
    (items: Receive[], pageSort: string | undefined) => {
      setSort(pageSort);
      setPageRows(items);
      // Only invoices already read: reading an unread one would count an operation and mark it read.
      if (profileId) void fillReadReceivedAmounts(gateway, profileId, items).catch(() => {});
    },
    [gateway, profileId],
  );
  const [totals, setTotals] = useState<ListTotals | null>(null);
  useEffect(() => {
    if (!profileId) return;
    let current = true;
    void (async () => {
      const all = await loadAllRows((page, pageSize) => load(page, pageSize, sort));
      await fillReadReceivedAmounts(gateway, profileId, all.items);
      if (current)
        setTotals(
          totalsOf(
            all.items.map((r) => amountOf(profileId, 'received', r.id)),
            all.total,
          ),
        );
    })().catch(() => current && setTotals(null));
    return () => {
      current = false;
    };
  }, [gateway, profileId, load, sort, live, reloadKey]);
  const unknownUnread = pageRows.filter((r) => !r.is_read && !amountOf(profileId, 'received', r.id));
  const [confirming, setConfirming] = useState(false);
  const [reading, setReading] = useState(false);
  const showAmounts = async () => {
    setConfirming(false);
    if (!profileId) return;
    setReading(true);
    try {
      await readReceived(gateway, profileId, unknownUnread);
    } finally {
      setReading(false);
      setReloadKey((k) => k + 1);
    }
  };
  const sheet = useCallback(async (): Promise<Sheet> => {
    const all = await loadAllRows((page, pageSize) => load(page, pageSize, sort));
    if (profileId) await fillReadReceivedAmounts(gateway, profileId, all.items, Infinity);
    return {
      name: t('inbox.title'),
      headers: [
        t('list.type'),
        t('inbox.number'),
        t('inbox.date'),
        t('inbox.supplier'),
        t('list.company'),
        t('list.amount'),
        t('list.currency'),
        t('inbox.readState'),
        t('inbox.file'),
      ],
      kinds: ['text', 'text', 'date', 'text', 'text', 'amount', 'text', 'text', 'text'],
      rows: all.items.map((r) => {
        const amount = amountOf(profileId, 'received', r.id);
        return [
          amount?.type ?? null,
          r.document_number,
          r.document_date ? new Date(r.document_date.slice(0, 10)) : null,
          r.nome_prestatore ?? r.prestatore,
          companies.get(r.company_id) ?? String(r.company_id),
          amount ? Number(amount.amount) : null,
          amount?.currency ?? null,
          r.is_read ? t('list.read') : t('inbox.new'),
          r.file_name,
        ];
      }),
    };
  }, [gateway, profileId, load, sort, companies, t]);

  const columns = useMemo<PagedColumns<Receive>>(() => {
    const shared = sharedInvoiceColumns<Receive>({
      kind: 'received',
      profileId,
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
      {
        id: 'read',
        header: () => <VisuallyHidden>{t('inbox.readState')}</VisuallyHidden>,
        accessorFn: (row) => row.is_read,
        cell: (info) =>
          info.row.original.is_read ? null : (
            <Badge size="xs" variant="filled">
              {t('inbox.new')}
            </Badge>
          ),
      },
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
        id: 'dateSent',
        header: t('list.dateReceived'),
        accessorFn: (row) => row.date_sent,
        cell: (info) => <LocalDate value={info.row.original.date_sent} />,
      },
      shared.file,
    ];
    // The cache version redraws the cells as amounts arrive.
  }, [t, profileId, companies, amountCacheVersion]);

  return (
    <Stack>
      <Title order={2}>{t('inbox.title')}</Title>
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
      <PagedTable
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
        reloadKey={reloadKey * 10_000 + live}
        storageKey="inbox"
        defaultSort="-created"
        sortable={SORTABLE}
        numeric={['amount']}
        initiallyHidden={['file']}
        onPage={onPage}
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
      <ListTotal totals={totals} />
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('list.showAmounts')}
        data-testid="show-amounts-confirm"
      >
        <Text mb="md">{t('list.showAmountsCost', { count: unknownUnread.length })}</Text>
        <Group justify="end">
          <Button variant="default" onClick={() => setConfirming(false)}>
            {t('list.cancel')}
          </Button>
          <Button data-testid="show-amounts-ok" onClick={() => void showAmounts()}>
            {t('list.showAmountsOk', { count: unknownUnread.length })}
          </Button>
        </Group>
      </Modal>
      <ReceivedDetails id={openId} onClose={() => navigate(address(screenAddress('inbox'), filters))} />
    </Stack>
  );
}

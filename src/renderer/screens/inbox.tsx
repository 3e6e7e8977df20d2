import { Badge, Button, Group, Modal, Stack, Switch, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'wouter';
import type { Receive } from '../../shared/api/types.ts';
import { listReceived } from '../api.ts';
import { formatCount } from '../format.ts';
import { CompanySelect } from '../company-select.tsx';
import { useGateway } from '../gateway-context.ts';
import { LocalDate } from '../localized.tsx';
import { address, receivedAddress, screenAddress } from '../routes.ts';
import { PagedTable, type PagedColumns } from '../paged-table.tsx';
import { SearchInput } from '../search-input.tsx';
import { ReceivedDetails } from './received-details.tsx';
import { indexReadReceived, readReceived } from '../invoice-index/fill.ts';
import { useIndexVersion, useInvoiceIndex } from '../invoice-index/use-invoice-index.ts';
import {
  ExportButtons,
  loadAllRows,
  sharedInvoiceColumns,
  totalsOf,
  useCompanyNames,
  useTotalFooter,
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
  const index = useInvoiceIndex(gateway);
  const companies = useCompanyNames(gateway);
  const indexVersion = useIndexVersion(index);
  const live = useLiveReload((c) => c.type === 'receive.add' || c.type === 'receive.read');
  const [sort, setSort] = useState<string | undefined>(undefined);
  const [pageRows, setPageRows] = useState<Receive[]>([]);
  const onPage = useCallback(
    (items: Receive[], pageSort: string | undefined) => {
      setSort(pageSort);
      setPageRows(items);
      // Only invoices already read: reading an unread one would count an operation and mark it read.
      if (index) void indexReadReceived(gateway, index, items).catch(() => {});
    },
    [gateway, index],
  );
  const [totals, setTotals] = useState<ListTotals | null>(null);
  useEffect(() => {
    if (!index) return;
    let current = true;
    void (async () => {
      const all = await loadAllRows((page, pageSize) => load(page, pageSize, sort));
      await indexReadReceived(gateway, index, all.items);
      if (current)
        setTotals(
          totalsOf(
            all.items.map((r) => ({ amount: index.get('received', r)?.amount })),
            all.total,
          ),
        );
    })().catch(() => current && setTotals(null));
    return () => {
      current = false;
    };
  }, [gateway, index, load, sort, live, reloadKey]);
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
      setReloadKey((k) => k + 1);
    }
  };
  const sheet = useCallback(async (): Promise<Sheet> => {
    const all = await loadAllRows((page, pageSize) => load(page, pageSize, sort));
    if (index) await indexReadReceived(gateway, index, all.items, Infinity);
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
        const amount = index?.get('received', r)?.amount;
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
  }, [gateway, index, load, sort, companies, t]);

  const columns = useMemo<PagedColumns<Receive>>(() => {
    const shared = sharedInvoiceColumns<Receive>({
      entryOf: (row) => index?.get('received', row),
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
  }, [t, index, companies, indexVersion]);

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
        {confirming && <OperationsLeft />}
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

/**
 * What is left to spend, beside a billed read: the account's operations (`GET /status`), and in the sandbox that
 * they use no credit. Nothing when the service does not say.
 */
function OperationsLeft() {
  const { t, i18n } = useTranslation();
  const gateway = useGateway();
  const [said, setSaid] = useState<{ left: number | null; sandbox: boolean } | null>(null);
  useEffect(() => {
    let live = true;
    void (async () => {
      const view = await gateway.profiles.list();
      const profile = view.profiles.find((p) => p.id === view.activeId);
      const check = await gateway.profiles.check({ id: view.activeId }).catch(() => null);
      if (live)
        setSaid({
          left: check?.ok ? check.operationsLeft : null,
          sandbox: profile?.environment === 'test',
        });
    })().catch(() => {});
    return () => {
      live = false;
    };
  }, [gateway]);
  if (!said) return null;
  return (
    <Stack gap={2} mb="md" data-testid="show-amounts-cost">
      {said.left !== null && (
        <Text size="sm" c="dimmed">
          {t('lists.operationsLeft', { left: formatCount(said.left, i18n.language) })}
        </Text>
      )}
      {said.sandbox && (
        <Text size="sm" c="dimmed">
          {t('lists.sandboxFree')}
        </Text>
      )}
    </Stack>
  );
}

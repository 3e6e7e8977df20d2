import { Badge, Group, Stack, Switch, Title, VisuallyHidden } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
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

  const load = useCallback(
    (page: number, pageSize: number) =>
      listReceived(gateway, {
        page,
        page_size: pageSize,
        sort: '-created',
        unread: unreadOnly || undefined,
        company_id: companyId ?? undefined,
        q,
      }),
    [gateway, unreadOnly, companyId, q],
  );

  const columns = useMemo<PagedColumns<Receive>>(
    () => [
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
      {
        id: 'supplier',
        header: t('inbox.supplier'),
        accessorFn: (row) => row.nome_prestatore ?? row.prestatore ?? '',
      },
      { id: 'number', header: t('inbox.number'), accessorFn: (row) => row.document_number ?? '' },
      {
        id: 'date',
        header: t('inbox.date'),
        accessorFn: (row) => row.document_date,
        cell: (info) => <LocalDate value={info.row.original.document_date} />,
      },
      { id: 'file', header: t('inbox.file'), accessorFn: (row) => row.file_name ?? '' },
    ],
    [t],
  );

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
        reloadKey={reloadKey}
      />
      <ReceivedDetails id={openId} onClose={() => navigate(address(screenAddress('inbox'), filters))} />
    </Stack>
  );
}

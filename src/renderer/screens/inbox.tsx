import { Badge, Group, Stack, Switch, Title, VisuallyHidden } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Receive } from '../../shared/api/types.ts';
import { listReceived } from '../api.ts';
import { CompanySelect } from '../company-select.tsx';
import { formatDate } from '../format.ts';
import { useGateway } from '../gateway-context.ts';
import { PagedTable, type PagedColumns } from '../paged-table.tsx';
import { SearchInput } from '../search-input.tsx';
import { ReceivedDetails } from './received-details.tsx';

/** Received invoices, newest first; unread ones stand out until opened. */
export function Inbox({ initialUnreadOnly = false }: { initialUnreadOnly?: boolean }) {
  const { t, i18n } = useTranslation();
  const gateway = useGateway();
  const [unreadOnly, setUnreadOnly] = useState(initialUnreadOnly);
  const [companyId, setCompanyId] = useState<number | null>(null);
  const [q, setQ] = useState<string | undefined>(undefined);
  const [open, setOpen] = useState<number | null>(null);
  // Opening an invoice marks it read: the list is read again when the drawer closes.
  const [reloadKey, setReloadKey] = useState(0);

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
        accessorFn: (row) => formatDate(row.document_date, i18n.language),
      },
      { id: 'file', header: t('inbox.file'), accessorFn: (row) => row.file_name ?? '' },
    ],
    [t, i18n.language],
  );

  return (
    <Stack>
      <Title order={2}>{t('inbox.title')}</Title>
      <Group align="end">
        <SearchInput onSearch={setQ} />
        <CompanySelect value={companyId} onChange={setCompanyId} />
        <Switch
          label={t('inbox.unreadOnly')}
          checked={unreadOnly}
          onChange={(e) => setUnreadOnly(e.currentTarget.checked)}
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
        onRowClick={(row) => setOpen(row.id)}
        rowMark={(row) => (row.is_read ? null : { attribute: 'unread', bold: true })}
        reloadKey={reloadKey}
      />
      <ReceivedDetails
        id={open}
        onClose={() => {
          setOpen(null);
          setReloadKey((k) => k + 1);
        }}
      />
    </Stack>
  );
}

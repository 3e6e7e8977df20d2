import { Group, Select, Stack, Title } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEND_STATES, type Send, type SendState } from '../../shared/api/types.ts';
import { listSent } from '../api.ts';
import { CompanySelect } from '../company-select.tsx';
import { SearchInput } from '../search-input.tsx';
import { formatDate } from '../format.ts';
import { useGateway } from '../gateway-context.ts';
import { PagedTable, type PagedColumns } from '../paged-table.tsx';
import { StateBadge } from '../state-badge.tsx';
import { SentDetails } from './sent-details.tsx';

/** Sent invoices, a server page at a time; a row opens its SDI history. */
export function SentList({ initialState = null }: { initialState?: SendState | null }) {
  const { t, i18n } = useTranslation();
  const gateway = useGateway();
  const [open, setOpen] = useState<Send | null>(null);
  const [q, setQ] = useState<string | undefined>(undefined);
  const [state, setState] = useState<SendState | null>(initialState);
  const [companyId, setCompanyId] = useState<number | null>(null);
  const load = useCallback(
    (page: number, pageSize: number) =>
      listSent(gateway, {
        page,
        page_size: pageSize,
        q,
        latest_state: state ?? undefined,
        company_id: companyId ?? undefined,
      }),
    [gateway, q, state, companyId],
  );

  const columns = useMemo<PagedColumns<Send>>(
    () => [
      { id: 'number', header: t('sent.number'), accessorFn: (row) => row.document_number ?? '' },
      {
        id: 'date',
        header: t('sent.date'),
        accessorFn: (row) => formatDate(row.document_date, i18n.language),
      },
      { id: 'customer', header: t('sent.customer'), accessorFn: (row) => row.nome_committente ?? '' },
      { id: 'file', header: t('sent.file'), accessorFn: (row) => row.file_name ?? '' },
      {
        id: 'state',
        header: t('sent.state'),
        accessorFn: (row) => row.latest_state,
        cell: (info) => <StateBadge state={info.row.original.latest_state} />,
      },
    ],
    [t, i18n.language],
  );

  return (
    <Stack>
      <Title order={2}>{t('sent.title')}</Title>
      <Group align="end">
        <SearchInput onSearch={setQ} />
        <Select
          label={t('sent.state')}
          placeholder={t('sent.anyState')}
          data-testid="state-filter"
          clearable
          w={220}
          value={state}
          onChange={(value) => setState(SEND_STATES.find((s) => s === value) ?? null)}
          data={SEND_STATES.map((s) => ({ value: s, label: t(`state.${s}`) }))}
        />
        <CompanySelect value={companyId} onChange={setCompanyId} />
      </Group>
      <PagedTable
        testId="sent-table"
        columns={columns}
        load={load}
        rowId={(row) => String(row.id)}
        emptyText={q || state || companyId !== null ? t('sent.noMatch') : t('sent.empty')}
        onRowClick={setOpen}
      />
      <SentDetails send={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}

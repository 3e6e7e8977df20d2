import { Group, Select, Stack, Title } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'wouter';
import { SEND_STATES, type Send } from '../../shared/api/types.ts';
import { listSent } from '../api.ts';
import { CompanySelect } from '../company-select.tsx';
import { SearchInput } from '../search-input.tsx';
import { useGateway } from '../gateway-context.ts';
import { LocalDate } from '../localized.tsx';
import { PagedTable, type PagedColumns } from '../paged-table.tsx';
import { address, screenAddress, sentAddress } from '../routes.ts';
import { StateBadge } from '../state-badge.tsx';
import { SentDetails } from './sent-details.tsx';

/**
 * Sent invoices, a server page at a time; a row opens its SDI history. The SDI state and company filters live in
 * the address (`#/sent?state=Scartato&company=3`), and so does the open invoice (`#/sent/42`).
 */
export function SentList({ openId }: { openId: number | null }) {
  const { t } = useTranslation();
  const gateway = useGateway();
  const [, navigate] = useLocation();
  const [params] = useSearchParams();
  const state = SEND_STATES.find((s) => s === params.get('state')) ?? null;
  const companyParam = params.get('company');
  const companyId = companyParam && /^\d+$/.test(companyParam) ? Number(companyParam) : null;
  const [q, setQ] = useState<string | undefined>(undefined);
  const filters = { state, company: companyId };
  // Filters replace the address rather than add to history: Back leaves the list, not the last filter.
  const setFilters = (next: typeof filters) =>
    navigate(address(screenAddress('sent'), next), { replace: true });
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

  // Raw values in the rows, formatted when drawn: a language switch redraws every cell in the new language.
  const columns = useMemo<PagedColumns<Send>>(
    () => [
      { id: 'number', header: t('sent.number'), accessorFn: (row) => row.document_number ?? '' },
      {
        id: 'date',
        header: t('sent.date'),
        accessorFn: (row) => row.document_date,
        cell: (info) => <LocalDate value={info.row.original.document_date} />,
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
    [t],
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
          onChange={(value) =>
            setFilters({ ...filters, state: SEND_STATES.find((s) => s === value) ?? null })
          }
          data={SEND_STATES.map((s) => ({ value: s, label: t(`state.${s}`) }))}
        />
        <CompanySelect value={companyId} onChange={(company) => setFilters({ ...filters, company })} />
      </Group>
      <PagedTable
        testId="sent-table"
        columns={columns}
        load={load}
        rowId={(row) => String(row.id)}
        emptyText={q || state || companyId !== null ? t('sent.noMatch') : t('sent.empty')}
        onRowClick={(row) => navigate(address(sentAddress(row.id), filters))}
      />
      <SentDetails id={openId} onClose={() => navigate(address(screenAddress('sent'), filters))} />
    </Stack>
  );
}

import { Alert, Group, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { tableFeatures, useTable, type ColumnDef } from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Send } from '../../shared/api/types.ts';
import { listSent, type Page } from '../api.ts';
import { useGateway } from '../gateway-context.ts';
import { StateBadge } from '../state-badge.tsx';

const PAGE_SIZE = 20;
const features = tableFeatures({});
const EMPTY: Send[] = [];

/** Sent invoices, a server page at a time: the server sorts and counts, the table only lays out the page. */
export function SentList() {
  const { t, i18n } = useTranslation();
  const gateway = useGateway();
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Page<Send> | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    listSent(gateway, page, PAGE_SIZE).then(
      (result) => live && setData(result),
      (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, [gateway, page]);

  const columns = useMemo<ColumnDef<typeof features, Send>[]>(
    () => [
      { id: 'number', header: t('sent.number'), accessorFn: (row) => row.document_number ?? '' },
      {
        id: 'date',
        header: t('sent.date'),
        accessorFn: (row) => row.document_date ?? '',
        cell: (info) => {
          const value = info.getValue() as string;
          // A calendar date with no time: formatted in UTC so no time zone moves it to the day before.
          return value ? new Date(value).toLocaleDateString(i18n.language, { timeZone: 'UTC' }) : '';
        },
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
  const table = useTable({
    features,
    columns,
    data: data?.items ?? EMPTY,
    getRowId: (row) => String(row.id),
  });

  if (error) return <Alert color="red">{t('app.error', { message: error })}</Alert>;
  const total = data?.total ?? 0;
  return (
    <Stack>
      <Title order={2}>{t('sent.title')}</Title>
      <Table striped highlightOnHover data-testid="sent-table">
        <Table.Thead>
          {table.getHeaderGroups().map((group) => (
            <Table.Tr key={group.id}>
              {group.headers.map((header) => (
                <Table.Th key={header.id}>
                  <table.FlexRender header={header} />
                </Table.Th>
              ))}
            </Table.Tr>
          ))}
        </Table.Thead>
        <Table.Tbody>
          {table.getRowModel().rows.map((row) => (
            <Table.Tr key={row.id}>
              {row.getAllCells().map((cell) => (
                <Table.Td key={cell.id}>
                  <table.FlexRender cell={cell} />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {data && total === 0 && <Text c="dimmed">{t('sent.empty')}</Text>}
      {total > 0 && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('sent.range', {
              from: (page - 1) * PAGE_SIZE + 1,
              to: Math.min(page * PAGE_SIZE, total),
              total,
            })}
          </Text>
          <Pagination value={page} onChange={setPage} total={Math.ceil(total / PAGE_SIZE)} />
        </Group>
      )}
    </Stack>
  );
}

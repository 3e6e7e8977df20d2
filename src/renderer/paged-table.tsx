import { Group, Pagination, Table, Text } from '@mantine/core';
import { tableFeatures, useTable, type ColumnDef, type RowData } from '@tanstack/react-table';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Page } from './api.ts';
import { LoadedView, useLoad } from './loading.tsx';
import { useReady } from './ready.ts';

const features = tableFeatures({});
export type PagedColumns<T extends RowData> = ColumnDef<typeof features, T>[];

export interface PagedTableProps<T extends RowData> {
  testId: string;
  columns: PagedColumns<T>;
  /** One server page; a new function (new filters) starts again from page 1. */
  load: (page: number, pageSize: number) => Promise<Page<T>>;
  rowId: (row: T) => string;
  emptyText: string;
  onRowClick?: (row: T) => void;
  /** Marks a row, e.g. an unread invoice: `data-*` attributes for tests and styling, bold text. */
  rowMark?: (row: T) => { attribute: string; bold: boolean } | null;
  /** Changing it reloads the current page (e.g. after a drawer marked a row read). */
  reloadKey?: number;
  pageSize?: number;
}

/** A server-paged list: the server sorts, filters and counts; the table only lays out the page it got. */
export function PagedTable<T extends RowData>(props: PagedTableProps<T>) {
  const { t } = useTranslation();
  const { load, pageSize = 20, reloadKey = 0 } = props;
  // The page belongs to the filters it was chosen under: new filters, page 1 again.
  const [paging, setPaging] = useState({ load, page: 1 });
  const page = paging.load === load ? paging.page : 1;
  const loadPage = useCallback(
    () => load(page, pageSize),
    // reloadKey is a deliberate dependency: a new key is a new load.
    [load, page, pageSize, reloadKey],
  );
  const loaded = useLoad(loadPage);
  useReady(loaded.value !== null || loaded.error !== null);
  const table = useTable({
    features,
    columns: props.columns,
    data: loaded.value?.items ?? (EMPTY as T[]),
    getRowId: props.rowId,
  });

  return (
    <LoadedView loaded={loaded}>
      {({ total }) => (
        <>
          <Table
            striped
            highlightOnHover
            data-testid={props.testId}
            data-loading={loaded.loading || undefined}
          >
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
              {table.getRowModel().rows.map((row) => {
                const mark = props.rowMark?.(row.original) ?? null;
                const open = props.onRowClick && (() => props.onRowClick!(row.original));
                return (
                  <Table.Tr
                    key={row.id}
                    {...(mark ? { [`data-${mark.attribute}`]: true } : {})}
                    fw={mark?.bold ? 700 : undefined}
                    style={open ? { cursor: 'pointer' } : undefined}
                    tabIndex={open ? 0 : undefined}
                    onClick={open}
                    onKeyDown={open && ((e) => e.key === 'Enter' && open())}
                  >
                    {row.getAllCells().map((cell) => (
                      <Table.Td key={cell.id}>
                        <table.FlexRender cell={cell} />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
          {total === 0 && <Text c="dimmed">{props.emptyText}</Text>}
          {total > 0 && (
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                {t('table.range', {
                  from: (page - 1) * pageSize + 1,
                  to: Math.min(page * pageSize, total),
                  total,
                })}
              </Text>
              <Pagination
                value={page}
                onChange={(next) => setPaging({ load, page: next })}
                getControlProps={(control) => ({ 'aria-label': t(`table.${control}`) })}
                total={Math.ceil(total / pageSize)}
              />
            </Group>
          )}
        </>
      )}
    </LoadedView>
  );
}

const EMPTY: never[] = [];

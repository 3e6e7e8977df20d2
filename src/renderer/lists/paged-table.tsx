import {
  Checkbox,
  Group,
  Menu,
  Button,
  Pagination,
  Select,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { tableFeatures, useTable, type ColumnDef, type RowData } from '@tanstack/react-table';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Page } from '../data/api.ts';
import { QueryView } from '../ui/loading.tsx';
import { useReady } from '../shell/ready.ts';

const features = tableFeatures({});
export type PagedColumns<T extends RowData> = ColumnDef<typeof features, T>[];

export interface PagedTableProps<T extends RowData> {
  testId: string;
  /**
   * The list's query key with everything `load` reads by (filters, search text; data/keys.ts): a page is kept under
   * it, shown at once when the table comes back, and what invalidates the list invalidates its pages.
   */
  queryKey: QueryKey;
  columns: PagedColumns<T>;
  /** One server page; a new function (new filters) starts again from page 1. `sort` is the API's `sort=`. */
  load: (page: number, pageSize: number, sort: string | undefined) => Promise<Page<T>>;
  /**
   * Sortable columns: column id → the `sort` passed to `load` (an API field, or one the caller sorts by itself).
   * Their whole header cell sorts (`sort-<id>`, `aria-sort`).
   */
  sortable?: Partial<Record<string, string>>;
  /** Columns of figures: aligned right, header included, so that amounts line up by their decimals. */
  numeric?: string[];
  /** The API sort before the user picks one, e.g. `-created`. */
  defaultSort?: string;
  /**
   * Remembers the visible columns, page size and sort in localStorage under this name, and offers the choice
   * of columns (`columns-menu`) and page size (`page-size`).
   */
  storageKey?: string;
  /** Columns hidden until the user shows them. */
  initiallyHidden?: string[];
  /** Controls shown beside the column and page-size choices. */
  toolbar?: ReactNode;
  /** Tells the caller the page it now shows, the sort it was read with and the list's total. */
  onPage?: (items: T[], sort: string | undefined, total: number) => void;
  rowId: (row: T) => string;
  emptyText: string;
  onRowClick?: (row: T) => void;
  /** Marks a row, e.g. an unread invoice: `data-*` attributes for tests and styling, bold text. */
  rowMark?: (row: T) => { attribute: string; bold: boolean } | null;
  /** A last row under the rows, e.g. the filtered list's total, its figures under their own columns. */
  footer?: TableFooter | null;
  /** Changing it reloads the current page (e.g. after a drawer marked a row read). */
  reloadKey?: number;
  pageSize?: number;
}

/**
 * The footer row: `label` spans the columns before the first one with a value, and each value sits under its
 * column (a total under the amounts, aligned as they are). With none of those columns shown, `collapsed` fills
 * the row instead.
 */
export interface TableFooter {
  label: ReactNode;
  cells: Partial<Record<string, ReactNode>>;
  collapsed: ReactNode;
  testId?: string;
  /** The row's own `data-*` attributes, for tests. */
  attributes?: Record<string, string>;
}

const PAGE_SIZES = [10, 20, 50, 100, 200];

interface TablePrefs {
  hidden: string[];
  pageSize: number;
  sort: string | undefined;
}

function readPrefs(key: string | undefined, fallback: TablePrefs): TablePrefs {
  if (!key) return fallback;
  try {
    const stored = JSON.parse(
      globalThis.localStorage?.getItem(`scambio.table.${key}`) ?? 'null',
    ) as Partial<TablePrefs> | null;
    return {
      hidden: Array.isArray(stored?.hidden)
        ? stored.hidden.filter((h) => typeof h === 'string')
        : fallback.hidden,
      pageSize: PAGE_SIZES.includes(Number(stored?.pageSize)) ? Number(stored?.pageSize) : fallback.pageSize,
      sort: typeof stored?.sort === 'string' ? stored.sort : fallback.sort,
    };
  } catch {
    return fallback;
  }
}

/** A column id's sort state in the API's `sort=` text. */
function sortState(sort: string | undefined, field: string): 'ascending' | 'descending' | 'none' {
  if (sort === field) return 'ascending';
  if (sort === `-${field}`) return 'descending';
  return 'none';
}

/** A server-paged list: the server sorts, filters and counts; the table only lays out the page it got. */
export function PagedTable<T extends RowData>(props: PagedTableProps<T>) {
  const { t } = useTranslation();
  const { load, reloadKey = 0, storageKey, sortable } = props;
  const [prefs, setPrefsState] = useState<TablePrefs>(() =>
    readPrefs(storageKey, {
      hidden: props.initiallyHidden ?? [],
      pageSize: props.pageSize ?? 20,
      sort: props.defaultSort,
    }),
  );
  const setPrefs = (next: Partial<TablePrefs>) => {
    const merged = { ...prefs, ...next };
    setPrefsState(merged);
    if (storageKey) {
      try {
        globalThis.localStorage?.setItem(`scambio.table.${storageKey}`, JSON.stringify(merged));
      } catch {
        // Not remembered; the choice still holds for this visit.
      }
    }
  };
  const { pageSize, sort } = prefs;
  // The page belongs to the filters and order it was chosen under: new ones, page 1 again.
  const pagingKey = `${pageSize}|${sort ?? ''}`;
  const [paging, setPaging] = useState({ load, key: pagingKey, page: 1 });
  const page = paging.load === load && paging.key === pagingKey ? paging.page : 1;
  const { onPage } = props;
  // The page is a query under the list's key: a live change or a mutation that touches the list reads the page
  // on screen again; a table shown again shows its page at once, and reads it again behind it.
  const loaded = useQuery({
    queryKey: [...props.queryKey, page, pageSize, sort ?? null, reloadKey],
    queryFn: () => load(page, pageSize, sort),
    placeholderData: keepPreviousData,
  });
  // The caller hears of every page shown, read now or kept from before.
  useEffect(() => {
    if (loaded.data && !loaded.isPlaceholderData) onPage?.(loaded.data.items, sort, loaded.data.total);
  }, [loaded.data, loaded.isPlaceholderData, onPage, sort]);
  useReady(loaded.data !== undefined || loaded.error !== null);
  const numeric = useMemo(() => new Set(props.numeric ?? []), [props.numeric]);
  const visibleColumns = useMemo(
    () => props.columns.filter((c) => !c.id || !prefs.hidden.includes(c.id)),
    [props.columns, prefs.hidden],
  );
  // The first drawing of a page shows its first rows and its total; the rest of the rows and the pager follow in
  // the drawing React does next, in the background (both below what is shown first: nothing moves). A list shown
  // again is there at once, whatever its page size.
  const complete = useDeferredValue(true, false);
  const table = useTable({
    features,
    columns: visibleColumns,
    data: loaded.data?.items ?? (EMPTY as T[]),
    getRowId: props.rowId,
  });
  const toggleSort = (field: string) => {
    const state = sortState(sort, field);
    setPrefs({ sort: state === 'ascending' ? `-${field}` : field });
  };
  const headerText = (column: (typeof props.columns)[number]): string =>
    typeof column.header === 'string' ? column.header : (column.id ?? '');

  const controls = storageKey !== undefined && (
    <Group justify="space-between" align="end">
      <Group align="end">{props.toolbar}</Group>
      <Group align="end" gap="xs">
        <Select
          label={t('table.pageSize')}
          data-testid="page-size"
          w={110}
          allowDeselect={false}
          value={String(pageSize)}
          onChange={(value) => value && setPrefs({ pageSize: Number(value) })}
          data={PAGE_SIZES.map((n) => ({ value: String(n), label: String(n) }))}
        />
        <Menu closeOnItemClick={false} position="bottom-end">
          <Menu.Target>
            <Button variant="default" data-testid="columns-menu">
              {t('table.columns')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {props.columns
              .filter((c) => c.id && typeof c.header === 'string')
              .map((c) => (
                <Menu.Item key={c.id} component="div">
                  <Checkbox
                    label={headerText(c)}
                    data-testid={`column-${c.id}`}
                    checked={!prefs.hidden.includes(c.id!)}
                    onChange={(e) =>
                      setPrefs({
                        hidden: e.currentTarget.checked
                          ? prefs.hidden.filter((h) => h !== c.id)
                          : [...prefs.hidden, c.id!],
                      })
                    }
                  />
                </Menu.Item>
              ))}
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Group>
  );

  return (
    <>
      {controls}
      <QueryView query={loaded}>
        {({ total }) => (
          <>
            <Table
              striped
              highlightOnHover
              // A little tighter than Mantine's 10 px: a list's default columns fit a 1024 px window.
              horizontalSpacing={8}
              data-testid={props.testId}
              data-loading={loaded.isFetching || undefined}
            >
              <Table.Thead>
                {table.getHeaderGroups().map((group) => (
                  <Table.Tr key={group.id}>
                    {group.headers.map((header) => {
                      const field = sortable?.[header.column.id];
                      const align = props.numeric?.includes(header.column.id) ? 'right' : undefined;
                      if (!field)
                        return (
                          <Table.Th key={header.id} ta={align}>
                            <table.FlexRender header={header} />
                          </Table.Th>
                        );
                      const state = sortState(sort, field);
                      // The whole cell is the button: its padding is the button's, so a click anywhere in
                      // the header sorts, not only on the words.
                      return (
                        <Table.Th
                          key={header.id}
                          ta={align}
                          aria-sort={state}
                          data-testid={`sort-${header.column.id}`}
                          p={0}
                          h="1px"
                        >
                          <UnstyledButton
                            fw={700}
                            fz="sm"
                            w="100%"
                            h="100%"
                            ta={align}
                            onClick={() => toggleSort(field)}
                            aria-label={t('table.sortBy', { column: headerText(header.column.columnDef) })}
                            style={{
                              display: 'block',
                              padding:
                                'var(--table-vertical-spacing) var(--table-horizontal-spacing, var(--mantine-spacing-xs))',
                            }}
                          >
                            <table.FlexRender header={header} />
                            {'\u00a0'}
                            <span aria-hidden style={{ opacity: state === 'none' ? 0.45 : 1 }}>
                              {state === 'ascending' ? '▲' : state === 'descending' ? '▼' : '↕'}
                            </span>
                          </UnstyledButton>
                        </Table.Th>
                      );
                    })}
                  </Table.Tr>
                ))}
              </Table.Thead>
              <Table.Tbody>
                {(complete ? table.getRowModel().rows : table.getRowModel().rows.slice(0, FIRST_ROWS)).map(
                  (row) => {
                    const mark = props.rowMark?.(row.original) ?? null;
                    const open = props.onRowClick && (() => props.onRowClick!(row.original));
                    // Plain rows and cells with the Table's own classes and data attributes (striped, hover, row
                    // borders): a page is hundreds of cells, and Mantine's Table.Td resolves its theme props for each
                    // one, most of the list's drawing time.
                    return (
                      <tr
                        key={row.id}
                        className={Table.classes.tr}
                        data-striped="odd"
                        data-hover
                        data-with-row-border
                        {...(mark ? { [`data-${mark.attribute}`]: true } : {})}
                        style={{
                          cursor: open ? 'pointer' : undefined,
                          fontWeight: mark?.bold ? 700 : undefined,
                        }}
                        tabIndex={open ? 0 : undefined}
                        onClick={open}
                        onKeyDown={open && ((e) => e.key === 'Enter' && open())}
                      >
                        {row.getAllCells().map((cell) => (
                          <td
                            key={cell.id}
                            className={Table.classes.td}
                            style={numeric.has(cell.column.id) ? RIGHT : undefined}
                          >
                            <table.FlexRender cell={cell} />
                          </td>
                        ))}
                      </tr>
                    );
                  },
                )}
              </Table.Tbody>
              {props.footer && total > 0 && (
                <Table.Tfoot>
                  <FooterRow
                    footer={props.footer}
                    columns={visibleColumns.map((c) => c.id ?? '')}
                    numeric={props.numeric ?? []}
                  />
                </Table.Tfoot>
              )}
            </Table>
            {total === 0 && <Text c="dimmed">{props.emptyText}</Text>}
            {total > 0 && complete && (
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
                  onChange={(next) => setPaging({ load, key: pagingKey, page: next })}
                  getControlProps={(control) => ({ 'aria-label': t(`table.${control}`) })}
                  total={Math.ceil(total / pageSize)}
                />
              </Group>
            )}
          </>
        )}
      </QueryView>
    </>
  );
}

const EMPTY: never[] = [];
/** Rows in a page's first drawing: a window's first screenful. */
const FIRST_ROWS = 8;
const RIGHT = { textAlign: 'right' } as const;

function FooterRow({
  footer,
  columns,
  numeric,
}: {
  footer: TableFooter;
  columns: string[];
  numeric: string[];
}) {
  const first = columns.findIndex((id) => footer.cells[id] !== undefined);
  const style = { borderTop: '2px solid var(--mantine-color-default-border)' };
  if (first <= 0) {
    return (
      <Table.Tr data-testid={footer.testId} {...footer.attributes}>
        <Table.Td colSpan={columns.length} style={style}>
          {footer.collapsed}
        </Table.Td>
      </Table.Tr>
    );
  }
  return (
    <Table.Tr data-testid={footer.testId} {...footer.attributes}>
      <Table.Td colSpan={first} style={style}>
        {footer.label}
      </Table.Td>
      {columns.slice(first).map((id) => (
        <Table.Td key={id} ta={numeric.includes(id) ? 'right' : undefined} style={style}>
          {footer.cells[id] ?? null}
        </Table.Td>
      ))}
    </Table.Tr>
  );
}

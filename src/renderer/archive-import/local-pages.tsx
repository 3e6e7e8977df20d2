import { Group, Pagination, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Paging of a list the page holds whole (a report, the imported invoices): lists/paged-table.tsx is the server's
 * paging. A new `resetKey` (another filter) goes back to the first page.
 */
export function useLocalPage<T>(rows: readonly T[], size: number, resetKey: unknown) {
  const [state, setState] = useState({ page: 1, resetKey });
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const page = state.resetKey === resetKey ? Math.min(state.page, pages) : 1;
  return {
    rows: rows.slice((page - 1) * size, page * size),
    page,
    pages,
    from: rows.length === 0 ? 0 : (page - 1) * size + 1,
    to: Math.min(page * size, rows.length),
    total: rows.length,
    setPage: (next: number) => setState({ page: next, resetKey }),
  };
}

export function LocalPages({ paging }: { paging: ReturnType<typeof useLocalPage> }) {
  const { t } = useTranslation();
  if (paging.total === 0) return null;
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed">
        {t('table.range', { from: paging.from, to: paging.to, total: paging.total })}
      </Text>
      {paging.pages > 1 && (
        <Pagination
          value={paging.page}
          onChange={paging.setPage}
          total={paging.pages}
          getControlProps={(control) => ({ 'aria-label': t(`table.${control}`) })}
        />
      )}
    </Group>
  );
}

import {
  Badge,
  Code,
  Drawer,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LogEvent } from '../../shared/api/types.ts';
import { HTTP_METHODS } from '../../shared/gateway/channels.ts';
import { listPage } from '../api.ts';
import { formatDateTimeSeconds } from '../format.ts';
import { LocalDateTime } from '../localized.tsx';
import { useGateway } from '../gateway-context.ts';
import { PagedTable, type PagedColumns } from '../paged-table.tsx';

type Outcome = 'all' | 'ok' | 'failed';

/**
 * The account's API calls as the service logged them (`GET /log`), newest first: what a developer's code, an
 * SDK or this app asked, and what it got back. A row opens the full entry.
 */
export function ApiLog() {
  const { t, i18n } = useTranslation();
  const gateway = useGateway();
  const [outcome, setOutcome] = useState<Outcome>('all');
  const [method, setMethod] = useState<string | null>(null);
  const [endpoint, setEndpoint] = useState('');
  const [debouncedEndpoint] = useDebouncedValue(endpoint.trim(), 300);
  const [open, setOpen] = useState<LogEvent | null>(null);

  const load = useCallback(
    (page: number, pageSize: number) =>
      listPage<LogEvent>(gateway, '/log', {
        page,
        page_size: pageSize,
        sort: '-date_time',
        success: outcome === 'all' ? undefined : outcome === 'ok',
        method: method ?? undefined,
        endpoint: debouncedEndpoint || undefined,
      }),
    [gateway, outcome, method, debouncedEndpoint],
  );

  const columns = useMemo<PagedColumns<LogEvent>>(
    () => [
      {
        id: 'time',
        header: t('log.time'),
        accessorFn: (row) => row.date_time,
        cell: (info) => <LocalDateTime value={info.row.original.date_time} seconds />,
      },
      { id: 'method', header: t('log.method'), accessorFn: (row) => row.method },
      { id: 'endpoint', header: t('log.endpoint'), accessorFn: (row) => row.endpoint },
      {
        id: 'status',
        header: t('log.status'),
        accessorFn: (row) => row.status_code,
        cell: (info) => (
          <Badge variant="dot" color={info.row.original.success ? 'teal' : 'red'}>
            {info.row.original.status_code}
          </Badge>
        ),
      },
      { id: 'agent', header: t('log.userAgent'), accessorFn: (row) => row.user_agent ?? '' },
    ],
    [t],
  );

  return (
    <Stack>
      <Title order={2}>{t('log.title')}</Title>
      <Text c="dimmed">{t('log.intro')}</Text>
      <Group align="end">
        <SegmentedControl
          value={outcome}
          onChange={(value) => setOutcome(value as Outcome)}
          data={(['all', 'ok', 'failed'] as const).map((value) => ({
            value,
            label: t(`log.outcome.${value}`),
          }))}
          data-testid="log-outcome"
        />
        <Select
          label={t('log.method')}
          placeholder={t('log.anyMethod')}
          clearable
          w={140}
          value={method}
          onChange={setMethod}
          data={[...HTTP_METHODS]}
          data-testid="log-method"
        />
        <TextInput
          label={t('log.endpoint')}
          placeholder="/send"
          value={endpoint}
          onChange={(e) => setEndpoint(e.currentTarget.value)}
          data-testid="log-endpoint"
        />
      </Group>
      <PagedTable
        testId="log-table"
        columns={columns}
        load={load}
        rowId={(row) => String(row.id)}
        emptyText={t('log.empty')}
        onRowClick={setOpen}
      />
      <Drawer
        opened={open !== null}
        onClose={() => setOpen(null)}
        title={open ? `${open.method} ${open.endpoint}` : ''}
      >
        {open && (
          <Stack data-testid="log-entry">
            <Text size="sm">
              {formatDateTimeSeconds(open.date_time, i18n.language)} · {open.status_code}
              {open.user_agent ? ` · ${open.user_agent}` : ''}
            </Text>
            {open.query && (
              <Text size="sm">
                {t('log.query')}: <Code>{open.query}</Code>
              </Text>
            )}
            {open.error && <Text c="red">{open.error}</Text>}
            {open.response_body && (
              <>
                <Text size="sm" fw={700}>
                  {t('log.response')}
                </Text>
                <Code block data-testid="log-response">
                  {open.response_body}
                </Code>
              </>
            )}
          </Stack>
        )}
      </Drawer>
    </Stack>
  );
}

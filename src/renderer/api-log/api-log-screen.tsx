import {
  Alert,
  Badge,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STATUS_CLASSES, type StatusClass } from '../../shared/api/log-view.ts';
import type { LogEvent } from '../../shared/api/types.ts';
import { HTTP_METHODS, type ProfileView } from '../../shared/gateway/channels.ts';
import { CompanySelect } from '../lists/company-select.tsx';
import { formatDateTimeMillis } from '../format/format.ts';
import { useGateway } from '../gateway/gateway-context.ts';
import { PagedTable, type PagedColumns } from '../lists/paged-table.tsx';
import { LogEntryDrawer } from './log-entry-drawer.tsx';
import { listLog, type LogFilters } from './log-api.ts';
import { FaultBadge, StatusBadge } from './status-badge.tsx';
import { useLogTail } from './use-log-tail.ts';

type Outcome = 'all' | 'ok' | 'failed';

/**
 * The account's API calls as the service logged them, newest first: what a developer's code, an SDK or this app
 * asked, and what it got back. A row opens the full entry, which can be copied as a curl command. In the local
 * sandbox the app's own calls are hidden unless asked for, the status class filters, and new calls appear live.
 */
export function ApiLog({ profile }: { profile: ProfileView | null }) {
  const { t, i18n } = useTranslation();
  const gateway = useGateway();
  const local = profile?.kind === 'local';
  const [outcome, setOutcome] = useState<Outcome>('all');
  const [statusClass, setStatusClass] = useState<StatusClass | null>(null);
  const [method, setMethod] = useState<string | null>(null);
  const [endpoint, setEndpoint] = useState('');
  const [debouncedEndpoint] = useDebouncedValue(endpoint.trim(), 300);
  const [companyId, setCompanyId] = useState<number | null>(null);
  const [showOwn, setShowOwn] = useState(false);
  const [live, setLive] = useState(true);
  const [ownUserAgent, setOwnUserAgent] = useState<string | null>(null);
  const [open, setOpen] = useState<LogEvent | null>(null);

  const filters = useMemo<LogFilters>(
    () => ({
      success: outcome === 'all' ? undefined : outcome === 'ok',
      method: method ?? undefined,
      endpoint: debouncedEndpoint || undefined,
      companyId: companyId ?? undefined,
      statusClass: statusClass ?? undefined,
      own: showOwn ? 'show' : 'hide',
    }),
    [outcome, method, debouncedEndpoint, companyId, statusClass, showOwn],
  );
  const tail = useLogTail(gateway, filters, local && live);

  const load = useCallback(
    (page: number, pageSize: number) =>
      listLog(gateway, local, filters, page, pageSize).then((result) => {
        setOwnUserAgent(result.ownUserAgent);
        return result;
      }),
    [gateway, local, filters],
  );

  const columns = useMemo<PagedColumns<LogEvent>>(
    () => [
      {
        id: 'time',
        header: t('log.time'),
        accessorFn: (row) => row.date_time,
        cell: (info) => (
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {formatDateTimeMillis(info.row.original.date_time, i18n.language)}
          </Text>
        ),
      },
      { id: 'method', header: t('log.method'), accessorFn: (row) => row.method },
      {
        id: 'endpoint',
        header: t('log.endpoint'),
        accessorFn: (row) => row.endpoint,
        cell: (info) => (
          <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
            {info.row.original.endpoint}
          </Text>
        ),
      },
      {
        id: 'status',
        header: t('log.status'),
        accessorFn: (row) => row.status_code,
        cell: (info) => (
          <Group gap={4} wrap="nowrap">
            <StatusBadge event={info.row.original} />
            <FaultBadge event={info.row.original} />
          </Group>
        ),
      },
      {
        id: 'agent',
        header: t('log.userAgent'),
        accessorFn: (row) => row.user_agent ?? '',
        cell: (info) => {
          const agent = info.row.original.user_agent;
          return (
            <Group gap={4} wrap="nowrap">
              {ownUserAgent !== null && agent === ownUserAgent && (
                <Badge size="sm" variant="light" color="gray" style={{ flexShrink: 0 }}>
                  {t('apiLog.ownBadge')}
                </Badge>
              )}
              <Text size="xs" c="dimmed" lineClamp={2} title={agent ?? undefined}>
                {agent ?? t('apiLog.noClient')}
              </Text>
            </Group>
          );
        },
      },
    ],
    [t, i18n.language, ownUserAgent],
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
        {local && (
          <Select
            label={t('apiLog.statusClass')}
            placeholder={t('apiLog.anyStatus')}
            clearable
            w={120}
            value={statusClass}
            onChange={(value) => setStatusClass(value as StatusClass | null)}
            data={[...STATUS_CLASSES]}
            data-testid="log-status-class"
          />
        )}
        <Select
          label={t('log.method')}
          placeholder={t('log.anyMethod')}
          clearable
          w={120}
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
        <CompanySelect value={companyId} onChange={setCompanyId} />
      </Group>
      {local ? (
        <Group>
          <Switch
            checked={showOwn}
            onChange={(e) => setShowOwn(e.currentTarget.checked)}
            label={t('apiLog.ownCalls')}
            description={ownUserAgent ? t('apiLog.ownCallsHint', { agent: ownUserAgent }) : undefined}
            data-testid="log-own-calls"
          />
          <Switch
            checked={live}
            onChange={(e) => setLive(e.currentTarget.checked)}
            label={t('apiLog.liveTail')}
            description={t('apiLog.liveTailHint')}
            data-testid="log-live-tail"
          />
          {live && tail.fresh > 0 && (
            <Badge variant="light" data-testid="log-new-entries" role="status">
              {t('apiLog.newEntries', { count: tail.fresh })}
            </Badge>
          )}
        </Group>
      ) : (
        <Alert color="gray">{t('apiLog.localOnly')}</Alert>
      )}
      <PagedTable
        testId="log-table"
        queryKey={['log', local, filters]}
        columns={columns}
        load={load}
        reloadKey={tail.round}
        rowId={(row) => String(row.id)}
        emptyText={t('log.empty')}
        onRowClick={setOpen}
        rowMark={(row) => (tail.isFresh(row.id) ? { attribute: 'new', bold: true } : null)}
      />
      <LogEntryDrawer entry={open} apiBase={profile?.baseUrl ?? null} onClose={() => setOpen(null)} />
    </Stack>
  );
}

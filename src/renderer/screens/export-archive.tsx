import {
  Alert,
  Button,
  Group,
  NumberInput,
  Progress,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DownloadResult } from '../../shared/gateway/channels.ts';
import { ApiError, messageOf } from '../api.ts';
import { CompanySelect } from '../company-select.tsx';
import { exportRequest, type ExportPeriod, type ExportType } from '../export-request.ts';
import { formatCount } from '../format.ts';
import { useGateway } from '../gateway-context.ts';
import { DateField } from '../inputs/date-field.tsx';

type PeriodKind = ExportPeriod['kind'];
type Transfer = { id: string; bytes: number; total: number | null };
type Outcome = { color: string; text: string; testId: string };

/**
 * A ZIP of the period's invoices, streamed by the host straight to a file the user picks. It starts on the
 * current month: the sandbox clock's (`today`) where the local sandbox lives at another time, else the real one.
 */
export function ExportArchive({ today }: { today: Date | null }) {
  const { t, i18n } = useTranslation();
  const gateway = useGateway();
  const now = today ?? new Date();
  const [type, setType] = useState<ExportType>('both');
  const [kind, setKind] = useState<PeriodKind>('month');
  const [year, setYear] = useState<number>(now.getFullYear());
  const [month, setMonth] = useState(now.getMonth() + 1);
  const [quarter, setQuarter] = useState(Math.floor(now.getMonth() / 3) + 1);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [companyId, setCompanyId] = useState<number | null>(null);
  const [transfer, setTransfer] = useState<Transfer | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const monthNames = useMemo(() => {
    const format = new Intl.DateTimeFormat(i18n.language, { month: 'long', timeZone: 'UTC' });
    return Array.from({ length: 12 }, (_, i) => ({
      value: String(i + 1),
      label: format.format(new Date(Date.UTC(2000, i, 1))),
    }));
  }, [i18n.language]);

  const period: ExportPeriod | null =
    kind === 'month'
      ? { kind, year, month }
      : kind === 'quarter'
        ? { kind, year, quarter }
        : from && to
          ? { kind, from, to }
          : null;

  const describe = (result: DownloadResult): Outcome => {
    if (result.outcome === 'saved') {
      const bytes = formatCount(result.bytes, i18n.language);
      return { color: 'green', text: t('export.saved', { bytes }), testId: 'export-saved' };
    }
    if (result.outcome === 'cancelled')
      return { color: 'gray', text: t('export.cancelled'), testId: 'export-cancelled' };
    const { status } = result.response;
    if (status === 204) return { color: 'yellow', text: t('export.nothing'), testId: 'export-nothing' };
    if (status === 429) return { color: 'orange', text: t('export.busy'), testId: 'export-busy' };
    const message = new ApiError(result.response).message;
    return { color: 'red', text: t('app.error', { message }), testId: 'export-failed' };
  };

  const start = async () => {
    if (!period) return;
    const id = crypto.randomUUID();
    const { request, suggestedName } = exportRequest({ type, period, companyId });
    setOutcome(null);
    setTransfer({ id, bytes: 0, total: null });
    // Subscribed before asking, so not even the first progress event is missed.
    const unsubscribe = gateway.events.on('download.progress', (event) => {
      if (event.transferId === id) setTransfer({ id, bytes: event.bytes, total: event.total });
    });
    try {
      setOutcome(describe(await gateway.dialog.saveDownload({ request, suggestedName, transferId: id })));
    } catch (e) {
      setOutcome({ color: 'red', text: t('app.error', { message: messageOf(e) }), testId: 'export-failed' });
    } finally {
      unsubscribe();
      setTransfer(null);
    }
  };

  return (
    <Stack maw={640}>
      <Title order={2}>{t('export.title')}</Title>
      <Text c="dimmed">{t('export.intro')}</Text>
      <SegmentedControl
        value={type}
        onChange={(value) => setType(value as ExportType)}
        data={(['both', 'send', 'receive'] as const).map((v) => ({ value: v, label: t(`export.type.${v}`) }))}
        data-testid="export-type"
      />
      <SegmentedControl
        value={kind}
        onChange={(value) => setKind(value as PeriodKind)}
        data={(['month', 'quarter', 'range'] as const).map((v) => ({
          value: v,
          label: t(`export.period.${v}`),
        }))}
        data-testid="export-period"
      />
      {/* Aligned at the top: a date's error under its input leaves the labels in line. */}
      <Group align="flex-start">
        {kind !== 'range' && (
          <NumberInput
            label={t('export.year')}
            value={year}
            onChange={(value) => typeof value === 'number' && setYear(value)}
            min={1970}
            max={9999}
            w={120}
            data-testid="export-year"
          />
        )}
        {kind === 'month' && (
          <Select
            label={t('export.month')}
            value={String(month)}
            onChange={(value) => value && setMonth(Number(value))}
            data={monthNames}
            allowDeselect={false}
            w={180}
            data-testid="export-month"
          />
        )}
        {kind === 'quarter' && (
          <Select
            label={t('export.quarter')}
            value={String(quarter)}
            onChange={(value) => value && setQuarter(Number(value))}
            data={[1, 2, 3, 4].map((q) => ({ value: String(q), label: t('export.quarterN', { n: q }) }))}
            allowDeselect={false}
            w={180}
          />
        )}
        {kind === 'range' && (
          <>
            <DateField label={t('export.from')} w={160} value={from} onChange={setFrom} />
            <DateField label={t('export.to')} w={160} value={to} onChange={setTo} />
          </>
        )}
      </Group>
      <CompanySelect value={companyId} onChange={setCompanyId} />
      <Group>
        <Button
          onClick={() => void start()}
          disabled={!period || transfer !== null}
          loading={transfer !== null}
          data-testid="export-start"
        >
          {t('export.start')}
        </Button>
      </Group>
      {transfer && (
        <Stack gap={4} data-testid="export-progress">
          <Progress
            value={transfer.total ? (100 * transfer.bytes) / transfer.total : 100}
            animated={!transfer.total}
          />
          <Text size="sm" c="dimmed">
            {t('export.progress', { bytes: formatCount(transfer.bytes, i18n.language) })}
          </Text>
        </Stack>
      )}
      {outcome && (
        <Alert color={outcome.color} data-testid={outcome.testId}>
          {outcome.text}
        </Alert>
      )}
    </Stack>
  );
}

import {
  Alert,
  Button,
  Group,
  Modal,
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
import { toBase64 } from '../../shared/gateway/api-fetch.ts';
import { ApiProblem, listReceived, messageOf } from '../data/api.ts';
import { CompanySelect } from '../lists/company-select.tsx';
import {
  documentDateRange,
  exportRequest,
  receivedArchiveName,
  receivedDateRange,
  type ExportPeriod,
  type ExportType,
} from './export-request.ts';
import { formatCount } from '../format/format.ts';
import { useGateway } from '../gateway/gateway-context.ts';
import { DateField } from '../inputs/date-field.tsx';
import { useInvoiceIndex } from '../invoice-index/use-invoice-index.ts';
import { OperationsLeft } from '../ui/operations-left.tsx';
import { countReceived, receivedArchive } from './received-archive.ts';

type PeriodKind = ExportPeriod['kind'];
/** A transfer under way: bytes of the service's ZIP, or invoices read for the app's own. */
type Transfer = { id: string; bytes: number; total: number | null; files?: { done: number; total: number } };
type Outcome = { color: string; text: string; testId: string };
/** Which date selects received invoices: the document's (the service's export) or the day received (the app's). */
type Basis = 'document' | 'received';

/**
 * A ZIP of the period's invoices, streamed by the host straight to a file the user picks. It starts on the
 * current month: the sandbox clock's (`today`) where the local sandbox lives at another time, else the real one.
 * The screen says which date selects the invoices (`export-date-basis`): the document date, the only one
 * `GET /export` knows; received invoices can also be chosen by the day they were received, which the app does
 * itself (received-archive.ts). Before received invoices go out it says how many unread ones will become read
 * and count as operations, and asks (`export-unread-warning`).
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
  const [basisChoice, setBasis] = useState<Basis>('document');
  const [transfer, setTransfer] = useState<Transfer | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [checking, setChecking] = useState(false);
  const [unreadWarning, setUnreadWarning] = useState<number | null>(null);
  const index = useInvoiceIndex(gateway);
  // Only received invoices can be chosen by the day they arrived.
  const basis: Basis = type === 'receive' ? basisChoice : 'document';

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
    const message = new ApiProblem(result.response).message;
    return { color: 'red', text: t('app.error', { message }), testId: 'export-failed' };
  };

  /** How many unread received invoices the export would read: each becomes read and counts one operation. */
  const unreadToRead = async (chosen: ExportPeriod): Promise<number> => {
    if (type === 'send') return 0;
    if (basis === 'received')
      return (await countReceived(gateway, { range: receivedDateRange(chosen), companyId })).unread;
    const range = documentDateRange(chosen);
    const page = await listReceived(gateway, {
      unread: true,
      document_date_from: range.from,
      document_date_to: range.to,
      company_id: companyId ?? undefined,
      page_size: 1,
    });
    return page.total;
  };

  /** The button: first the unread ones, said and confirmed; then the export. */
  const start = async () => {
    if (!period) return;
    setOutcome(null);
    setChecking(true);
    try {
      const unread = await unreadToRead(period);
      if (unread > 0) {
        setUnreadWarning(unread);
        return;
      }
    } catch (e) {
      setOutcome({ color: 'red', text: t('app.error', { message: messageOf(e) }), testId: 'export-failed' });
      return;
    } finally {
      setChecking(false);
    }
    await run(period);
  };

  const run = async (chosen: ExportPeriod) => {
    setUnreadWarning(null);
    if (basis === 'received') return runReceived(chosen);
    const id = crypto.randomUUID();
    const { request, suggestedName } = exportRequest({ type, period: chosen, companyId });
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

  /** Received invoices by the day they arrived: read and zipped here, then saved like any file. */
  const runReceived = async (chosen: ExportPeriod) => {
    const id = crypto.randomUUID();
    setOutcome(null);
    setTransfer({ id, bytes: 0, total: null, files: { done: 0, total: 0 } });
    try {
      const archive = await receivedArchive(
        gateway,
        { range: receivedDateRange(chosen), companyId },
        (done, total) => setTransfer({ id, bytes: 0, total: null, files: { done, total } }),
        index,
      );
      if (!archive) {
        setOutcome({ color: 'yellow', text: t('export.nothing'), testId: 'export-nothing' });
        return;
      }
      const saved = await gateway.dialog.saveFile({
        suggestedName: receivedArchiveName(chosen),
        contentBase64: toBase64(archive.bytes),
      });
      setOutcome(
        saved.saved
          ? {
              color: 'green',
              text: t('export.saved', { bytes: formatCount(archive.bytes.length, i18n.language) }),
              testId: 'export-saved',
            }
          : { color: 'gray', text: t('export.cancelled'), testId: 'export-cancelled' },
      );
    } catch (e) {
      setOutcome({ color: 'red', text: t('app.error', { message: messageOf(e) }), testId: 'export-failed' });
    } finally {
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
      {type === 'receive' && (
        <Stack gap={4}>
          <Text size="sm" fw={500} id="export-basis-label">
            {t('lists.export.basisLabel')}
          </Text>
          <SegmentedControl
            value={basis}
            onChange={(value) => setBasis(value as Basis)}
            data={[
              { value: 'document', label: t('lists.export.basisDocument') },
              { value: 'received', label: t('lists.export.basisReceived') },
            ]}
            aria-labelledby="export-basis-label"
            data-testid="export-received-basis"
          />
        </Stack>
      )}
      <Text size="sm" data-testid="export-date-basis" data-basis={basis}>
        {basis === 'received'
          ? t('lists.export.byReceivedDate')
          : type === 'receive'
            ? t('lists.export.byDocumentDateReceived')
            : t('lists.export.byDocumentDate')}
      </Text>
      <SegmentedControl
        value={kind}
        onChange={(value) => setKind(value as PeriodKind)}
        data={(['month', 'quarter', 'range'] as const).map((v) => ({
          value: v,
          label:
            v === 'range' && basis === 'received' ? t('lists.export.receivedRange') : t(`export.period.${v}`),
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
          loading={transfer !== null || checking}
          data-testid="export-start"
        >
          {t('export.start')}
        </Button>
      </Group>
      {transfer && (
        <Stack gap={4} data-testid="export-progress">
          <Progress
            value={
              transfer.files?.total
                ? (100 * transfer.files.done) / transfer.files.total
                : transfer.total
                  ? (100 * transfer.bytes) / transfer.total
                  : 100
            }
            animated={!transfer.total && !transfer.files?.total}
          />
          <Text size="sm" c="dimmed">
            {transfer.files
              ? t('lists.export.progress', {
                  done: formatCount(transfer.files.done, i18n.language),
                  total: formatCount(transfer.files.total, i18n.language),
                })
              : t('export.progress', { bytes: formatCount(transfer.bytes, i18n.language) })}
          </Text>
        </Stack>
      )}
      {outcome && (
        <Alert color={outcome.color} data-testid={outcome.testId}>
          {outcome.text}
        </Alert>
      )}
      <Modal
        opened={unreadWarning !== null}
        onClose={() => setUnreadWarning(null)}
        title={t('lists.export.unreadTitle')}
      >
        {unreadWarning !== null && (
          <Stack gap="xs" data-testid="export-unread-warning" data-unread={unreadWarning}>
            <Text>{t('lists.export.unread', { count: unreadWarning })}</Text>
            <OperationsLeft testId="export-unread-cost" />
            <Group justify="end">
              <Button
                variant="default"
                data-testid="export-unread-cancel"
                onClick={() => setUnreadWarning(null)}
              >
                {t('list.cancel')}
              </Button>
              <Button data-testid="export-unread-confirm" onClick={() => period && void run(period)}>
                {t('lists.export.unreadConfirm', { count: unreadWarning })}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}

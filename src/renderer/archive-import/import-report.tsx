import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ArchiveReport } from '../../shared/archive/index.ts';
import type { Company } from '../../shared/api/types.ts';
import { formatDate } from '../format/format.ts';
import { LocalPages, useLocalPage } from './local-pages.tsx';
import {
  duplicateText,
  limitWords,
  reasonCode,
  reportRows,
  skipText,
  type ReportRow,
  type ReportState,
} from './report-rows.ts';

type Filter = 'all' | ReportState;

/** A result's colour is its badge's dot; its words keep the text colour (light green or orange badges miss WCAG AA). */
const STATE_COLORS: Record<ReportState, string> = { imported: 'green', skipped: 'gray', duplicate: 'orange' };
const PAGE = 50;

/**
 * What a reading found, before anything is kept: the invoices to import (sent or received, for which company,
 * number, date, counterparty), the files left out with the reason in words, the duplicates and what they repeat.
 * "Import N invoices" keeps them as one import.
 */
export function ImportReport(props: {
  source: string;
  report: ArchiveReport;
  companies: readonly Company[];
  keeping: boolean;
  onConfirm: () => void;
  onDiscard: () => void;
}) {
  const { t } = useTranslation();
  const { report, companies } = props;
  const [filter, setFilter] = useState<Filter>('all');
  const rows = useMemo(() => reportRows(report), [report]);
  const shown = useMemo(
    () => (filter === 'all' ? rows : rows.filter((row) => row.state === filter)),
    [rows, filter],
  );
  const paging = useLocalPage(shown, PAGE, filter);
  const imported = report.imported.length;
  const sent = report.imported.filter((invoice) => invoice.direction === 'sent').length;
  const manyCompanies = companies.length > 1;
  const stopped = report.stopped;

  return (
    <Paper
      withBorder
      p="md"
      data-testid="import-report"
      data-imported={imported}
      data-skipped={report.skipped.length}
      data-duplicates={report.duplicates.length}
      data-stopped={stopped?.limit}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Stack gap={6}>
            <Title order={3} style={{ overflowWrap: 'anywhere' }}>
              {t('archiveImport.reportTitle', { source: props.source })}
            </Title>
            <Group gap="xs">
              <Badge color="green" variant="dot" size="lg" tt="none">
                {t('archiveImport.toImport', { count: imported })}
              </Badge>
              {imported > 0 && (
                <Text size="sm" c="dimmed">
                  {t('archiveImport.sentReceived', { sent, received: imported - sent })}
                </Text>
              )}
              <Badge color="gray" variant="dot" size="lg" tt="none">
                {t('archiveImport.skippedCount', { count: report.skipped.length })}
              </Badge>
              <Badge color="orange" variant="dot" size="lg" tt="none">
                {t('archiveImport.duplicateCount', { count: report.duplicates.length })}
              </Badge>
            </Group>
          </Stack>
          <Group gap="sm">
            <Button
              variant="default"
              onClick={props.onDiscard}
              disabled={props.keeping}
              data-testid="import-discard"
            >
              {t('archiveImport.discard')}
            </Button>
            <Button
              onClick={props.onConfirm}
              disabled={imported === 0}
              loading={props.keeping}
              data-testid="import-confirm"
            >
              {t('archiveImport.confirm', { count: imported })}
            </Button>
          </Group>
        </Group>
        {stopped && (
          <Alert color="orange" data-testid="import-stopped">
            {stopped.limit === 'entries'
              ? t('archiveImport.stoppedEntries', { path: stopped.path, files: limitWords().files })
              : t('archiveImport.stoppedBytes', { path: stopped.path, size: limitWords().size })}
          </Alert>
        )}
        {imported === 0 && <Alert color="gray">{t('archiveImport.nothing')}</Alert>}
        <SegmentedControl
          aria-label={t('archiveImport.show')}
          data-testid="import-filter"
          value={filter}
          onChange={(value) => setFilter(value as Filter)}
          style={{ alignSelf: 'flex-start' }}
          data={[
            { value: 'all', label: t('archiveImport.filterAll', { count: rows.length }) },
            { value: 'imported', label: t('archiveImport.filterImported', { count: imported }) },
            { value: 'skipped', label: t('archiveImport.filterSkipped', { count: report.skipped.length }) },
            {
              value: 'duplicate',
              label: t('archiveImport.filterDuplicates', { count: report.duplicates.length }),
            },
          ]}
        />
        <Table striped horizontalSpacing={8} data-testid="import-report-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('archiveImport.file')}</Table.Th>
              <Table.Th>{t('archiveImport.result')}</Table.Th>
              <Table.Th>{t('archiveImport.kind')}</Table.Th>
              {manyCompanies && <Table.Th>{t('archiveImport.company')}</Table.Th>}
              <Table.Th>{t('archiveImport.number')}</Table.Th>
              <Table.Th>{t('archiveImport.date')}</Table.Th>
              <Table.Th>{t('archiveImport.counterparty')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {paging.rows.map((row) => (
              <ReportLine
                key={`${row.state}:${row.path}`}
                row={row}
                companies={companies}
                many={manyCompanies}
              />
            ))}
          </Table.Tbody>
        </Table>
        <LocalPages paging={paging} />
      </Stack>
    </Paper>
  );
}

/** The file's name, and below it the folders (and archives) it was found in. */
function FileCell({ path }: { path: string }) {
  const slash = path.lastIndexOf('/');
  return (
    <Table.Td style={{ overflowWrap: 'anywhere', minWidth: 180 }}>
      <Text size="sm">{path.slice(slash + 1)}</Text>
      {slash > 0 && (
        <Text size="xs" c="dimmed">
          {path.slice(0, slash)}
        </Text>
      )}
    </Table.Td>
  );
}

function ReportLine({
  row,
  companies,
  many,
}: {
  row: ReportRow;
  companies: readonly Company[];
  many: boolean;
}) {
  const { t, i18n } = useTranslation();
  const label = {
    imported: t('archiveImport.stateImported'),
    skipped: t('archiveImport.stateSkipped'),
    duplicate: t('archiveImport.stateDuplicate'),
  }[row.state];
  const badge = (
    <Table.Td>
      <Badge color={STATE_COLORS[row.state]} variant="dot" tt="none" style={{ minWidth: 'max-content' }}>
        {label}
      </Badge>
    </Table.Td>
  );
  const attributes = {
    'data-testid': 'import-row',
    'data-state': row.state,
    'data-path': row.path,
    'data-reason': reasonCode(row),
  };
  if (row.state !== 'imported') {
    return (
      <Table.Tr {...attributes}>
        <FileCell path={row.path} />
        {badge}
        <Table.Td colSpan={many ? 5 : 4} data-testid="import-reason">
          <Text size="sm" c="dimmed">
            {row.state === 'skipped' ? skipText(t, row.skip) : duplicateText(t, row.duplicate)}
          </Text>
        </Table.Td>
      </Table.Tr>
    );
  }
  const { invoice } = row;
  const { summary } = invoice;
  const first = summary.documents[0];
  const more = summary.documents.length - 1;
  const counterparty = invoice.direction === 'sent' ? summary.committente : summary.prestatore;
  return (
    <Table.Tr {...attributes} data-kind={invoice.direction} data-number={first?.number ?? ''}>
      <FileCell path={row.path} />
      {badge}
      <Table.Td>
        {invoice.direction === 'sent' ? t('archiveImport.sent') : t('archiveImport.received')}
      </Table.Td>
      {many && <Table.Td>{companies[invoice.company]?.name}</Table.Td>}
      <Table.Td>
        {first?.number}
        {more > 0 && (
          <Text span size="xs" c="dimmed">
            {' '}
            (+{more})
          </Text>
        )}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(first?.date, i18n.language)}</Table.Td>
      <Table.Td>{counterparty.name ?? counterparty.vat ?? counterparty.fiscalCode}</Table.Td>
    </Table.Tr>
  );
}

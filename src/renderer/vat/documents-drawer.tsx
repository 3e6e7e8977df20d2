import { Anchor, Badge, Drawer, Stack, Table, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookRecord, ExcludedDocument, VatLedger } from '../../shared/books/index.ts';
import { codeLabel, DOCUMENT_TYPES } from '../../shared/fatturapa/code-labels/index.ts';
import { decimalOfCents } from '../format/cents.ts';
import { formatDate } from '../format/format.ts';
import { href, receivedAddress, sentAddress } from '../shell/routes.ts';
import { documentsBehind, excludedBehind, type VatFigureChoice } from './documents-behind.ts';
import { money } from './vat-format.ts';

/** What the drawer lists: the documents behind a figure, or those the period leaves out. */
export type DrawerContent =
  | { kind: 'figure'; figure: VatFigureChoice; title: string }
  | { kind: 'excluded'; excluded: readonly ExcludedDocument[] };

const AMOUNT = { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/**
 * The documents behind one figure (`vat-documents`, a row `vat-document` each): number (a link to the invoice;
 * an imported one has none), type, date, the day it counts when another, counterparty, taxable and VAT. Their
 * total is the figure's. Printing while it is open prints the list alone (shell/print.css).
 */
export function DocumentsDrawer({
  content,
  ledger,
  period,
  periodText,
  records,
  onClose,
}: {
  content: DrawerContent | null;
  ledger: VatLedger;
  period: string;
  periodText: string;
  records: ReadonlyMap<string, BookRecord>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const title = content === null ? '' : content.kind === 'figure' ? content.title : t('vat.excludedTitle');
  return (
    <Drawer
      opened={content !== null}
      onClose={onClose}
      position="right"
      // Wide enough for number, type, dates, counterparty and two amounts side by side at 1280 px.
      size={960}
      title={
        <Stack gap={0}>
          <Text fw={700}>{title}</Text>
          <Text size="sm" c="dimmed">
            {periodText}
          </Text>
        </Stack>
      }
      closeButtonProps={{ 'aria-label': t('app.close') }}
      data-testid="vat-documents"
    >
      {content?.kind === 'figure' && (
        <FigureDocuments figure={content.figure} ledger={ledger} period={period} records={records} />
      )}
      {content?.kind === 'excluded' && <ExcludedDocuments excluded={content.excluded} records={records} />}
    </Drawer>
  );
}

function DocumentLink({ record, kind, id }: { record: BookRecord | undefined; kind: string; id: number }) {
  const { t } = useTranslation();
  const number = record?.number || `#${id}`;
  // An imported invoice (negative id) lives in this machine's archive only: nothing to open in the lists.
  if (id < 0)
    return (
      <>
        {number}{' '}
        <Badge size="xs" variant="light" color="gray">
          {t('vat.imported')}
        </Badge>
      </>
    );
  return <Anchor href={href(kind === 'sent' ? sentAddress(id) : receivedAddress(id))}>{number}</Anchor>;
}

function TypeCell({ type }: { type: string }) {
  const { i18n } = useTranslation();
  const label = codeLabel(DOCUMENT_TYPES, type, i18n.language);
  return (
    <Text size="sm" title={label}>
      {type}
    </Text>
  );
}

function FigureDocuments({
  figure,
  ledger,
  period,
  records,
}: {
  figure: VatFigureChoice;
  ledger: VatLedger;
  period: string;
  records: ReadonlyMap<string, BookRecord>;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const rows = useMemo(
    () => documentsBehind(ledger, period, figure, records),
    [ledger, period, figure, records],
  );
  const total = rows.reduce((sum, row) => ({ taxable: sum.taxable + row.taxable, vat: sum.vat + row.vat }), {
    taxable: 0n,
    vat: 0n,
  });
  // The day a document counts is worth a column only where it is not its own date (purchases, deferred VAT).
  const otherDay = rows.some((row) => row.dates.length !== 1 || row.dates[0] !== row.record?.date);
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t('vat.documents', { count: rows.length })}
      </Text>
      <Table.ScrollContainer minWidth={640}>
        <Table striped fz="sm" data-testid="vat-documents-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('vat.number')}</Table.Th>
              <Table.Th>{t('vat.type')}</Table.Th>
              <Table.Th>{t('vat.date')}</Table.Th>
              {otherDay && <Table.Th>{t('vat.countedOn')}</Table.Th>}
              <Table.Th>{t('vat.counterparty')}</Table.Th>
              <Table.Th style={AMOUNT}>{t('vat.taxable')}</Table.Th>
              <Table.Th style={AMOUNT}>{t('vat.vat')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr
                key={`${row.ref.kind}:${row.ref.invoiceId}/${row.ref.documentIndex}`}
                data-testid="vat-document"
                data-kind={row.ref.kind}
                data-id={row.ref.invoiceId}
                data-number={row.record?.number ?? ''}
                data-taxable={decimalOfCents(row.taxable)}
                data-vat={decimalOfCents(row.vat)}
              >
                <Table.Td>
                  <DocumentLink record={row.record} kind={row.ref.kind} id={row.ref.invoiceId} />
                </Table.Td>
                <Table.Td>{row.record && <TypeCell type={row.record.type} />}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(row.record?.date, language)}</Table.Td>
                {otherDay && (
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {row.dates.map((date) => formatDate(date, language)).join(', ')}
                  </Table.Td>
                )}
                <Table.Td>{row.record?.counterparty.name}</Table.Td>
                <Table.Td style={AMOUNT}>{money(row.taxable, language)}</Table.Td>
                <Table.Td style={AMOUNT}>{money(row.vat, language)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr
              data-testid="vat-documents-total"
              data-taxable={decimalOfCents(total.taxable)}
              data-vat={decimalOfCents(total.vat)}
            >
              <Table.Th colSpan={otherDay ? 5 : 4}>{t('vat.total')}</Table.Th>
              <Table.Th style={AMOUNT}>{money(total.taxable, language)}</Table.Th>
              <Table.Th style={AMOUNT}>{money(total.vat, language)}</Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

function ExcludedDocuments({
  excluded,
  records,
}: {
  excluded: readonly ExcludedDocument[];
  records: ReadonlyMap<string, BookRecord>;
}) {
  const { t, i18n } = useTranslation();
  const rows = useMemo(() => excludedBehind(excluded, records), [excluded, records]);
  return (
    <Table striped fz="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('vat.number')}</Table.Th>
          <Table.Th>{t('vat.type')}</Table.Th>
          <Table.Th>{t('vat.date')}</Table.Th>
          <Table.Th>{t('vat.counterparty')}</Table.Th>
          <Table.Th>{t('vat.reason')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr
            key={`${row.document.kind}:${row.document.invoiceId}/${row.document.documentIndex}`}
            data-testid="vat-document"
            data-kind={row.document.kind}
            data-id={row.document.invoiceId}
            data-reason={row.reason}
          >
            <Table.Td>
              <DocumentLink record={row.record} kind={row.document.kind} id={row.document.invoiceId} />
            </Table.Td>
            <Table.Td>
              <TypeCell type={row.type} />
            </Table.Td>
            <Table.Td>{formatDate(row.date, i18n.language)}</Table.Td>
            <Table.Td>{row.record?.counterparty.name}</Table.Td>
            <Table.Td>{row.reason === 'copy' ? t('vat.copy') : t('vat.notComputed')}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

import { Badge, Drawer, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cents } from '../../shared/books/index.ts';
import { DOCUMENT_TYPES } from '../../shared/fatturapa/code-labels/document-types.ts';
import type { ImportBatch, ImportedInvoice } from '../books/imported.ts';
import { CurrencySums, decimalOfCents } from '../format/cents.ts';
import { formatAmount, formatDate } from '../format/format.ts';
import { InvoiceFileActions } from '../invoice-view/file-actions.tsx';
import { InvoiceView } from '../invoice-view/invoice-view.tsx';
import { LocalPages, useLocalPage } from './local-pages.tsx';

interface Row {
  invoice: ImportedInvoice;
}

const PAGE = 50;

/** Newest document first; among one day's, by number. */
const collator = new Intl.Collator('en', { numeric: true });
const newestFirst = (a: Row, b: Row) =>
  (b.invoice.date ?? '').localeCompare(a.invoice.date ?? '') ||
  collator.compare(a.invoice.number ?? '', b.invoice.number ?? '');

/**
 * Every imported invoice, marked as such: its number, date, counterparty, type, whether it was sent or received
 * and its amount. A row opens the document view (`#/import?invoice=-3`).
 */
export function ImportedInvoices(props: {
  batches: readonly ImportBatch[];
  openId: number | null;
  onOpen: (id: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const all = useMemo(
    () => props.batches.flatMap((batch) => batch.invoices.map((invoice) => ({ invoice }))).sort(newestFirst),
    [props.batches],
  );
  const needle = search.trim().toLocaleLowerCase();
  const shown = useMemo(
    () =>
      needle === ''
        ? all
        : all.filter(({ invoice }) =>
            [invoice.number, invoice.party, invoice.fileName].some((text) =>
              text?.toLocaleLowerCase().includes(needle),
            ),
          ),
    [all, needle],
  );
  const paging = useLocalPage(shown, PAGE, needle);
  const open = props.openId === null ? null : (all.find((row) => row.invoice.id === props.openId) ?? null);

  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-end">
        <Title order={3}>{t('archiveImport.importedTitle')}</Title>
        {all.length > 0 && (
          <TextInput
            aria-label={t('archiveImport.search')}
            placeholder={t('archiveImport.searchPlaceholder')}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            data-testid="imported-search"
            w={280}
          />
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {t('archiveImport.importedNote')}
      </Text>
      {all.length === 0 ? (
        <Text c="dimmed">{t('archiveImport.importedEmpty')}</Text>
      ) : (
        <Table striped highlightOnHover horizontalSpacing={8} data-testid="imported-invoices">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('archiveImport.number')}</Table.Th>
              <Table.Th>{t('archiveImport.date')}</Table.Th>
              <Table.Th>{t('archiveImport.counterparty')}</Table.Th>
              <Table.Th>{t('archiveImport.type')}</Table.Th>
              <Table.Th>{t('archiveImport.kind')}</Table.Th>
              <Table.Th ta="right">{t('archiveImport.amount')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {paging.rows.map((row) => (
              <ImportedLine key={row.invoice.id} invoice={row.invoice} onOpen={props.onOpen} />
            ))}
          </Table.Tbody>
        </Table>
      )}
      <LocalPages paging={paging} />
      <Drawer
        opened={open !== null}
        onClose={props.onClose}
        title={open && t('archiveImport.viewTitle', { number: open.invoice.number ?? open.invoice.fileName })}
      >
        {open && <ImportedView row={open} />}
      </Drawer>
    </Stack>
  );
}

/** The document's total per currency (a file of several documents adds them), as the books read it. */
function amountOf(invoice: ImportedInvoice, language: string): string {
  const sums = new CurrencySums();
  for (const book of invoice.books) sums.add(book.currency, cents(book.documentTotal));
  return sums
    .entries()
    .map(([currency, value]) => formatAmount(decimalOfCents(value), currency, language))
    .join(' + ');
}

function TypeCell({ invoice }: { invoice: ImportedInvoice }) {
  const { i18n } = useTranslation();
  const types = [...new Set(invoice.books.map((book) => book.type))];
  return (
    <Table.Td>
      {types.map((type, i) => {
        const labels = DOCUMENT_TYPES[type];
        const name = labels ? (labels[i18n.language as 'it' | 'en' | 'de'] ?? labels.it) : undefined;
        return (
          <span key={type}>
            {i > 0 && ', '}
            <abbr title={name} style={{ textDecoration: 'none' }}>
              {type}
            </abbr>
          </span>
        );
      })}
    </Table.Td>
  );
}

function ImportedLine({ invoice, onOpen }: { invoice: ImportedInvoice; onOpen: (id: number) => void }) {
  const { t, i18n } = useTranslation();
  const open = () => onOpen(invoice.id);
  const more = invoice.books.length - 1;
  return (
    <Table.Tr
      data-testid="imported-row"
      data-id={invoice.id}
      data-kind={invoice.kind}
      data-number={invoice.number ?? ''}
      style={{ cursor: 'pointer' }}
      tabIndex={0}
      onClick={open}
      onKeyDown={(event) => event.key === 'Enter' && open()}
    >
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Text size="sm">{invoice.number ?? invoice.fileName}</Text>
          {more > 0 && (
            <Text span size="xs" c="dimmed">
              (+{more})
            </Text>
          )}
          <Badge size="xs" variant="outline" color="grape" data-testid="imported-badge">
            {t('archiveImport.importedBadge')}
          </Badge>
        </Group>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(invoice.date, i18n.language)}</Table.Td>
      <Table.Td>{invoice.party}</Table.Td>
      <TypeCell invoice={invoice} />
      <Table.Td>{invoice.kind === 'sent' ? t('archiveImport.sent') : t('archiveImport.received')}</Table.Td>
      <Table.Td
        ta="right"
        style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
        data-testid="imported-amount"
      >
        {amountOf(invoice, i18n.language)}
      </Table.Td>
    </Table.Tr>
  );
}

/** The imported file in the document view: what it is, where it came from, and the file to save again. */
function ImportedView({ row }: { row: Row }) {
  const { t } = useTranslation();
  const { invoice } = row;
  const payload = invoice.originalBase64 ?? invoice.xmlBase64;
  return (
    <Stack data-testid="imported-view" data-id={invoice.id}>
      <Group gap="xs">
        <Badge variant="outline" color="grape">
          {t('archiveImport.importedBadge')}
        </Badge>
        <Badge variant="light" color="gray">
          {invoice.kind === 'sent' ? t('archiveImport.sent') : t('archiveImport.received')}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {t('archiveImport.viewSource', { path: invoice.path })}
      </Text>
      <InvoiceFileActions
        file={{ id: invoice.id, fileName: invoice.fileName, payload, encoding: 'Base64' }}
      />
      <InvoiceView payload={payload} encoding="Base64" />
    </Stack>
  );
}

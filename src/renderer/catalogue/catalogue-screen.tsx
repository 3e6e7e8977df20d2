/**
 * Products and services (`#/catalogue`, `#/catalogue?open=KEY`, `?open=new`): the catalogue the composer picks
 * lines from; search, an item's form in a drawer, and CSV import and export with the columns of
 * src/shared/registry/catalogue-csv.ts.
 */
import { Button, Drawer, FileButton, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'wouter';
import {
  catalogueFromCsv,
  catalogueToCsv,
  emptyCatalogueItem,
  searchCatalogue,
  type CatalogueCsvProblemCode,
  type CatalogueItem,
} from '../../shared/registry/index.ts';
import { messageOf } from '../data/api.ts';
import { formatAmount } from '../format/format.ts';
import { useGateway } from '../gateway/gateway-context.ts';
import { useReady } from '../shell/ready.ts';
import { ImportReport, saveText } from '../ui/csv-files.tsx';
import { QueryView } from '../ui/loading.tsx';
import { ItemForm } from './item-form.tsx';
import { useCatalogue } from './saved-catalogue.ts';

/** What each import problem says, in the user's language (the catalogue's own words are for logs). */
const CSV_PROBLEM_TEXT: Record<CatalogueCsvProblemCode, string> = {
  required: 'catalogue.problem.required',
  number: 'catalogue.problem.number',
  natureMissing: 'catalogue.problem.natureMissing',
  natureWithRate: 'catalogue.problem.natureWithRate',
  withholding: 'catalogue.problem.withholding',
  header: 'contacts.csvProblem.header',
  quote: 'contacts.csvProblem.quote',
  duplicate: 'contacts.csvProblem.duplicate',
};

export default function CatalogueScreen() {
  const { t, i18n } = useTranslation();
  const gateway = useGateway();
  const { items, query, change, changing } = useCatalogue();
  const [params, setParams] = useSearchParams();
  const [q, setQ] = useState('');
  const [report, setReport] = useState<{ imported: number; problems: string[] } | null>(null);
  useReady(items !== null || query.error !== null);

  const shown = useMemo(
    () => (items === null ? [] : q.trim() === '' ? items : searchCatalogue(items, q, items.length)),
    [items, q],
  );
  const open = params.get('open');
  const opened = open === 'new' ? null : (items?.find((item) => item.key === open) ?? null);
  const setOpen = (key: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (key === null) next.delete('open');
      else next.set('open', key);
      return next;
    });

  const [savedKey, setSavedKey] = useState<string | null>(null);
  const save = async (item: CatalogueItem, previousKey: string | null) => {
    await change({
      kind: 'save',
      items: [item],
      previousKeys: previousKey && previousKey !== item.key ? [previousKey] : [],
    });
    setSavedKey(item.key);
    if (open !== item.key) setOpen(item.key);
  };

  const importCsv = async (file: File | null) => {
    if (!file) return;
    try {
      const { items: read, problems } = catalogueFromCsv(await file.text());
      if (read.length > 0) await change({ kind: 'save', items: read });
      setReport({
        imported: read.length,
        problems: problems.map((p) =>
          t('catalogue.importProblem', {
            line: p.line,
            problem: [p.column, t(CSV_PROBLEM_TEXT[p.code])].filter(Boolean).join(': '),
          }),
        ),
      });
    } catch (error) {
      setReport({ imported: 0, problems: [t('catalogue.importFailed', { message: messageOf(error) })] });
    }
  };

  const exportCsv = async () => {
    await saveText(gateway, 'scambio-catalogue.csv', catalogueToCsv(items ?? []));
  };

  return (
    <Stack data-testid="catalogue-screen">
      <Title order={2}>{t('catalogue.title')}</Title>
      <Text size="sm" c="dimmed" maw={900}>
        {t('catalogue.intro')}
      </Text>
      <Group align="end" justify="space-between" wrap="wrap">
        <TextInput
          label={t('catalogue.search')}
          placeholder={t('catalogue.searchPlaceholder')}
          value={q}
          w={300}
          onChange={(event) => setQ(event.currentTarget.value)}
          data-testid="catalogue-search"
        />
        <Group gap="xs">
          <Button onClick={() => setOpen('new')} data-testid="catalogue-add">
            {t('catalogue.add')}
          </Button>
          <FileButton onChange={(file) => void importCsv(file)} accept=".csv,text/csv">
            {(props) => (
              <Button variant="default" {...props} data-testid="catalogue-import">
                {t('catalogue.importCsv')}
              </Button>
            )}
          </FileButton>
          <Button
            variant="default"
            onClick={() => void exportCsv()}
            disabled={!items?.length}
            data-testid="catalogue-export"
          >
            {t('catalogue.exportCsv')}
          </Button>
        </Group>
      </Group>
      {report && (
        <ImportReport
          outcome={report}
          importedText={t('catalogue.imported', { count: report.imported })}
          problemsText={t('catalogue.importProblems')}
          onClose={() => setReport(null)}
          testId="catalogue-import-report"
        />
      )}
      <QueryView query={query}>
        {() =>
          items === null ? null : items.length === 0 ? (
            <Text c="dimmed">{t('catalogue.empty')}</Text>
          ) : (
            <Stack gap="xs">
              <Text size="sm" data-testid="catalogue-count" data-count={shown.length}>
                {shown.length === 0 ? t('catalogue.noMatch') : t('catalogue.count', { count: shown.length })}
              </Text>
              <Table highlightOnHover striped data-testid="catalogue-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('catalogue.column.code')}</Table.Th>
                    <Table.Th>{t('catalogue.column.description')}</Table.Th>
                    <Table.Th>{t('catalogue.column.unit')}</Table.Th>
                    <Table.Th ta="right">{t('catalogue.column.price')}</Table.Th>
                    <Table.Th>{t('catalogue.column.vat')}</Table.Th>
                    <Table.Th>{t('catalogue.column.withholding')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {shown.map((item) => (
                    <Table.Tr
                      key={item.key}
                      data-testid="catalogue-row"
                      data-key={item.key}
                      data-code={item.code}
                      data-price={item.unitPrice}
                      style={{ cursor: 'pointer' }}
                      onClick={() => setOpen(item.key)}
                    >
                      <Table.Td ff="monospace">{item.code}</Table.Td>
                      <Table.Td>{item.description}</Table.Td>
                      <Table.Td>{item.unit}</Table.Td>
                      <Table.Td ta="right">{formatAmount(item.unitPrice, 'EUR', i18n.language)}</Table.Td>
                      <Table.Td>{item.nature !== '' ? item.nature : `${Number(item.vatRate)} %`}</Table.Td>
                      <Table.Td>{item.withholding ? '✓' : ''}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Stack>
          )
        }
      </QueryView>
      <Drawer
        opened={open !== null && (open === 'new' || opened !== null)}
        onClose={() => setOpen(null)}
        position="right"
        size="lg"
        title={open === 'new' ? t('catalogue.form.new') : (opened?.description ?? '')}
      >
        {open === 'new' && (
          <ItemForm key="new" initial={emptyCatalogueItem()} saving={changing} onSave={save} />
        )}
        {opened && (
          <Stack>
            <ItemForm
              key={opened.key}
              initial={opened}
              saving={changing}
              justSaved={savedKey === opened.key}
              onSave={save}
            />
            <Group>
              <Button
                variant="subtle"
                color="red"
                onClick={() => void change({ kind: 'remove', keys: [opened.key] }).then(() => setOpen(null))}
                data-testid="catalogue-remove"
              >
                {t('catalogue.form.remove')}
              </Button>
            </Group>
          </Stack>
        )}
      </Drawer>
    </Stack>
  );
}

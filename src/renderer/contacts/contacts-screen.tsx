/**
 * Customers and suppliers (`#/contacts`, `#/contacts?open=KEY`, `#/contacts?open=new`): the registry learned from
 * every invoice with what the user saved over it; search, a role filter, a contact's form with its invoices and
 * balance in a drawer, and CSV import and export with the columns of src/shared/registry/contact-csv.ts.
 */
import {
  Badge,
  Button,
  Drawer,
  FileButton,
  Group,
  Pagination,
  Progress,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'wouter';
import {
  contactName,
  contactsFromCsv,
  contactsToCsv,
  emptyContactFields,
  type Contact,
  type ContactCsvProblemCode,
  type ContactRole,
  type SavedContact,
} from '../../shared/registry/index.ts';
import { useBooks } from '../books/use-books.ts';
import { messageOf } from '../data/api.ts';
import { formatCount, formatDate } from '../format/format.ts';
import { useGateway } from '../gateway/gateway-context.ts';
import { useReady } from '../shell/ready.ts';
import { ImportReport, saveText } from '../ui/csv-files.tsx';
import { QueryView } from '../ui/loading.tsx';
import { ContactForm, ROLE_LABELS } from './contact-form.tsx';
import { ContactHistory } from './contact-history.tsx';
import { fieldsOf, useRegistry } from './use-registry.ts';

const PAGE = 100;

/** What each import problem says, in the user's language (the registry's own words are for logs). */
const CSV_PROBLEM_TEXT: Record<ContactCsvProblemCode, string> = {
  name: 'contacts.problem.name',
  vat: 'contacts.problem.vat',
  fiscalCode: 'contacts.problem.fiscalCode',
  iban: 'contacts.problem.iban',
  recipientCode: 'contacts.problem.recipientCode',
  pec: 'contacts.problem.pec',
  header: 'contacts.csvProblem.header',
  quote: 'contacts.csvProblem.quote',
  delivery: 'contacts.csvProblem.delivery',
  roles: 'contacts.csvProblem.roles',
  duplicate: 'contacts.csvProblem.duplicate',
};
type RoleFilter = 'all' | ContactRole;

function matches(contact: Contact, q: string, role: RoleFilter): boolean {
  if (role !== 'all' && !contact.roles.includes(role)) return false;
  if (q === '') return true;
  const haystack = [
    contactName(contact),
    `${contact.vat.country}${contact.vat.code}`,
    contact.vat.code,
    contact.fiscalCode,
    contact.address.town,
  ]
    .join(' ')
    .toLowerCase();
  return q
    .toLowerCase()
    .split(/\s+/)
    .every((word) => haystack.includes(word));
}

export default function ContactsScreen({ today }: { today: Date | null }) {
  const { t, i18n } = useTranslation();
  const gateway = useGateway();
  const { contacts, records, change, changing } = useRegistry();
  const { deadlines, progress } = useBooks(today);
  const [params, setParams] = useSearchParams();
  const [q, setQ] = useState('');
  const [role, setRole] = useState<RoleFilter>('all');
  const [page, setPage] = useState(1);
  const [importReport, setImportReport] = useState<{ imported: number; problems: string[] } | null>(null);
  useReady(contacts !== null || records.error !== null);

  const shown = useMemo(
    () => (contacts ?? []).filter((c) => matches(c, q.trim(), role)),
    [contacts, q, role],
  );
  const pages = Math.max(1, Math.ceil(shown.length / PAGE));
  const open = params.get('open');
  const opened = open === 'new' ? null : (contacts?.find((c) => c.key === open) ?? null);
  const setOpen = (key: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (key === null) next.delete('open');
      else next.set('open', key);
      return next;
    });

  const [savedKey, setSavedKey] = useState<string | null>(null);
  const save = async (contact: SavedContact, previousKey: string | null) => {
    await change({ kind: 'save', contacts: [contact], previousKeys: previousKey ? [previousKey] : [] });
    setSavedKey(contact.key);
    if (open !== contact.key) setOpen(contact.key);
  };

  const importCsv = async (file: File | null) => {
    if (!file) return;
    try {
      const { contacts: read, problems } = contactsFromCsv(await file.text(), new Date().toISOString());
      if (read.length > 0) await change({ kind: 'save', contacts: read });
      setImportReport({
        imported: read.length,
        problems: problems.map((p) =>
          t('contacts.importProblem', {
            line: p.line,
            problem: [p.column, t(CSV_PROBLEM_TEXT[p.code])].filter(Boolean).join(': '),
          }),
        ),
      });
    } catch (error) {
      setImportReport({ imported: 0, problems: [t('contacts.importFailed', { message: messageOf(error) })] });
    }
  };

  const exportCsv = async () => {
    const csv = contactsToCsv(contacts ?? []);
    await saveText(gateway, 'scambio-contacts.csv', csv);
  };

  return (
    <Stack data-testid="contacts-screen">
      <Title order={2}>{t('contacts.title')}</Title>
      <Text size="sm" c="dimmed" maw={900}>
        {t('contacts.intro')}
      </Text>
      {progress && (
        <Stack gap={4}>
          <Text size="sm">{t('contacts.reading', { done: progress.done, total: progress.total })}</Text>
          <Progress value={progress.total === 0 ? 100 : (progress.done / progress.total) * 100} />
        </Stack>
      )}
      <Group align="end" justify="space-between" wrap="wrap">
        <Group align="end" wrap="wrap">
          <TextInput
            label={t('contacts.search')}
            placeholder={t('contacts.searchPlaceholder')}
            value={q}
            w={300}
            onChange={(event) => {
              setQ(event.currentTarget.value);
              setPage(1);
            }}
            data-testid="contacts-search"
          />
          <SegmentedControl
            aria-label={t('contacts.role.label')}
            value={role}
            onChange={(value) => {
              setRole(value as RoleFilter);
              setPage(1);
            }}
            data={[
              { value: 'all', label: t('contacts.role.all') },
              { value: 'customer', label: t('contacts.role.customer') },
              { value: 'supplier', label: t('contacts.role.supplier') },
            ]}
            data-testid="contacts-role"
          />
        </Group>
        <Group gap="xs">
          <Button onClick={() => setOpen('new')} data-testid="contact-add">
            {t('contacts.add')}
          </Button>
          <FileButton onChange={(file) => void importCsv(file)} accept=".csv,text/csv">
            {(props) => (
              <Button variant="default" {...props} data-testid="contacts-import">
                {t('contacts.importCsv')}
              </Button>
            )}
          </FileButton>
          <Button
            variant="default"
            onClick={() => void exportCsv()}
            disabled={!contacts?.length}
            data-testid="contacts-export"
          >
            {t('contacts.exportCsv')}
          </Button>
        </Group>
      </Group>
      {importReport && (
        <ImportReport
          outcome={importReport}
          importedText={t('contacts.imported', { count: importReport.imported })}
          problemsText={t('contacts.importProblems')}
          onClose={() => setImportReport(null)}
          testId="contacts-import-report"
        />
      )}
      <QueryView query={records}>
        {() =>
          contacts === null ? null : contacts.length === 0 ? (
            <Text c="dimmed">{t('contacts.empty')}</Text>
          ) : (
            <Stack gap="xs">
              <Text size="sm" data-testid="contacts-count" data-count={shown.length}>
                {shown.length === 0 ? t('contacts.noMatch') : t('contacts.count', { count: shown.length })}
              </Text>
              <Table highlightOnHover striped data-testid="contacts-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('contacts.column.name')}</Table.Th>
                    <Table.Th>{t('contacts.column.ids')}</Table.Th>
                    <Table.Th>{t('contacts.column.town')}</Table.Th>
                    <Table.Th>{t('contacts.column.roles')}</Table.Th>
                    <Table.Th ta="right">{t('contacts.column.invoices')}</Table.Th>
                    <Table.Th>{t('contacts.column.last')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {shown.slice((page - 1) * PAGE, page * PAGE).map((contact) => (
                    <Table.Tr
                      key={contact.key}
                      data-testid="contact-row"
                      data-key={contact.key}
                      data-vat={contact.vat.code ? `${contact.vat.country}${contact.vat.code}` : ''}
                      data-origin={contact.origin}
                      style={{ cursor: 'pointer' }}
                      onClick={() => setOpen(contact.key)}
                    >
                      <Table.Td>
                        <Group gap={6} wrap="nowrap">
                          <Text size="sm" fw={500}>
                            {contactName(contact)}
                          </Text>
                          {contact.origin === 'saved' && (
                            <Badge size="xs" variant="light">
                              {t('contacts.origin.saved')}
                            </Badge>
                          )}
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" ff="monospace">
                          {[
                            contact.vat.code && `${contact.vat.country}${contact.vat.code}`,
                            contact.fiscalCode,
                          ]
                            .filter(
                              (v, i, all) => v && all.indexOf(v) === i && v !== `IT${contact.fiscalCode}`,
                            )
                            .join(' · ')}
                        </Text>
                      </Table.Td>
                      <Table.Td>{contact.address.town}</Table.Td>
                      <Table.Td>{contact.roles.map((r) => t(ROLE_LABELS[r])).join(', ')}</Table.Td>
                      <Table.Td ta="right">
                        {formatCount(contact.seen.customer + contact.seen.supplier, i18n.language)}
                      </Table.Td>
                      <Table.Td>{formatDate(contact.seen.last, i18n.language)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} />}
            </Stack>
          )
        }
      </QueryView>
      <Drawer
        opened={open !== null && (open === 'new' || opened !== null)}
        onClose={() => setOpen(null)}
        position="right"
        size="xl"
        title={open === 'new' ? t('contacts.form.new') : opened ? contactName(opened) : ''}
      >
        {open === 'new' && (
          <ContactForm
            key="new"
            initial={{ fields: emptyContactFields(), roles: ['customer'] }}
            originalKey={null}
            saving={changing}
            onSave={save}
          />
        )}
        {opened && (
          <Stack>
            {opened.origin === 'learned' && (
              <Text size="sm" c="dimmed">
                {t('contacts.form.learnedNote')}
              </Text>
            )}
            <ContactForm
              key={opened.key}
              initial={{ fields: fieldsOf(opened), roles: opened.roles }}
              originalKey={opened.key}
              saving={changing}
              justSaved={savedKey === opened.key}
              onSave={save}
            />
            <ContactHistory
              contact={opened}
              records={records.data?.records ?? []}
              deadlines={deadlines ?? []}
            />
          </Stack>
        )}
      </Drawer>
    </Stack>
  );
}

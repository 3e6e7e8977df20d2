/**
 * A contact's invoices and balance: what it still owes you (receivables), what you still owe it (payables) and how
 * much of either is overdue, from the deadlines (src/shared/books/deadlines.ts) for the day it is, and its latest
 * invoices, each a link to its place in Sent or Received. Amounts in euro; documents in another currency are
 * counted in their own and not mixed in (a list shows them).
 */
import { Anchor, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookRecord, Deadline } from '../../shared/books/index.ts';
import { cents } from '../../shared/books/index.ts';
import type { Contact } from '../../shared/registry/index.ts';
import { decimalOfCents } from '../format/cents.ts';
import { formatAmount, formatDate } from '../format/format.ts';
import { address, href, receivedAddress, screenAddress, sentAddress } from '../shell/routes.ts';
import { isContactOf } from './use-registry.ts';

const SHOWN = 20;

export function ContactHistory({
  contact,
  records,
  deadlines,
}: {
  contact: Contact;
  records: readonly BookRecord[];
  deadlines: readonly Deadline[];
}) {
  const { t, i18n } = useTranslation();
  const mine = useMemo(
    () =>
      records
        .filter((record) => isContactOf(contact, record))
        .sort((a, b) => b.date.localeCompare(a.date) || b.invoiceId - a.invoiceId),
    [contact, records],
  );
  const balance = useMemo(() => {
    const sums = { toCollect: 0n, toPay: 0n, overdue: 0n };
    for (const row of deadlines) {
      if (row.currency !== 'EUR' || row.status === 'paid' || !isContactOf(contact, row)) continue;
      if (row.direction === 'receivable') sums.toCollect += row.outstanding;
      else sums.toPay += row.outstanding;
      if (row.status === 'overdue') sums.overdue += row.outstanding;
    }
    return sums;
  }, [contact, deadlines]);
  const money = (value: bigint, currency = 'EUR') =>
    formatAmount(decimalOfCents(value), currency, i18n.language);
  const q = contact.vat.code ? `${contact.vat.country}${contact.vat.code}` : contact.fiscalCode;

  return (
    <Stack gap="xs" data-testid="contact-history">
      <Title order={3} fz="h5">
        {t('contacts.history.title')}
      </Title>
      <SimpleGrid cols={3}>
        {(
          [
            ['toCollect', 'contacts.history.toCollect', balance.toCollect],
            ['toPay', 'contacts.history.toPay', balance.toPay],
            ['overdue', 'contacts.history.overdue', balance.overdue],
          ] as const
        ).map(([name, label, value]) => (
          <Paper key={name} withBorder p="xs">
            <Text size="xs" c="dimmed">
              {t(label)}
            </Text>
            <Text fw={600} data-testid={`contact-balance-${name}`} data-amount={decimalOfCents(value)}>
              {money(value)}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <Group justify="space-between">
        <Text size="sm">{t('contacts.history.invoices', { count: mine.length })}</Text>
        {q && (
          <Anchor size="sm" href={href(address(screenAddress('deadlines'), { q }))}>
            {t('contacts.history.openDeadlines')}
          </Anchor>
        )}
      </Group>
      {mine.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('contacts.history.none')}
        </Text>
      ) : (
        <Table striped fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('contacts.history.date')}</Table.Th>
              <Table.Th>{t('contacts.history.type')}</Table.Th>
              <Table.Th>{t('contacts.history.number')}</Table.Th>
              <Table.Th ta="right">{t('contacts.history.total')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {mine.slice(0, SHOWN).map((record) => (
              <Table.Tr
                key={`${record.kind}:${record.invoiceId}/${record.documentIndex}`}
                data-testid="contact-invoice"
              >
                <Table.Td>{formatDate(record.date, i18n.language)}</Table.Td>
                <Table.Td>
                  {record.type} ·{' '}
                  {t(record.kind === 'sent' ? 'contacts.history.sent' : 'contacts.history.received')}
                </Table.Td>
                <Table.Td>
                  <Anchor
                    size="sm"
                    href={href(
                      record.kind === 'sent'
                        ? sentAddress(record.invoiceId)
                        : receivedAddress(record.invoiceId),
                    )}
                  >
                    {record.number}
                  </Anchor>
                </Table.Td>
                <Table.Td ta="right" data-amount={decimalOfCents(cents(record.documentTotal))}>
                  {money(cents(record.documentTotal), record.currency)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

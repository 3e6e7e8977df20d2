import { Alert, Button, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PayloadEncoding } from '../../shared/api/types.ts';
import { codeLabel, DOCUMENT_TYPES, PAYMENT_METHODS } from '../../shared/fatturapa/code-labels.ts';
import { messageOf } from '../api.ts';
import { formatAmount, formatDate } from '../format.ts';
import { useGateway } from '../gateway-context.ts';
import {
  payloadBytes,
  readInvoice,
  type Attachment,
  type InvoiceContent,
  type Party,
} from './read-invoice.ts';

/**
 * The invoice as a document: parties, then per document its lines, VAT summary, payments and attachments. Read
 * from the stored file on the user's machine, so it shows exactly what was sent or received.
 */
export default function InvoiceContentView({
  payload,
  encoding,
}: {
  payload: string;
  encoding: PayloadEncoding;
}) {
  const { t } = useTranslation();
  const content = useMemo((): InvoiceContent | Error => {
    try {
      return readInvoice(payloadBytes(payload, encoding));
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error));
    }
  }, [payload, encoding]);
  if (content instanceof Error) {
    return <Alert color="orange">{t('invoice.unreadable', { message: content.message })}</Alert>;
  }
  return (
    <Stack data-testid="invoice-content" gap="md">
      <SimpleGrid cols={2}>
        <PartyBlock label={t('invoice.supplier')} party={content.supplier} />
        <PartyBlock label={t('invoice.customer')} party={content.customer} />
      </SimpleGrid>
      {content.documents.map((document, index) => (
        <DocumentBlock key={`${document.number}-${index}`} document={document} />
      ))}
    </Stack>
  );
}

function PartyBlock({ label, party }: { label: string; party: Party }) {
  const { t } = useTranslation();
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700}>{party.name || '—'}</Text>
      {party.vat && <Text size="sm">{t('invoice.vat', { vat: party.vat })}</Text>}
      {party.fiscalCode && <Text size="sm">{t('invoice.fiscalCode', { code: party.fiscalCode })}</Text>}
      {party.address && <Text size="sm">{party.address}</Text>}
    </div>
  );
}

function DocumentBlock({ document }: { document: InvoiceContent['documents'][number] }) {
  const { t, i18n } = useTranslation();
  const money = (value: string | null) =>
    value === null ? '' : formatAmount(Number(value), document.currency, i18n.language);
  const rate = (value: string | null, nature: string | null) =>
    nature ? `${Number(value ?? 0)}% (${nature})` : value === null ? '' : `${Number(value)}%`;
  return (
    <Stack gap="xs" data-testid="invoice-document">
      <Title order={4}>
        {t('invoice.heading', {
          type: codeLabel(DOCUMENT_TYPES, document.type, i18n.language),
          number: document.number,
          date: formatDate(document.date, i18n.language),
        })}
      </Title>
      {document.reasons.map((reason) => (
        <Text key={reason} size="sm">
          {reason}
        </Text>
      ))}
      <Table withTableBorder data-testid="invoice-lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('invoice.line')}</Table.Th>
            <Table.Th>{t('invoice.description')}</Table.Th>
            <Table.Th ta="right">{t('invoice.quantity')}</Table.Th>
            <Table.Th ta="right">{t('invoice.unitPrice')}</Table.Th>
            <Table.Th ta="right">{t('invoice.vatRate')}</Table.Th>
            <Table.Th ta="right">{t('invoice.amount')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {document.lines.map((line) => (
            <Table.Tr key={line.number}>
              <Table.Td>{line.number}</Table.Td>
              <Table.Td>{line.description}</Table.Td>
              <Table.Td ta="right">
                {line.quantity === null ? '' : `${Number(line.quantity)}${line.unit ? ` ${line.unit}` : ''}`}
              </Table.Td>
              <Table.Td ta="right">{money(line.unitPrice)}</Table.Td>
              <Table.Td ta="right">{rate(line.vatRate, line.nature)}</Table.Td>
              <Table.Td ta="right">{money(line.total)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {document.vat.length > 0 && (
        <Table withTableBorder data-testid="invoice-vat">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('invoice.vatRate')}</Table.Th>
              <Table.Th ta="right">{t('invoice.taxable')}</Table.Th>
              <Table.Th ta="right">{t('invoice.tax')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {document.vat.map((row, index) => (
              <Table.Tr key={`${row.rate}-${row.nature}-${index}`}>
                <Table.Td>{rate(row.rate, row.nature)}</Table.Td>
                <Table.Td ta="right">{money(row.taxable)}</Table.Td>
                <Table.Td ta="right">{money(row.tax)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {document.total !== null && (
        <Text fw={700} ta="right" data-testid="invoice-total">
          {t('invoice.total', { amount: money(document.total) })}
        </Text>
      )}
      {document.payments.map((payment, index) => (
        <Text key={index} size="sm" data-testid="invoice-payment">
          {t('invoice.payment', {
            method: codeLabel(PAYMENT_METHODS, payment.method, i18n.language),
            amount: money(payment.amount),
            due: payment.due ? formatDate(payment.due, i18n.language) : '—',
          })}
          {payment.iban ? ` · IBAN ${payment.iban}` : ''}
        </Text>
      ))}
      {document.attachments.length > 0 && <Attachments attachments={document.attachments} />}
    </Stack>
  );
}

function Attachments({ attachments }: { attachments: Attachment[] }) {
  const { t } = useTranslation();
  const gateway = useGateway();
  const [error, setError] = useState<string | null>(null);
  const save = async (attachment: Attachment) => {
    setError(null);
    try {
      await gateway.dialog.saveFile({
        suggestedName: attachment.name,
        contentBase64: attachment.contentBase64,
      });
    } catch (e) {
      setError(messageOf(e));
    }
  };
  return (
    <Stack gap={4}>
      <Text size="sm" fw={700}>
        {t('invoice.attachments')}
      </Text>
      <Group gap="xs">
        {attachments.map((attachment, index) => (
          <Button
            key={`${attachment.name}-${index}`}
            size="xs"
            variant="light"
            onClick={() => void save(attachment)}
            data-testid="invoice-attachment"
            title={attachment.description ?? undefined}
          >
            {attachment.name}
          </Button>
        ))}
      </Group>
      {error && <Alert color="red">{t('app.error', { message: error })}</Alert>}
    </Stack>
  );
}

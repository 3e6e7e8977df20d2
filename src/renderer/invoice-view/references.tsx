import { Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../format/format.ts';
import { Small } from './content-parts.tsx';
import type { DocumentReading, ReferenceKind } from '../data/read-invoice.ts';

const REFERENCE_LABELS: Record<ReferenceKind, string> = {
  order: 'invoice.referenceOrder',
  contract: 'invoice.referenceContract',
  agreement: 'invoice.referenceAgreement',
  receipt: 'invoice.referenceReceipt',
  linkedInvoice: 'invoice.referenceLinkedInvoice',
  correctedInvoice: 'invoice.referenceCorrectedInvoice',
};

/** The documents this one refers to (orders, contracts, the invoice it corrects), delivery notes and phases. */
export function References({ document }: { document: DocumentReading }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  if (
    document.references.length === 0 &&
    document.deliveryNotes.length === 0 &&
    document.progressPhases.length === 0 &&
    !document.mainInvoice
  ) {
    return null;
  }
  return (
    <Stack gap={4} data-testid="invoice-references">
      <Text size="sm" fw={700}>
        {t('invoice.references')}
      </Text>
      {document.references.length > 0 && (
        <Table withTableBorder fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th />
              <Table.Th>{t('invoice.referenceDocument')}</Table.Th>
              <Table.Th>{t('invoice.referenceDate')}</Table.Th>
              <Table.Th>CIG / CUP</Table.Th>
              <Table.Th>{t('invoice.referenceLines')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {document.references.map((reference, index) => (
              <Table.Tr key={index}>
                <Table.Td>{t(REFERENCE_LABELS[reference.kind])}</Table.Td>
                <Table.Td>
                  {[reference.id, reference.itemNumber, reference.jobCode].filter(Boolean).join(' · ')}
                  {reference.correctedElements && (
                    <Text size="xs" c="dimmed">
                      {reference.correctedElements}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{formatDate(reference.date, language)}</Table.Td>
                <Table.Td>
                  {[
                    reference.cig ? `CIG ${reference.cig}` : null,
                    reference.cup ? `CUP ${reference.cup}` : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Table.Td>
                <Table.Td>{reference.lines.join(', ')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {document.deliveryNotes.map((note, index) => (
        <Small key={index}>
          {t('invoice.deliveryNote', { number: note.number, date: formatDate(note.date, language) })}
          {note.lines.length > 0 ? ` · ${t('invoice.referenceLines')} ${note.lines.join(', ')}` : ''}
        </Small>
      ))}
      {document.progressPhases.length > 0 && (
        <Small>{t('invoiceView.progressPhases', { phases: document.progressPhases.join(', ') })}</Small>
      )}
      {document.mainInvoice && (
        <Small>
          {t('invoiceView.mainInvoice', {
            number: document.mainInvoice.number,
            date: formatDate(document.mainInvoice.date, language),
          })}
        </Small>
      )}
    </Stack>
  );
}

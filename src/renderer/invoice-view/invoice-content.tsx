import { Alert, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PayloadEncoding } from '../../shared/api/types.ts';
import { DocumentBlock } from './document-block.tsx';
import { PartyBlock } from './party-block.tsx';
import { payloadBytes, readInvoice, type InvoiceReading } from '../data/read-invoice.ts';
import { TransmissionLine } from './transmission-line.tsx';

/**
 * The invoice as an accountant reads it: the parties side by side, then per document its header and references,
 * lines (with discounts), VAT summary (rate or nature with its legal reference), withholdings, fund
 * contributions and stamp duty, the way from the taxable amount to the net to pay, and the payment terms. Read
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
  const content = useMemo((): InvoiceReading | Error => {
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
        <PartyBlock
          label={t('invoice.supplier')}
          party={content.supplier}
          representative={content.supplierRepresentative}
        />
        <PartyBlock
          label={t('invoice.customer')}
          party={content.customer}
          representative={content.customerRepresentative}
        />
      </SimpleGrid>
      {content.intermediary && <PartyBlock label={t('invoice.intermediary')} party={content.intermediary} />}
      {content.issuer === 'CC' && <Text size="sm">{t('invoice.issuerCustomer')}</Text>}
      {content.issuer === 'TZ' && <Text size="sm">{t('invoice.issuerThirdParty')}</Text>}
      <TransmissionLine content={content} />
      {content.documents.map((document) => (
        <DocumentBlock key={`${document.index}-${document.number}`} document={document} />
      ))}
    </Stack>
  );
}

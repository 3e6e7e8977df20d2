import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { InvoiceReading } from '../data/read-invoice.ts';

/** DatiTrasmissione in one dimmed line: who transmitted it, its progressive, format and where it was delivered. */
export function TransmissionLine({ content }: { content: InvoiceReading }) {
  const { t } = useTranslation();
  const { transmission } = content;
  return (
    <Text size="xs" c="dimmed" data-testid="invoice-transmission">
      {transmission.transmitter
        ? `${t('invoiceView.transmitter', {
            id: `${transmission.transmitter.country}${transmission.transmitter.code}`,
          })} · `
        : ''}
      {t('invoice.transmission', {
        progressive: transmission.progressive ?? '—',
        format: transmission.format ?? content.format,
        code: transmission.recipientCode ?? '—',
      })}
      {transmission.pec ? ` · ${t('invoice.pec', { pec: transmission.pec })}` : ''}
    </Text>
  );
}

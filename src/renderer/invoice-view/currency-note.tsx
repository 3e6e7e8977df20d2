import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../format/format.ts';
import { Small, useMoney } from './content-parts.tsx';
import type { DocumentReading } from '../data/read-invoice.ts';

/** Divisa other than EUR: the euro value the file gives beside it, or that it gives none. */
export function CurrencyNote({ document }: { document: DocumentReading }) {
  const { t, i18n } = useTranslation();
  const euro = useMoney('EUR');
  const foreign = useMoney(document.currency);
  const { exchange } = document;
  if (!document.foreignCurrency) return null;
  if (!exchange) {
    return (
      <Text size="sm" fw={700} data-testid="invoice-currency" data-currency={document.currency}>
        {t('invoice.foreignCurrency', { currency: document.currency })}
      </Text>
    );
  }
  return (
    <Stack gap={2} data-testid="invoice-currency" data-currency={document.currency}>
      <Text size="sm" fw={700}>
        {t('invoiceView.exchange', { currency: document.currency })}
      </Text>
      <Small>{t('invoiceView.exchangeExplained', { currency: document.currency })}</Small>
      <Small>
        {t('invoiceView.exchangeRate', {
          foreign: foreign(exchange.foreign),
          euro: euro(exchange.euro),
          rate: exchange.rate === null ? '—' : formatNumber(Number(exchange.rate), i18n.language, 4),
          currency: exchange.currency,
        })}
      </Small>
    </Stack>
  );
}

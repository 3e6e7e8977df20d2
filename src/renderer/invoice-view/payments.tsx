import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { codeLabel, PAYMENT_CONDITIONS, PAYMENT_METHODS } from '../../shared/fatturapa/code-labels/index.ts';
import { formatDate } from '../format/format.ts';
import { useMoney } from './content-parts.tsx';
import type { DocumentReading } from '../data/read-invoice.ts';

/** DatiPagamento: each block's conditions, then a line per instalment: method, amount, due date and bank. */
export function Payments({ document }: { document: DocumentReading }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const money = useMoney(document.currency);
  if (document.payments.length === 0) return null;
  return (
    <Stack gap={4} data-testid="invoice-payments">
      <Text size="sm" fw={700}>
        {t('invoice.payments')}
      </Text>
      {document.payments.map((terms, block) => (
        <Stack key={block} gap={2}>
          <Text size="xs" c="dimmed">
            {codeLabel(PAYMENT_CONDITIONS, terms.conditions, language)}
          </Text>
          {terms.details.map((payment, index) => {
            const receiver = payment.receiver;
            const details = [
              payment.termsDays !== null
                ? t('invoiceView.terms', {
                    days: payment.termsDays,
                    date: formatDate(payment.termsStart, language) || '—',
                  })
                : null,
              payment.iban ? t('invoice.iban', { iban: payment.iban }) : null,
              payment.abi && payment.cab
                ? t('invoiceView.abiCab', { abi: payment.abi, cab: payment.cab })
                : null,
              payment.bic ? t('invoiceView.bic', { bic: payment.bic }) : null,
              payment.institution ? t('invoice.institution', { name: payment.institution }) : null,
              payment.beneficiary ? t('invoice.beneficiary', { name: payment.beneficiary }) : null,
              payment.paymentCode ? t('invoiceView.paymentCode', { code: payment.paymentCode }) : null,
              payment.postOffice ? t('invoiceView.postOffice', { code: payment.postOffice }) : null,
              receiver
                ? t('invoiceView.receiver', {
                    name: [receiver.title, receiver.firstName, receiver.lastName, receiver.fiscalCode]
                      .filter(Boolean)
                      .join(' '),
                  })
                : null,
              payment.earlyPaymentDiscount
                ? t('invoiceView.earlyPayment', {
                    amount: money(payment.earlyPaymentDiscount),
                    date: formatDate(payment.earlyPaymentLimit, language) || '—',
                  })
                : null,
              payment.latePaymentPenalty
                ? t('invoiceView.latePayment', {
                    amount: money(payment.latePaymentPenalty),
                    date: formatDate(payment.penaltyFrom, language) || '—',
                  })
                : null,
            ].filter(Boolean);
            return (
              <Text key={index} size="sm" data-testid="invoice-payment" data-amount={payment.amount}>
                {t('invoice.payment', {
                  method: codeLabel(PAYMENT_METHODS, payment.method, language),
                  amount: money(payment.amount),
                  due: payment.due ? formatDate(payment.due, language) : '—',
                })}
                {details.map((part) => ` · ${part}`).join('')}
              </Text>
            );
          })}
        </Stack>
      ))}
    </Stack>
  );
}

import { Alert, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { bookCurrency, useMoney } from './content-parts.tsx';
import type { DocumentReading, Reconciliation } from '../data/read-invoice.ts';

/**
 * The way from the taxable amount to the net to pay, then the declared total and the payments, with what does not
 * add up said under them.
 */
export function ReconciliationBlock({
  document,
  reconciliation,
}: {
  document: DocumentReading;
  reconciliation: Reconciliation;
}) {
  const { t } = useTranslation();
  const currency = bookCurrency(document);
  const money = useMoney(currency);
  // The payments and the declared total are in the document's currency, like the converted totals.
  const inDocument = useMoney(document.currency);
  const negative = (value: string) => money(`-${value}`);
  const nonZero = (value: string) => Number(value) !== 0;
  const row = (
    label: string,
    amount: string,
    options: { bold?: boolean; testId?: string; raw?: string } = {},
  ) => (
    <Table.Tr
      data-testid={options.testId}
      data-amount={options.testId ? options.raw : undefined}
      data-currency={options.testId ? currency : undefined}
    >
      <Table.Td fw={options.bold ? 700 : undefined}>{label}</Table.Td>
      <Table.Td ta="right" fw={options.bold ? 700 : undefined}>
        {amount}
      </Table.Td>
    </Table.Tr>
  );
  const r = reconciliation;
  const due = r.inCurrency?.netToPay ?? r.netToPay;
  return (
    <Stack gap={4} data-testid="invoice-reconciliation">
      <Text size="sm" fw={700}>
        {t('invoice.reconciliation')}
      </Text>
      <Table fz="sm" withTableBorder>
        <Table.Tbody>
          {row(t('invoice.recTaxable'), money(r.taxable))}
          {nonZero(r.fundsNotCharged) && row(t('invoice.recFundsNotCharged'), negative(r.fundsNotCharged))}
          {row(t('invoice.recVat'), money(r.vat))}
          {nonZero(r.documentAdjustments) && row(t('invoice.recAdjustments'), money(r.documentAdjustments))}
          {nonZero(r.rounding) && row(t('invoice.recRounding'), money(r.rounding))}
          {nonZero(r.stamp) && row(t('invoice.recStamp'), money(r.stamp))}
          {row(t('invoice.recDocumentTotal'), money(r.documentTotal), { bold: true })}
          {nonZero(r.withholdings) && row(t('invoice.recWithholdings'), negative(r.withholdings))}
          {nonZero(r.splitPaymentVat) && row(t('invoice.recSplitPayment'), negative(r.splitPaymentVat))}
          {row(t('invoice.netToPay'), money(r.netToPay), {
            bold: true,
            testId: 'invoice-net-to-pay',
            raw: r.netToPay,
          })}
          {r.inCurrency &&
            row(
              t('invoiceView.netToPayInCurrency', { currency: r.inCurrency.currency }),
              inDocument(r.inCurrency.netToPay),
              { bold: true },
            )}
          {r.paymentsTotal !== null && row(t('invoice.paymentsTotal'), inDocument(r.paymentsTotal))}
        </Table.Tbody>
      </Table>
      {r.declaredTotal !== null && (
        <Text fw={700} ta="right" data-testid="invoice-total">
          {t('invoice.total', { amount: inDocument(r.declaredTotal) })}
        </Text>
      )}
      {r.mismatch && (
        <Alert color="orange" data-testid="invoice-mismatch" p="xs">
          {r.paymentsMatch === false && (
            <Text size="sm">
              {t('invoice.mismatchPayments', {
                payments: inDocument(r.paymentsTotal),
                net: inDocument(due),
                difference: inDocument(r.paymentsDifference?.replace(/^-/, '')),
              })}
            </Text>
          )}
          {r.declaredTotalMatches === false && (
            <Text size="sm">
              {t('invoice.mismatchDeclared', {
                declared: inDocument(r.declaredTotal),
                total: inDocument(r.inCurrency?.documentTotal ?? r.documentTotal),
              })}
            </Text>
          )}
        </Alert>
      )}
    </Stack>
  );
}

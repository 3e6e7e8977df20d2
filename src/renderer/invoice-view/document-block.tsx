import { Divider, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { codeLabel, DOCUMENT_TYPES } from '../../shared/fatturapa/code-labels/index.ts';
import { formatDate } from '../format/format.ts';
import { Attachments } from './attachments.tsx';
import { adjustmentText, bookCurrency, Small, useMoney } from './content-parts.tsx';
import { CurrencyNote } from './currency-note.tsx';
import { LinesTable } from './lines-table.tsx';
import { Payments } from './payments.tsx';
import type { DocumentReading } from '../data/read-invoice.ts';
import { ReconciliationBlock } from './reconciliation-block.tsx';
import { References } from './references.tsx';
import { VatSummary } from './vat-summary.tsx';
import { WithholdingsFundsStamp } from './withholdings-funds-stamp.tsx';

/**
 * One document of the file (a batch holds several), in the order an accountant reads it: its heading and
 * currency, causale and references, lines, VAT summary, withholdings, the reconciliation and the payments.
 */
export function DocumentBlock({ document }: { document: DocumentReading }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const money = useMoney(bookCurrency(document));
  return (
    <Stack gap="xs" data-testid="invoice-document">
      <Divider />
      <Title order={4}>
        {t('invoice.heading', {
          type: codeLabel(DOCUMENT_TYPES, document.type, language),
          number: document.number,
          date: formatDate(document.date, language),
        })}
      </Title>
      <CurrencyNote document={document} />
      {document.art73 && <Small>{t('invoice.art73')}</Small>}
      {document.reasons.map((reason, index) => (
        <Text key={index} size="sm">
          {reason}
        </Text>
      ))}
      <References document={document} />
      <LinesTable document={document} />
      {document.adjustments.length > 0 && (
        <Small>
          {t('invoice.documentAdjustments')}:{' '}
          {document.adjustments
            .map(
              (adjustment) =>
                `${adjustment.type === 'MG' ? t('invoice.surchargeTag') : t('invoice.discountTag')} ${adjustmentText(adjustment, money, language)}`,
            )
            .join(' · ')}
        </Small>
      )}
      <VatSummary document={document} />
      <WithholdingsFundsStamp document={document} />
      {document.reconciliation && (
        <ReconciliationBlock document={document} reconciliation={document.reconciliation} />
      )}
      {document.simplifiedTotal !== null && (
        <Text fw={700} ta="right" data-testid="invoice-total">
          {t('invoice.simplifiedTotal', { amount: money(document.simplifiedTotal) })}
        </Text>
      )}
      <Payments document={document} />
      {document.attachments.length > 0 && <Attachments attachments={document.attachments} />}
    </Stack>
  );
}

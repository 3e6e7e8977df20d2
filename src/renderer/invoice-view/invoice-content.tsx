import { Alert, Button, Divider, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PayloadEncoding } from '../../shared/api/types.ts';
import { codeLabel, DOCUMENT_TYPES, PAYMENT_METHODS } from '../../shared/fatturapa/code-labels.ts';
import {
  FISCAL_REGIMES,
  FUND_TYPES,
  NATURES,
  PAYMENT_CONDITIONS,
  PAYMENT_REASONS,
  VAT_CHARGEABILITY,
  WITHHOLDING_TYPES,
} from '../../shared/fatturapa/reading/code-labels.ts';
import { messageOf } from '../api.ts';
import { formatAmount, formatCount, formatDate } from '../format.ts';
import { useGateway } from '../gateway-context.ts';
import {
  payloadBytes,
  readInvoice,
  type Adjustment,
  type Attachment,
  type DocumentReading,
  type InvoiceReading,
  type Party,
  type Reconciliation,
  type ReferenceKind,
} from './read-invoice.ts';

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

/** "22%", "8,25%": a rate in the UI language. */
function percent(value: string | null, language: string): string {
  return value === null ? '' : `${formatCount(Number(value), language)}%`;
}

function Small({ children }: { children: ReactNode }) {
  return <Text size="sm">{children}</Text>;
}

function PartyBlock({
  label,
  party,
  representative,
}: {
  label: string;
  party: Party;
  representative?: Party | null;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const register = party.professionalRegister;
  return (
    <div data-testid="invoice-party">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700}>{[party.title, party.name].filter(Boolean).join(' ') || '—'}</Text>
      {party.vat && <Small>{t('invoice.vat', { vat: party.vat })}</Small>}
      {party.fiscalCode && <Small>{t('invoice.fiscalCode', { code: party.fiscalCode })}</Small>}
      {party.address && <Small>{party.address.text}</Small>}
      {party.permanentEstablishment && (
        <Small>{t('invoice.permanentEstablishment', { address: party.permanentEstablishment.text })}</Small>
      )}
      {party.rea && (
        <Small>
          {[
            t('invoice.rea', { office: party.rea.office, number: party.rea.number }),
            party.rea.shareCapital
              ? t('invoice.shareCapital', {
                  amount: formatAmount(Number(party.rea.shareCapital), 'EUR', language),
                })
              : null,
            party.rea.soleShareholder === 'SU' ? t('invoice.soleShareholder') : null,
            party.rea.liquidation === 'LS' ? t('invoice.inLiquidation') : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Small>
      )}
      {register && (
        <Small>
          {t('invoice.professionalRegister', {
            register: [register.name, register.province, register.number, formatDate(register.date, language)]
              .filter(Boolean)
              .join(' '),
          })}
        </Small>
      )}
      {party.fiscalRegime && (
        <Small>
          {t('invoice.fiscalRegime', { regime: codeLabel(FISCAL_REGIMES, party.fiscalRegime, language) })}
        </Small>
      )}
      {representative && (
        <Small>
          {t('invoice.representative', {
            name: [representative.name, representative.vat ?? representative.fiscalCode]
              .filter(Boolean)
              .join(' · '),
          })}
        </Small>
      )}
    </div>
  );
}

function TransmissionLine({ content }: { content: InvoiceReading }) {
  const { t } = useTranslation();
  const { transmission } = content;
  return (
    <Text size="xs" c="dimmed" data-testid="invoice-transmission">
      {t('invoice.transmission', {
        progressive: transmission.progressive ?? '—',
        format: transmission.format ?? content.format,
        code: transmission.recipientCode ?? '—',
      })}
      {transmission.pec ? ` · ${t('invoice.pec', { pec: transmission.pec })}` : ''}
    </Text>
  );
}

const REFERENCE_LABELS: Record<ReferenceKind, string> = {
  order: 'invoice.referenceOrder',
  contract: 'invoice.referenceContract',
  agreement: 'invoice.referenceAgreement',
  receipt: 'invoice.referenceReceipt',
  linkedInvoice: 'invoice.referenceLinkedInvoice',
  correctedInvoice: 'invoice.referenceCorrectedInvoice',
};

function useMoney(currency: string) {
  const { i18n } = useTranslation();
  return (value: string | null | undefined) =>
    value === null || value === undefined || value === ''
      ? ''
      : formatAmount(Number(value), currency, i18n.language);
}

/** "−10%", "+5,00 €", "−10% (9,00 €)": one ScontoMaggiorazione, sign first. */
function adjustmentText(adjustment: Adjustment, money: (value: string) => string, language: string): string {
  const sign = adjustment.type === 'MG' ? '+' : '−';
  const parts = [
    adjustment.percentage !== null ? `${sign}${percent(adjustment.percentage, language)}` : null,
    adjustment.amount !== null
      ? `${adjustment.percentage !== null ? '' : sign}${money(adjustment.amount)}`
      : null,
  ].filter(Boolean);
  return parts.length === 2 ? `${parts[0]} (${parts[1]})` : (parts[0] ?? sign);
}

function DocumentBlock({ document }: { document: DocumentReading }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const money = useMoney(document.currency);
  const rate = (value: string | null, nature: string | null) =>
    nature ? `${percent(value ?? '0', language)} ${nature}` : percent(value, language);
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
      {document.foreignCurrency && (
        <Text size="sm" fw={700} data-testid="invoice-currency">
          {t('invoice.foreignCurrency', { currency: document.currency })}
        </Text>
      )}
      {document.art73 && <Small>{t('invoice.art73')}</Small>}
      {document.reasons.map((reason, index) => (
        <Text key={index} size="sm">
          {reason}
        </Text>
      ))}
      <References document={document} />
      <Table withTableBorder fz="sm" data-testid="invoice-lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('invoice.line')}</Table.Th>
            <Table.Th>{t('invoice.description')}</Table.Th>
            {!document.simplified && (
              <>
                <Table.Th ta="right">{t('invoice.quantity')}</Table.Th>
                <Table.Th ta="right">{t('invoice.unitPrice')}</Table.Th>
                <Table.Th ta="right">{t('invoice.discount')}</Table.Th>
              </>
            )}
            <Table.Th ta="right">{t('invoice.vatRate')}</Table.Th>
            <Table.Th ta="right">
              {document.simplified ? t('invoice.vatIncluded') : t('invoice.amount')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {document.lines.map((line, index) => (
            <Table.Tr key={`${line.number}-${index}`}>
              <Table.Td>{line.number}</Table.Td>
              <Table.Td>
                {line.description}
                {line.codes.length > 0 && (
                  <Text size="xs" c="dimmed">
                    {line.codes.map((code) => `${code.type} ${code.value}`).join(' · ')}
                  </Text>
                )}
                {(line.periodStart || line.periodEnd) && (
                  <Text size="xs" c="dimmed">
                    {[formatDate(line.periodStart, language), formatDate(line.periodEnd, language)].join(
                      ' – ',
                    )}
                  </Text>
                )}
                {line.legalReference && (
                  <Text size="xs" c="dimmed">
                    {line.legalReference}
                  </Text>
                )}
              </Table.Td>
              {!document.simplified && (
                <>
                  <Table.Td ta="right">
                    {line.quantity === null
                      ? ''
                      : `${formatCount(Number(line.quantity), language)}${line.unit ? ` ${line.unit}` : ''}`}
                  </Table.Td>
                  <Table.Td ta="right">{money(line.unitPrice)}</Table.Td>
                  <Table.Td ta="right" data-testid="invoice-line-discount">
                    {line.adjustments.map((adjustment, position) => (
                      <div key={position}>{adjustmentText(adjustment, money, language)}</div>
                    ))}
                  </Table.Td>
                </>
              )}
              <Table.Td ta="right">
                {line.vatRate === null && line.vatAmount !== null
                  ? money(line.vatAmount)
                  : rate(line.vatRate, line.nature)}
              </Table.Td>
              <Table.Td ta="right">{money(line.total)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
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
      {document.vatSummary.length > 0 && (
        <Table withTableBorder fz="sm" data-testid="invoice-vat">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('invoice.vatRate')}</Table.Th>
              <Table.Th>{t('invoice.legalReference')}</Table.Th>
              <Table.Th>{t('invoice.chargeability')}</Table.Th>
              <Table.Th ta="right">{t('invoice.taxable')}</Table.Th>
              <Table.Th ta="right">{t('invoice.tax')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {document.vatSummary.map((row, index) => (
              <Table.Tr key={`${row.rate}-${row.nature}-${index}`}>
                <Table.Td>
                  {rate(row.rate, row.nature)}
                  {row.nature && (
                    <Text size="xs" c="dimmed">
                      {codeLabel(NATURES, row.nature, language).replace(/^\S+ · /, '')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{row.legalReference ?? ''}</Table.Td>
                <Table.Td>
                  {row.chargeability ? codeLabel(VAT_CHARGEABILITY, row.chargeability, language) : ''}
                </Table.Td>
                <Table.Td ta="right">{money(row.taxable)}</Table.Td>
                <Table.Td ta="right">{money(row.tax)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <WithholdingsFundsStamp document={document} />
      {document.reconciliation && (
        <ReconciliationBlock reconciliation={document.reconciliation} currency={document.currency} />
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

function References({ document }: { document: DocumentReading }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  if (document.references.length === 0 && document.deliveryNotes.length === 0 && !document.mainInvoice) {
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
      {document.mainInvoice && (
        <Small>
          {t('invoice.referenceLinkedInvoice')} {document.mainInvoice.number}{' '}
          {formatDate(document.mainInvoice.date, language)}
        </Small>
      )}
    </Stack>
  );
}

function WithholdingsFundsStamp({ document }: { document: DocumentReading }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const money = useMoney(document.currency);
  const { withholdings, funds, stamp } = document;
  if (withholdings.length === 0 && funds.length === 0 && !stamp) return null;
  return (
    <Stack gap="xs">
      {withholdings.length > 0 && (
        <Table withTableBorder fz="sm" data-testid="invoice-withholdings">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('invoice.withholdings')}</Table.Th>
              <Table.Th ta="right">{t('invoice.rate')}</Table.Th>
              <Table.Th>{t('invoice.paymentReason')}</Table.Th>
              <Table.Th ta="right">{t('invoice.amount')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {withholdings.map((withholding, index) => (
              <Table.Tr key={index} data-testid="invoice-withholding" data-amount={withholding.amount}>
                <Table.Td>{codeLabel(WITHHOLDING_TYPES, withholding.type, language)}</Table.Td>
                <Table.Td ta="right">{percent(withholding.rate, language)}</Table.Td>
                <Table.Td>{codeLabel(PAYMENT_REASONS, withholding.paymentReason, language)}</Table.Td>
                <Table.Td ta="right">{money(withholding.amount)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {funds.length > 0 && (
        <Table withTableBorder fz="sm" data-testid="invoice-funds">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('invoice.funds')}</Table.Th>
              <Table.Th ta="right">{t('invoice.fundBase')}</Table.Th>
              <Table.Th ta="right">{t('invoice.rate')}</Table.Th>
              <Table.Th>{t('invoice.fundVat')}</Table.Th>
              <Table.Th ta="right">{t('invoice.amount')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {funds.map((fund, index) => (
              <Table.Tr key={index} data-testid="invoice-fund" data-amount={fund.amount}>
                <Table.Td>
                  {codeLabel(FUND_TYPES, fund.type, language)}
                  {fund.withholding && (
                    <Text size="xs" c="dimmed">
                      {t('invoice.subjectToWithholding')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">{money(fund.taxableBase)}</Table.Td>
                <Table.Td ta="right">{percent(fund.rate, language)}</Table.Td>
                <Table.Td>
                  {fund.nature
                    ? `${percent(fund.vatRate, language)} ${codeLabel(NATURES, fund.nature, language)}`
                    : percent(fund.vatRate, language)}
                </Table.Td>
                <Table.Td ta="right">{money(fund.amount)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {stamp && (
        <Group justify="space-between" data-testid="invoice-stamp" data-amount={stamp.amount ?? ''}>
          <Small>
            {stamp.virtual ? t('invoice.stampVirtual') : t('invoice.stamp')}
            {stamp.chargedInLines ? ` (${t('invoice.stampInLines')})` : ''}
          </Small>
          <Small>{money(stamp.amount)}</Small>
        </Group>
      )}
    </Stack>
  );
}

function ReconciliationBlock({
  reconciliation,
  currency,
}: {
  reconciliation: Reconciliation;
  currency: string;
}) {
  const { t } = useTranslation();
  const money = useMoney(currency);
  const negative = (value: string) => money(`-${value}`);
  const nonZero = (value: string) => Number(value) !== 0;
  const row = (
    label: string,
    amount: string,
    options: { bold?: boolean; testId?: string; raw?: string } = {},
  ) => (
    <Table.Tr data-testid={options.testId} data-amount={options.testId ? options.raw : undefined}>
      <Table.Td fw={options.bold ? 700 : undefined}>{label}</Table.Td>
      <Table.Td ta="right" fw={options.bold ? 700 : undefined}>
        {amount}
      </Table.Td>
    </Table.Tr>
  );
  const r = reconciliation;
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
          {r.paymentsTotal !== null && row(t('invoice.paymentsTotal'), money(r.paymentsTotal))}
        </Table.Tbody>
      </Table>
      {r.declaredTotal !== null && (
        <Text fw={700} ta="right" data-testid="invoice-total">
          {t('invoice.total', { amount: money(r.declaredTotal) })}
        </Text>
      )}
      {r.mismatch && (
        <Alert color="orange" data-testid="invoice-mismatch" p="xs">
          {r.paymentsMatch === false && (
            <Text size="sm">
              {t('invoice.mismatchPayments', {
                payments: money(r.paymentsTotal),
                net: money(r.netToPay),
                difference: money(r.paymentsDifference?.replace(/^-/, '')),
              })}
            </Text>
          )}
          {r.declaredTotalMatches === false && (
            <Text size="sm">
              {t('invoice.mismatchDeclared', {
                declared: money(r.declaredTotal),
                total: money(r.documentTotal),
              })}
            </Text>
          )}
        </Alert>
      )}
    </Stack>
  );
}

function Payments({ document }: { document: DocumentReading }) {
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
          {terms.details.map((payment, index) => (
            <Text key={index} size="sm" data-testid="invoice-payment" data-amount={payment.amount}>
              {t('invoice.payment', {
                method: codeLabel(PAYMENT_METHODS, payment.method, language),
                amount: money(payment.amount),
                due: payment.due ? formatDate(payment.due, language) : '—',
              })}
              {[
                payment.iban ? t('invoice.iban', { iban: payment.iban }) : null,
                payment.institution ? t('invoice.institution', { name: payment.institution }) : null,
                payment.beneficiary ? t('invoice.beneficiary', { name: payment.beneficiary }) : null,
              ]
                .filter(Boolean)
                .map((part) => ` · ${part}`)
                .join('')}
            </Text>
          ))}
        </Stack>
      ))}
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
            title={[attachment.format, attachment.description].filter(Boolean).join(' · ') || undefined}
          >
            {attachment.name}
          </Button>
        ))}
      </Group>
      {error && <Alert color="red">{t('app.error', { message: error })}</Alert>}
    </Stack>
  );
}

import { Alert, Button, Divider, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PayloadEncoding } from '../../shared/api/types.ts';
import {
  codeLabel,
  DOCUMENT_TYPES,
  FISCAL_REGIMES,
  FUND_TYPES,
  LINE_KINDS,
  NATURES,
  PAYMENT_CONDITIONS,
  PAYMENT_METHODS,
  PAYMENT_REASONS,
  VAT_CHARGEABILITY,
  WITHHOLDING_TYPES,
} from '../../shared/fatturapa/code-labels/index.ts';
import { messageOf } from '../api.ts';
import { formatAmount, formatCount, formatDate, formatNumber } from '../format.ts';
import { useGateway } from '../gateway-context.ts';
import {
  payloadBytes,
  readInvoice,
  type Adjustment,
  type Attachment,
  type DocumentReading,
  type InvoiceReading,
  type Line,
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
      {party.eori && <Small>{t('invoiceView.eori', { code: party.eori })}</Small>}
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
      {party.contacts && (
        <Small>
          {[
            party.contacts.phone ? t('invoiceView.phone', { phone: party.contacts.phone }) : null,
            party.contacts.email ? t('invoiceView.email', { email: party.contacts.email }) : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Small>
      )}
      {party.administrationReference && (
        <Small>
          {t('invoiceView.administrationReference', { reference: party.administrationReference })}
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

/** A unit price with the decimals the file gives it (at least two): prices often have four or more. */
function unitPrice(value: string | null, language: string): string {
  if (value === null) return '';
  const decimals = Math.min(8, Math.max(2, (value.split('.')[1] ?? '').replace(/0+$/, '').length));
  return formatNumber(Number(value), language, decimals);
}

/**
 * The currency of the lines, VAT summary, withholdings and reconciliation: euro when the file gives euro values
 * beside a foreign currency (DocumentReading.exchange), else the document's own. The declared total and the
 * payments are always in the document's currency.
 */
function bookCurrency(document: DocumentReading): string {
  return document.exchange ? 'EUR' : document.currency;
}

function DocumentBlock({ document }: { document: DocumentReading }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const money = useMoney(bookCurrency(document));
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
      <CurrencyNote document={document} />
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
            <LineRow
              key={`${line.number}-${index}`}
              line={line}
              document={document}
              money={money}
              rate={rate}
            />
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
              <Table.Tr
                key={`${row.rate}-${row.nature}-${index}`}
                data-chargeability={row.chargeability ?? undefined}
              >
                <Table.Td>
                  {rate(row.rate, row.nature)}
                  {row.nature && (
                    <Text size="xs" c="dimmed">
                      {codeLabel(NATURES, row.nature, language).replace(/^\S+ · /, '')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{row.legalReference ?? ''}</Table.Td>
                <Table.Td fw={row.splitPayment ? 700 : undefined}>
                  {row.chargeability ? codeLabel(VAT_CHARGEABILITY, row.chargeability, language) : ''}
                </Table.Td>
                <Table.Td ta="right">
                  {money(row.taxable)}
                  {row.incidentalCosts !== null && (
                    <Text size="xs" c="dimmed">
                      {t('invoiceView.incidentalCosts', { amount: money(row.incidentalCosts) })}
                    </Text>
                  )}
                  {row.rounding !== null && (
                    <Text size="xs" c="dimmed">
                      {t('invoiceView.rounding', { amount: money(row.rounding) })}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">{money(row.tax)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
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

/** Divisa other than EUR: the euro value the file gives beside it, or that it gives none. */
function CurrencyNote({ document }: { document: DocumentReading }) {
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

/** Numbers, units and amounts stay on one line: "20 h" broken after the 20 reads as two values. */
const NOWRAP = { whiteSpace: 'nowrap' } as const;

function LineRow({
  line,
  document,
  money,
  rate,
}: {
  line: Line;
  document: DocumentReading;
  money: (value: string | null | undefined) => string;
  rate: (value: string | null, nature: string | null) => string;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const foreign = useMoney(document.currency);
  const note = (text: ReactNode) =>
    text ? (
      <Text size="xs" c="dimmed">
        {text}
      </Text>
    ) : null;
  return (
    <Table.Tr>
      <Table.Td>{line.number}</Table.Td>
      <Table.Td>
        {line.kind && (
          <Text size="xs" fw={700}>
            {codeLabel(LINE_KINDS, line.kind, language)}
          </Text>
        )}
        {line.description}
        {note(line.codes.map((code) => `${code.type} ${code.value}`).join(' · '))}
        {(line.periodStart || line.periodEnd) &&
          note([formatDate(line.periodStart, language), formatDate(line.periodEnd, language)].join(' – '))}
        {note(line.legalReference)}
        {line.otherData.map((data, index) => (
          <Text key={index} size="xs" c="dimmed" data-testid="invoice-line-data">
            {[
              data.type,
              data.text,
              data.number === null ? null : formatNumber(Number(data.number), language),
              formatDate(data.date, language),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        ))}
        {line.withholding && note(t('invoice.subjectToWithholding'))}
        {line.administrationReference &&
          note(t('invoiceView.administrationReference', { reference: line.administrationReference }))}
      </Table.Td>
      {!document.simplified && (
        <>
          <Table.Td ta="right" style={NOWRAP}>
            {line.quantity === null
              ? ''
              : `${formatCount(Number(line.quantity), language)}${line.unit ? ` ${line.unit}` : ''}`}
          </Table.Td>
          <Table.Td ta="right" style={NOWRAP}>
            {unitPrice(line.unitPrice, language)}
          </Table.Td>
          <Table.Td ta="right" style={NOWRAP} data-testid="invoice-line-discount">
            {line.adjustments.map((adjustment, position) => (
              <div key={position}>{adjustmentText(adjustment, money, language)}</div>
            ))}
          </Table.Td>
        </>
      )}
      <Table.Td ta="right" style={NOWRAP}>
        {line.vatRate === null && line.vatAmount !== null
          ? money(line.vatAmount)
          : rate(line.vatRate, line.nature)}
      </Table.Td>
      <Table.Td ta="right" style={NOWRAP}>
        {money(line.total)}
        {line.currencyAmount !== null &&
          note(t('invoiceView.lineInCurrency', { amount: foreign(line.currencyAmount) }))}
      </Table.Td>
    </Table.Tr>
  );
}

function References({ document }: { document: DocumentReading }) {
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

function WithholdingsFundsStamp({ document }: { document: DocumentReading }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const money = useMoney(bookCurrency(document));
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
                  {fund.administrationReference && (
                    <Text size="xs" c="dimmed">
                      {t('invoiceView.administrationReference', { reference: fund.administrationReference })}
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

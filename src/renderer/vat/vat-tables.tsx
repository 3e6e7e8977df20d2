import { Anchor, Badge, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { VatFigure, VatSide, VatSummaryLine } from '../../shared/books/index.ts';
import { codeLabel, NATURES } from '../../shared/fatturapa/code-labels/index.ts';
import { decimalOfCents } from '../format/cents.ts';
import type { VatFigureChoice } from './documents-behind.ts';
import type { VatSettlement } from './settlement.ts';
import { chargeabilityLabel, lineLabel, money, rateLabel } from './vat-format.ts';

const AMOUNT = { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

export type OpenFigure = (figure: VatFigureChoice, title: string) => void;

/** "3 documents", a button that opens them (`vat-open`); nothing to open, plain text. Hidden on paper. */
function OpenDocuments({ count, onOpen, label }: { count: number; onOpen: () => void; label: string }) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <Anchor
      component="button"
      type="button"
      size="sm"
      style={{ whiteSpace: 'nowrap' }}
      onClick={onOpen}
      aria-label={t('vat.open', { figure: label })}
      data-testid="vat-open"
    >
      {t('vat.documents', { count })}
    </Anchor>
  );
}

function FigureRow(props: {
  testId: string;
  label: ReactNode;
  detail?: ReactNode;
  /** What data-amount says (plain decimal). */
  amount: bigint;
  /** What the row shows: the amount with the sign it has in the settlement. */
  shown: bigint;
  strong?: boolean;
  open?: { figure: VatFigure; choice: VatFigureChoice; title: string; onOpen: OpenFigure };
  extra?: Record<string, string>;
}) {
  const { i18n } = useTranslation();
  const weight = props.strong ? 700 : undefined;
  return (
    <Table.Tr data-testid={props.testId} data-amount={decimalOfCents(props.amount)} {...props.extra}>
      <Table.Td>
        <Text fw={weight} size={props.strong ? 'lg' : 'sm'}>
          {props.label}
        </Text>
        {props.detail && (
          <Text size="xs" c="dimmed">
            {props.detail}
          </Text>
        )}
      </Table.Td>
      <Table.Td className="vat-screen-only">
        {props.open && (
          <OpenDocuments
            count={props.open.figure.documents.length}
            label={props.open.title}
            onOpen={() => props.open!.onOpen(props.open!.choice, props.open!.title)}
          />
        )}
      </Table.Td>
      <Table.Td style={AMOUNT}>
        <Text fw={weight} size={props.strong ? 'lg' : 'sm'} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {money(props.shown, i18n.language)}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The settlement, as the periodic communication adds it up: VAT due on sales, less deductible VAT, less the
 * previous period's credit (or plus its small debt), makes the VAT to pay or the credit carried forward.
 * `vat-sales`, `vat-purchases`, `vat-previous-credit`, `vat-net`, `vat-split` carry `data-amount` (docs/qa.md).
 */
export function SettlementTable({
  settlement,
  previousPeriodText,
  onOpen,
}: {
  settlement: VatSettlement;
  previousPeriodText: string | null;
  onOpen: OpenFigure;
}) {
  const { t } = useTranslation();
  const { summary } = settlement;
  const previous = settlement.previousDebt > 0n;
  const result =
    settlement.net < 0n
      ? { label: t('vat.credit'), shown: settlement.credit, hint: t('vat.creditNext') }
      : settlement.carried > 0n
        ? { label: t('vat.carriedLabel'), shown: settlement.carried, hint: t('vat.carried') }
        : settlement.net === 0n
          ? { label: t('vat.nothingDue'), shown: 0n, hint: null }
          : { label: t('vat.toPay'), shown: settlement.toPay, hint: null };
  return (
    <Stack gap="xs">
      <Title order={3}>{t('vat.settlement')}</Title>
      <Table maw={760} data-testid="vat-settlement" verticalSpacing={6}>
        <Table.Tbody>
          <FigureRow
            testId="vat-sales"
            label={t('vat.salesVat')}
            amount={summary.salesVat.cents}
            shown={summary.salesVat.cents}
            open={{
              figure: summary.salesVat,
              choice: { kind: 'sales-vat' },
              title: t('vat.salesVat'),
              onOpen,
            }}
          />
          <FigureRow
            testId="vat-purchases"
            label={t('vat.purchaseVat')}
            amount={summary.purchaseVat.cents}
            shown={-summary.purchaseVat.cents}
            open={{
              figure: summary.purchaseVat,
              choice: { kind: 'purchase-vat' },
              title: t('vat.purchaseVat'),
              onOpen,
            }}
          />
          <FigureRow
            testId="vat-previous-credit"
            label={previous ? t('vat.previousDebt') : t('vat.previousCredit')}
            detail={
              previousPeriodText === null
                ? t('vat.firstOfYear')
                : t('vat.from', { period: previousPeriodText })
            }
            amount={previous ? -settlement.previousDebt : settlement.previousCredit}
            shown={previous ? settlement.previousDebt : -settlement.previousCredit}
            extra={{ 'data-kind': previous ? 'debt' : 'credit' }}
          />
          <FigureRow
            testId="vat-net"
            label={result.label}
            detail={result.hint}
            amount={settlement.net}
            shown={result.shown}
            strong
            extra={{
              'data-to-pay': decimalOfCents(settlement.toPay),
              'data-credit': decimalOfCents(settlement.credit),
              'data-carried': decimalOfCents(settlement.carried),
            }}
          />
          {(summary.splitPaymentVat.cents !== 0n || summary.splitPaymentVat.documents.length > 0) && (
            <FigureRow
              testId="vat-split"
              label={t('vat.splitPayment')}
              detail={t('vat.splitPaymentHint')}
              amount={summary.splitPaymentVat.cents}
              shown={summary.splitPaymentVat.cents}
              open={{
                figure: summary.splitPaymentVat,
                choice: { kind: 'split-payment' },
                title: t('vat.splitPayment'),
                onOpen,
              }}
            />
          )}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** One register's lines: a `vat-row` per rate, nature and chargeability, and their total. */
export function LinesTable({
  side,
  lines,
  counted,
  onOpen,
}: {
  side: VatSide;
  lines: readonly VatSummaryLine[];
  counted: bigint;
  onOpen: OpenFigure;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const total = lines.reduce(
    (sum, line) => ({ taxable: sum.taxable + line.taxable, tax: sum.tax + line.tax }),
    { taxable: 0n, tax: 0n },
  );
  return (
    <Stack gap={4}>
      <Title order={3}>{side === 'sales' ? t('vat.sales') : t('vat.purchases')}</Title>
      <Text size="sm" c="dimmed">
        {side === 'sales' ? t('vat.salesIntro') : t('vat.purchasesIntro')}
      </Text>
      {lines.length === 0 ? (
        <Text size="sm" data-testid={`vat-${side}-empty`}>
          {t('vat.noLines')}
        </Text>
      ) : (
        <Table striped fz="sm" data-testid={`vat-${side}-lines`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('vat.rate')}</Table.Th>
              <Table.Th>{t('vat.nature')}</Table.Th>
              <Table.Th>{t('vat.chargeability')}</Table.Th>
              <Table.Th style={AMOUNT}>{t('vat.taxable')}</Table.Th>
              <Table.Th style={AMOUNT}>{t('vat.vat')}</Table.Th>
              <Table.Th style={AMOUNT}>
                {side === 'sales' ? t('vat.vatDue') : t('vat.vatDeductible')}
              </Table.Th>
              <Table.Th className="vat-screen-only">{t('vat.documentsColumn')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line) => {
              const label = lineLabel(line, language, t);
              return (
                <Table.Tr
                  key={`${line.source}|${line.rate}|${line.nature ?? ''}|${line.chargeability}`}
                  data-testid="vat-row"
                  data-side={line.side}
                  data-source={line.source}
                  data-rate={line.rate}
                  data-nature={line.nature ?? ''}
                  data-chargeability={line.chargeability}
                  data-taxable={decimalOfCents(line.taxable)}
                  data-vat={decimalOfCents(line.tax)}
                  data-counted={decimalOfCents(line.counted)}
                >
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {line.nature && line.rate === '0.00' ? '—' : rateLabel(line.rate, language)}
                  </Table.Td>
                  <Table.Td>
                    {line.nature && (
                      <Text size="sm" title={codeLabel(NATURES, line.nature, language)}>
                        {codeLabel(NATURES, line.nature, language)}
                      </Text>
                    )}
                    {line.source === 'self-invoice' && (
                      <Badge size="sm" variant="light" color="grape" tt="none">
                        {t('vat.selfInvoice')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {chargeabilityLabel(line.chargeability, t)}
                  </Table.Td>
                  <Table.Td style={AMOUNT}>{money(line.taxable, language)}</Table.Td>
                  <Table.Td style={AMOUNT}>{money(line.tax, language)}</Table.Td>
                  <Table.Td style={AMOUNT}>{money(line.counted, language)}</Table.Td>
                  <Table.Td className="vat-screen-only">
                    <OpenDocuments
                      count={line.documents.length}
                      label={label}
                      onOpen={() => onOpen({ kind: 'line', line }, label)}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th colSpan={3}>{t('vat.total')}</Table.Th>
              <Table.Th style={AMOUNT}>{money(total.taxable, language)}</Table.Th>
              <Table.Th style={AMOUNT}>{money(total.tax, language)}</Table.Th>
              <Table.Th style={AMOUNT}>{money(counted, language)}</Table.Th>
              <Table.Th className="vat-screen-only" />
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      )}
    </Stack>
  );
}

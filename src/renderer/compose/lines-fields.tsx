/**
 * The line editor: one row per line (description, quantity, unit, unit price, discount, VAT, computed total) with
 * the column names once above the rows; where the form is narrow (a 1024 px window) each line takes two rows,
 * the description above the figures, and every input shows its own label (compose.css). Under a line: its Natura
 * and legal reference when it has no VAT, whether it is subject to the withholding, its discounts and surcharges
 * when there is more than one percentage discount, and the problems found in it.
 */
import { ActionIcon, Button, Checkbox, Group, Paper, Select, Stack, Text, Textarea } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  computeTotals,
  emptyLine,
  regimeNature,
  setNature,
  type DraftAdjustment,
  type DraftLine,
} from '../../shared/fatturapa/compose/index.ts';
import { NATURES } from '../../shared/fatturapa/code-labels/index.ts';
import { CataloguePick } from '../catalogue/line-pick.tsx';
import { formatAmount } from '../format/format.ts';
import { AmountInput } from '../inputs/amount-input.tsx';
import { hasProblem, RowProblems } from './field-problems.tsx';
import { codeOptions, Field, NATURE_CODES, RemoveButton, VAT_RATES, type FormProps } from './form-parts.tsx';
import { lineExempt } from './placement.ts';

const CELL_LABEL = { label: 'compose-cell-label' };

/** The discount column edits a line with no adjustment or a single percentage discount; else the editor below. */
function simpleDiscount(adjustments: readonly DraftAdjustment[]): string | null {
  if (adjustments.length === 0) return '';
  const [only] = adjustments;
  return adjustments.length === 1 && only?.type === 'SC' && only.amount === '' ? only.percentage : null;
}

export function LinesFields({ draft, change, problems }: FormProps) {
  const { t } = useTranslation();
  const totals = useMemo(() => computeTotals(draft), [draft]);
  return (
    <Stack gap="xs" className="compose-lines">
      <div className="compose-line-head" aria-hidden="true">
        <span style={{ gridArea: 'n' }}>#</span>
        <span style={{ gridArea: 'desc' }}>{t('compose.description')}</span>
        <span style={{ gridArea: 'qty' }}>{t('compose.quantity')}</span>
        <span style={{ gridArea: 'unit' }}>{t('compose.unit')}</span>
        <span style={{ gridArea: 'price' }}>{t('compose.unitPrice')}</span>
        <span style={{ gridArea: 'disc' }}>{t('compose.discount')}</span>
        <span style={{ gridArea: 'vat' }}>{t('compose.vat')}</span>
        <span style={{ gridArea: 'total', textAlign: 'right' }}>{t('compose.lineTotal')}</span>
      </div>
      {draft.lines.map((line, i) => (
        <LineRow
          key={i}
          index={i}
          line={line}
          total={totals.lines[i] ?? '0.00'}
          currency={draft.document.currency || 'EUR'}
          withholding={draft.withholdings.length > 0}
          removable={draft.lines.length > 1}
          change={change}
          problems={problems}
        />
      ))}
      <Group>
        <Button
          variant="light"
          onClick={() =>
            change((d) => {
              const line = emptyLine();
              line.withholding = d.withholdings.length > 0 && d.lines.some((l) => l.withholding);
              const nature = regimeNature(d.supplier.regime);
              if (nature !== null) setNature(line, nature, d.supplier.regime);
              d.lines.push(line);
            })
          }
          data-testid="compose-add-line"
        >
          {t('compose.addLine')}
        </Button>
      </Group>
      <CataloguePick draft={draft} change={change} />
    </Stack>
  );
}

function LineRow({
  index,
  line,
  total,
  currency,
  withholding,
  removable,
  change,
  problems,
}: {
  index: number;
  line: DraftLine;
  total: string;
  currency: string;
  withholding: boolean;
  removable: boolean;
  change: FormProps['change'];
  problems: FormProps['problems'];
}) {
  const { t, i18n } = useTranslation();
  const [adjusting, setAdjusting] = useState(false);
  const n = index + 1;
  const p = `lines[${index}]`;
  const set = (edit: (line: DraftLine) => void) => change((d) => edit(d.lines[index]!));
  const exempt = lineExempt(line);
  const discount = simpleDiscount(line.adjustments);
  const showAdjustments = adjusting || discount === null;
  const rateValue = exempt ? '0.00' : line.vatRate;
  const labels = {
    description: t('compose.description'),
    quantity: t('compose.quantity'),
    unit: t('compose.unit'),
    unitPrice: t('compose.unitPrice'),
    adjustments: t('compose.adjustments'),
    vatRate: t('compose.vat'),
    nature: t('compose.nature'),
    legalReference: t('compose.legalReference'),
    withholding: t('compose.lineWithholding'),
  };
  return (
    <Paper withBorder p="xs" data-testid="compose-line" role="group" aria-label={t('compose.line', { n })}>
      <div className="compose-line-row">
        <Text size="sm" fw={600} className="compose-line-number">
          {n}
        </Text>
        <Textarea
          label={labels.description}
          classNames={CELL_LABEL}
          style={{ gridArea: 'desc' }}
          autosize
          minRows={1}
          value={line.description}
          onChange={(e) => {
            const v = e.currentTarget.value;
            set((l) => (l.description = v));
          }}
          error={hasProblem(problems, `${p}.description`)}
        />
        <AmountInput
          kind="quantity"
          field={`${p}.quantity`}
          label={labels.quantity}
          classNames={CELL_LABEL}
          style={{ gridArea: 'qty' }}
          value={line.quantity}
          onChange={(v) => set((l) => (l.quantity = v))}
          error={hasProblem(problems, `${p}.quantity`)}
        />
        <Field
          label={labels.unit}
          classNames={CELL_LABEL}
          style={{ gridArea: 'unit' }}
          value={line.unit}
          onChange={(v) => set((l) => (l.unit = v))}
          error={hasProblem(problems, `${p}.unit`)}
        />
        <AmountInput
          field={`${p}.unitPrice`}
          label={labels.unitPrice}
          classNames={CELL_LABEL}
          style={{ gridArea: 'price' }}
          value={line.unitPrice}
          onChange={(v) => set((l) => (l.unitPrice = v))}
          error={hasProblem(problems, `${p}.unitPrice`)}
        />
        <AmountInput
          kind="percent"
          field={`${p}.adjustments`}
          label={t('compose.discount')}
          classNames={CELL_LABEL}
          style={{ gridArea: 'disc' }}
          value={discount ?? '…'}
          readOnly={discount === null}
          onChange={(v) =>
            set((l) => (l.adjustments = v === '' ? [] : [{ type: 'SC', percentage: v, amount: '' }]))
          }
          error={hasProblem(problems, `${p}.adjustments`)}
        />
        <Select
          label={labels.vatRate}
          classNames={CELL_LABEL}
          style={{ gridArea: 'vat' }}
          allowDeselect={false}
          value={rateValue}
          onChange={(v) =>
            change((d) => {
              const l = d.lines[index]!;
              l.vatRate = v ?? '22.00';
              if (v !== '0.00') {
                l.nature = '';
                l.legalReference = '';
              }
              // A scheme without VAT (RF19, RF02) knows the Natura of a line without VAT.
              const nature = regimeNature(d.supplier.regime);
              if (v === '0.00' && l.nature === '' && nature !== null) setNature(l, nature, d.supplier.regime);
            })
          }
          data={[...new Set([...VAT_RATES, rateValue])].map((rate) => ({
            value: rate,
            label: rate === '0.00' ? t('compose.exempt') : `${Number(rate)} %`,
          }))}
          error={hasProblem(problems, `${p}.vatRate`)}
        />
        <div className="compose-line-total" style={{ gridArea: 'total' }}>
          <span className="compose-cell-label">{t('compose.lineTotal')}</span>
          <Text fw={600} size="sm" data-testid="compose-line-total" data-value={total}>
            {formatAmount(total, currency, i18n.language)}
          </Text>
        </div>
        <div style={{ gridArea: 'actions' }} className="compose-line-actions">
          <ActionIcon
            variant={showAdjustments ? 'light' : 'subtle'}
            size="md"
            aria-label={t('compose.adjustmentsOf', { n })}
            title={t('compose.adjustmentsOf', { n })}
            aria-pressed={showAdjustments}
            disabled={discount === null}
            onClick={() => setAdjusting((on) => !on)}
          >
            ±
          </ActionIcon>
          <RemoveButton
            size="md"
            label={t('compose.removeLine', { n })}
            disabled={!removable}
            onClick={() => change((d) => d.lines.splice(index, 1))}
          />
        </div>
      </div>
      {(exempt || withholding) && (
        <Group gap="xs" mt={6} align="flex-end" className="compose-line-more" wrap="wrap">
          {exempt && (
            <>
              <Select
                label={labels.nature}
                w={300}
                searchable
                value={line.nature || null}
                // The Natura proposes its standard wording (legal-wording.ts) unless one was written.
                onChange={(v) => change((d) => setNature(d.lines[index]!, v ?? '', d.supplier.regime))}
                data={codeOptions(NATURES, i18n.language, NATURE_CODES)}
                error={hasProblem(problems, `${p}.nature`)}
              />
              <Field
                label={labels.legalReference}
                style={{ flex: '1 1 14rem' }}
                value={line.legalReference}
                onChange={(v) => set((l) => (l.legalReference = v))}
                error={hasProblem(problems, `${p}.legalReference`)}
              />
            </>
          )}
          {withholding && (
            <Checkbox
              mb={8}
              label={labels.withholding}
              checked={line.withholding}
              onChange={(e) => {
                const on = e.currentTarget.checked;
                set((l) => (l.withholding = on));
              }}
            />
          )}
        </Group>
      )}
      {showAdjustments && <Adjustments index={index} line={line} change={change} problems={problems} />}
      <RowProblems problems={problems} prefix={p} labels={labels} />
    </Paper>
  );
}

/** Every ScontoMaggiorazione of a line, in order: a discount or surcharge, as a percentage or an amount. */
function Adjustments({
  index,
  line,
  change,
  problems,
}: {
  index: number;
  line: DraftLine;
  change: FormProps['change'];
  problems: FormProps['problems'];
}) {
  const { t } = useTranslation();
  const n = index + 1;
  const set = (edit: (adjustments: DraftAdjustment[]) => void) =>
    change((d) => edit(d.lines[index]!.adjustments));
  return (
    <Stack gap={4} mt={6} className="compose-line-more">
      {line.adjustments.map((a, j) => {
        const field = `lines[${index}].adjustments[${j}]`;
        return (
          <Group key={j} gap="xs" align="flex-end" wrap="wrap">
            <Select
              label={t('compose.adjustmentType')}
              w="13rem"
              allowDeselect={false}
              value={a.type}
              onChange={(v) => set((list) => (list[j]!.type = v === 'MG' ? 'MG' : 'SC'))}
              data={[
                { value: 'SC', label: t('compose.adjustmentDiscount') },
                { value: 'MG', label: t('compose.adjustmentSurcharge') },
              ]}
              error={hasProblem(problems, `${field}.type`)}
            />
            <AmountInput
              kind="percent"
              field={`${field}.percentage`}
              label={t('compose.adjustmentPercent')}
              w={110}
              value={a.percentage}
              onChange={(v) => set((list) => (list[j]!.percentage = v))}
              error={hasProblem(problems, `${field}.percentage`)}
            />
            <AmountInput
              field={`${field}.amount`}
              label={t('compose.adjustmentAmount')}
              w={130}
              value={a.amount}
              onChange={(v) => set((list) => (list[j]!.amount = v))}
              error={hasProblem(problems, `${field}.amount`)}
            />
            <RemoveButton
              label={t('compose.adjustmentRemove', { n, m: j + 1 })}
              onClick={() => set((list) => list.splice(j, 1))}
            />
          </Group>
        );
      })}
      <Group>
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => set((list) => list.push({ type: 'SC', percentage: '', amount: '' }))}
          data-testid="compose-add-adjustment"
        >
          {t('compose.adjustmentAdd', { n })}
        </Button>
      </Group>
    </Stack>
  );
}

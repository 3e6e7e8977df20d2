/**
 * Withholdings (DatiRitenuta), pension funds (DatiCassaPrevidenziale) and the stamp duty: as many withholdings and
 * funds as the invoice needs, each a row with its computed amount; the amounts are never typed.
 */
import { Button, Checkbox, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addFund,
  addWithholding,
  computeTotals,
  isSimplifiedDraft,
  removeFund,
  removeWithholding,
  setNature,
  type DraftFund,
  type DraftWithholding,
} from '../../shared/fatturapa/compose/index.ts';
import {
  FUND_TYPES,
  NATURES,
  PAYMENT_REASONS,
  WITHHOLDING_TYPES,
} from '../../shared/fatturapa/code-labels/index.ts';
import { formatAmount } from '../format/format.ts';
import { AmountInput } from '../inputs/amount-input.tsx';
import { errorAt, hasProblem, RowProblems } from './field-problems.tsx';
import { codeOptions, Field, NATURE_CODES, RemoveButton, VAT_RATES, type FormProps } from './form-parts.tsx';
import { fundExempt } from './placement.ts';

function Computed({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2} miw={110} align="flex-end" ml="auto">
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Text size="sm" fw={600} lh="2.25rem" style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Stack>
  );
}

export function ProfessionalFields({ draft, change, problems }: FormProps) {
  const { t, i18n } = useTranslation();
  const totals = useMemo(() => computeTotals(draft), [draft]);
  const money = (value: string) => formatAmount(value, draft.document.currency || 'EUR', i18n.language);
  return (
    <Stack gap="xs">
      {draft.withholdings.map((w, i) => (
        <WithholdingRow
          key={i}
          index={i}
          withholding={w}
          amount={money(totals.withholdings[i]?.amount ?? '0')}
          change={change}
          problems={problems}
        />
      ))}
      {draft.funds.map((f, i) => (
        <FundRow
          key={i}
          index={i}
          fund={f}
          amount={money(totals.funds[i]?.amount ?? '0')}
          base={money(totals.funds[i]?.base ?? '0')}
          withheld={draft.withholdings.length > 0}
          change={change}
          problems={problems}
        />
      ))}
      {/* FSM10 has neither: a simplified draft shows the rows it still holds (to remove them), and no buttons. */}
      {!isSimplifiedDraft(draft) && (
        <Group gap="xs">
          <Button
            variant="light"
            onClick={() => change(addWithholding)}
            data-testid="compose-add-withholding"
          >
            {t('compose.addWithholding')}
          </Button>
          <Button variant="light" onClick={() => change(addFund)} data-testid="compose-add-fund">
            {t('compose.addFund')}
          </Button>
        </Group>
      )}
      <Select
        label={t('compose.stamp')}
        w={320}
        allowDeselect={false}
        value={draft.stamp.mode}
        onChange={(v) => change((d) => (d.stamp.mode = v === 'yes' || v === 'no' ? v : 'auto'))}
        data={[
          { value: 'auto', label: t('compose.stampAuto') },
          { value: 'yes', label: t('compose.stampYes') },
          { value: 'no', label: t('compose.stampNo') },
        ]}
        error={errorAt(problems, 'stamp.amount') ?? errorAt(problems, 'stamp')}
        data-testid="compose-stamp"
      />
    </Stack>
  );
}

function WithholdingRow({
  index,
  withholding: w,
  amount,
  change,
  problems,
}: {
  index: number;
  withholding: DraftWithholding;
  amount: string;
  change: FormProps['change'];
  problems: FormProps['problems'];
}) {
  const { t, i18n } = useTranslation();
  const p = `withholdings[${index}]`;
  const n = index + 1;
  const set = (edit: (w: DraftWithholding) => void) => change((d) => edit(d.withholdings[index]!));
  const labels = {
    type: t('compose.withholdingType'),
    rate: t('compose.withholdingRate'),
    reason: t('compose.withholdingReason'),
    basePercent: t('compose.withholdingShare'),
    amount: t('compose.withholdingAmount'),
  };
  return (
    <Paper
      withBorder
      p="xs"
      role="group"
      aria-label={t('compose.withholdingN', { n })}
      data-testid="compose-withholding"
    >
      <Group gap="xs" align="flex-end" wrap="wrap">
        <Select
          label={labels.type}
          style={{ flex: '1 1 13rem' }}
          allowDeselect={false}
          value={w.type}
          onChange={(v) => set((x) => (x.type = v ?? 'RT01'))}
          data={codeOptions(WITHHOLDING_TYPES, i18n.language)}
          error={hasProblem(problems, `${p}.type`)}
        />
        <AmountInput
          kind="percent"
          field={`${p}.rate`}
          label={labels.rate}
          w="6rem"
          value={w.rate}
          onChange={(v) => set((x) => (x.rate = v))}
          error={hasProblem(problems, `${p}.rate`)}
        />
        <Select
          label={labels.reason}
          style={{ flex: '1 1 13rem' }}
          searchable
          value={w.reason || null}
          onChange={(v) => set((x) => (x.reason = v ?? ''))}
          data={codeOptions(PAYMENT_REASONS, i18n.language)}
          error={hasProblem(problems, `${p}.reason`)}
        />
        <AmountInput
          kind="percent"
          field={`${p}.basePercent`}
          label={labels.basePercent}
          w="8.5rem"
          placeholder="100"
          value={w.basePercent}
          onChange={(v) => set((x) => (x.basePercent = v))}
          error={hasProblem(problems, `${p}.basePercent`)}
        />
        <Computed label={labels.amount} value={amount} />
        <RemoveButton
          label={t('compose.withholdingRemove', { n })}
          onClick={() => change((d) => removeWithholding(d, index))}
        />
      </Group>
      <RowProblems problems={problems} prefix={p} labels={labels} />
    </Paper>
  );
}

function FundRow({
  index,
  fund: f,
  amount,
  base,
  withheld,
  change,
  problems,
}: {
  index: number;
  fund: DraftFund;
  amount: string;
  base: string;
  /** The invoice has a withholding: the contribution may be subject to it. */
  withheld: boolean;
  change: FormProps['change'];
  problems: FormProps['problems'];
}) {
  const { t, i18n } = useTranslation();
  const p = `funds[${index}]`;
  const n = index + 1;
  const set = (edit: (f: DraftFund) => void) => change((d) => edit(d.funds[index]!));
  const exempt = fundExempt(f);
  const rateValue = exempt ? '0.00' : f.vatRate;
  const labels = {
    type: t('compose.fundType'),
    rate: t('compose.fundRate'),
    base: t('compose.fundBase'),
    vatRate: t('compose.fundVat'),
    nature: t('compose.nature'),
    withholding: t('compose.fundWithholding'),
    legalReference: t('compose.legalReference'),
  };
  return (
    <Paper withBorder p="xs" role="group" aria-label={t('compose.fundN', { n })} data-testid="compose-fund">
      <Group gap="xs" align="flex-end" wrap="wrap">
        <Select
          label={labels.type}
          style={{ flex: '1 1 13rem' }}
          allowDeselect={false}
          searchable
          value={f.type}
          onChange={(v) => set((x) => (x.type = v ?? 'TC22'))}
          data={codeOptions(FUND_TYPES, i18n.language)}
          error={hasProblem(problems, `${p}.type`)}
        />
        <AmountInput
          kind="percent"
          field={`${p}.rate`}
          label={labels.rate}
          w="6rem"
          value={f.rate}
          onChange={(v) => set((x) => (x.rate = v))}
          error={hasProblem(problems, `${p}.rate`)}
        />
        <AmountInput
          field={`${p}.base`}
          label={labels.base}
          w="9rem"
          placeholder={base}
          value={f.base}
          onChange={(v) => set((x) => (x.base = v))}
          error={hasProblem(problems, `${p}.base`)}
        />
        <Select
          label={labels.vatRate}
          w="8rem"
          allowDeselect={false}
          value={rateValue}
          onChange={(v) =>
            set((x) => {
              x.vatRate = v ?? '22.00';
              if (v !== '0.00') x.nature = '';
            })
          }
          data={[...new Set([...VAT_RATES, rateValue])].map((rate) => ({
            value: rate,
            label: rate === '0.00' ? t('compose.exempt') : `${Number(rate)} %`,
          }))}
          error={hasProblem(problems, `${p}.vatRate`)}
        />
        <Computed label={t('compose.fundAmount')} value={amount} />
        <RemoveButton
          label={t('compose.fundRemove', { n })}
          onClick={() => change((d) => removeFund(d, index))}
        />
      </Group>
      {(exempt || withheld || f.withholding) && (
        <Group gap="xs" align="flex-end" wrap="wrap" mt={6}>
          {exempt && (
            <>
              <Select
                label={labels.nature}
                w="18rem"
                searchable
                value={f.nature || null}
                onChange={(v) => change((d) => setNature(d.funds[index]!, v ?? '', d.supplier.regime))}
                data={codeOptions(NATURES, i18n.language, NATURE_CODES)}
                error={hasProblem(problems, `${p}.nature`)}
              />
              <Field
                label={labels.legalReference}
                style={{ flex: '1 1 12rem' }}
                value={f.legalReference}
                onChange={(v) => set((x) => (x.legalReference = v))}
                error={hasProblem(problems, `${p}.legalReference`)}
              />
            </>
          )}
          {(withheld || f.withholding) && (
            <Checkbox
              mb={8}
              label={labels.withholding}
              checked={f.withholding}
              onChange={(e) => {
                const on = e.currentTarget.checked;
                set((x) => (x.withholding = on));
              }}
            />
          )}
        </Group>
      )}
      <RowProblems problems={problems} prefix={p} labels={labels} />
    </Paper>
  );
}

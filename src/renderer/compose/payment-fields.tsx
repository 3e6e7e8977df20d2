/**
 * Payment (DatiPagamento): the conditions and one row per instalment (DettaglioPagamento) with its method, due
 * date, amount and IBAN. A new instalment is due 30 days after the one before (edits.ts); an amount left blank is
 * the share of the net to pay the typed ones leave (totals.ts), shown under it and written in the file.
 */
import { Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addInstalment,
  computeTotals,
  isSimplifiedDraft,
  removeInstalment,
  type DraftPaymentDetail,
} from '../../shared/fatturapa/compose/index.ts';
import { PAYMENT_CONDITIONS, PAYMENT_METHODS } from '../../shared/fatturapa/code-labels/index.ts';
import { formatAmount } from '../format/format.ts';
import { AmountInput } from '../inputs/amount-input.tsx';
import { DateField } from '../inputs/date-field.tsx';
import { errorAt, hasProblem, RowProblems } from './field-problems.tsx';
import { codeOptions, Field, RemoveButton, type FormProps } from './form-parts.tsx';

export function PaymentFields({ draft, change, problems }: FormProps) {
  const { t, i18n } = useTranslation();
  const totals = useMemo(() => computeTotals(draft), [draft]);
  const money = (value: string) => formatAmount(value, draft.document.currency || 'EUR', i18n.language);
  const payment = draft.payments[0];
  // A simplified invoice has no DatiPagamento: said instead of the fields, unless the draft still holds some.
  if (isSimplifiedDraft(draft) && payment === undefined)
    return (
      <Text size="sm" c="dimmed" data-testid="compose-simplified-no-payment">
        {t('compose.simplifiedNoPayment')}
      </Text>
    );
  return (
    <Stack gap="xs">
      <Group gap="md" align="flex-end" wrap="wrap">
        <Select
          label={t('compose.paymentConditions')}
          w={300}
          // Clicking the chosen condition again keeps it: the instalments go only when each is removed (✕).
          allowDeselect={false}
          value={payment?.conditions ?? null}
          placeholder={t('compose.noPayment')}
          onChange={(v) =>
            change((d) => {
              if (v === null) d.payments = [];
              else {
                if (!d.payments[0]?.details.length) addInstalment(d);
                d.payments[0]!.conditions = v;
              }
            })
          }
          data={codeOptions(PAYMENT_CONDITIONS, i18n.language, ['TP01', 'TP02', 'TP03'])}
          error={errorAt(problems, 'payments[0].conditions')}
          data-testid="compose-payment-conditions"
        />
        <Text size="sm" mb={8} data-testid="compose-payment-net">
          {t('compose.paymentNet', { amount: money(totals.netToPay) })}
        </Text>
      </Group>
      {payment?.details.map((detail, j) => (
        <InstalmentRow
          key={j}
          index={j}
          detail={detail}
          proposed={money(totals.payments[0]?.[j] ?? '0')}
          change={change}
          problems={problems}
        />
      ))}
      {draft.payments.length > 1 && (
        <Text size="sm" c="dimmed">
          {t('compose.paymentOthers', { count: draft.payments.length - 1 })}
        </Text>
      )}
      <Group>
        <Button variant="light" onClick={() => change(addInstalment)} data-testid="compose-add-instalment">
          {payment ? t('compose.addInstalment') : t('compose.addPayment')}
        </Button>
      </Group>
    </Stack>
  );
}

function InstalmentRow({
  index,
  detail,
  proposed,
  change,
  problems,
}: {
  index: number;
  detail: DraftPaymentDetail;
  proposed: string;
  change: FormProps['change'];
  problems: FormProps['problems'];
}) {
  const { t, i18n } = useTranslation();
  const n = index + 1;
  const p = `payments[0].details[${index}]`;
  const set = (edit: (d: DraftPaymentDetail) => void) => change((d) => edit(d.payments[0]!.details[index]!));
  const labels = {
    method: t('compose.paymentMethod'),
    due: t('compose.dueDate'),
    amount: t('compose.paymentAmount'),
    iban: t('compose.iban'),
  };
  return (
    <Paper
      withBorder
      p="xs"
      role="group"
      aria-label={t('compose.instalmentN', { n })}
      data-testid="compose-instalment"
    >
      <Group gap="xs" align="flex-start" wrap="wrap">
        <Text size="sm" fw={600} w={20} lh="2.25rem" mt={26}>
          {n}
        </Text>
        <Select
          label={labels.method}
          w={220}
          searchable
          allowDeselect={false}
          value={detail.method}
          onChange={(v) => set((x) => (x.method = v ?? 'MP05'))}
          data={codeOptions(PAYMENT_METHODS, i18n.language)}
          error={hasProblem(problems, `${p}.method`)}
        />
        <DateField
          field={`${p}.due`}
          label={labels.due}
          w={160}
          value={detail.due}
          onChange={(v) => set((x) => (x.due = v))}
          error={hasProblem(problems, `${p}.due`)}
        />
        <AmountInput
          field={`${p}.amount`}
          label={labels.amount}
          w={140}
          value={detail.amount}
          onChange={(v) => set((x) => (x.amount = v))}
          // The proposal under the input, so the row's inputs stay in line.
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          description={
            detail.amount.trim() === '' ? t('compose.paymentAmountProposed', { amount: proposed }) : undefined
          }
          error={hasProblem(problems, `${p}.amount`)}
        />
        <Field
          label={labels.iban}
          style={{ flex: '1 1 17rem' }}
          value={detail.iban}
          onChange={(v) => set((x) => (x.iban = v.toUpperCase()))}
          error={errorAt(problems, `${p}.iban`)}
        />
        <div style={{ marginTop: 26 }}>
          <RemoveButton
            label={t('compose.instalmentRemove', { n })}
            onClick={() => change((d) => removeInstalment(d, index))}
          />
        </div>
      </Group>
      <RowProblems problems={problems.filter((x) => x.field !== `${p}.iban`)} prefix={p} labels={labels} />
    </Paper>
  );
}

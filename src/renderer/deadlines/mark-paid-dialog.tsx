import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Deadline, PaymentRecord } from '../../shared/books/index.ts';
import { centsText } from '../../shared/books/index.ts';
import { messageOf } from '../data/api.ts';
import { centsOf, decimalOfCents } from '../format/cents.ts';
import { formatAmount, formatDate } from '../format/format.ts';
import { AmountInput } from '../inputs/amount-input.tsx';
import { DateField } from '../inputs/date-field.tsx';
import { isCredit, paymentProblem, remaining, type PaymentProblem } from './deadline-view.ts';

/** The words of the dialog by what the row is: a collection, a payment, or a credit note's refund. */
function wordsOf(row: Deadline) {
  if (isCredit(row))
    return { title: 'deadlines.dialog.refund', date: 'deadlines.dialog.refundedOn' } as const;
  return row.direction === 'receivable'
    ? ({ title: 'deadlines.dialog.collect', date: 'deadlines.dialog.collectedOn' } as const)
    : ({ title: 'deadlines.dialog.pay', date: 'deadlines.dialog.paidOn' } as const);
}

const PROBLEM_KEYS: Record<PaymentProblem, string> = {
  amountMissing: 'deadlines.dialog.amountMissing',
  amountZero: 'deadlines.dialog.amountZero',
  amountOver: 'deadlines.dialog.amountOver',
  dateMissing: 'deadlines.dialog.dateMissing',
};

/**
 * "Mark as collected / paid" (`mark-paid-dialog`): the date (today by default) and the amount (the outstanding by
 * default; less records a partial payment). Typed the language's way (`1.000,50`), checked before it is kept.
 */
export function MarkPaidDialog({
  row,
  instalments,
  today,
  onRecord,
  onClose,
}: {
  row: Deadline;
  /** How many instalments the row's document has. */
  instalments: number;
  today: string;
  onRecord: (payment: PaymentRecord) => Promise<void>;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const left = remaining(row);
  const [date, setDate] = useState(today);
  const [amount, setAmount] = useState<string>(decimalOfCents(left));
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const words = wordsOf(row);
  const money = (cents: bigint) => formatAmount(decimalOfCents(cents), row.currency, language);
  const cents = amount === '' ? null : centsOf(amount);
  const problem = paymentProblem(row, cents, date);
  const shown = tried ? problem : null;
  const amountProblem =
    shown && shown !== 'dateMissing' ? t(PROBLEM_KEYS[shown], { amount: money(left) }) : null;
  const dateProblem = shown === 'dateMissing' ? t(PROBLEM_KEYS.dateMissing) : null;

  const submit = async () => {
    setTried(true);
    if (problem !== null || cents === null) return;
    setSaving(true);
    setFailure(null);
    try {
      await onRecord({ instalment: row.key, date, amount: centsText(cents) });
    } catch (e) {
      setFailure(t('deadlines.dialog.failed', { message: messageOf(e) }));
      setSaving(false);
    }
  };

  const earlier = row.payments
    .map((p) => t('deadlines.paidOn', { amount: money(p.amount), date: formatDate(p.date, language) }))
    .join(', ');
  return (
    <Modal opened onClose={onClose} title={t(words.title)} data-testid="mark-paid-dialog" centered size={500}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              {t('deadlines.dialog.what', {
                counterparty: row.counterparty.name,
                document: t('deadlines.document', {
                  number: row.number,
                  date: formatDate(row.date, language),
                }),
              })}
              {instalments > 1 &&
                `, ${t('deadlines.instalment', { position: row.position, count: instalments })}`}
            </Text>
            <Text size="sm" data-testid="mark-paid-outstanding" data-amount={decimalOfCents(left)}>
              {t('deadlines.dialog.outstanding', {
                amount: money(left),
                date: formatDate(row.due, language),
              })}
            </Text>
            {earlier && (
              <Text size="xs" c="dimmed">
                {t('deadlines.dialog.earlier', { payments: earlier })}
              </Text>
            )}
          </Stack>
          <Group grow align="start">
            <DateField
              label={t(words.date)}
              value={date}
              onChange={setDate}
              data-testid="payment-date"
              error={dateProblem}
              data-autofocus
            />
            <AmountInput
              label={t('deadlines.dialog.amount', { currency: row.currency })}
              value={amount}
              onChange={setAmount}
              data-testid="payment-amount"
              error={amountProblem}
            />
          </Group>
          <Text size="xs" c="dimmed">
            {t('deadlines.dialog.partialHint')}
          </Text>
          {failure && (
            <Text size="sm" c="red.8" role="alert">
              {failure}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('deadlines.dialog.cancel')}
            </Button>
            <Button type="submit" loading={saving} data-testid="payment-confirm">
              {t('deadlines.dialog.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

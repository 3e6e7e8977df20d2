/**
 * The schedule of a recurring invoice (`recurring-form`), for a new one or to change one: its name, every month,
 * quarter or year, the day of the month, the first and the optional last date, and the next dates it gives.
 */
import { Button, Group, Modal, NumberInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  RECURRING_EVERY,
  checkSchedule,
  occurrencesBetween,
  type RecurringEvery,
  type RecurringSchedule,
  type ScheduleProblem,
} from '../../shared/recurring/index.ts';
import { messageOf } from '../data/api.ts';
import { formatDate } from '../format/format.ts';
import { DateField } from '../inputs/date-field.tsx';

/** How often, in words: the form's choice and the list's schedule. */
export const EVERY_TEXT: Record<RecurringEvery, string> = {
  month: 'recurring.every.month',
  quarter: 'recurring.every.quarter',
  year: 'recurring.every.year',
};

const PROBLEM_TEXT: Record<ScheduleProblem | 'name', string> = {
  name: 'recurring.form.problem.name',
  day: 'recurring.form.problem.day',
  start: 'recurring.form.problem.start',
  end: 'recurring.form.problem.end',
  endBeforeStart: 'recurring.form.problem.endBeforeStart',
};

export function RecurringForm({
  title,
  name: initialName,
  schedule: initial,
  onSave,
  onClose,
}: {
  title: string;
  name: string;
  schedule: RecurringSchedule;
  onSave: (name: string, schedule: RecurringSchedule) => Promise<void>;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [name, setName] = useState(initialName);
  const [every, setEvery] = useState<RecurringEvery>(initial.every);
  const [day, setDay] = useState<number | string>(initial.day);
  const [start, setStart] = useState(initial.start);
  const [end, setEnd] = useState(initial.end ?? '');
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const schedule: RecurringSchedule = { every, day: Number(day), start, end: end === '' ? null : end };
  const problems: (ScheduleProblem | 'name')[] = [
    ...(name.trim() === '' ? (['name'] as const) : []),
    ...checkSchedule(schedule),
  ];
  const problemAt = (field: ScheduleProblem | 'name') =>
    tried && problems.includes(field) ? t(PROBLEM_TEXT[field]) : null;
  const next = problems.some((p) => p !== 'name')
    ? []
    : occurrencesBetween(schedule, null, '9999-12-31').slice(0, 3);

  const submit = async () => {
    setTried(true);
    if (problems.length > 0) return;
    setSaving(true);
    setFailure(null);
    try {
      await onSave(name.trim(), schedule);
    } catch (error) {
      setFailure(t('recurring.form.failed', { message: messageOf(error) }));
      setSaving(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={title} centered size={520}>
      <form
        data-testid="recurring-form"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t('recurring.form.name')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={problemAt('name')}
            data-testid="recurring-name"
            data-autofocus
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="recurring-every-label">
              {t('recurring.form.every')}
            </Text>
            <SegmentedControl
              aria-labelledby="recurring-every-label"
              value={every}
              onChange={(value) => setEvery(value as RecurringEvery)}
              data={RECURRING_EVERY.map((value) => ({ value, label: t(EVERY_TEXT[value]) }))}
              data-testid="recurring-every"
            />
          </Stack>
          <Group grow align="start">
            <NumberInput
              label={t('recurring.form.day')}
              description={t('recurring.form.dayHint')}
              min={1}
              max={31}
              allowDecimal={false}
              value={day}
              onChange={setDay}
              error={problemAt('day')}
              data-testid="recurring-day"
            />
            <DateField
              label={t('recurring.form.start')}
              description={t('recurring.form.startHint')}
              value={start}
              onChange={setStart}
              error={problemAt('start')}
              data-testid="recurring-start"
            />
          </Group>
          <DateField
            label={t('recurring.form.end')}
            value={end}
            onChange={setEnd}
            error={problemAt('end') ?? problemAt('endBeforeStart')}
            data-testid="recurring-end"
          />
          {next.length > 0 && (
            <Text size="sm" data-testid="recurring-next-dates" data-first={next[0]}>
              {t('recurring.form.next', {
                dates: next.map((date) => formatDate(date, i18n.language)).join(', '),
              })}
            </Text>
          )}
          {failure && (
            <Text size="sm" c="red.8" role="alert">
              {failure}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('recurring.form.cancel')}
            </Button>
            <Button type="submit" loading={saving} data-testid="recurring-save">
              {t('recurring.form.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

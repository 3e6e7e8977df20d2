import { Button, Group, Paper, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  addDeliveryNote,
  lineNumbersText,
  parseLineNumbers,
  removeDeliveryNote,
  type InvoiceDraft,
} from '../../shared/fatturapa/compose/index.ts';
import { DateField } from '../inputs/date-field.tsx';
import { hasProblem, RowProblems, type FieldProblems } from './field-problems.tsx';
import { Field, RemoveButton, type Change } from './form-parts.tsx';

/** DatiDDT: the delivery notes a deferred invoice (TD24) refers to, each with the lines it delivered. */
export function DeliveryNotes({
  draft,
  change,
  problems,
}: {
  draft: InvoiceDraft;
  change: Change;
  problems: FieldProblems;
}) {
  const { t } = useTranslation();
  const labels = {
    number: t('compose.ddtNumber'),
    date: t('compose.ddtDate'),
    lines: t('compose.ddtLines'),
  };
  return (
    <Stack gap="xs">
      {draft.deliveryNotes.map((note, i) => {
        const p = `deliveryNotes[${i}]`;
        const n = i + 1;
        const set = (edit: (note: InvoiceDraft['deliveryNotes'][number]) => void) =>
          change((d) => edit(d.deliveryNotes[i]!));
        return (
          <Paper
            key={i}
            withBorder
            p="xs"
            role="group"
            aria-label={t('compose.ddtN', { n })}
            data-testid="compose-ddt"
          >
            <Group gap="xs" align="flex-end" wrap="wrap">
              <Field
                label={labels.number}
                w={200}
                value={note.number}
                onChange={(v) => set((x) => (x.number = v))}
                error={hasProblem(problems, `${p}.number`)}
              />
              <DateField
                field={`${p}.date`}
                label={labels.date}
                w="10rem"
                value={note.date}
                onChange={(v) => set((x) => (x.date = v))}
                error={hasProblem(problems, `${p}.date`)}
              />
              <Field
                label={labels.lines}
                style={{ flex: '1 1 12rem' }}
                inputMode="numeric"
                value={lineNumbersText(note.lines)}
                onChange={(v) => set((x) => (x.lines = parseLineNumbers(v)))}
                error={hasProblem(problems, `${p}.lines`)}
              />
              <RemoveButton
                label={t('compose.ddtRemove', { n })}
                onClick={() => change((d) => removeDeliveryNote(d, i))}
              />
            </Group>
            <RowProblems problems={problems} prefix={p} labels={labels} />
          </Paper>
        );
      })}
      <Group>
        <Button
          variant="light"
          size="compact-sm"
          onClick={() => change((d) => void addDeliveryNote(d))}
          data-testid="compose-add-ddt"
        >
          {t('compose.ddtAdd')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The Problems box below the totals: how many problems are at their fields (with a button to go to the first), how
 * many wait until their field is left, and, listed, those the form has no field for.
 */
import { Button, Group, List, Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { InvoiceDraft } from '../../shared/fatturapa/compose/index.ts';
import { focusFirstProblem, problemColor, type FieldProblems } from './field-problems.tsx';
import { isPlaced } from './placement.ts';

/** Mantine's teal text is below 4.5:1 on white: the darkest shade in light, a pale one in dark. */
const STATUS_TEXT = {
  teal: { label: { color: 'light-dark(var(--mantine-color-teal-9), var(--mantine-color-teal-2))' } },
};

export function ProblemsSummary({
  draft,
  shown,
  hidden,
}: {
  draft: InvoiceDraft;
  shown: FieldProblems;
  hidden: number;
}) {
  const { t } = useTranslation();
  // Each problem once: at its field when the form shows it, else in the list below the totals.
  const unplaced = shown.filter((p) => !isPlaced(draft, p.field));
  const atFields = shown.length - unplaced.length;
  return (
    <Paper withBorder p="sm">
      <Title order={3} fz="md" mb="xs">
        {t('compose.problems')}
      </Title>
      {shown.length === 0 && hidden > 0 ? (
        <Text size="sm" c="dimmed" data-testid="compose-problems-hidden" data-count={hidden}>
          {t('compose.problemsHidden')}
        </Text>
      ) : shown.length === 0 ? (
        <Text size="sm" style={STATUS_TEXT.teal.label} data-testid="compose-problems-none">
          {t('compose.problemsNone')}
        </Text>
      ) : (
        <>
          {atFields > 0 && (
            <Group gap="xs">
              <Text size="sm" data-testid="compose-problems-at-fields" data-count={atFields}>
                {t('compose.problemsAtFields', { count: atFields })}
              </Text>
              <Button variant="subtle" size="compact-sm" onClick={focusFirstProblem}>
                {t('compose.problemsGoTo')}
              </Button>
            </Group>
          )}
          {hidden > 0 && (
            <Text size="sm" c="dimmed" data-testid="compose-problems-hidden" data-count={hidden}>
              {t('compose.problemsHidden')}
            </Text>
          )}
          {unplaced.length > 0 && (
            <List size="sm" mt={atFields > 0 ? 'xs' : 0}>
              {unplaced.map((p, i) => (
                <List.Item
                  key={`${p.field}-${p.code}-${i}`}
                  data-testid="compose-field-problem"
                  data-field={p.element}
                  style={{ color: problemColor(p.severity) }}
                >
                  {p.text}
                </List.Item>
              ))}
            </List>
          )}
        </>
      )}
    </Paper>
  );
}

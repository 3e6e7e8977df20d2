import { Paper, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/** One part of the console: a titled region (a landmark screen readers can jump to) with a line saying what it does. */
export function Section({
  title,
  intro,
  testId,
  children,
  color,
}: {
  title: string;
  intro?: string;
  testId?: string;
  children: ReactNode;
  /** A border colour for the part that deletes things. */
  color?: string;
}) {
  const id = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={id}
      withBorder
      p="md"
      radius="md"
      data-testid={testId}
      style={color ? { borderColor: `var(--mantine-color-${color}-filled)` } : undefined}
    >
      <Stack gap="sm">
        <Title order={3} id={id}>
          {title}
        </Title>
        {intro && (
          <Text size="sm" c="dimmed">
            {intro}
          </Text>
        )}
        {children}
      </Stack>
    </Paper>
  );
}

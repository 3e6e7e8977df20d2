import { Alert, Code, List, Text } from '@mantine/core';
import type { ProblemDetails } from '../shared/api/types.ts';

/** An API problem as the user needs it: what went wrong, then every error with where it is and what to do. */
export function ProblemList({ problem, testId }: { problem: ProblemDetails; testId?: string }) {
  const errors = problem.errors ?? [];
  return (
    <Alert color="red" title={problem.title} data-testid={testId}>
      {problem.detail && problem.detail !== problem.title && <Text size="sm">{problem.detail}</Text>}
      {errors.length > 0 && (
        <List size="sm" mt="xs" spacing={4}>
          {errors.map((error, index) => (
            <List.Item key={index} data-testid="problem" data-code={error.code}>
              <Code>{error.code}</Code> {error.description}
              {error.path && (
                <Text span size="xs" c="dimmed">
                  {' '}
                  ({error.path})
                </Text>
              )}
              {error.hint && (
                <Text size="xs" c="dimmed">
                  {error.hint}
                </Text>
              )}
            </List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}

import { Alert, Code, List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ProblemDetails } from '../../shared/api/types.ts';

/**
 * An API problem as the user needs it: how many problems, then every error with where it is and what to do. The
 * problem's own title and summary are the API's words ("Unprocessable content… see errors"), so with errors
 * listed they are left out; without any, the detail (in the UI language) says what went wrong.
 */
export function ProblemList({ problem, testId }: { problem: ProblemDetails; testId?: string }) {
  const { t } = useTranslation();
  const errors = problem.errors ?? [];
  return (
    <Alert
      color="red"
      title={errors.length > 0 ? t('problems.found', { count: errors.length }) : undefined}
      data-testid={testId}
    >
      {errors.length === 0 && <Text size="sm">{problem.detail || problem.title}</Text>}
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

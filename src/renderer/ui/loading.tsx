import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../data/api.ts';

/**
 * The three states of a query made explicit, one way on every screen: a spinner until there is data, the error
 * with a retry, or the content. The data of a previous read stays while a new one runs (placeholder or refetch),
 * so a table does not jump back to a spinner between pages.
 */
export function QueryView<T>({
  query,
  children,
}: {
  query: Pick<UseQueryResult<T>, 'data' | 'error' | 'refetch'>;
  children: (value: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.error) {
    return (
      <Alert color="red" data-testid="load-error">
        <Group justify="space-between">
          <Text size="sm">{t('app.error', { message: messageOf(query.error) })}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
            {t('app.retry')}
          </Button>
        </Group>
      </Alert>
    );
  }
  if (query.data === undefined) return <Loader role="status" aria-label={t('app.loading')} />;
  return <>{children(query.data)}</>;
}

import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from './api.ts';

export interface Loaded<T> {
  /** The latest value; kept while a reload runs, so a table does not jump back to a spinner between pages. */
  value: T | null;
  error: string | null;
  loading: boolean;
  reload: () => void;
}

/** Runs `load` now, again whenever it changes (wrap it in useCallback), and on `reload()`. */
export function useLoad<T>(load: () => Promise<T>): Loaded<T> {
  const [state, setState] = useState<Omit<Loaded<T>, 'reload'>>({ value: null, error: null, loading: true });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    load().then(
      (value) => live && setState({ value, error: null, loading: false }),
      (e: unknown) => live && setState({ value: null, error: messageOf(e), loading: false }),
    );
    return () => {
      live = false;
    };
  }, [load, round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { ...state, reload };
}

/** The three states of loaded data made explicit: a spinner, the error with a retry, or the content. */
export function LoadedView<T>({
  loaded,
  children,
}: {
  loaded: Loaded<T>;
  children: (value: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (loaded.error !== null) {
    return (
      <Alert color="red" data-testid="load-error">
        <Group justify="space-between">
          <Text size="sm">{t('app.error', { message: loaded.error })}</Text>
          <Button size="xs" variant="light" color="red" onClick={loaded.reload}>
            {t('app.retry')}
          </Button>
        </Group>
      </Alert>
    );
  }
  if (loaded.value === null) return <Loader role="status" aria-label={t('app.loading')} />;
  return <>{children(loaded.value)}</>;
}

/**
 * On the dashboard of an empty local sandbox: one button that fills it with demo data (`POST /_sandbox/seed`,
 * through the gateway's local-only `sandbox.control`). The dashboard follows the sandbox's live changes, so the
 * counts fill in as the data arrives; the card stays until the outcome is shown. Nothing for a remote profile.
 */
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { problemOf } from '../data/api.ts';
import { useActiveProfile } from '../data/profiles.ts';
import { useGateway } from '../gateway/gateway-context.ts';

interface Outcome {
  environments: { sent: number; received: number }[];
}

type State =
  | { phase: 'idle' }
  | { phase: 'loading' }
  | { phase: 'done'; sent: number; received: number }
  | { phase: 'failed'; message: string };

/** `empty`: the sandbox has no invoice yet. The card stays while loading, as the data starts to arrive. */
export function LoadDemoData({ empty }: { empty: boolean }) {
  const { t, i18n } = useTranslation();
  const gateway = useGateway();
  const local = useActiveProfile()?.kind === 'local';
  const [state, setState] = useState<State>({ phase: 'idle' });

  if (!local || (!empty && state.phase === 'idle')) return null;

  const load = async () => {
    setState({ phase: 'loading' });
    try {
      const response = await gateway.sandbox.control({
        method: 'POST',
        path: '/seed',
        body: { profile: 'demo' },
        headers: { 'accept-language': i18n.language },
      });
      if (response.status === 201) {
        const [sandbox] = (response.body as Outcome).environments;
        setState({ phase: 'done', sent: sandbox?.sent ?? 0, received: sandbox?.received ?? 0 });
      } else {
        // The server's problem, in the UI's language: already there is data, or a seeding is under way.
        const problem = problemOf(response);
        setState({
          phase: 'failed',
          message: t('demoData.failed', { message: problem?.detail ?? `HTTP ${response.status}` }),
        });
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      setState({ phase: 'failed', message: t('demoData.failed', { message }) });
    }
  };

  return (
    <Card withBorder data-testid="demo-data">
      <Stack gap="sm" align="flex-start">
        <Title order={4}>{t('demoData.title')}</Title>
        {state.phase === 'done' ? (
          <Alert color="green" role="status" data-testid="demo-data-loaded">
            {t('demoData.done', { sent: state.sent, received: state.received })}
          </Alert>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {t('demoData.intro')}
            </Text>
            <Group>
              <Button
                data-testid="load-demo-data"
                loading={state.phase === 'loading'}
                onClick={() => void load()}
              >
                {t('demoData.load')}
              </Button>
              {state.phase === 'loading' && (
                <Text size="sm" role="status">
                  {t('demoData.loading')}
                </Text>
              )}
            </Group>
          </>
        )}
        {state.phase === 'failed' && (
          <Alert color="red" role="alert" data-testid="demo-data-failed">
            {state.message}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}

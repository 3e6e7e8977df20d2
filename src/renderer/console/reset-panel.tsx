import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../data/api.ts';
import { useGateway } from '../gateway/gateway-context.ts';
import type { ResetCounts } from '../../shared/api/types.ts';
import { previewReset, resetSandbox } from './sandbox-api.ts';
import { Section } from './section.tsx';

const WHAT: { key: keyof ResetCounts; label: string }[] = [
  { key: 'company', label: 'console.resetCompany' },
  { key: 'send', label: 'console.resetSend' },
  { key: 'update', label: 'console.resetUpdate' },
  { key: 'receive', label: 'console.resetReceive' },
  { key: 'log', label: 'console.resetLog' },
  { key: 'held', label: 'console.resetHeld' },
  { key: 'webhook', label: 'console.resetWebhook' },
];

/**
 * Starts the account's sandbox over. The confirmation lists what goes, counted by the sandbox with the very
 * deletions the reset makes (`dry_run`), so it cannot say less than what happens.
 */
export function ResetPanel({ onReset }: { onReset: () => void }) {
  const { t } = useTranslation();
  const gateway = useGateway();
  const [counts, setCounts] = useState<ResetCounts | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const ask = async () => {
    setBusy(true);
    setDone(false);
    setError(null);
    try {
      setCounts(await previewReset(gateway));
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  const reset = async () => {
    setCounts(null);
    setBusy(true);
    try {
      await resetSandbox(gateway);
      setDone(true);
      onReset();
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  const listed = counts ? WHAT.filter((w) => counts[w.key] > 0) : [];
  return (
    <Section title={t('console.resetTitle')} intro={t('console.resetIntro')} color="red">
      <Group>
        <Button
          color="red"
          variant="outline"
          loading={busy}
          onClick={() => void ask()}
          data-testid="reset-sandbox"
        >
          {t('console.reset')}
        </Button>
      </Group>
      {done && (
        <Alert color="green" role="status" data-testid="reset-done">
          {t('console.resetDone')}
        </Alert>
      )}
      {error && (
        <Alert color="red" role="alert" data-testid="console-error">
          {t('console.failed', { message: error })}
        </Alert>
      )}
      <Modal opened={counts !== null} onClose={() => setCounts(null)} title={t('console.resetConfirmTitle')}>
        {counts && (
          <Stack
            data-testid="reset-confirm"
            data-company={counts.company}
            data-send={counts.send}
            data-receive={counts.receive}
            data-log={counts.log}
            data-held={counts.held}
            data-webhook={counts.webhook}
          >
            {listed.length === 0 ? (
              <Text size="sm">{t('console.resetNothing')}</Text>
            ) : (
              <>
                <Text size="sm">{t('console.resetWhat')}</Text>
                <List size="sm">
                  {listed.map((w) => (
                    <List.Item key={w.key}>{t(w.label, { count: counts[w.key] })}</List.Item>
                  ))}
                </List>
              </>
            )}
            <Text size="sm" c="dimmed">
              {t('console.resetKeeps')}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setCounts(null)} data-testid="reset-cancel">
                {t('console.resetNo')}
              </Button>
              <Button color="red" onClick={() => void reset()} data-testid="reset-confirm-yes">
                {t('console.resetYes')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Section>
  );
}

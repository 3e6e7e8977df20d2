import { Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from './format.ts';
import { useGateway } from './gateway-context.ts';

/**
 * What is left to spend, beside a billed read: the account's operations (`GET /status`), and in the sandbox that
 * they use no credit. Nothing when the service does not say.
 */
export function OperationsLeft({ testId }: { testId: string }) {
  const { t, i18n } = useTranslation();
  const gateway = useGateway();
  const [said, setSaid] = useState<{ left: number | null; sandbox: boolean } | null>(null);
  useEffect(() => {
    let live = true;
    void (async () => {
      const view = await gateway.profiles.list();
      const profile = view.profiles.find((p) => p.id === view.activeId);
      const check = await gateway.profiles.check({ id: view.activeId }).catch(() => null);
      if (live)
        setSaid({
          left: check?.ok ? check.operationsLeft : null,
          sandbox: profile?.environment === 'test',
        });
    })().catch(() => {});
    return () => {
      live = false;
    };
  }, [gateway]);
  if (!said) return null;
  return (
    <Stack gap={2} mb="md" data-testid={testId}>
      {said.left !== null && (
        <Text size="sm" c="dimmed">
          {t('lists.operationsLeft', { left: formatCount(said.left, i18n.language) })}
        </Text>
      )}
      {said.sandbox && (
        <Text size="sm" c="dimmed">
          {t('lists.sandboxFree')}
        </Text>
      )}
    </Stack>
  );
}

import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../data/keys.ts';
import { useActiveProfile } from '../data/profiles.ts';
import { formatCount } from '../format/format.ts';
import { useGateway } from '../gateway/gateway-context.ts';

/**
 * What is left to spend, beside a billed read: the account's operations (`GET /status`), and in the sandbox that
 * they use no credit. Nothing when the service does not say.
 */
export function OperationsLeft({ testId }: { testId: string }) {
  const { t, i18n } = useTranslation();
  const gateway = useGateway();
  const profile = useActiveProfile();
  const check = useQuery({
    queryKey: queryKeys.profileCheck(profile?.id ?? ''),
    queryFn: () => gateway.profiles.check({ id: profile!.id }).catch(() => null),
    enabled: profile !== null,
  });
  if (!profile || check.data === undefined) return null;
  const said = {
    left: check.data?.ok ? check.data.operationsLeft : null,
    sandbox: profile.environment === 'test',
  };
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

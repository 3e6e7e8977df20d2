import { Button, Group, NumberInput, Switch, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  NORMAL_RECEIVER_BEHAVIOUR,
  RECEIVER_DELAY_MAX_MS,
  RECEIVER_FAIL_NEXT_MAX,
  type ReceiverBehaviour,
} from '../../shared/api/webhook-tools.ts';
import { clientOf, messageOf } from '../data/api.ts';
import { useGateway } from '../gateway/gateway-context.ts';

const whole = (value: string | number, max: number) =>
  Math.min(max, Math.max(0, Math.trunc(typeof value === 'number' ? value : Number(value) || 0)));

/**
 * Tells the running built-in receiver to fail the next calls, answer late or never (`PUT
 * /_sandbox/receiver/behaviour`), so a developer sees retries and timeouts in the delivery history.
 */
export function ReceiverBehaviourControls() {
  const { t } = useTranslation();
  const gateway = useGateway();
  const [draft, setDraft] = useState<ReceiverBehaviour>(NORMAL_RECEIVER_BEHAVIOUR);
  const apply = useMutation({
    mutationFn: (behaviour: ReceiverBehaviour) => clientOf(gateway).sandbox.setReceiverBehaviour(behaviour),
  });
  return (
    <Group align="end" gap="sm" data-testid="receiver-behaviour">
      <NumberInput
        label={t('webhooks.tools.failNext')}
        description={t('webhooks.tools.failNextHint')}
        min={0}
        max={RECEIVER_FAIL_NEXT_MAX}
        w={300}
        value={draft.fail_next}
        onChange={(v) => setDraft({ ...draft, fail_next: whole(v, RECEIVER_FAIL_NEXT_MAX) })}
        data-testid="receiver-fail-next"
      />
      <NumberInput
        label={t('webhooks.tools.delayMs')}
        min={0}
        max={RECEIVER_DELAY_MAX_MS}
        step={500}
        w={160}
        value={draft.delay_ms}
        onChange={(v) => setDraft({ ...draft, delay_ms: whole(v, RECEIVER_DELAY_MAX_MS) })}
        data-testid="receiver-delay"
      />
      <Switch
        label={t('webhooks.tools.hang')}
        checked={draft.timeout}
        onChange={(e) => setDraft({ ...draft, timeout: e.currentTarget.checked })}
        mb={8}
        data-testid="receiver-timeout"
      />
      <Button
        variant="default"
        loading={apply.isPending}
        onClick={() => apply.mutate(draft)}
        data-testid="receiver-behaviour-apply"
      >
        {t('webhooks.tools.applyBehaviour')}
      </Button>
      {apply.isSuccess && (
        <Text size="sm" c="teal" mb={8}>
          {t('webhooks.tools.behaviourSaved')}
        </Text>
      )}
      {apply.isError && (
        <Text size="sm" c="red" mb={8}>
          {t('app.error', { message: messageOf(apply.error) })}
        </Text>
      )}
    </Group>
  );
}

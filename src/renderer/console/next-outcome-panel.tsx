import { Alert, Anchor, Button, Group, Select, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../data/api.ts';
import { useGateway } from '../gateway/gateway-context.ts';
import { href, sentAddress } from '../shell/routes.ts';
import {
  describeScenario,
  OUTCOME_LABELS,
  OUTCOMES,
  scenarioOf,
  sdiCodeOptions,
  type OutcomeKind,
} from './outcomes.ts';
import { Section } from './section.tsx';

/**
 * Picks an SDI outcome for the next submission made from the app. The host keeps it and adds it, as a
 * `Sandbox-Scenario` header, to that one submission whichever screen makes it; this panel shows what is armed and
 * where the last one went.
 */
/** The outcome armed for the next submission: host state, kept per console refresh. */
const NEXT_OUTCOME = ['sandbox', 'next-outcome'] as const;

export function NextOutcomePanel({ refreshKey }: { refreshKey: unknown }) {
  const { t, i18n } = useTranslation();
  const gateway = useGateway();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<OutcomeKind>('scarto');
  const [code, setCode] = useState('00404');
  const [armError, setArmError] = useState<string | null>(null);
  const codes = useMemo(() => sdiCodeOptions(i18n.language), [i18n.language]);
  // What is armed, read again with the console (`refreshKey`: its actions and the live changes).
  const next = useQuery({
    queryKey: [...NEXT_OUTCOME, refreshKey],
    queryFn: () => gateway.sandbox.nextOutcome(),
    placeholderData: keepPreviousData,
  });
  const state = next.data ?? null;
  const error = armError ?? (next.error ? messageOf(next.error) : null);

  const arm = async (scenario: string | null) => {
    setArmError(null);
    try {
      const armed = await gateway.sandbox.setNextOutcome({ scenario });
      queryClient.setQueryData([...NEXT_OUTCOME, refreshKey], armed);
    } catch (e) {
      setArmError(messageOf(e));
    }
  };

  return (
    <Section title={t('console.nextTitle')} intro={t('console.nextIntro')}>
      <Select
        label={t('console.nextLabel')}
        allowDeselect={false}
        value={kind}
        onChange={(value) => value && setKind(value as OutcomeKind)}
        data={OUTCOMES.map((o) => ({ value: o, label: t(OUTCOME_LABELS[o]) }))}
        data-testid="next-outcome"
      />
      {kind === 'scarto' && (
        <Select
          label={t('console.nextCode')}
          searchable
          allowDeselect={false}
          value={code}
          onChange={(value) => value && setCode(value)}
          data={codes}
          data-testid="next-outcome-code"
        />
      )}
      <Group>
        <Button onClick={() => void arm(scenarioOf(kind, code))} data-testid="next-outcome-arm">
          {t('console.nextArm')}
        </Button>
      </Group>
      {state?.scenario ? (
        <Alert color="grape" role="status" data-testid="next-outcome-armed" data-scenario={state.scenario}>
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm">{t('console.nextArmed', { outcome: describeScenario(state.scenario, t) })}</Text>
            <Button
              size="xs"
              variant="default"
              onClick={() => void arm(null)}
              data-testid="next-outcome-clear"
            >
              {t('console.nextClear')}
            </Button>
          </Group>
        </Alert>
      ) : (
        state && (
          <Text size="sm" c="dimmed" data-testid="next-outcome-none">
            {t('console.nextNone')}
          </Text>
        )
      )}
      {state?.applied && (
        <Text size="sm" data-testid="next-outcome-applied" data-send-id={state.applied.sendId ?? undefined}>
          {state.applied.sendId !== null ? (
            <Anchor href={href(sentAddress(state.applied.sendId))} size="sm">
              {t('console.nextApplied', {
                id: state.applied.sendId,
                outcome: describeScenario(state.applied.scenario, t),
              })}
            </Anchor>
          ) : (
            describeScenario(state.applied.scenario, t)
          )}
        </Text>
      )}
      {error && (
        <Alert color="red" role="alert" data-testid="console-error">
          {t('console.failed', { message: error })}
        </Alert>
      )}
    </Section>
  );
}

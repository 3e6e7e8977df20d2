import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTimeSeconds } from '../format/format.ts';
import { DateTimeField } from '../inputs/date-field.tsx';
import type { SandboxTime } from '../shell/sandbox-clock.tsx';
import type { ClockMover } from './clock-move.tsx';
import { formatDuration } from './durations.ts';
import { Section } from './section.tsx';

/** The steps offered as one click each, as the API's `advance` takes them. */
const STEPS = [
  { advance: '1h', label: 'console.step1h' },
  { advance: '1d', label: 'console.step1d' },
  { advance: '10d', label: 'console.step10d' },
  { advance: '15d', label: 'console.step15d' },
] as const;

/** A button in line with an input that has a label: as far down as the label is tall. */
const BESIDE_INPUT = { marginTop: 'calc(var(--mantine-font-size-sm) * var(--mantine-line-height))' };

/** Under this the sandbox reads as real time (the header's badge hides then too). */
const SAME_MS = 60_000;

/** The sandbox time, and the ways to move it: back to now, a step forward, a chosen instant, stop or restart. */
export function ClockPanel({ time, mover }: { time: SandboxTime | null; mover: ClockMover }) {
  const { t, i18n } = useTranslation();
  const [at, setAt] = useState('');
  const offset = time ? time.now.getTime() - time.wall : 0;
  const offsetText =
    Math.abs(offset) < SAME_MS
      ? t('console.realTime')
      : t(offset > 0 ? 'console.ahead' : 'console.behind', { duration: formatDuration(offset, t) });
  const chosen = at ? new Date(at) : null;
  return (
    <Section title={t('console.clockTitle')} intro={t('console.clockIntro')} testId="console-clock">
      <Group gap="sm" align="baseline">
        <Title order={4} component="p" data-testid="clock-time" data-frozen={time?.frozen ?? undefined}>
          {time ? formatDateTimeSeconds(time.now.toISOString(), i18n.language) : '…'}
        </Title>
        {time && (
          // `dot`: the colour is a marker beside dark text, so the badge reads at full contrast (as StateBadge).
          <Badge variant="dot" color={time.frozen ? 'grape' : 'teal'} data-testid="clock-running">
            {time.frozen ? t('console.frozen') : t('console.running')}
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {offsetText}
      </Text>
      <Stack gap="xs">
        <Group gap="xs" role="group" aria-label={t('console.moveGroup')}>
          <Button
            variant="default"
            title={t('console.nowHint')}
            disabled={mover.busy}
            onClick={() => mover.move({ set: new Date().toISOString() })}
            data-testid="clock-now"
          >
            {t('console.now')}
          </Button>
          {STEPS.map((step) => (
            <Button
              key={step.advance}
              variant="light"
              disabled={mover.busy}
              onClick={() => mover.move({ advance: step.advance })}
              data-testid="clock-advance"
              data-step={step.advance}
            >
              {t(step.label)}
            </Button>
          ))}
        </Group>
        {/* Aligned at the top, the buttons beside the input: a date's error under it leaves them in line. */}
        <Group gap="xs" align="flex-start">
          <DateTimeField
            label={t('console.setLabel')}
            w="14rem"
            value={at}
            onChange={setAt}
            data-testid="clock-set-input"
          />
          <Button
            variant="default"
            style={BESIDE_INPUT}
            disabled={mover.busy || !chosen || Number.isNaN(chosen.getTime())}
            onClick={() => chosen && mover.move({ set: chosen.toISOString() })}
            data-testid="clock-set"
          >
            {t('console.set')}
          </Button>
          <Button
            variant="default"
            style={BESIDE_INPUT}
            disabled={mover.busy || !time}
            onClick={() => mover.move({ freeze: !time?.frozen })}
            data-testid="clock-freeze"
            data-frozen={time?.frozen ?? undefined}
          >
            {time?.frozen ? t('console.unfreeze') : t('console.freeze')}
          </Button>
        </Group>
      </Stack>
      {mover.outcome}
    </Section>
  );
}

import { Badge, Tooltip } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProfileView } from '../shared/gateway/channels.ts';
import { sandboxClock } from './api.ts';
import { formatDateTime } from './format.ts';
import { useGateway } from './gateway-context.ts';

export interface SandboxTime {
  /** The sandbox's now, ticking with real time unless the clock is frozen. */
  now: Date;
  offsetSeconds: number;
  frozen: boolean;
}

/** Under a minute apart the two clocks read the same to a person: no need to say anything. */
const SAME_MS = 60_000;
const TICK_MS = 30_000;

/**
 * The local sandbox's clock, while it differs from real time (moved with `POST /_sandbox/clock`, or frozen);
 * null otherwise, and always for remote profiles, which have no such clock. Asked again on `refreshKey` (each
 * screen change): the clock only moves when someone moves it.
 */
export function useSandboxClock(profile: ProfileView | null, refreshKey: unknown): SandboxTime | null {
  const gateway = useGateway();
  const local = profile?.kind === 'local';
  const [state, setState] = useState<{ at: number; now: number; offset: number; frozen: boolean } | null>(
    null,
  );
  const [tick, setTick] = useState(() => Date.now());
  useEffect(() => {
    if (!local) return;
    let live = true;
    void sandboxClock(gateway).then((clock) => {
      if (!live) return;
      setState(
        clock
          ? { at: Date.now(), now: Date.parse(clock.now), offset: clock.offset_seconds, frozen: clock.frozen }
          : null,
      );
    });
    return () => {
      live = false;
    };
  }, [gateway, local, refreshKey]);
  useEffect(() => {
    const timer = setInterval(() => setTick(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  if (!local || !state) return null;
  const now = state.frozen ? state.now : state.now + (tick - state.at);
  if (Math.abs(now - tick) < SAME_MS) return null;
  return { now: new Date(now), offsetSeconds: state.offset, frozen: state.frozen };
}

/** The header's reminder that the sandbox lives at another time than the wall clock. */
export function SandboxClockBadge({ clock }: { clock: SandboxTime }) {
  const { t, i18n } = useTranslation();
  const time = formatDateTime(clock.now.toISOString(), i18n.language);
  return (
    <Tooltip label={clock.frozen ? t('clock.frozen') : t('clock.moved')} multiline w={280}>
      <Badge variant="outline" color="grape" size="lg" tt="none" data-testid="sandbox-clock">
        {t('clock.label', { time })}
      </Badge>
    </Tooltip>
  );
}

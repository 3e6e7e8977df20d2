import { Badge, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProfileView } from '../../shared/gateway/channels.ts';
import { sandboxClock } from '../data/api.ts';
import { queryKeys } from '../data/keys.ts';
import { formatDateTime } from '../format/format.ts';
import { useGateway } from '../gateway/gateway-context.ts';

export interface SandboxTime {
  /** The sandbox's now, ticking with real time unless the clock is frozen. */
  now: Date;
  offsetSeconds: number;
  frozen: boolean;
  /** Real time at this reading (ms), to compare the two clocks. */
  wall: number;
}

/** Under a minute apart the two clocks read the same to a person: no need to say anything. */
const SAME_MS = 60_000;
const TICK_MS = 30_000;

/** Said by whoever moved the sandbox clock: every reader (the header, the console itself) reads it again at once. */
export function useClockMoved(): () => Promise<void> {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: queryKeys.sandboxClocks });
}

/**
 * The local sandbox's clock as it reads now, ticking every `tickMs` with real time unless frozen; null for remote
 * profiles (no such clock) and until it is known. Asked again on `refreshKey` and whenever the console moves it.
 */
export function useSandboxTime(
  profile: ProfileView | null,
  refreshKey: unknown,
  tickMs: number = TICK_MS,
): SandboxTime | null {
  const gateway = useGateway();
  const local = profile?.kind === 'local';
  // Read again for each `refreshKey` (its own cache entry: a screen shown again shows its last reading at once).
  const clock = useQuery({
    queryKey: queryKeys.sandboxClock(profile?.id ?? null, refreshKey),
    queryFn: () => sandboxClock(gateway),
    enabled: local,
  });
  const [tick, setTick] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setTick(Date.now()), tickMs);
    return () => clearInterval(timer);
  }, [tickMs]);
  const read = clock.data;
  if (!local || !read) return null;
  const state = {
    at: clock.dataUpdatedAt,
    now: Date.parse(read.now),
    offset: read.offset_seconds,
    frozen: read.frozen,
  };
  const wall = Math.max(tick, state.at);
  const now = state.frozen ? state.now : state.now + (wall - state.at);
  return { now: new Date(now), offsetSeconds: state.offset, frozen: state.frozen, wall };
}

/**
 * The local sandbox's clock, while it differs from real time (moved with `POST /_sandbox/clock`, or frozen);
 * null otherwise, and always for remote profiles, which have no such clock. Asked again on `refreshKey` (each
 * screen change) and when the console moves it: the clock only moves when someone moves it.
 */
export function useSandboxClock(profile: ProfileView | null, refreshKey: unknown): SandboxTime | null {
  const time = useSandboxTime(profile, refreshKey);
  if (!time) return null;
  if (Math.abs(time.now.getTime() - time.wall) < SAME_MS) return null;
  return time;
}

/** The header's reminder that the sandbox lives at another time than the wall clock. */
export function SandboxClockBadge({ clock }: { clock: SandboxTime }) {
  const { t, i18n } = useTranslation();
  const time = formatDateTime(clock.now.toISOString(), i18n.language);
  const label = t('clock.label', { time });
  // Below 1200 px the header has room for the date and time only; the tooltip and screen readers say what it is.
  const wide = useMediaQuery('(min-width: 75em)', true);
  return (
    <Tooltip label={`${label}. ${clock.frozen ? t('clock.frozen') : t('clock.moved')}`} multiline w={280}>
      <Badge
        variant="outline"
        color="grape"
        size="lg"
        tt="none"
        data-testid="sandbox-clock"
        aria-label={label}
        style={{ flexShrink: 0 }}
      >
        {wide ? label : time}
      </Badge>
    </Tooltip>
  );
}

import { Alert, Button, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Company, Send } from '../../shared/api/types.ts';
import type { ProfileView } from '../../shared/gateway/channels.ts';
import { listSent, messageOf } from '../data/api.ts';
import { useCompaniesQuery } from '../data/companies.ts';
import { queryKeys } from '../data/keys.ts';
import { useGateway } from '../gateway/gateway-context.ts';
import { useReady } from '../shell/ready.ts';
import { useSandboxTime } from '../shell/sandbox-clock.tsx';
import { ArrivePanel } from './arrive-panel.tsx';
import { ClockPanel } from './clock-panel.tsx';
import { useClockMove } from './clock-move.tsx';
import { FaultPanel } from './fault-panel.tsx';
import { HeldPanel } from './held-panel.tsx';
import { NextOutcomePanel } from './next-outcome-panel.tsx';
import { PaPanel } from './pa-panel.tsx';
import { QueuePanel } from './queue-panel.tsx';
import { ResetPanel } from './reset-panel.tsx';
import { readHeld, readQueue, type HeldRow, type QueueRow } from './sandbox-api.ts';

/** Read again this often while the console is visible, for what no push says (a submission made elsewhere). */
const POLL_MS = 15_000;
/** Read again this soon after a queued step falls due, to show it gone (or retried)… */
const AFTER_DUE_MS = 500;
/** …but never more often than this: every read is an entry in the account's API log. */
const MIN_POLL_MS = 2_000;
/** The console's own clock ticks by the second: due times count down. */
const TICK_MS = 1_000;

interface ConsoleData {
  queue: QueueRow[];
  held: HeldRow[];
  companies: Company[];
  /** Sent FPA12 invoices SDI delivered that wait for the administration's answer. */
  paWaiting: Send[];
}

/**
 * The developer's view into the local sandbox (`#/console`): its clock, SDI's queue, held inbound invoices, invoices
 * arriving from outside, the PA's answers, the next forced outcome and a reset. Everything goes through the host's
 * `sandbox.*` channels, which a remote profile is refused.
 */
export default function SandboxConsole({ profile }: { profile: ProfileView | null }) {
  const { t } = useTranslation();
  useReady(profile !== null && profile.kind !== 'local');
  if (!profile) return <Loader role="status" aria-label={t('app.loading')} />;
  if (profile.kind !== 'local') {
    return (
      <Stack>
        <Title order={2}>{t('console.title')}</Title>
        <Alert color="yellow" data-testid="console-unavailable">
          {t('console.unavailable')}
        </Alert>
      </Stack>
    );
  }
  return <LocalConsole profile={profile} />;
}

function LocalConsole({ profile }: { profile: ProfileView }) {
  const { t } = useTranslation();
  const gateway = useGateway();
  const [version, setVersion] = useState(0);
  const companies = useCompaniesQuery();
  // Every live change reads SDI's view again (data/live-invalidation.ts); so do the console's own actions.
  const view = useQuery({
    queryKey: queryKeys.sandboxConsole,
    queryFn: async () => {
      const [queue, held, delivered] = await Promise.all([
        readQueue(gateway),
        readHeld(gateway),
        listSent(gateway, { latest_state: 'Consegnato', page_size: 200, sort: '-last_update' }),
      ]);
      return { queue, held, paWaiting: delivered.items.filter((send) => send.format === 'FPA12') };
    },
  });
  const { refetch: refetchView, dataUpdatedAt } = view;
  const { refetch: refetchCompanies } = companies;
  const refresh = useCallback(() => {
    setVersion((v) => v + 1);
    void refetchView();
    void refetchCompanies();
  }, [refetchView, refetchCompanies]);
  const [poll, setPoll] = useState(0);
  const time = useSandboxTime(profile, version, TICK_MS);
  const data: ConsoleData | null =
    view.data && companies.data ? { ...view.data, companies: companies.data } : null;
  const failed = view.error ?? companies.error;
  const error = failed ? messageOf(failed) : null;
  const mover = useClockMove(refresh);
  useEffect(() => {
    if (poll > 0) void refetchView();
  }, [poll, refetchView]);
  useReady(data !== null || error !== null);

  // Read again when the first step falls due on the running sandbox clock, and every so often anyway.
  const firstDue = data?.queue.reduce<number | null>((min, row) => {
    const due = Date.parse(row.due_at);
    return min === null || due < min ? due : min;
  }, null);
  const sandboxNow = time?.now.getTime() ?? null;
  const untilDue =
    firstDue != null && sandboxNow !== null && !time?.frozen ? Math.max(firstDue - sandboxNow, 0) : null;
  const wait =
    untilDue === null ? POLL_MS : Math.min(Math.max(untilDue + AFTER_DUE_MS, MIN_POLL_MS), POLL_MS);
  const waitBucket = Math.ceil(wait / 1000);
  useEffect(() => {
    const timer = setTimeout(() => {
      if (globalThis.document?.visibilityState !== 'hidden') setPoll((p) => p + 1);
    }, waitBucket * 1000);
    return () => clearTimeout(timer);
  }, [waitBucket, poll]);

  return (
    <Stack data-testid="sandbox-console" data-loading={data === null || undefined}>
      <Title order={2}>{t('console.title')}</Title>
      <Text size="sm" c="dimmed" maw={900}>
        {t('console.intro')}
      </Text>
      {error && (
        <Alert color="red" data-testid="load-error">
          <Group justify="space-between">
            <Text size="sm">{t('app.error', { message: error })}</Text>
            <Button size="xs" variant="light" color="red" onClick={refresh}>
              {t('app.retry')}
            </Button>
          </Group>
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <ClockPanel time={time} mover={mover} />
        <NextOutcomePanel refreshKey={`${version}:${dataUpdatedAt}`} />
      </SimpleGrid>
      <QueuePanel rows={data?.queue ?? null} time={time} mover={mover} />
      <PaPanel invoices={data?.paWaiting ?? null} queue={data?.queue ?? null} onAnswered={refresh} />
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <ArrivePanel companies={data?.companies ?? null} onArrived={refresh} />
        <HeldPanel rows={data?.held ?? null} onChanged={refresh} />
      </SimpleGrid>
      <FaultPanel refreshKey={version} />
      <ResetPanel onReset={refresh} />
      {mover.dialog}
    </Stack>
  );
}

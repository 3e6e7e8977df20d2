import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../data/api.ts';
import { formatDateTimeSeconds } from '../format/format.ts';
import { useGateway } from '../gateway/gateway-context.ts';
import { useClockMoved } from '../shell/sandbox-clock.tsx';
import { moveClock, previewClockMove, type ClockMove, type ClockPreview } from './sandbox-api.ts';

type Outcome = { ok: true; now: string; jobsRun: number } | { ok: false; message: string };

export interface ClockMover {
  /** Asks the sandbox what the move would remove; warns first if it removes invoices, else moves at once. */
  move(move: ClockMove): void;
  busy: boolean;
  /** The warning dialog and the last move's outcome, to place in the page. */
  dialog: ReactNode;
  outcome: ReactNode;
}

/**
 * Every move of the sandbox clock goes through here, so none can silently purge invoices through retention: the
 * move is first previewed (`dry_run`), and if retention would delete invoices at the landing time the user is told
 * how many and chooses. A move that deletes no invoice needs no question.
 */
export function useClockMove(onMoved: () => void): ClockMover {
  const { t, i18n } = useTranslation();
  const gateway = useGateway();
  const clockMoved = useClockMoved();
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<{ move: ClockMove; preview: ClockPreview } | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const perform = async (move: ClockMove) => {
    setPending(null);
    setBusy(true);
    try {
      const moved = await moveClock(gateway, move);
      setOutcome({ ok: true, now: moved.now, jobsRun: moved.jobs_run });
      void clockMoved();
      onMoved();
    } catch (error) {
      setOutcome({ ok: false, message: messageOf(error) });
    } finally {
      setBusy(false);
    }
  };

  const move = (request: ClockMove) => {
    setOutcome(null);
    setBusy(true);
    previewClockMove(gateway, request).then(
      (preview) => {
        setBusy(false);
        if (preview.retention.send + preview.retention.receive > 0) setPending({ move: request, preview });
        else void perform(request);
      },
      (error: unknown) => {
        setBusy(false);
        setOutcome({ ok: false, message: messageOf(error) });
      },
    );
  };

  const preview = pending?.preview;
  const dialog = (
    <Modal opened={pending !== null} onClose={() => setPending(null)} title={t('console.warnTitle')}>
      {preview && (
        <Stack
          data-testid="retention-warning"
          data-send={preview.retention.send}
          data-receive={preview.retention.receive}
          data-log={preview.retention.log}
        >
          <Text size="sm">
            {t('console.warnLanding', { time: formatDateTimeSeconds(preview.now, i18n.language) })}
          </Text>
          <List size="sm">
            {preview.retention.send > 0 && (
              <List.Item>{t('console.warnSent', { count: preview.retention.send })}</List.Item>
            )}
            {preview.retention.receive > 0 && (
              <List.Item>{t('console.warnReceived', { count: preview.retention.receive })}</List.Item>
            )}
            {preview.retention.log > 0 && (
              <List.Item>{t('console.warnLog', { count: preview.retention.log })}</List.Item>
            )}
          </List>
          {preview.jobs_due > 0 && (
            <Text size="sm" c="dimmed">
              {t('console.warnSteps', { count: preview.jobs_due })}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setPending(null)} data-testid="retention-cancel">
              {t('console.warnCancel')}
            </Button>
            <Button color="red" onClick={() => void perform(pending!.move)} data-testid="retention-confirm">
              {t('console.warnConfirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );

  const shown =
    outcome === null ? null : outcome.ok ? (
      <Alert color="green" role="status" data-testid="clock-moved" data-now={outcome.now}>
        {t('console.moved', { time: formatDateTimeSeconds(outcome.now, i18n.language) })}{' '}
        {outcome.jobsRun > 0 && t('console.stepsRan', { count: outcome.jobsRun })}
      </Alert>
    ) : (
      <Alert color="red" role="alert" data-testid="console-error">
        {t('console.failed', { message: outcome.message })}
      </Alert>
    );

  return { move, busy, dialog, outcome: shown };
}

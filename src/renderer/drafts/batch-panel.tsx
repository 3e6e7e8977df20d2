/**
 * The batch's progress (`batch`): one row per invoice (`batch-row`, `data-state`), with what became of it, a
 * button to stop after the invoice being sent (`batch-stop`) and one to send again those failed or stopped
 * (`batch-retry`). Kept in batch-store.ts, so it survives leaving the screen.
 */
import { Anchor, Badge, Button, Group, Paper, Progress, Stack, Table, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { href, sentAddress } from '../shell/routes.ts';
import type { BatchRow, BatchState } from './batch.ts';
import { rowsToRetry } from './batch.ts';
import type { BatchView } from './batch-store.ts';

const STATE_TEXT: Record<BatchState, string> = {
  waiting: 'drafts.batch.state.waiting',
  sending: 'drafts.batch.state.sending',
  sent: 'drafts.batch.state.sent',
  refused: 'drafts.batch.state.refused',
  failed: 'drafts.batch.state.failed',
  stopped: 'drafts.batch.state.stopped',
  gone: 'drafts.batch.state.gone',
};

const STATE_COLOR: Record<BatchState, string> = {
  waiting: 'gray.7',
  sending: 'blue.8',
  sent: 'teal.9',
  refused: 'red.8',
  failed: 'orange.9',
  stopped: 'gray.7',
  gone: 'gray.7',
};

/** What became of a row, in a sentence (with its link). */
function Outcome({ row, t }: { row: BatchRow; t: TFunction }) {
  const openDraft = (
    <Anchor href={href(`/compose?draft=${row.draftId}`)} size="sm">
      {t('drafts.batch.openDraft')}
    </Anchor>
  );
  if (row.state === 'sent' && row.sent)
    return (
      <Group gap="xs">
        <Text size="sm">{t('drafts.batch.sentAs', { number: row.number })}</Text>
        <Anchor href={href(sentAddress(row.sent.id))} size="sm">
          {t('drafts.batch.openSent')}
        </Anchor>
      </Group>
    );
  if (row.state === 'failed')
    return <Text size="sm">{t('drafts.batch.failedWhy', { message: row.failure ?? '' })}</Text>;
  if (row.state === 'stopped') return <Text size="sm">{t('drafts.batch.stoppedWhy')}</Text>;
  if (row.state === 'gone') return <Text size="sm">{t('drafts.batch.goneWhy')}</Text>;
  if (row.state !== 'refused' || !row.refusal) return null;
  const refusal = row.refusal;
  const why =
    refusal.kind === 'checks'
      ? t('drafts.batch.checks', { count: refusal.count })
      : refusal.kind === 'numberUsed'
        ? t('drafts.batch.numberUsed', { number: refusal.number })
        : refusal.kind === 'declined'
          ? t('drafts.batch.declined')
          : [refusal.message, ...refusal.problems].join(' · ');
  return (
    <Group gap="xs">
      <Text size="sm">{why}</Text>
      {openDraft}
    </Group>
  );
}

export function BatchPanel({
  view,
  onStop,
  onRetry,
  onClose,
}: {
  view: BatchView;
  onStop: () => void;
  onRetry: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { rows, running, stopping } = view;
  const sent = rows.filter((r) => r.state === 'sent').length;
  const finished = rows.filter((r) => r.state !== 'waiting' && r.state !== 'sending').length;
  const again = rowsToRetry(rows).length;
  return (
    <Paper withBorder p="sm" data-testid="batch" data-running={running}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={3} fz="md">
            {t('drafts.batch.title', { count: rows.length })}
          </Title>
          <Text size="sm" data-testid="batch-summary" data-sent={sent}>
            {t('drafts.batch.done', { sent, count: rows.length })}
          </Text>
        </Group>
        <Progress
          value={(finished / rows.length) * 100}
          aria-label={t('drafts.batch.done', { sent, count: rows.length })}
        />
        <Table>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr
                key={row.draftId}
                data-testid="batch-row"
                data-state={row.state}
                data-draft={row.draftId}
              >
                <Table.Td w={130} ff="monospace">
                  {row.number || '—'}
                </Table.Td>
                <Table.Td w={220}>{row.customer}</Table.Td>
                <Table.Td w={140}>
                  <Badge color={STATE_COLOR[row.state]} variant="filled" tt="none">
                    {t(STATE_TEXT[row.state])}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Outcome row={row} t={t} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group gap="xs">
          {running ? (
            <Button variant="default" onClick={onStop} disabled={stopping} data-testid="batch-stop">
              {stopping ? t('drafts.batch.stopping') : t('drafts.batch.stop')}
            </Button>
          ) : (
            <>
              {again > 0 && (
                <Button onClick={onRetry} data-testid="batch-retry">
                  {t('drafts.batch.retry', { count: again })}
                </Button>
              )}
              <Button variant="default" onClick={onClose} data-testid="batch-close">
                {t('drafts.batch.close')}
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

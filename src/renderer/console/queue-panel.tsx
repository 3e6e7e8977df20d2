import { Anchor, Button, Group, Switch, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTimeSeconds } from '../format/format.ts';
import { href, sentAddress } from '../shell/routes.ts';
import type { SandboxTime } from '../shell/sandbox-clock.tsx';
import type { ClockMover } from './clock-move.tsx';
import { formatDuration } from './durations.ts';
import type { QueueRow } from './sandbox-api.ts';
import { Section } from './section.tsx';

/** The queue's job kinds (sdi/transitions.ts, jobs/maintenance.ts, domain/webhooks.ts) and their names. */
const KIND_LABELS: Record<string, string> = {
  'sdi.intake': 'console.kind.intake',
  'sdi.checks': 'console.kind.checks',
  'sdi.delivery': 'console.kind.delivery',
  'sdi.redelivery': 'console.kind.redelivery',
  'sdi.esito': 'console.kind.esito',
  'sdi.decorrenza': 'console.kind.decorrenza',
  'sdi.attestazione': 'console.kind.attestazione',
  'webhook.deliver': 'console.kind.webhook',
  'retention.purge': 'console.kind.retention',
  'idempotency.expiry': 'console.kind.idempotency',
};

/**
 * What SDI will do next for the account's invoices, each step with its due time on the sandbox clock and how far
 * off that is (counting down as the clock runs). "Run everything now" moves the clock to the last step's time.
 */
export function QueuePanel({
  rows,
  time,
  mover,
}: {
  rows: QueueRow[] | null;
  time: SandboxTime | null;
  mover: ClockMover;
}) {
  const { t, i18n } = useTranslation();
  const [upkeep, setUpkeep] = useState(false);
  const own = (rows ?? []).filter((row) => !row.upkeep);
  const shown = (rows ?? []).filter((row) => upkeep || !row.upkeep);
  const last = own.reduce<string | null>(
    (max, row) => (max === null || row.due_at > max ? row.due_at : max),
    null,
  );
  const now = time?.now.getTime() ?? null;
  const kindLabel = (kind: string) => (Object.hasOwn(KIND_LABELS, kind) ? t(KIND_LABELS[kind]!) : kind);
  return (
    <Section title={t('console.queueTitle')} intro={t('console.queueIntro')}>
      <Group justify="space-between" align="center">
        <Switch
          label={t('console.showUpkeep')}
          checked={upkeep}
          onChange={(e) => setUpkeep(e.currentTarget.checked)}
          data-testid="show-upkeep"
        />
        <Button
          onClick={() => mover.move({ run_queue: true })}
          disabled={mover.busy || last === null}
          data-testid="run-queue"
        >
          {t('console.runQueue')}
        </Button>
      </Group>
      {last !== null && (
        <Text size="sm" c="dimmed">
          {t('console.runQueueHint', { time: formatDateTimeSeconds(last, i18n.language) })}
        </Text>
      )}
      <Table.ScrollContainer minWidth={560}>
        <Table striped data-testid="sdi-queue" data-loading={rows === null || undefined}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('console.queueStep')}</Table.Th>
              <Table.Th>{t('console.queueInvoice')}</Table.Th>
              <Table.Th>{t('console.queueDue')}</Table.Th>
              <Table.Th>{t('console.queueAttempts')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((row) => {
              const due = Date.parse(row.due_at);
              return (
                <Table.Tr
                  key={row.id}
                  data-testid="queue-row"
                  data-kind={row.kind}
                  data-send-id={row.send_id ?? undefined}
                >
                  <Table.Td>{kindLabel(row.kind)}</Table.Td>
                  <Table.Td>
                    {row.send_id !== null && (
                      <Anchor href={href(sentAddress(row.send_id))} size="sm">
                        {row.document_number
                          ? t('console.invoiceNumber', { number: row.document_number })
                          : t('console.invoiceId', { id: row.send_id })}
                      </Anchor>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{formatDateTimeSeconds(row.due_at, i18n.language)}</Text>
                    {now !== null && (
                      <Text size="xs" c="dimmed">
                        {due <= now
                          ? t('console.dueNow')
                          : t('console.dueIn', { duration: formatDuration(due - now, t) })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {row.attempts}
                    {row.last_error && (
                      <Text size="xs" c="red">
                        {row.last_error}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {rows !== null && shown.length === 0 && (
        <Text size="sm" c="dimmed" data-testid="queue-empty">
          {t('console.queueEmpty')}
        </Text>
      )}
    </Section>
  );
}

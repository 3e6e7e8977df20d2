import { Alert, Anchor, Button, Group, Modal, Stack, Table, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Send } from '../../shared/api/types.ts';
import { messageOf } from '../data/api.ts';
import { formatDateTimeSeconds } from '../format/format.ts';
import { useGateway } from '../gateway/gateway-context.ts';
import { href, sentAddress } from '../shell/routes.ts';
import { answerAsPa, type QueueRow } from './sandbox-api.ts';
import { Section } from './section.tsx';

const ANSWER_DAYS_MS = 15 * 86_400_000;
const REASON_MAX = 255;

type Answered = { send: Send; state: string } | { send: Send; error: string };

/**
 * The sandbox plays the public administration an FPA12 invoice went to: it accepts (EC01) or refuses (EC02, with
 * a reason) a delivered invoice within its 15 days. Each row says until when, from SDI's own queued deadline.
 */
export function PaPanel({
  invoices,
  queue,
  onAnswered,
}: {
  invoices: Send[] | null;
  queue: QueueRow[] | null;
  onAnswered: () => void;
}) {
  const { t, i18n } = useTranslation();
  const gateway = useGateway();
  const [refusing, setRefusing] = useState<Send | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState<number | null>(null);
  const [answered, setAnswered] = useState<Answered | null>(null);

  const deadline = (send: Send): string | null => {
    const job = queue?.find((row) => row.kind === 'sdi.decorrenza' && row.send_id === send.id);
    if (job) return job.due_at;
    return send.last_update ? new Date(Date.parse(send.last_update) + ANSWER_DAYS_MS).toISOString() : null;
  };
  const numberOf = (send: Send) => send.document_number ?? `#${send.id}`;

  const answer = async (send: Send, esito: 'EC01' | 'EC02', description?: string) => {
    setRefusing(null);
    setBusy(send.id);
    setAnswered(null);
    try {
      const outcome = await answerAsPa(gateway, send.id, esito, description);
      // SDI may refuse the answer (after the 15 days, or a second one) with a scarto esito: said, not "answered".
      const { scarto } = outcome;
      setAnswered(
        scarto
          ? {
              send,
              error: t('console.answerRefused', {
                number: numberOf(send),
                code: scarto.code,
                file: scarto.file_name,
                note: scarto.note,
              }),
            }
          : { send, state: outcome.state ?? '' },
      );
      onAnswered();
    } catch (error) {
      setAnswered({ send, error: messageOf(error) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Section title={t('console.paTitle')} intro={t('console.paIntro')}>
      {answered && 'state' in answered && (
        <Alert color="green" role="status" data-testid="pa-answered" data-state={answered.state}>
          {t('console.answered', {
            number: numberOf(answered.send),
            state: i18n.exists(`state.${answered.state}`) ? t(`state.${answered.state}`) : answered.state,
          })}{' '}
          <Anchor href={href(sentAddress(answered.send.id))} size="sm">
            {t('console.openInvoice')}
          </Anchor>
        </Alert>
      )}
      {answered && 'error' in answered && (
        <Alert color="red" role="alert" data-testid="console-error">
          {t('console.failed', { message: answered.error })}
        </Alert>
      )}
      <Table.ScrollContainer minWidth={640}>
        <Table striped data-testid="pa-invoices" data-loading={invoices === null || undefined}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('console.paInvoice')}</Table.Th>
              <Table.Th>{t('console.paCustomer')}</Table.Th>
              <Table.Th>{t('console.paDelivered')}</Table.Th>
              <Table.Th>{t('console.paAnswerBy')}</Table.Th>
              <Table.Th>{t('console.paAnswer')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(invoices ?? []).map((send) => (
              <Table.Tr key={send.id} data-testid="pa-invoice" data-send-id={send.id}>
                <Table.Td>
                  <Anchor href={href(sentAddress(send.id))} size="sm">
                    {numberOf(send)}
                  </Anchor>
                </Table.Td>
                <Table.Td>{send.nome_committente ?? send.committente}</Table.Td>
                <Table.Td>{formatDateTimeSeconds(send.last_update, i18n.language)}</Table.Td>
                <Table.Td>{formatDateTimeSeconds(deadline(send), i18n.language)}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      color="green"
                      variant="light"
                      loading={busy === send.id}
                      onClick={() => void answer(send, 'EC01')}
                      data-testid="pa-answer"
                      data-esito="EC01"
                    >
                      {t('console.accept')}
                    </Button>
                    <Button
                      size="xs"
                      color="red"
                      variant="light"
                      disabled={busy === send.id}
                      onClick={() => {
                        setReason('');
                        setRefusing(send);
                      }}
                      data-testid="pa-answer"
                      data-esito="EC02"
                    >
                      {t('console.refuse')}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {invoices !== null && invoices.length === 0 && (
        <Text size="sm" c="dimmed" data-testid="pa-empty">
          {t('console.paEmpty')}
        </Text>
      )}
      <Modal
        opened={refusing !== null}
        onClose={() => setRefusing(null)}
        title={refusing ? t('console.refuseTitle', { number: numberOf(refusing) }) : ''}
      >
        <Stack
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            if (refusing) void answer(refusing, 'EC02', reason.trim() || undefined);
          }}
        >
          <Textarea
            label={t('console.refuseReason')}
            description={t('console.refuseReasonHint')}
            maxLength={REASON_MAX}
            autosize
            minRows={2}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            data-testid="pa-refuse-reason"
          />
          <Group justify="flex-end">
            <Button type="submit" color="red" data-testid="pa-refuse-confirm">
              {t('console.refuseConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Section>
  );
}

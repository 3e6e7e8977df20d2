import { Alert, Badge, Button, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { WebHook } from '../../shared/api/types.ts';
import type { ReceiverCheckCase } from '../../shared/api/webhook-tools.ts';
import { clientOf, messageOf } from '../data/api.ts';
import { useGateway } from '../gateway/gateway-context.ts';

const EXPECTED_KEYS = {
  '2xx': 'webhooks.tools.expect2xx',
  '4xx': 'webhooks.tools.expect4xx',
  same_as_first: 'webhooks.tools.expectSame',
} as const;

const CASE_KEYS = {
  valid: 'webhooks.tools.case.valid',
  wrong_signature: 'webhooks.tools.case.wrong_signature',
  stale_timestamp: 'webhooks.tools.case.stale_timestamp',
  replay: 'webhooks.tools.case.replay',
  out_of_order: 'webhooks.tools.case.out_of_order',
  large_body: 'webhooks.tools.case.large_body',
  slow_read: 'webhooks.tools.case.slow_read',
} as const satisfies Record<ReceiverCheckCase['case'], string>;

/**
 * "Check receiver" (local sandbox only): sends the webhook's URL the check suite once opened and shows, case by
 * case, whether it answered as a safe receiver should (`receiver-check`, each case `receiver-check-case`).
 */
export function ReceiverCheck({ webhook, onClose }: { webhook: WebHook | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={webhook !== null}
      onClose={onClose}
      size="xl"
      title={webhook ? t('webhooks.tools.checkTitle', { url: webhook.url }) : ''}
      styles={{ title: { wordBreak: 'break-all' } }}
    >
      {webhook && <CheckReport key={webhook.id} webhook={webhook} />}
    </Modal>
  );
}

function CheckReport({ webhook }: { webhook: WebHook }) {
  const { t } = useTranslation();
  const gateway = useGateway();
  const check = useMutation({ mutationFn: () => clientOf(gateway).sandbox.checkReceiver(webhook.id) });
  const { mutate } = check;
  // One run when the dialog opens (StrictMode's second effect included: the suite takes seconds); "Check again"
  // for more.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate();
  }, [mutate]);

  if (check.isPending)
    return (
      <Group data-testid="receiver-check-running">
        <Loader size="sm" />
        <Text size="sm">{t('webhooks.tools.checking')}</Text>
      </Group>
    );
  if (check.isError) return <Alert color="red">{t('app.error', { message: messageOf(check.error) })}</Alert>;
  const report = check.data;
  if (!report) return null;
  return (
    <Stack data-testid="receiver-check" data-ok={report.ok}>
      <Text size="sm" c="dimmed">
        {t('webhooks.tools.checkIntro')}
      </Text>
      <Alert color={report.ok ? 'teal' : 'red'}>
        {report.ok ? t('webhooks.tools.allOk') : t('webhooks.tools.notAllOk')}
      </Alert>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th />
            <Table.Th>{t('webhooks.tools.expected')}</Table.Th>
            <Table.Th>{t('webhooks.tools.got')}</Table.Th>
            <Table.Th>{t('webhooks.duration')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.cases.map((c) => (
            <CaseRow key={c.case} item={c} />
          ))}
        </Table.Tbody>
      </Table>
      <Group justify="flex-end">
        <Button variant="light" onClick={() => mutate()}>
          {t('webhooks.tools.again')}
        </Button>
      </Group>
    </Stack>
  );
}

function CaseRow({ item }: { item: ReceiverCheckCase }) {
  const { t } = useTranslation();
  return (
    <Table.Tr data-testid="receiver-check-case" data-case={item.case} data-ok={item.ok}>
      <Table.Td>
        <Stack gap={2}>
          <Group gap="xs" wrap="nowrap">
            <Badge color={item.ok ? 'teal' : 'red'} variant="dot" style={{ flexShrink: 0 }}>
              {item.ok ? 'OK' : '✗'}
            </Badge>
            <Text size="sm" fw={500}>
              {t(CASE_KEYS[item.case])}
            </Text>
          </Group>
          {/* The server's detail is in English: it names headers and statuses a developer looks up. */}
          <Text size="xs" c="dimmed" style={{ wordBreak: 'break-word' }} lang="en">
            {item.detail}
          </Text>
        </Stack>
      </Table.Td>
      <Table.Td>{t(EXPECTED_KEYS[item.expected])}</Table.Td>
      <Table.Td>{item.status === 0 ? t('webhooks.networkError') : item.status}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {t('webhooks.durationMs', { ms: item.duration_ms })}
      </Table.Td>
    </Table.Tr>
  );
}

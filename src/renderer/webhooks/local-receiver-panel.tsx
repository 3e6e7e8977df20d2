import {
  Accordion,
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocalReceiverState, ReceivedDelivery } from '../../shared/api/local-receiver.ts';
import { messageOf } from '../data/api.ts';
import { JsonView } from '../api-log/json-view.tsx';
import { formatDateTimeMillis } from '../format/format.ts';
import { useGateway } from '../gateway/gateway-context.ts';
import { EventName } from './event-labels.tsx';
import { ReceiverBehaviourControls } from './receiver-behaviour-controls.tsx';
import { SecretReveal } from './secret-reveal.tsx';
import { verifySnippet } from './verify-snippet.ts';
import { receiverState, startReceiver, stopReceiver } from './webhook-api.ts';

/** How long one wait for new deliveries lasts on the server before it answers with nothing new. */
const WAIT_SECONDS = 20;
/** After a failed wait (the sandbox restarting), the next one starts this much later. */
const RETRY_MS = 2000;

/**
 * The built-in receiver (local sandbox only): one action creates a webhook pointing at a receiver the sandbox
 * hosts on loopback; deliveries then appear as they arrive, each with the result of checking its signature and
 * the Node.js code that checks it. `onChange` tells the screen its list of webhooks changed.
 */
export function LocalReceiverPanel({
  onChange,
  onState,
  refreshKey,
}: {
  onChange: () => void;
  /** Told each state read, so the list can mark the receiver's webhook. */
  onState: (state: LocalReceiverState) => void;
  /** Changing it reads the receiver again (the screen's list changed: its webhook may be gone). */
  refreshKey: number;
}) {
  const { t } = useTranslation();
  const gateway = useGateway();
  const [state, setState] = useState<LocalReceiverState | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const running = state?.webhook != null;
  const webhookId = state?.webhook?.id ?? null;

  useEffect(() => {
    if (state) onState(state);
  }, [state, onState]);

  // Follows the receiver: each answer is the whole state, and the next wait starts after its last delivery.
  useEffect(() => {
    let live = true;
    let after: number | null = null;
    void (async () => {
      while (live) {
        try {
          const next = await receiverState(
            gateway,
            after === null ? undefined : { after, seconds: WAIT_SECONDS },
          );
          if (!live) return;
          setState(next);
          setError(null);
          after = next.last_seq;
          if (!next.webhook) return;
        } catch (e) {
          if (!live) return;
          setError(messageOf(e));
          await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
        }
      }
    })();
    return () => {
      live = false;
    };
  }, [gateway, webhookId, refreshKey]);

  const act = async (action: () => Promise<LocalReceiverState>) => {
    setBusy(true);
    try {
      const next = await action();
      setState(next);
      setSecret(next.secret ?? null);
      setError(null);
      onChange();
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder p="md" data-testid="local-receiver" data-running={running}>
      <Stack gap="sm">
        <Title order={3}>{t('webhooks.receiver.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('webhooks.receiver.intro')}
        </Text>
        {error && <Alert color="red">{t('app.error', { message: error })}</Alert>}
        <Group>
          {!running ? (
            <Button loading={busy} onClick={() => void act(() => startReceiver(gateway))}>
              {t('webhooks.receiver.start')}
            </Button>
          ) : (
            <>
              <Button variant="light" loading={busy} onClick={() => void act(() => startReceiver(gateway))}>
                {t('webhooks.receiver.restart')}
              </Button>
              <Button variant="default" loading={busy} onClick={() => void act(() => stopReceiver(gateway))}>
                {t('webhooks.receiver.stop')}
              </Button>
            </>
          )}
        </Group>
        {running && state?.webhook && (
          <>
            <Text size="sm">
              {t('webhooks.receiver.listening')} <Code>{state.webhook.url}</Code>
            </Text>
            <ReceiverBehaviourControls key={state.webhook.id} />
            {state.deliveries.length === 0 ? (
              <Text size="sm" c="dimmed" role="status">
                {t('webhooks.receiver.waiting')}
              </Text>
            ) : (
              <Accordion variant="separated" defaultValue={null} aria-live="polite">
                {state.deliveries.map((delivery) => (
                  <Received key={delivery.seq} delivery={delivery} />
                ))}
              </Accordion>
            )}
          </>
        )}
      </Stack>
      <SecretReveal secret={secret} onClose={() => setSecret(null)} />
    </Paper>
  );
}

function Received({ delivery }: { delivery: ReceivedDelivery }) {
  const { t, i18n } = useTranslation();
  const valid = delivery.signature === 'valid';
  const code = verifySnippet(delivery);
  return (
    <Accordion.Item
      value={String(delivery.seq)}
      data-testid="received-delivery"
      data-signature={delivery.signature}
      data-event={delivery.event ?? ''}
    >
      <Accordion.Control>
        <Group gap="sm" wrap="nowrap">
          <Badge color={valid ? 'teal' : 'red'} variant="dot" style={{ flexShrink: 0 }}>
            {valid ? t('webhooks.receiver.valid') : t('webhooks.receiver.invalid')}
          </Badge>
          <EventName event={delivery.event} />
          <Text size="sm" c="dimmed" ml="auto">
            {formatDateTimeMillis(delivery.received_at, i18n.language)}
          </Text>
        </Group>
      </Accordion.Control>
      <Accordion.Panel>
        <Stack gap="sm">
          <Text size="sm" style={{ wordBreak: 'break-all' }}>
            Service-Signature:{' '}
            {delivery.signature_header ? (
              <Code>{delivery.signature_header}</Code>
            ) : (
              t('webhooks.receiver.noSignature')
            )}
          </Text>
          <JsonView label={t('webhooks.receiver.received')} text={delivery.body} />
          <Group justify="space-between">
            <Text size="sm" fw={700}>
              {t('webhooks.receiver.code')}
            </Text>
            <CopyButton value={code}>
              {({ copied, copy }) => (
                <Button size="compact-xs" variant="light" color={copied ? 'teal' : undefined} onClick={copy}>
                  {copied ? t('apiLog.copied') : t('webhooks.receiver.copyCode')}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="xs" c="dimmed">
            {t('webhooks.receiver.codeHint')}
          </Text>
          <Code
            block
            data-testid="verify-code"
            fz="xs"
            style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
          >
            {code}
          </Code>
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
}

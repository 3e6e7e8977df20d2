import { Alert, Badge, Button, Group, Modal, Stack, Switch, Text, Title } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLocalReceiverUrl, type LocalReceiverState } from '../../shared/api/local-receiver.ts';
import { WEBHOOK_EVENTS, type Company, type WebHook, type WebhookEventName } from '../../shared/api/types.ts';
import type { ProfileView } from '../../shared/gateway/channels.ts';
import { messageOf } from '../data/api.ts';
import { useGateway } from '../gateway/gateway-context.ts';
import { useCompanies, useCompanyNames } from '../data/companies.ts';
import { PagedTable, type PagedColumns } from '../lists/paged-table.tsx';
import { DeliveryHistory } from './delivery-history.tsx';
import { EVENT_LABEL_KEYS, listensToAll } from './event-labels.tsx';
import { LocalReceiverPanel } from './local-receiver-panel.tsx';
import { ReceiverCheck } from './receiver-check.tsx';
import { SecretReveal } from './secret-reveal.tsx';
import { WebhookForm } from './webhook-form.tsx';
import {
  createWebhook,
  deleteWebhook,
  inputOf,
  listWebhooks,
  updateWebhook,
  type WebhookInput,
} from './webhook-api.ts';

type Outcome = { ok: true; text: string } | { ok: false; text: string };
const isEvent = (e: string): e is WebhookEventName => (WEBHOOK_EVENTS as readonly string[]).includes(e);

/**
 * The account's webhooks (`#/webhooks`): list, create, edit, switch on and off, delete, and each one's delivery
 * history. In the local sandbox the built-in receiver sits above the list; its webhook is marked as such.
 */
/** Until the companies are read: the same empty list each render. */
const NO_COMPANIES: Company[] = [];

export default function WebhooksScreen({ profile }: { profile: ProfileView | null }) {
  const { t } = useTranslation();
  const gateway = useGateway();
  const local = profile?.kind === 'local';
  const [reloadKey, setReloadKey] = useState(0);
  const [editing, setEditing] = useState<WebHook | 'new' | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [removing, setRemoving] = useState<WebHook | null>(null);
  const [history, setHistory] = useState<WebHook | null>(null);
  const [checking, setChecking] = useState<WebHook | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [receiverWebhookId, setReceiverWebhookId] = useState<number | null>(null);
  const reload = useCallback(() => setReloadKey((k) => k + 1), []);
  const onReceiverState = useCallback(
    (state: LocalReceiverState) => setReceiverWebhookId(state.webhook?.id ?? null),
    [],
  );
  const companies = useCompanies();
  const names = useCompanyNames();
  const companyName = useMemo(
    () => (id: number | null) => (id === null ? t('webhooks.allCompanies') : (names.get(id) ?? `#${id}`)),
    [names, t],
  );

  const load = useCallback(
    (page: number, pageSize: number) => listWebhooks(gateway, page, pageSize),
    [gateway],
  );

  const failed = (e: unknown) => setOutcome({ ok: false, text: t('app.error', { message: messageOf(e) }) });

  const save = async (input: WebhookInput) => {
    if (editing === 'new') {
      const created = await createWebhook(gateway, input);
      setSecret(created.secret ?? null);
    } else if (editing) {
      await updateWebhook(gateway, editing.id, input);
    }
    setEditing(null);
    setOutcome({ ok: true, text: t('webhooks.saved') });
    reload();
  };

  const toggle = async (webhook: WebHook, enabled: boolean) => {
    try {
      await updateWebhook(gateway, webhook.id, inputOf(webhook, { enabled }));
      reload();
    } catch (e) {
      failed(e);
    }
  };

  const remove = async (webhook: WebHook) => {
    try {
      await deleteWebhook(gateway, webhook.id);
      setRemoving(null);
      setOutcome({ ok: true, text: t('webhooks.removed') });
      reload();
    } catch (e) {
      setRemoving(null);
      failed(e);
    }
  };

  const columns = useMemo<PagedColumns<WebHook>>(
    () => [
      {
        id: 'url',
        header: t('webhooks.url'),
        accessorFn: (row) => row.url,
        cell: (info) => {
          const webhook = info.row.original;
          const localReceiver = isLocalReceiverUrl(webhook.url);
          return (
            <Stack gap={2}>
              <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
                {webhook.url}
              </Text>
              <Group gap={4}>
                {localReceiver && (
                  <Badge size="sm" variant="light" color="grape" data-testid="webhook-local">
                    {webhook.id === receiverWebhookId ? t('webhooks.local') : t('webhooks.localStopped')}
                  </Badge>
                )}
                {webhook.description && !localReceiver && (
                  <Text size="xs" c="dimmed">
                    {webhook.description}
                  </Text>
                )}
              </Group>
            </Stack>
          );
        },
      },
      {
        id: 'events',
        header: t('webhooks.events'),
        accessorFn: (row) => (row.events ?? []).join(','),
        cell: (info) => {
          const events = info.row.original.events;
          if (listensToAll(events)) return t('webhooks.allEvents');
          return (
            <Stack gap={0}>
              {(events ?? []).filter(isEvent).map((e) => (
                <Text key={e} size="xs">
                  {t(EVENT_LABEL_KEYS[e])}
                </Text>
              ))}
            </Stack>
          );
        },
      },
      {
        id: 'company',
        header: t('webhooks.company'),
        accessorFn: (row) => row.company_id ?? 0,
        cell: (info) => companyName(info.row.original.company_id),
      },
      {
        id: 'enabled',
        header: t('webhooks.state'),
        accessorFn: (row) => row.enabled,
        cell: (info) => {
          const webhook = info.row.original;
          return (
            <Switch
              checked={webhook.enabled}
              onChange={(e) => void toggle(webhook, e.currentTarget.checked)}
              aria-label={t('webhooks.enabledOf', { url: webhook.url })}
              label={webhook.enabled ? t('webhooks.on') : t('webhooks.off')}
              data-testid="webhook-enabled"
            />
          );
        },
      },
      {
        id: 'actions',
        header: t('webhooks.actions'),
        cell: (info) => {
          const webhook = info.row.original;
          return (
            <Group gap={4} wrap="nowrap">
              <Button
                size="compact-sm"
                variant="light"
                onClick={() => setHistory(webhook)}
                data-testid="webhook-history-open"
              >
                {t('webhooks.history')}
              </Button>
              {local && (
                <Button
                  size="compact-sm"
                  variant="light"
                  color="grape"
                  onClick={() => setChecking(webhook)}
                  data-testid="webhook-check"
                >
                  {t('webhooks.tools.check')}
                </Button>
              )}
              <Button
                size="compact-sm"
                variant="default"
                onClick={() => setEditing(webhook)}
                data-testid="webhook-edit"
              >
                {t('webhooks.edit')}
              </Button>
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                onClick={() => setRemoving(webhook)}
                data-testid="webhook-delete"
              >
                {t('webhooks.remove')}
              </Button>
            </Group>
          );
        },
      },
    ],
    // `toggle` only calls the gateway and reloads: it changes with nothing the cells show.
    [t, companyName, receiverWebhookId, local],
  );

  return (
    <Stack>
      <Title order={2}>{t('webhooks.title')}</Title>
      <Text c="dimmed">{t('webhooks.intro')}</Text>
      {local ? (
        <LocalReceiverPanel refreshKey={reloadKey} onChange={reload} onState={onReceiverState} />
      ) : (
        <Alert color="gray">{t('webhooks.receiver.localOnly')}</Alert>
      )}
      {outcome && (
        <Alert color={outcome.ok ? 'teal' : 'red'} withCloseButton onClose={() => setOutcome(null)}>
          {outcome.text}
        </Alert>
      )}
      <Group>
        <Button onClick={() => setEditing('new')} data-testid="webhook-add">
          {t('webhooks.add')}
        </Button>
      </Group>
      <PagedTable
        testId="webhooks-table"
        queryKey={['webhooks', 'list']}
        columns={columns}
        load={load}
        reloadKey={reloadKey}
        rowId={(row) => String(row.id)}
        emptyText={t('webhooks.empty')}
      />
      {editing !== null && (
        <WebhookForm
          webhook={editing === 'new' ? null : editing}
          companies={companies ?? NO_COMPANIES}
          onSubmit={save}
          onClose={() => setEditing(null)}
        />
      )}
      <SecretReveal secret={secret} onClose={() => setSecret(null)} />
      <DeliveryHistory webhook={history} local={local} onClose={() => setHistory(null)} />
      <ReceiverCheck webhook={checking} onClose={() => setChecking(null)} />
      <Modal opened={removing !== null} onClose={() => setRemoving(null)} title={t('webhooks.removeTitle')}>
        {removing && (
          <Stack>
            <Text size="sm" style={{ wordBreak: 'break-all' }}>
              {t('webhooks.removeText', { url: removing.url })}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setRemoving(null)}>
                {t('webhooks.cancel')}
              </Button>
              <Button color="red" onClick={() => void remove(removing)}>
                {t('webhooks.removeYes')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}

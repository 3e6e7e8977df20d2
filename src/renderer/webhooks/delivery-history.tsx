import {
  Accordion,
  Alert,
  Badge,
  Button,
  Drawer,
  Group,
  Pagination,
  SegmentedControl,
  Select,
  Stack,
  Text,
} from '@mantine/core';
import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_EVENTS, type WebHook, type WebHookHistory } from '../../shared/api/types.ts';
import type { WebhookDelivery } from '../../shared/api/webhook-delivery.ts';
import { JsonView } from '../api-log/json-view.tsx';
import { clientOf, messageOf } from '../data/api.ts';
import { formatDateTimeMillis } from '../format/format.ts';
import { useGateway } from '../gateway/gateway-context.ts';
import { QueryView } from '../ui/loading.tsx';
import { EVENT_LABEL_KEYS, EventName } from './event-labels.tsx';
import { listDeliveries, type DeliveryFilters } from './webhook-api.ts';

const PAGE_SIZE = 20;
type Outcome = 'all' | 'ok' | 'failed';

/**
 * A webhook's delivery attempts, newest first, each opening to what was sent, what came back and how long it
 * took; filtered by outcome and event. A remote service's history has only the status and the error.
 */
export function DeliveryHistory({
  webhook,
  local,
  onClose,
}: {
  webhook: WebHook | null;
  local: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      opened={webhook !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={webhook ? t('webhooks.historyTitle', { url: webhook.url }) : ''}
      styles={{ title: { wordBreak: 'break-all' } }}
    >
      {webhook && <Deliveries key={webhook.id} webhook={webhook} local={local} />}
    </Drawer>
  );
}

function Deliveries({ webhook, local }: { webhook: WebHook; local: boolean }) {
  const { t, i18n } = useTranslation();
  const gateway = useGateway();
  const [outcome, setOutcome] = useState<Outcome>('all');
  const [event, setEvent] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const filters: DeliveryFilters = {
    success: outcome === 'all' ? undefined : outcome === 'ok',
    event: event ?? undefined,
  };
  const loaded = useQuery({
    queryKey: ['webhooks', 'deliveries', webhook.id, local, filters, page],
    queryFn: () => listDeliveries(gateway, local, webhook.id, filters, page, PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
  const filter = (apply: () => void) => {
    apply();
    setPage(1);
  };

  return (
    <Stack data-testid="webhook-history" data-loading={loaded.isFetching || undefined}>
      {local ? (
        <Group align="end">
          <SegmentedControl
            aria-label={t('webhooks.outcome')}
            value={outcome}
            onChange={(value) => filter(() => setOutcome(value as Outcome))}
            data={[
              { value: 'all', label: t('webhooks.outcomeAll') },
              { value: 'ok', label: t('webhooks.outcomeOk') },
              { value: 'failed', label: t('webhooks.outcomeFailed') },
            ]}
          />
          <Select
            label={t('webhooks.eventFilter')}
            placeholder={t('webhooks.anyEvent')}
            clearable
            w={260}
            value={event}
            onChange={(value) => filter(() => setEvent(value))}
            data={WEBHOOK_EVENTS.map((e) => ({ value: e, label: `${t(EVENT_LABEL_KEYS[e])} (${e})` }))}
          />
        </Group>
      ) : (
        <Alert color="gray">{t('webhooks.historyLocalOnly')}</Alert>
      )}
      <QueryView query={loaded}>
        {({ items, total }) =>
          items.length === 0 ? (
            <Text c="dimmed">{t('webhooks.historyEmpty')}</Text>
          ) : (
            <>
              <Accordion multiple variant="separated">
                {items.map((item) => (
                  <Accordion.Item
                    key={item.id}
                    value={String(item.id)}
                    data-testid="webhook-delivery"
                    data-success={item.success}
                  >
                    <Accordion.Control>
                      <Group gap="sm" wrap="nowrap">
                        <Badge color={item.success ? 'teal' : 'red'} variant="dot" style={{ flexShrink: 0 }}>
                          {item.status_code === 0 ? t('webhooks.networkError') : item.status_code}
                        </Badge>
                        <EventName event={item.event} />
                        <Text size="sm" c="dimmed" ml="auto">
                          {formatDateTimeMillis(item.date_time, i18n.language)}
                        </Text>
                      </Group>
                    </Accordion.Control>
                    <Accordion.Panel>
                      <DeliveryDetails item={item} webhookId={webhook.id} />
                    </Accordion.Panel>
                  </Accordion.Item>
                ))}
              </Accordion>
              {total > PAGE_SIZE && (
                <Pagination
                  total={Math.ceil(total / PAGE_SIZE)}
                  value={page}
                  onChange={setPage}
                  getControlProps={(control) => ({ 'aria-label': t(`table.${control}`) })}
                />
              )}
            </>
          )
        }
      </QueryView>
    </Stack>
  );
}

function DeliveryDetails({ item, webhookId }: { item: WebhookDelivery | WebHookHistory; webhookId: number }) {
  const { t } = useTranslation();
  const detailed = 'request_body' in item;
  return (
    <Stack gap="sm">
      {detailed && item.redelivery_of !== null && (
        <Text size="sm" c="dimmed" data-testid="webhook-redelivery-of">
          {t('webhooks.tools.redeliveryOf', { id: item.redelivery_of })}
        </Text>
      )}
      {detailed && item.duration_ms !== null && (
        <Text size="sm">
          {t('webhooks.duration')}: {t('webhooks.durationMs', { ms: item.duration_ms })}
        </Text>
      )}
      {item.error && (
        <Text size="sm" c="red" style={{ wordBreak: 'break-word' }}>
          {t('webhooks.error')}: {item.error}
        </Text>
      )}
      {detailed && item.request_body !== null && (
        <JsonView label={t('webhooks.sentBody')} text={item.request_body} />
      )}
      {detailed &&
        item.response_body !== null &&
        (item.response_body === '' ? (
          <Text size="sm" c="dimmed">
            {t('webhooks.answerBody')}: {t('webhooks.emptyAnswer')}
          </Text>
        ) : (
          <JsonView label={t('webhooks.answerBody')} text={item.response_body} />
        ))}
      {detailed && <Redeliver deliveryId={item.id} webhookId={webhookId} />}
    </Stack>
  );
}

/** Sends this delivery's body again, signed now (local sandbox only); the new one tops the list. */
function Redeliver({ deliveryId, webhookId }: { deliveryId: number; webhookId: number }) {
  const { t } = useTranslation();
  const gateway = useGateway();
  const queries = useQueryClient();
  const redeliver = useMutation({
    mutationFn: () => clientOf(gateway).sandbox.redeliver(deliveryId),
    onSuccess: () => queries.invalidateQueries({ queryKey: ['webhooks', 'deliveries', webhookId] }),
  });
  return (
    <Group gap="sm">
      <Button
        size="compact-sm"
        variant="light"
        loading={redeliver.isPending}
        onClick={() => redeliver.mutate()}
        data-testid="webhook-redeliver"
      >
        {t('webhooks.tools.redeliver')}
      </Button>
      {redeliver.isSuccess && (
        <Text size="sm" c="teal" data-testid="webhook-redelivered">
          {t('webhooks.tools.redelivered')}
        </Text>
      )}
      {redeliver.isError && (
        <Text size="sm" c="red">
          {t('app.error', { message: messageOf(redeliver.error) })}
        </Text>
      )}
    </Group>
  );
}

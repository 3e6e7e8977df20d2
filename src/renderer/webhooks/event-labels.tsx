import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { WebhookEventName } from '../../shared/api/types.ts';

/** Each webhook event's label key: the UI shows what happened, with the event's own name beside it. */
export const EVENT_LABEL_KEYS: Record<WebhookEventName, string> = {
  'company.add': 'webhooks.event.companyAdd',
  'company.update': 'webhooks.event.companyUpdate',
  'company.delete': 'webhooks.event.companyDelete',
  'send.add': 'webhooks.event.sendAdd',
  'receive.add': 'webhooks.event.receiveAdd',
  'receive.delete': 'webhooks.event.receiveDelete',
  'update.add': 'webhooks.event.updateAdd',
};

/** Whether a webhook's `events` means every event: none listed, or `*` among them. */
export function listensToAll(events: readonly string[] | null): boolean {
  return !events || events.length === 0 || events.includes('*');
}

/** An event as a reader and a developer both recognise it: what happened, and the event's own name. */
export function EventName({ event }: { event: string | null }) {
  const { t } = useTranslation();
  if (!event) return null;
  const key = (EVENT_LABEL_KEYS as Record<string, string | undefined>)[event];
  return (
    <Text size="sm" span>
      {key ? `${t(key)} ` : ''}
      <Text span ff="monospace" size="sm" c="dimmed">
        {event}
      </Text>
    </Text>
  );
}

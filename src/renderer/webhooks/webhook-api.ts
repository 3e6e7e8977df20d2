import type { LocalReceiverState } from '../../shared/api/local-receiver.ts';
import type { WebHook, WebHookHistory } from '../../shared/api/types.ts';
import type { WebhookDelivery } from '../../shared/api/webhook-delivery.ts';
import type { Gateway } from '../../shared/gateway/channels.ts';
import { clientOf, type Page } from '../data/api.ts';

/** What a webhook form sends (`POST /webhook`, or `PUT /webhook` with its id). */
export interface WebhookInput {
  url: string;
  description: string | null;
  /** Null: every event (like `['*']`). */
  events: string[] | null;
  company_id: number | null;
  enabled: boolean;
}

export const listWebhooks = (gateway: Gateway, page: number, pageSize: number) =>
  clientOf(gateway).webhooks.page({ page, page_size: pageSize, sort: '-id' });

export const createWebhook = (gateway: Gateway, input: WebhookInput) =>
  clientOf(gateway).webhooks.create(input);

export const updateWebhook = (gateway: Gateway, id: number, input: WebhookInput) =>
  clientOf(gateway).webhooks.update({ ...input, id });

export const deleteWebhook = (gateway: Gateway, id: number) => clientOf(gateway).webhooks.delete(id);

/** A webhook's fields as a form or a switch sends them back, with some changed. */
export function inputOf(webhook: WebHook, change: Partial<WebhookInput> = {}): WebhookInput {
  return {
    url: webhook.url,
    description: webhook.description,
    events: webhook.events,
    company_id: webhook.company_id,
    enabled: webhook.enabled,
    ...change,
  };
}

export interface DeliveryFilters {
  success?: boolean;
  event?: string;
}

/**
 * One page of a webhook's deliveries, newest first: with bodies and durations from the local sandbox
 * (`/_sandbox/webhookhistory`), as openapi.yml's WebHookHistory from a remote service (no filters there).
 */
export async function listDeliveries(
  gateway: Gateway,
  local: boolean,
  webhookId: number,
  filters: DeliveryFilters,
  page: number,
  pageSize: number,
): Promise<Page<WebhookDelivery | WebHookHistory>> {
  const query = { webhook_id: webhookId, page, page_size: pageSize, sort: '-id' };
  const client = clientOf(gateway);
  if (!local) return client.webhooks.history.page(query);
  return client.sandbox.page<WebhookDelivery>('/webhookhistory', {
    ...query,
    success: filters.success,
    event: filters.event,
  });
}

/** The built-in receiver's webhook and what it got; with `after` and `wait`, once there is more (or time is up). */
export async function receiverState(
  gateway: Gateway,
  wait?: { after: number; seconds: number },
): Promise<LocalReceiverState> {
  const query = wait ? { after: wait.after, wait: wait.seconds } : undefined;
  return clientOf(gateway).sandbox.call({ method: 'GET', path: '/receiver', query });
}

/** Starts the built-in receiver with a new webhook; the answer carries its secret, this once. */
export const startReceiver = (gateway: Gateway) =>
  clientOf(gateway).sandbox.call<LocalReceiverState>({ method: 'POST', path: '/receiver', body: {} }, [201]);

export const stopReceiver = (gateway: Gateway) =>
  clientOf(gateway).sandbox.call<LocalReceiverState>({ method: 'DELETE', path: '/receiver' });

import type { LocalReceiverState } from '../../shared/api/local-receiver.ts';
import type { WebHook, WebHookHistory } from '../../shared/api/types.ts';
import type { WebhookDelivery } from '../../shared/api/webhook-delivery.ts';
import type { ApiRequest, ApiResponse, Gateway } from '../../shared/gateway/channels.ts';
import { ApiError, listPage, type Page } from '../api.ts';

/** What a webhook form sends (`POST /webhook`, or `PUT /webhook` with its id). */
export interface WebhookInput {
  url: string;
  description: string | null;
  /** Null: every event (like `['*']`). */
  events: string[] | null;
  company_id: number | null;
  enabled: boolean;
}

/** The answer's body as `T` when its status is `status`; anything else is an ApiError carrying the problem. */
function answer<T>(response: ApiResponse, status: number): T {
  if (response.status !== status) throw new ApiError(response);
  return response.body as T;
}

export const listWebhooks = (gateway: Gateway, page: number, pageSize: number) =>
  listPage<WebHook>(gateway, '/webhook', { page, page_size: pageSize, sort: '-id' });

export const createWebhook = async (gateway: Gateway, input: WebhookInput) =>
  answer<WebHook>(await gateway.api.request({ method: 'POST', path: '/webhook', body: input }), 201);

export const updateWebhook = async (gateway: Gateway, id: number, input: WebhookInput) =>
  answer<WebHook>(
    await gateway.api.request({ method: 'PUT', path: '/webhook', body: { ...input, id } }),
    200,
  );

export const deleteWebhook = async (gateway: Gateway, id: number) =>
  answer<WebHook>(await gateway.api.request({ method: 'DELETE', path: `/webhook/${id}` }), 200);

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
  const query: ApiRequest['query'] = { webhook_id: webhookId, page, page_size: pageSize, sort: '-id' };
  if (!local) return listPage<WebHookHistory>(gateway, '/webhookhistory', query);
  const response = await gateway.sandbox.control({
    method: 'GET',
    path: '/webhookhistory',
    query: { ...query, success: filters.success, event: filters.event },
  });
  const items = answer<WebhookDelivery[]>(response, 200);
  return { items, total: Number(response.headers['service-total-count'] ?? items.length) };
}

/** The built-in receiver's webhook and what it got; with `after` and `wait`, once there is more (or time is up). */
export async function receiverState(
  gateway: Gateway,
  wait?: { after: number; seconds: number },
): Promise<LocalReceiverState> {
  const query = wait ? { after: wait.after, wait: wait.seconds } : undefined;
  return answer(await gateway.sandbox.control({ method: 'GET', path: '/receiver', query }), 200);
}

/** Starts the built-in receiver with a new webhook; the answer carries its secret, this once. */
export const startReceiver = async (gateway: Gateway) =>
  answer<LocalReceiverState>(
    await gateway.sandbox.control({ method: 'POST', path: '/receiver', body: {} }),
    201,
  );

export const stopReceiver = async (gateway: Gateway) =>
  answer<LocalReceiverState>(await gateway.sandbox.control({ method: 'DELETE', path: '/receiver' }), 200);

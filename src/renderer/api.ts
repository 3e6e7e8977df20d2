import type { Receive, Send } from '../shared/api/types.ts';
import type { ApiRequest, Gateway } from '../shared/gateway/channels.ts';

export interface Page<T> {
  items: T[];
  total: number;
}

export class ApiError extends Error {}

/** One page of a v1 list, with the total from `Service-Total-Count`. */
export async function listPage<T>(
  gateway: Gateway,
  path: '/send' | '/receive',
  query: ApiRequest['query'],
): Promise<Page<T>> {
  const response = await gateway.api.request({ method: 'GET', path, query });
  if (response.status !== 200 || !Array.isArray(response.body)) {
    const detail = (response.body as { detail?: string; title?: string } | null)?.detail;
    throw new ApiError(detail ?? `HTTP ${response.status}`);
  }
  const total = Number(response.headers['service-total-count'] ?? response.body.length);
  return { items: response.body as T[], total };
}

export const listSent = (gateway: Gateway, page: number, pageSize: number) =>
  listPage<Send>(gateway, '/send', { page, page_size: pageSize, sort: '-created' });

export const listReceived = (gateway: Gateway, query: ApiRequest['query']) =>
  listPage<Receive>(gateway, '/receive', query);

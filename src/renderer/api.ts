import type { ProblemDetails, Receive, Send } from '../shared/api/types.ts';
import type { ApiRequest, ApiResponse, Gateway } from '../shared/gateway/channels.ts';

export interface Page<T> {
  items: T[];
  total: number;
}

/** An API answer that was not the one asked for, with the problem it carried (if it was one). */
export class ApiError extends Error {
  constructor(
    readonly response: ApiResponse,
    readonly problem: ProblemDetails | null = problemOf(response),
  ) {
    super(problem?.detail || problem?.title || `HTTP ${response.status}`);
  }
}

/** The RFC 9457 problem in an answer, or null when the body is something else. */
export function problemOf(response: ApiResponse): ProblemDetails | null {
  const body = response.body;
  if (response.encoding !== 'json' || typeof body !== 'object' || body === null || Array.isArray(body))
    return null;
  return typeof (body as Partial<ProblemDetails>).title === 'string' ? (body as ProblemDetails) : null;
}

/** The message a failed call shows: the problem's own words where there are some. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A GET answering JSON 200, as `T`. */
export async function getJson<T>(gateway: Gateway, path: string, query?: ApiRequest['query']): Promise<T> {
  const response = await gateway.api.request({ method: 'GET', path, query });
  if (response.status !== 200 || response.encoding !== 'json') throw new ApiError(response);
  return response.body as T;
}

/** One page of a v1 list, with the total from `Service-Total-Count`. */
export async function listPage<T>(
  gateway: Gateway,
  path: string,
  query: ApiRequest['query'],
): Promise<Page<T>> {
  const response = await gateway.api.request({ method: 'GET', path, query });
  if (response.status !== 200 || !Array.isArray(response.body)) throw new ApiError(response);
  const total = Number(response.headers['service-total-count'] ?? response.body.length);
  return { items: response.body as T[], total };
}

export const listSent = (gateway: Gateway, query: ApiRequest['query']) =>
  listPage<Send>(gateway, '/send', { sort: '-created', ...query });

export const listReceived = (gateway: Gateway, query: ApiRequest['query']) =>
  listPage<Receive>(gateway, '/receive', query);

/** The file name of a `Content-Disposition: attachment; filename="…"` header, if any. */
export function attachmentName(response: ApiResponse): string | null {
  return /filename="([^"]+)"/.exec(response.headers['content-disposition'] ?? '')?.[1] ?? null;
}

import { PAGE_SIZE_MAX, TOTAL_COUNT_HEADER } from '../api/types.ts';
import type { ApiRequest, ApiResponse } from '../gateway/channels.ts';
import { ApiProblem } from './problem.ts';

export type Query = NonNullable<ApiRequest['query']>;

/** One page of a list and the total the server counted (`Service-Total-Count`), whatever the page size. */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
  /** ceil(total / pageSize): the spec's way to know how many pages there are. */
  pages: number;
}

export function readPage<T>(response: ApiResponse, page: number, pageSize: number): Page<T> {
  if (response.status !== 200 || !Array.isArray(response.body)) throw new ApiProblem(response);
  const header = response.headers[TOTAL_COUNT_HEADER.toLowerCase()];
  const total = header === undefined ? response.body.length : Number(header);
  return {
    items: response.body as T[],
    total,
    page,
    pageSize,
    pages: Math.ceil(total / pageSize),
  };
}

/** Every item of a list with the total the server counted, page after page (see everyItem), collected. */
export async function readAllPages<T>(
  fetchPage: (page: number, pageSize: number) => Promise<Pick<Page<T>, 'items' | 'total'>>,
  pageSize = PAGE_SIZE_MAX,
): Promise<{ items: T[]; total: number }> {
  const items: T[] = [];
  let total = 0;
  for (let page = 1; ; page++) {
    const result = await fetchPage(page, pageSize);
    items.push(...result.items);
    total = result.total;
    if (result.items.length === 0 || page * pageSize >= total) return { items, total };
  }
}

/**
 * Every item of a list, page after page (at most 200 a page, the spec's maximum), for `for await`. It stops at
 * the page `Service-Total-Count` says is the last, or at an empty page if items vanish meanwhile (retention,
 * another client deleting): never an endless loop, never a page asked for twice.
 */
export async function* everyItem<T>(
  fetchPage: (page: number, pageSize: number) => Promise<Page<T>>,
  pageSize = PAGE_SIZE_MAX,
): AsyncGenerator<T, void, undefined> {
  for (let page = 1; ; page++) {
    const result = await fetchPage(page, pageSize);
    yield* result.items;
    if (result.items.length === 0 || page >= result.pages) return;
  }
}

import type { Request } from 'express';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../../shared/api/types.ts';
import { ServiceError } from '../domain/service-error.ts';
import type { MessageKey } from '../i18n/messages.ts';
import type { Paging, Sorting } from '../store/list-query.ts';

const INT32_MIN = -2_147_483_648;
const INT32_MAX = 2_147_483_647;
// Full date-time with an offset, or a calendar date (taken as midnight UTC).
const DATE_TIME = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2}))?$/i;

/**
 * Reads typed query parameters; any malformed value is a `400` naming the parameter (contract "Lists").
 * Unknown parameters are ignored, as clients often add their own (cache busters, tracing).
 */
export class QueryReader {
  private readonly query: Record<string, unknown>;

  constructor(req: Request) {
    this.query = req.query as Record<string, unknown>;
  }

  private fail(parameter: string, key: MessageKey, params: Record<string, string | number> = {}): never {
    throw new ServiceError('bad-request', key, { parameter, ...params }, { parameter });
  }

  string(name: string): string | undefined {
    const value = this.query[name];
    if (value === undefined) return undefined;
    if (typeof value !== 'string') this.fail(name, 'query.repeated');
    return value;
  }

  integer(name: string, min = INT32_MIN, max = INT32_MAX): number | undefined {
    const text = this.string(name);
    if (text === undefined) return undefined;
    if (!/^-?\d{1,10}$/.test(text.trim())) this.fail(name, 'query.integer');
    const value = Number(text);
    if (value < min || value > max) this.fail(name, 'query.range', { min, max });
    return value;
  }

  boolean(name: string): boolean | undefined {
    const text = this.string(name)?.toLowerCase();
    if (text === undefined) return undefined;
    if (text !== 'true' && text !== 'false') this.fail(name, 'query.boolean');
    return text === 'true';
  }

  /** A date-time, normalized to the stored form (ISO 8601 UTC with milliseconds). */
  dateTime(name: string): string | undefined {
    const text = this.string(name);
    if (text === undefined) return undefined;
    const trimmed = text.trim();
    const time = DATE_TIME.test(trimmed)
      ? Date.parse(trimmed.length === 10 ? `${trimmed}T00:00:00Z` : trimmed)
      : NaN;
    if (Number.isNaN(time)) this.fail(name, 'query.dateTime');
    return new Date(time).toISOString();
  }

  /** A `_from`/`_to` pair; `from` after `to` can match nothing and is almost surely a mistake. */
  dateRange(prefix: string): { from?: string; to?: string } {
    const from = this.dateTime(`${prefix}_from`);
    const to = this.dateTime(`${prefix}_to`);
    if (from !== undefined && to !== undefined && from > to) {
      this.fail(`${prefix}_from`, 'query.order', { other: `${prefix}_to` });
    }
    return { from, to };
  }

  oneOf<T extends string>(name: string, allowed: readonly T[]): T | undefined {
    const text = this.string(name);
    if (text === undefined) return undefined;
    if (!(allowed as readonly string[]).includes(text))
      this.fail(name, 'query.enum', { allowed: allowed.join(', ') });
    return text as T;
  }

  paging(): Paging {
    return {
      page: this.integer('page', 1) ?? 1,
      pageSize: this.integer('page_size', 1, PAGE_SIZE_MAX) ?? PAGE_SIZE_DEFAULT,
    };
  }

  sorting(allowed: readonly string[]): Sorting | null {
    const text = this.string('sort')?.trim();
    if (text === undefined || text === '') return null;
    const descending = text.startsWith('-');
    const column = descending ? text.slice(1) : text;
    if (!allowed.includes(column))
      this.fail('sort', 'query.sort', { value: text, allowed: allowed.join(', ') });
    return { column, descending };
  }

  /** A comma-separated id list; ids that cannot exist are kept out silently, like unknown ones (spec). */
  ids(name: string, max: number): number[] | undefined {
    const text = this.string(name);
    if (text === undefined) return undefined;
    const parts = text
      .split(',')
      .map((p) => p.trim())
      .filter((p) => p !== '');
    if (parts.length > max) this.fail(name, 'query.ids', { max });
    if (parts.some((p) => !/^\d{1,10}$/.test(p))) this.fail(name, 'query.integer');
    return parts.map(Number).filter((id) => id <= INT32_MAX);
  }
}

import type { Request } from 'express';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../../shared/api/types.ts';
import { ServiceError } from '../domain/service-error.ts';
import type { MessageKey } from '../i18n/messages.ts';
import type { Paging, Sorting } from '../store/list-query.ts';

const INT32_MIN = -2_147_483_648;
const INT32_MAX = 2_147_483_647;
// A full date-time with its offset (spec: "UTC ISO 8601 date-time values"); a date alone names no instant.
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):?(\d{2}))$/i;
// Digits only, with an optional minus: no blanks, sign, fraction, exponent or radix prefix.
const INTEGER = /^-?\d{1,10}$/;

/** The fields of a DATE_TIME match name a real day and time of day (no 30 February, no 24:00). */
function isRealDateTime(match: RegExpExecArray): boolean {
  const [year, month, day, hour, minute, second, offsetHours, offsetMinutes] = match
    .slice(1)
    .map((part) => (part === undefined ? 0 : Number(part)));
  const leap = year! % 4 === 0 && (year! % 100 !== 0 || year! % 400 === 0);
  const daysInMonth = month === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(month!) ? 30 : 31;
  return (
    month! >= 1 &&
    month! <= 12 &&
    day! >= 1 &&
    day! <= daysInMonth &&
    hour! <= 23 &&
    minute! <= 59 &&
    second! <= 59 &&
    offsetHours! <= 23 &&
    offsetMinutes! <= 59
  );
}

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
    if (!INTEGER.test(text)) this.fail(name, 'query.integer');
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
    const match = DATE_TIME.exec(text);
    const time = match && isRealDateTime(match) ? Date.parse(text) : NaN;
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

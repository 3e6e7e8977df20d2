/**
 * Calendar dates and the periods the books are kept by. Dates are ISO calendar dates ('YYYY-MM-DD') compared as
 * strings, which orders them correctly and costs nothing over 30,000 invoices; a period is a closed range of
 * them. The periods are the VAT settlement's: a month ('2026-03', monthly payers) or a quarter ('2026-Q1',
 * quarterly payers, art. 7 DPR 542/99), and a year ('2026') for the dashboard.
 */

/** A closed range of calendar dates, both ends included. */
export interface DateRange {
  from: string;
  to: string;
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const QUARTER = /^(\d{4})-Q([1-4])$/;
const YEAR = /^(\d{4})$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

/** What a period spans: a month, a quarter or a year. */
export type PeriodSpan = 'month' | 'quarter' | 'year';

/** The period of a span that a date ('YYYY-MM-DD', or a month 'YYYY-MM') falls in: '2026-03', '2026-Q1', '2026'. */
export function periodOfDate(date: string, span: PeriodSpan): string {
  const year = date.slice(0, 4);
  if (span === 'year') return year;
  if (span === 'month') return date.slice(0, 7);
  return `${year}-Q${Math.ceil(Number(date.slice(5, 7)) / 3)}`;
}

/** The last day of a month (month 1-12): 28 to 31, leap years included. */
function lastDay(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * The dates of a period: 'YYYY-MM', 'YYYY-Qn' or 'YYYY'. Throws a RangeError for anything else: a period is
 * chosen by the app, never read from a file, so a bad one is a programming error.
 */
export function periodRange(period: string): DateRange {
  const month = MONTH.exec(period);
  if (month) {
    const [year, m] = [Number(month[1]), Number(month[2])];
    return { from: `${month[1]}-${month[2]}-01`, to: `${month[1]}-${month[2]}-${pad(lastDay(year, m))}` };
  }
  const quarter = QUARTER.exec(period);
  if (quarter) {
    const [year, q] = [Number(quarter[1]), Number(quarter[2])];
    const last = q * 3;
    return {
      from: `${quarter[1]}-${pad(last - 2)}-01`,
      to: `${quarter[1]}-${pad(last)}-${pad(lastDay(year, last))}`,
    };
  }
  const year = YEAR.exec(period);
  if (year) return { from: `${year[1]}-01-01`, to: `${year[1]}-12-31` };
  throw new RangeError(`not a period (YYYY-MM, YYYY-Qn or YYYY): ${period}`);
}

/** The period of the same length that comes just before: 2026-01 → 2025-12, 2026-Q1 → 2025-Q4, 2026 → 2025. */
export function previousPeriod(period: string): string {
  return shiftPeriod(period, -1);
}

/** The period of the same length that comes just after: 2025-12 → 2026-01, 2025-Q4 → 2026-Q1. */
export function nextPeriod(period: string): string {
  return shiftPeriod(period, 1);
}

function shiftPeriod(period: string, step: 1 | -1): string {
  periodRange(period);
  const month = MONTH.exec(period);
  if (month) {
    const index = Number(month[1]) * 12 + Number(month[2]) - 1 + step;
    return `${pad(Math.floor(index / 12), 4)}-${pad((index % 12) + 1)}`;
  }
  const quarter = QUARTER.exec(period);
  if (quarter) {
    const index = Number(quarter[1]) * 4 + Number(quarter[2]) - 1 + step;
    return `${pad(Math.floor(index / 4), 4)}-Q${(index % 4) + 1}`;
  }
  return pad(Number(period) + step, 4);
}

/** The twelve months of a year, in order: '2026-01' … '2026-12'. */
export function monthsOfYear(year: string): string[] {
  return Array.from({ length: 12 }, (_, i) => `${year}-${pad(i + 1)}`);
}

/** The month of a date, 'YYYY-MM' ('' for a date the file got wrong). */
export function monthOf(date: string): string {
  return DATE.test(date) ? date.slice(0, 7) : '';
}

/** Whether a date lies in a range (an empty or malformed date lies in none). */
export function inRange(date: string, range: DateRange): boolean {
  return date !== '' && date >= range.from && date <= range.to;
}

/**
 * A date plus a number of days ('2026-01-31' + 30 → '2026-03-02'), in UTC so no time zone or daylight saving
 * moves it; '' when the date is not a calendar date.
 */
export function addDays(date: string, days: number): string {
  if (!DATE.test(date)) return '';
  const time = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(time)) return '';
  return new Date(time + days * 86_400_000).toISOString().slice(0, 10);
}

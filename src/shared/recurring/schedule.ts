/**
 * When a recurring invoice falls: every month, quarter or year, on a day of the month, from a first date until an
 * optional last one. A day the month lacks (31 in April, 29–31 in February) falls on the month's last day, as
 * "end of month" billing expects. Dates are ISO calendar dates ('YYYY-MM-DD'), compared as strings.
 */

export type RecurringEvery = 'month' | 'quarter' | 'year';

export const RECURRING_EVERY: readonly RecurringEvery[] = ['month', 'quarter', 'year'];

export interface RecurringSchedule {
  every: RecurringEvery;
  /** Day of the month, 1–31; past the month's end it is the month's last day. */
  day: number;
  /** The first occurrence's month is this date's; an occurrence before it never falls. */
  start: string;
  /** The last date an occurrence may fall on; null: no end. */
  end: string | null;
}

/** How many months apart two occurrences are. */
export const MONTHS_OF: Record<RecurringEvery, number> = { month: 1, quarter: 3, year: 12 };

/**
 * At most this many occurrences are prepared at once: an app not opened for years must not flood the drafts
 * (three years of a monthly invoice).
 */
export const MAX_OCCURRENCES = 36;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

export function isIsoDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return month >= 1 && month <= 12 && day >= 1 && day <= lastDayOf(year, month);
}

/** The last day of a month (1–12): 28 to 31. */
export function lastDayOf(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** A year and month moved by `months` (negative goes back). */
function addMonths(year: number, month: number, months: number): { year: number; month: number } {
  const index = year * 12 + (month - 1) + months;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** The date of `day` in a month, the month's last day when it has fewer days. */
export function dayInMonth(year: number, month: number, day: number): string {
  return `${year}-${pad(month)}-${pad(Math.min(day, lastDayOf(year, month)))}`;
}

/** The n-th occurrence (0 is the first): the schedule's day in the start's month moved by n steps. */
function occurrence(schedule: RecurringSchedule, n: number): string {
  const [year, month] = [Number(schedule.start.slice(0, 4)), Number(schedule.start.slice(5, 7))];
  const at = addMonths(year, month, n * MONTHS_OF[schedule.every]);
  return dayInMonth(at.year, at.month, schedule.day);
}

/**
 * The occurrences after `after` (excluded; null: from the first) up to `through` (included), oldest first, at
 * most `MAX_OCCURRENCES`. The first month's occurrence counts only from the start date on.
 */
export function occurrencesBetween(
  schedule: RecurringSchedule,
  after: string | null,
  through: string,
): string[] {
  const found: string[] = [];
  for (let n = 0; found.length < MAX_OCCURRENCES; n++) {
    const date = occurrence(schedule, n);
    if (date > through || (schedule.end !== null && date > schedule.end)) break;
    if (date < schedule.start || (after !== null && date <= after)) continue;
    found.push(date);
  }
  return found;
}

/** The next occurrence after `after` (excluded), or null when the schedule has ended. */
export function nextOccurrence(schedule: RecurringSchedule, after: string | null): string | null {
  for (let n = 0; n < 10_000; n++) {
    const date = occurrence(schedule, n);
    if (schedule.end !== null && date > schedule.end) return null;
    if (date >= schedule.start && (after === null || date > after)) return date;
  }
  return null;
}

/**
 * A date moved by whole months, keeping "the last day of the month" a last day: a service period 1–30 November
 * moved by one month is 1–31 December. Blank stays blank; anything not a date is kept as typed.
 */
export function shiftByMonths(date: string, months: number): string {
  if (!isIsoDate(date) || months === 0) return date;
  const [year, month, day] = [Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10))];
  const at = addMonths(year, month, months);
  const wasLast = day === lastDayOf(year, month);
  return dayInMonth(at.year, at.month, wasLast ? 31 : day);
}

/** Whole months from one date's month to another's (the days do not count). */
export function monthsBetween(from: string, to: string): number {
  return (
    (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 +
    Number(to.slice(5, 7)) -
    Number(from.slice(5, 7))
  );
}

export type ScheduleProblem = 'day' | 'start' | 'end' | 'endBeforeStart';

/** What is wrong with a schedule the user typed, field by field; empty when it can be kept. */
export function checkSchedule(schedule: RecurringSchedule): ScheduleProblem[] {
  const problems: ScheduleProblem[] = [];
  if (!Number.isInteger(schedule.day) || schedule.day < 1 || schedule.day > 31) problems.push('day');
  if (!isIsoDate(schedule.start)) problems.push('start');
  if (schedule.end !== null && !isIsoDate(schedule.end)) problems.push('end');
  else if (schedule.end !== null && isIsoDate(schedule.start) && schedule.end < schedule.start)
    problems.push('endBeforeStart');
  return problems;
}

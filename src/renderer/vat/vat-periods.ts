/**
 * The periods the VAT screen settles: a month ('2027-03', monthly payers) or a quarter ('2027-Q1', quarterly
 * payers), as src/shared/books/period.ts writes them. The screen keeps the chosen one in its address
 * (`#/vat?period=2027-Q1`) and starts on the month of the day it is (the sandbox clock's day on the local sandbox).
 */
import { nextPeriod, periodOfDate, periodRange, previousPeriod } from '../../shared/books/index.ts';

export type PeriodKind = 'month' | 'quarter';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const QUARTER = /^\d{4}-Q[1-4]$/;

export function kindOf(period: string): PeriodKind {
  return QUARTER.test(period) ? 'quarter' : 'month';
}

/** The month or quarter a date ('YYYY-MM-DD') falls in (the books' periodOfDate). */
export { periodOfDate };

/** The period an address names, when it names a month or a quarter; else the month of `today`. */
export function periodFromAddress(value: string | null, today: string): string {
  return value !== null && (MONTH.test(value) || QUARTER.test(value)) ? value : periodOfDate(today, 'month');
}

/**
 * The same time as a period of the other kind: a month's quarter; for a quarter, the month of `today` when it
 * lies in the quarter, else the quarter's last month (the one whose settlement closes it).
 */
export function withKind(period: string, kind: PeriodKind, today: string): string {
  if (kindOf(period) === kind) return period;
  if (kind === 'quarter') return periodOfDate(`${period}-01`, 'quarter');
  const { from, to } = periodRange(period);
  return today >= from && today <= to ? periodOfDate(today, 'month') : to.slice(0, 7);
}

/**
 * The periods of the year up to `period`, in order: those whose credit is carried into it. The chain starts
 * afresh each year: the last period's credit goes into the annual return, and the part of it used in the new
 * year (rigo VP9 of the periodic communication) is the taxpayer's choice, not a figure of the books.
 */
export function periodsOfYearUpTo(period: string): string[] {
  const first = kindOf(period) === 'quarter' ? `${period.slice(0, 4)}-Q1` : `${period.slice(0, 4)}-01`;
  const periods = [first];
  while (periods[periods.length - 1] !== period) periods.push(nextPeriod(periods[periods.length - 1]!));
  return periods;
}

/** The period before, within the same year; null for January and the first quarter. */
export function previousInYear(period: string): string | null {
  const previous = previousPeriod(period);
  return previous.slice(0, 4) === period.slice(0, 4) ? previous : null;
}

/**
 * The periods to choose from, newest first: every month (or quarter) from January of `fromYear` to the period
 * of `today`, and `current` too when it lies outside them (an address may name any period).
 */
export function periodChoices(kind: PeriodKind, fromYear: string, today: string, current: string): string[] {
  const last = periodOfDate(today, kind);
  const first = kind === 'quarter' ? `${fromYear}-Q1` : `${fromYear}-01`;
  const choices: string[] = [];
  if (first <= last)
    for (let p = first; ; p = nextPeriod(p)) {
      choices.push(p);
      if (p === last) break;
    }
  if (kindOf(current) === kind && !choices.includes(current)) choices.push(current);
  return choices.sort().reverse();
}

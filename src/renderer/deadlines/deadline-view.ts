/**
 * What the deadlines screen shows of the books' deadlines (src/shared/books/deadlines.ts): the filters as the
 * address keeps them, the rows they leave in the user's order, the totals of those rows and the words for a row's
 * state. Pure: the screen passes the deadlines, today and the companies in; money stays bigint cents throughout.
 */
import type { Deadline, DeadlineFilter, Direction } from '../../shared/books/index.ts';
import {
  documentKey,
  filterDeadlines,
  monthOf,
  periodOfDate,
  periodRange,
} from '../../shared/books/index.ts';
import type { Query } from '../shell/routes.ts';

export type KindFilter = 'all' | Direction;
/**
 * unsettled: anything still to collect, pay or refund; overdue; upcoming: unsettled and not yet due; partial: some
 * payment recorded, not all; paid: settled (collected, paid, refunded, offset or credited).
 */
export type StateFilter = 'all' | 'unsettled' | 'overdue' | 'upcoming' | 'partial' | 'paid';

export const KIND_FILTERS: readonly KindFilter[] = ['all', 'receivable', 'payable'];
export const STATE_FILTERS: readonly StateFilter[] = [
  'all',
  'unsettled',
  'overdue',
  'upcoming',
  'partial',
  'paid',
];

/** The screen's filters, as the address keeps them (`#/deadlines?kind=payable&state=overdue&period=2026-Q1`). */
export interface DeadlineFilters {
  kind: KindFilter;
  state: StateFilter;
  companyId: number | null;
  /** A part of the counterparty's name, VAT number or tax code, or of the document's number. */
  q: string;
  /** 'YYYY-MM', 'YYYY-Qn', 'YYYY', 'range' (then `from`/`to`), or null for any date. */
  period: string | null;
  from: string | null;
  to: string | null;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function isPeriod(value: string): boolean {
  try {
    periodRange(value);
    return true;
  } catch {
    return false;
  }
}

export function filtersOf(params: URLSearchParams): DeadlineFilters {
  const kind = KIND_FILTERS.find((k) => k === params.get('kind')) ?? 'all';
  const state = STATE_FILTERS.find((s) => s === params.get('state')) ?? 'all';
  const company = params.get('company');
  const period = params.get('period');
  const date = (name: string) => {
    const value = params.get(name);
    return value && DATE.test(value) ? value : null;
  };
  return {
    kind,
    state,
    companyId: company && /^\d+$/.test(company) ? Number(company) : null,
    q: params.get('q') ?? '',
    period: period === 'range' || (period !== null && isPeriod(period)) ? period : null,
    from: date('from'),
    to: date('to'),
  };
}

/** The filters as the address's query; defaults left out. */
export function queryOf(filters: DeadlineFilters): Query {
  const range = filters.period === 'range';
  return {
    kind: filters.kind === 'all' ? null : filters.kind,
    state: filters.state === 'all' ? null : filters.state,
    company: filters.companyId,
    q: filters.q.trim() || null,
    period: filters.period,
    from: range ? filters.from : null,
    to: range ? filters.to : null,
  };
}

function matchesState(row: Deadline, state: StateFilter): boolean {
  switch (state) {
    case 'all':
      return true;
    case 'unsettled':
      return row.status !== 'paid';
    case 'overdue':
      return row.status === 'overdue';
    case 'upcoming':
      return row.status === 'open' || row.status === 'partial';
    case 'partial':
      return row.status !== 'paid' && row.paid !== 0n;
    case 'paid':
      return row.status === 'paid';
  }
}

function matchesText(row: Deadline, q: string): boolean {
  const text = q.trim().toLowerCase();
  if (text === '') return true;
  const compact = text.replace(/\s+/g, '');
  const { name, vat, fiscalCode } = row.counterparty;
  return (
    name.toLowerCase().includes(text) ||
    row.number.toLowerCase().includes(text) ||
    (vat !== null && vat.toLowerCase().includes(compact)) ||
    (fiscalCode !== null && fiscalCode.toLowerCase().includes(compact))
  );
}

/**
 * The rows the filters leave. `companyVat` is the chosen company's VAT number (or tax code): the books know
 * companies by it, the address by the API's id; a company not (yet) known leaves nothing.
 */
export function applyFilters(
  deadlines: readonly Deadline[],
  filters: DeadlineFilters,
  companyVat: string | null,
): Deadline[] {
  const shared: DeadlineFilter = {};
  if (filters.kind !== 'all') shared.direction = filters.kind;
  if (filters.companyId !== null) shared.company = companyVat ?? '';
  if (filters.period === 'range') {
    if (filters.from !== null || filters.to !== null)
      shared.due = { from: filters.from ?? '0000-01-01', to: filters.to ?? '9999-12-31' };
  } else if (filters.period !== null) shared.due = filters.period;
  return filterDeadlines(deadlines, shared).filter(
    (row) => matchesState(row, filters.state) && matchesText(row, filters.q),
  );
}

export type SortKey = 'due' | 'counterparty' | 'document' | 'amount' | 'outstanding' | 'status';
export interface Sort {
  key: SortKey;
  descending: boolean;
}
export const SORT_KEYS: readonly SortKey[] = [
  'due',
  'counterparty',
  'document',
  'amount',
  'outstanding',
  'status',
];

/** Overdue first, then what is still to settle, then what is settled: the order an accountant works in. */
const STATUS_ORDER = { overdue: 0, partial: 1, open: 2, paid: 3 } as const;

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const compareCents = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);

function compareBy(key: SortKey, a: Deadline, b: Deadline): number {
  switch (key) {
    case 'due':
      return compareText(a.due, b.due);
    case 'counterparty':
      return a.counterparty.name.localeCompare(b.counterparty.name, 'it', { sensitivity: 'base' });
    case 'document':
      return compareText(a.date, b.date) || a.number.localeCompare(b.number, 'it', { numeric: true });
    case 'amount':
      return compareCents(a.amount, b.amount);
    case 'outstanding':
      return compareCents(a.outstanding, b.outstanding);
    case 'status':
      return STATUS_ORDER[a.status] - STATUS_ORDER[b.status];
  }
}

/** Sorted by the key, then by due date, receivables first, document and instalment: a stable, readable order. */
export function sortDeadlines(rows: readonly Deadline[], sort: Sort): Deadline[] {
  const sign = sort.descending ? -1 : 1;
  return [...rows].sort(
    (a, b) =>
      sign * compareBy(sort.key, a, b) ||
      compareText(a.due, b.due) ||
      compareText(b.direction, a.direction) ||
      compareBy('document', a, b) ||
      a.position - b.position,
  );
}

export function sortOf(value: string | null | undefined): Sort {
  const descending = value?.startsWith('-') ?? false;
  const key = SORT_KEYS.find((k) => k === value?.replace(/^-/, '')) ?? 'due';
  return { key, descending: value ? descending : false };
}

export function sortText(sort: Sort): string {
  return `${sort.descending ? '-' : ''}${sort.key}`;
}

/** One currency's sums over the filtered rows (amounts are never added across currencies). */
export interface CurrencyTotal {
  currency: string;
  amount: bigint;
  paid: bigint;
  outstanding: bigint;
  /** What is outstanding on the receivable rows, and on the payable ones. */
  receivable: bigint;
  payable: bigint;
}

export interface ListTotal {
  count: number;
  /** Both receivables and payables are among the rows: the total then says how it splits. */
  mixed: boolean;
  /** In currency order, euro first. */
  byCurrency: CurrencyTotal[];
}

const currencyOrder = (a: string, b: string) =>
  a === b ? 0 : a === 'EUR' ? -1 : b === 'EUR' ? 1 : compareText(a, b);

export function listTotal(rows: readonly Deadline[]): ListTotal {
  const sums = new Map<string, CurrencyTotal>();
  const directions = new Set<Direction>();
  for (const row of rows) {
    directions.add(row.direction);
    let sum = sums.get(row.currency);
    if (!sum) {
      sum = { currency: row.currency, amount: 0n, paid: 0n, outstanding: 0n, receivable: 0n, payable: 0n };
      sums.set(row.currency, sum);
    }
    sum.amount += row.amount;
    sum.paid += row.paid;
    sum.outstanding += row.outstanding;
    sum[row.direction] += row.outstanding;
  }
  return {
    count: rows.length,
    mixed: directions.size > 1,
    byCurrency: [...sums.values()].sort((a, b) => currencyOrder(a.currency, b.currency)),
  };
}

/** The outstanding total in euro, or in the only currency there is; null when neither exists (`data-amount`). */
export function plainOutstanding(total: ListTotal): bigint | null {
  const only = total.byCurrency.length === 1 ? total.byCurrency[0] : undefined;
  const chosen = only ?? total.byCurrency.find((sum) => sum.currency === 'EUR');
  return chosen ? chosen.outstanding : total.count === 0 ? 0n : null;
}

/** One line of the totals by month: a month and a currency, what is outstanding each way and the balance. */
export interface MonthLine {
  /** 'YYYY-MM', or '' for rows whose due date the file got wrong. */
  month: string;
  currency: string;
  receivable: bigint;
  payable: bigint;
  /** What is outstanding on overdue rows, each way. */
  overdueReceivable: bigint;
  overduePayable: bigint;
  /** receivable − payable: what the month leaves in the bank. */
  balance: bigint;
}

/** The outstanding amounts of the rows by month of their due date, months in order, euro first within a month. */
export function monthLines(rows: readonly Deadline[]): MonthLine[] {
  const lines = new Map<string, MonthLine>();
  for (const row of rows) {
    const month = monthOf(row.due);
    const key = `${month}|${row.currency}`;
    let line = lines.get(key);
    if (!line) {
      line = {
        month,
        currency: row.currency,
        receivable: 0n,
        payable: 0n,
        overdueReceivable: 0n,
        overduePayable: 0n,
        balance: 0n,
      };
      lines.set(key, line);
    }
    if (row.direction === 'receivable') {
      line.receivable += row.outstanding;
      if (row.status === 'overdue') line.overdueReceivable += row.outstanding;
    } else {
      line.payable += row.outstanding;
      if (row.status === 'overdue') line.overduePayable += row.outstanding;
    }
    line.balance = line.receivable - line.payable;
  }
  // Rows with no usable date last.
  const monthKey = (month: string) => month || '9999-99';
  return [...lines.values()].sort(
    (a, b) => compareText(monthKey(a.month), monthKey(b.month)) || currencyOrder(a.currency, b.currency),
  );
}

/** A credit note's row: its amounts run below zero (what it gives back, or offsets). */
export function isCredit(row: Deadline): boolean {
  return row.original < 0n;
}

/**
 * The words for a row's state (a message key), by direction and by what settled it: an invoice wholly credited
 * by a credit note, a credit note wholly offset against its invoice, or one refunded, say so rather than "paid".
 */
export function statusKey(row: Deadline): string {
  const credit = isCredit(row);
  if (row.status === 'overdue') return 'deadlines.status.overdue';
  if (row.status === 'partial') return 'deadlines.status.partial';
  if (row.status === 'open') {
    if (credit)
      return row.direction === 'receivable' ? 'deadlines.status.toRefund' : 'deadlines.status.toBeRefunded';
    return row.direction === 'receivable' ? 'deadlines.status.toCollect' : 'deadlines.status.toPay';
  }
  if (credit) return row.paid === 0n ? 'deadlines.status.offset' : 'deadlines.status.refunded';
  if (row.paid === 0n && row.netted.length > 0) return 'deadlines.status.credited';
  return row.direction === 'receivable' ? 'deadlines.status.collected' : 'deadlines.status.paid';
}

/** Whole days from a due date to today (both 'YYYY-MM-DD'); 0 when either is no date. */
export function daysLate(due: string, today: string): number {
  if (!DATE.test(due) || !DATE.test(today)) return 0;
  const days = (Date.parse(`${today}T00:00:00Z`) - Date.parse(`${due}T00:00:00Z`)) / 86_400_000;
  return Number.isFinite(days) ? Math.max(0, Math.round(days)) : 0;
}

/** What may still be recorded against a row, as a magnitude (payments are recorded as magnitudes). */
export function remaining(row: Deadline): bigint {
  const left = isCredit(row) ? -row.outstanding : row.outstanding;
  return left > 0n ? left : 0n;
}

/** Whether a payment can be recorded on the row: something is left to collect, pay or refund. */
export function canRecord(row: Deadline): boolean {
  return row.status !== 'paid' && remaining(row) > 0n;
}

export type PaymentProblem = 'amountMissing' | 'amountZero' | 'amountOver' | 'dateMissing';

/** What is wrong with a payment about to be recorded (`amount` in cents, null when nothing was understood). */
export function paymentProblem(row: Deadline, amount: bigint | null, date: string): PaymentProblem | null {
  if (!DATE.test(date)) return 'dateMissing';
  if (amount === null) return 'amountMissing';
  if (amount <= 0n) return 'amountZero';
  if (amount > remaining(row)) return 'amountOver';
  return null;
}

/** The payment recorded last on a row (by when it was written, then its date): what "undo" takes back. */
export function latestPayment<P extends { instalment: string; recorded: string; date: string }>(
  payments: readonly P[],
  key: string,
): P | null {
  let latest: P | null = null;
  for (const payment of payments) {
    if (payment.instalment !== key) continue;
    if (
      latest === null ||
      payment.recorded > latest.recorded ||
      (payment.recorded === latest.recorded && payment.date >= latest.date)
    )
      latest = payment;
  }
  return latest;
}

/** How many instalments each document has: "instalment 1 of 2". */
export function instalmentCounts(deadlines: readonly Deadline[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const row of deadlines) {
    const key = documentKey(row.document);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** Each document's number, by document key: a netting names the other document by its number. */
export function documentNumbers(deadlines: readonly Deadline[]): Map<string, string> {
  return new Map(deadlines.map((row) => [documentKey(row.document), row.number]));
}

/** The periods the due-date filter offers: every month, quarter and year a deadline falls in, and today's. */
export function periodChoices(
  deadlines: readonly Deadline[],
  today: string,
): { months: string[]; quarters: string[]; years: string[] } {
  const months = new Set<string>();
  for (const row of deadlines) {
    const month = monthOf(row.due);
    if (month) months.add(month);
  }
  const current = monthOf(today);
  if (current) months.add(current);
  const sorted = [...months].sort();
  return {
    months: sorted,
    quarters: [...new Set(sorted.map((month) => periodOfDate(month, 'quarter')))],
    years: [...new Set(sorted.map((month) => month.slice(0, 4)))],
  };
}

/** An IBAN as it is written on paper, in groups of four: IT60 X054 2811 1010 0000 0123 456. */
export function groupedIban(iban: string): string {
  return iban
    .replace(/\s+/g, '')
    .toUpperCase()
    .replace(/(.{4})(?=.)/g, '$1 ');
}

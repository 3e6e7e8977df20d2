/**
 * The dashboard's figures for one company and period, all cents, all from the book records and the deadlines:
 *
 * - invoiced: the document totals of the sales dated in the period (credit notes subtracted);
 * - collected: the payments recorded on the sales' deadlines, dated in the period (refunds subtracted);
 * - toCollect and overdue: what is still owed on the sales' deadlines due in the period, and the part of it
 *   overdue as of the `today` the deadlines were computed with (a credit note's credit still to refund or
 *   offset counts against both);
 * - vat: the period's own settlement (sales VAT owed, deductible purchase VAT, their difference), without the
 *   credit of earlier periods, which the VAT view chains;
 * - months: invoiced and collected in each month of the period's year, for the chart.
 *
 * Money figures are in euro: sales in another currency are left out of them and listed in otherCurrencies
 * (amounts in two currencies are never added). The VAT is always in euro.
 */
import type { BookRecord, DocumentRef } from './book-record.ts';
import { cents, documentRefOf, isCompany } from './book-record.ts';
import { withoutCopies } from './copies.ts';
import type { Deadline } from './deadlines.ts';
import { bookRole } from './document-roles.ts';
import { inRange, monthOf, monthsOfYear, periodRange } from './period.ts';
import type { VatLedger } from './vat-period.ts';
import { vatLedgerOf, vatPeriodSummary } from './vat-period.ts';

const EURO = 'EUR';

export interface DashboardMonth {
  /** 'YYYY-MM'. */
  month: string;
  invoiced: bigint;
  collected: bigint;
}

export interface DashboardFigures {
  company: string;
  /** '2026-03', '2026-Q1' or '2026'. */
  period: string;
  from: string;
  to: string;
  invoiced: bigint;
  collected: bigint;
  toCollect: bigint;
  overdue: bigint;
  vat: { sales: bigint; purchases: bigint; net: bigint };
  /** The twelve months of the period's year. */
  months: DashboardMonth[];
  /** Sales in a currency other than the euro, left out of the money figures. */
  otherCurrencies: DocumentRef[];
}

/**
 * The figures of a company (VAT number or fiscal code) for a period. `deadlines` are deadlinesOf the same
 * records; `ledger` may be passed when the caller already holds the company's (vatLedgerOf).
 */
export function dashboardFigures(
  records: readonly BookRecord[],
  deadlines: readonly Deadline[],
  company: string,
  period: string,
  ledger: VatLedger = vatLedgerOf(records, deadlines, company),
): DashboardFigures {
  const range = periodRange(period);
  const year = range.from.slice(0, 4);
  const months = new Map(monthsOfYear(year).map((month) => [month, { month, invoiced: 0n, collected: 0n }]));
  let invoiced = 0n;
  const otherCurrencies: DocumentRef[] = [];

  for (const record of withoutCopies(records).counted) {
    if (bookRole(record.kind, record.type) !== 'sale' || !isCompany(record.company, company)) continue;
    if (record.currency !== EURO) {
      if (inRange(record.date, range)) otherCurrencies.push(documentRefOf(record));
      continue;
    }
    const total = cents(record.documentTotal);
    if (inRange(record.date, range)) invoiced += total;
    const month = months.get(monthOf(record.date));
    if (month) month.invoiced += total;
  }

  let collected = 0n;
  let toCollect = 0n;
  let overdue = 0n;
  for (const deadline of deadlines) {
    if (deadline.direction !== 'receivable' || deadline.currency !== EURO) continue;
    if (!isCompany(deadline.company, company)) continue;
    for (const payment of deadline.payments) {
      if (inRange(payment.date, range)) collected += payment.amount;
      const month = months.get(monthOf(payment.date));
      if (month) month.collected += payment.amount;
    }
    if (deadline.status !== 'paid' && inRange(deadline.due, range)) {
      toCollect += deadline.outstanding;
      if (deadline.status === 'overdue') overdue += deadline.outstanding;
    }
  }

  const vat = vatPeriodSummary(ledger, period);
  return {
    company,
    period,
    from: range.from,
    to: range.to,
    invoiced,
    collected,
    toCollect,
    overdue,
    vat: { sales: vat.salesVat.cents, purchases: vat.purchaseVat.cents, net: vat.net },
    months: [...months.values()],
    otherCurrencies,
  };
}

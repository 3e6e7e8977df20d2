/**
 * Money in the lists, the dashboard and the exports as integer cents (bigint), never a float: an amount read from
 * a file is a plain decimal string ("1506.09"), parsed exactly into cents, added as integers and written back as a
 * plain decimal for display, `data-*` attributes and spreadsheets. Rounding a float times a hundred happens to give
 * the right cents for one amount, but a float on the way is the bug class the house rule forbids.
 */
export { centsOf, decimalOfCents } from '../../shared/money/cents.ts';

/** Sums of cents kept apart per currency: a list may hold invoices in dollars beside euro ones. */
export class CurrencySums {
  private readonly sums = new Map<string, bigint>();

  add(currency: string, cents: bigint): void {
    this.sums.set(currency, (this.sums.get(currency) ?? 0n) + cents);
  }

  /** Each currency's sum, currencies in alphabetical order. */
  entries(): [string, bigint][] {
    return [...this.sums.entries()].sort(([a], [b]) => a.localeCompare(b));
  }
}

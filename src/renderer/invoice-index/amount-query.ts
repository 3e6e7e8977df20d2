import { centsOf } from '../format/cents.ts';
import type { IndexEntry } from './entry.ts';

/**
 * An amount typed into a search box, as cents, however the user's language writes it: `1.506,09`, `1506,09`,
 * `1,506.09`, `1506.09`, `€ 1.506,09`, `1506`. The last separator followed by one or two digits is the decimal
 * one; separators followed by three digits group thousands. Null for anything that is not an amount. Digits all
 * the way: no float.
 */
export function parseAmountQuery(text: string): bigint | null {
  const bare = text.replace(/[€\s\u00a0]|eur/gi, '');
  if (!/^\d[\d.,']*$/.test(bare)) return null;
  const decimal = /[.,](\d{1,2})$/.exec(bare);
  const whole = decimal ? bare.slice(0, decimal.index) : bare;
  if (!/^\d{1,3}([.,']\d{3})*$|^\d+$/.test(whole)) return null;
  const units = BigInt(whole.replace(/[.,']/g, ''));
  const fraction = decimal ? BigInt(decimal[1]!.padEnd(2, '0')) : 0n;
  return units * 100n + fraction;
}

const magnitude = (cents: bigint | null) => (cents !== null && cents < 0n ? -cents : cents);

/**
 * Whether an indexed invoice has the amount typed: its document total as the file states it, or its net to pay
 * (what a bank statement shows when a withholding was deducted). A credit note is found by its amount as written,
 * not by the negative figure totals count.
 */
export function entryHasAmount(entry: IndexEntry | undefined, cents: bigint): boolean {
  if (!entry?.amount) return false;
  return (
    magnitude(centsOf(entry.amount.amount)) === cents ||
    (entry.figures?.netToPay != null && magnitude(centsOf(entry.figures.netToPay)) === cents)
  );
}

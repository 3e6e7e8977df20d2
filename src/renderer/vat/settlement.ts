/**
 * The settlement the screen shows for one period: the books' summary (src/shared/books/vat-period.ts) with what
 * the year's earlier periods carry into it.
 *
 * - A credit (the VAT deducted was more than the VAT owed) is carried to the next period of the year and
 *   subtracted there (rigo VP8 of the periodic communication).
 * - An amount due of 25.82 euro or less is not paid: it is added to the next period's (art. 1 c. 4 DPR
 *   100/1998; rigo VP7). The summary's `previousCredit` is then negative: a debt carried, added to the net.
 * - The chain starts afresh each year (vat-periods.ts, periodsOfYearUpTo): what the last period of a year
 *   leaves goes into the annual return.
 */
import type { VatLedger, VatPeriodSummary } from '../../shared/books/index.ts';
import { vatPeriodSummary } from '../../shared/books/index.ts';
import { periodsOfYearUpTo } from './vat-periods.ts';

/** Art. 1 c. 4 DPR 100/1998: an amount due of at most 25.82 euro is paid with the next period's. */
export const MINIMUM_PAYMENT = 2582n;

export interface VatSettlement {
  /** The books' summary; its previousCredit is the credit carried in, or minus the small debt carried in. */
  summary: VatPeriodSummary;
  /** The period before it in the year, whose credit or small debt it carries; null for the year's first. */
  previousPeriod: string | null;
  /** The credit the previous period of the year left, subtracted. */
  previousCredit: bigint;
  /** The previous period's amount due of at most 25.82 euro, not paid then and added here. */
  previousDebt: bigint;
  /** Sales VAT owed − deductible VAT − previous credit + previous debt: above zero due, below zero a credit. */
  net: bigint;
  /** What to pay for the period: the net when above 25.82 euro. */
  toPay: bigint;
  /** A net of at most 25.82 euro: not paid now, carried to the next period. */
  carried: bigint;
  /** The credit carried to the next period: −net when negative. */
  credit: bigint;
}

/** The settlement of `period`, every earlier period of its year settled first to carry what each leaves. */
export function settlementOf(ledger: VatLedger, period: string): VatSettlement {
  let carried = 0n; // > 0 a credit, < 0 a small debt
  let previousPeriod: string | null = null;
  let settlement: VatSettlement | null = null;
  for (const p of periodsOfYearUpTo(period)) {
    const summary = vatPeriodSummary(ledger, p, carried);
    const net = summary.net;
    const small = net > 0n && net <= MINIMUM_PAYMENT;
    settlement = {
      summary,
      previousPeriod,
      previousCredit: carried > 0n ? carried : 0n,
      previousDebt: carried < 0n ? -carried : 0n,
      net,
      toPay: net > MINIMUM_PAYMENT ? net : 0n,
      carried: small ? net : 0n,
      credit: net < 0n ? -net : 0n,
    };
    carried = net < 0n ? -net : small ? -net : 0n;
    previousPeriod = p;
  }
  return settlement!;
}

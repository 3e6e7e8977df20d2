import { describe, expect, it } from 'vitest';
import {
  cents,
  dashboardFigures,
  deadlinesOf,
  monthOf,
  monthsOfYear,
  vatLedgerOf,
  vatPeriodChain,
} from '../../../src/shared/books/index.ts';
import type { BookRecord } from '../../../src/shared/books/index.ts';
import { receivedRule, SYNTHETIC_COMPANY, sentRule, syntheticBooks } from './synthetic-books.ts';

const SENT = 20_000;
const RECEIVED = 10_000;
const TODAY = '2026-07-01';

describe('the books of 30,000 documents', () => {
  // As the app holds them: parsed from the index's JSON.
  const built = syntheticBooks(SENT, RECEIVED);
  const records = JSON.parse(JSON.stringify(built.records)) as BookRecord[];
  const { payments } = built;
  const deadlines = deadlinesOf(records, payments, TODAY);

  it('gives one deadline per instalment, and nets without creating or losing a cent', () => {
    expect(deadlines).toHaveLength(SENT + RECEIVED);
    const sum = (values: bigint[]) => values.reduce((a, b) => a + b, 0n);
    const originals = sum(records.flatMap((r) => r.instalments.map((i) => cents(i.amount))));
    expect(sum(deadlines.map((d) => d.original))).toBe(originals);
    expect(sum(deadlines.map((d) => d.amount))).toBe(originals);
    expect(sum(deadlines.map((d) => d.paid))).toBe(sum(payments.map((p) => cents(p.amount))));
    // Each credit note i takes from invoice i − 1 what is still open on it: all of it unpaid (i − 1 ≡ 2 mod 3),
    // half of it half paid (≡ 1), nothing once paid (≡ 0); never more than its own credit.
    let expected = 0n;
    for (let i = 19; i < SENT; i += 20) {
      const invoice = sentRule(i - 1);
      const net = invoice.chargeability === 'S' ? invoice.taxable : invoice.taxable + invoice.tax;
      const open = (i - 1) % 3 === 0 ? 0n : (i - 1) % 3 === 1 ? net - net / 2n : net;
      const credit = sentRule(i).taxable + sentRule(i).tax;
      expected += open < credit ? open : credit;
    }
    const netted = sum(
      deadlines.filter((d) => d.original > 0n).flatMap((d) => d.netted.map((n) => -n.amount)),
    );
    expect(netted).toBe(expected);
  });

  it('owes each month the VAT of its sales less its purchases, and carries the credit', () => {
    const owed = new Map<string, bigint>(monthsOfYear('2026').map((m) => [m, 0n]));
    for (let i = 0; i < SENT; i++) {
      const rule = sentRule(i);
      if (rule.chargeability === 'S') continue;
      const month = monthOf(rule.date);
      owed.set(month, owed.get(month)! + (rule.creditNote ? -rule.tax : rule.tax));
    }
    for (let j = 0; j < RECEIVED; j++) {
      const rule = receivedRule(j);
      const month = monthOf(rule.receivedDate);
      owed.set(month, owed.get(month)! - rule.tax);
    }
    const ledger = vatLedgerOf(records, deadlines, SYNTHETIC_COMPANY);
    const chain = vatPeriodChain(ledger, monthsOfYear('2026'));
    let credit = 0n;
    for (const summary of chain) {
      expect(summary.salesVat.cents - summary.purchaseVat.cents, summary.period).toBe(
        owed.get(summary.period),
      );
      expect(summary.previousCredit).toBe(credit);
      expect(summary.net).toBe(owed.get(summary.period)! - credit);
      credit = summary.credit;
    }
  });

  it('shows the year’s invoiced and collected month by month', () => {
    const invoiced = new Map<string, bigint>();
    for (let i = 0; i < SENT; i++) {
      const rule = sentRule(i);
      const month = monthOf(rule.date);
      const total = rule.taxable + rule.tax;
      invoiced.set(month, (invoiced.get(month) ?? 0n) + (rule.creditNote ? -total : total));
    }
    const collected = new Map<string, bigint>();
    for (const payment of payments) {
      const month = monthOf(payment.date);
      collected.set(month, (collected.get(month) ?? 0n) + cents(payment.amount));
    }
    const figures = dashboardFigures(records, deadlines, SYNTHETIC_COMPANY, '2026-06');
    for (const month of figures.months) {
      expect(month.invoiced, month.month).toBe(invoiced.get(month.month) ?? 0n);
      expect(month.collected, month.month).toBe(collected.get(month.month) ?? 0n);
    }
    expect(figures.invoiced).toBe(invoiced.get('2026-06'));
  });
});

/**
 * The books over 20,000 sent and 10,000 received book records (test/shared/books/synthetic-books.ts), as the
 * app will hold them after parsing its index: the deadlines with the payments recorded, the company's VAT
 * ledger with the twelve monthly settlements of the year chained, and the dashboard of a month. The target is
 * the whole of it under 500 ms, so that opening the books or changing a filter never waits on them.
 * `tsx bench/books.ts` runs it alone.
 */
import { pathToFileURL } from 'node:url';
import {
  dashboardFigures,
  deadlinesOf,
  monthsOfYear,
  vatLedgerOf,
  vatPeriodChain,
} from '../src/shared/books/index.ts';
import type { BookRecord } from '../src/shared/books/index.ts';
import { SYNTHETIC_COMPANY, syntheticBooks } from '../test/shared/books/synthetic-books.ts';
import type { Figure } from './report.ts';
import { report } from './report.ts';

const SENT = 20_000;
const RECEIVED = 10_000;
const RUNS = 15;
const TODAY = '2026-07-01';

function ms(started: bigint): number {
  return Number(process.hrtime.bigint() - started) / 1e6;
}

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}

export function benchBooks(): Figure[] {
  const built = syntheticBooks(SENT, RECEIVED);
  const json = JSON.stringify(built.records);
  const parse: number[] = [];
  const deadlines: number[] = [];
  const vat: number[] = [];
  const dashboard: number[] = [];
  const total: number[] = [];
  for (let run = 0; run < RUNS + 3; run++) {
    let started = process.hrtime.bigint();
    const records = JSON.parse(json) as BookRecord[];
    const parsed = ms(started);

    started = process.hrtime.bigint();
    const rows = deadlinesOf(records, built.payments, TODAY);
    const deadlinesMs = ms(started);

    let step = process.hrtime.bigint();
    const ledger = vatLedgerOf(records, rows, SYNTHETIC_COMPANY);
    const chain = vatPeriodChain(ledger, monthsOfYear('2026'));
    const vatMs = ms(step);

    step = process.hrtime.bigint();
    const figures = dashboardFigures(records, rows, SYNTHETIC_COMPANY, '2026-06', ledger);
    const dashboardMs = ms(step);
    const totalMs = ms(started);

    if (rows.length !== SENT + RECEIVED || chain.length !== 12 || figures.months.length !== 12)
      throw new Error('the books came out wrong');
    if (run < 3) continue; // warm-up
    parse.push(parsed);
    deadlines.push(deadlinesMs);
    vat.push(vatMs);
    dashboard.push(dashboardMs);
    total.push(totalMs);
  }
  const count = (SENT + RECEIVED).toLocaleString('en');
  return [
    {
      name: `JSON.parse of ${count} book records (${(json.length / 1e6).toFixed(1)} MB)`,
      value: median(parse),
      unit: 'ms',
    },
    {
      name: `deadlines of ${count} documents, ${built.payments.length.toLocaleString('en')} payments`,
      value: median(deadlines),
      unit: 'ms',
    },
    { name: 'VAT ledger and the 12 monthly settlements, chained', value: median(vat), unit: 'ms' },
    { name: "dashboard of a month (with the year's series)", value: median(dashboard), unit: 'ms' },
    {
      name: 'deadlines + VAT + dashboard, together',
      value: median(total),
      unit: 'ms',
      target: { max: 500 },
    },
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  report(
    `Books (${SENT.toLocaleString('en')} sent + ${RECEIVED.toLocaleString('en')} received book records)`,
    benchBooks(),
  );
}

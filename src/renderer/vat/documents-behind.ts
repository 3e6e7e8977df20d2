/**
 * The documents behind one figure of a period's settlement, each with the part of the figure it makes: what the
 * screen lists when the accountant opens a figure to check it. The figures and the entries they add up are the
 * books' (src/shared/books/vat-period.ts); the same rules pick the entries here, so the rows of a figure always
 * add up to it (test/renderer/vat/documents-behind.test.ts).
 */
import type {
  BookRecord,
  DocumentRef,
  ExcludedDocument,
  VatEntry,
  VatLedger,
  VatSummaryLine,
} from '../../shared/books/index.ts';
import { documentKey, periodRange } from '../../shared/books/index.ts';

/** A figure of the settlement that can be opened. */
export type VatFigureChoice =
  | { kind: 'sales-vat' }
  | { kind: 'split-payment' }
  | { kind: 'purchase-vat' }
  | { kind: 'line'; line: Pick<VatSummaryLine, 'side' | 'source' | 'rate' | 'nature' | 'chargeability'> };

export interface DocumentBehind {
  ref: DocumentRef;
  /** The document's book record; undefined only if the records changed since the ledger was made. */
  record: BookRecord | undefined;
  /** The days its entries count on (a deferred row counts on each collection). */
  dates: string[];
  taxable: bigint;
  /** The document's part of the figure: VAT owed or deducted, or shown (split payment, a line's VAT). */
  vat: bigint;
}

/** Which entries make a figure, and which of their amounts: as vatPeriodSummary adds them up. */
function pick(figure: VatFigureChoice): (entry: VatEntry) => bigint | null {
  switch (figure.kind) {
    case 'sales-vat':
      return (e) => (e.side === 'sales' && e.counted !== 0n ? e.counted : null);
    case 'split-payment':
      return (e) => (e.side === 'sales' && e.chargeability === 'S' && e.source === 'invoice' ? e.tax : null);
    case 'purchase-vat':
      return (e) => (e.side === 'purchases' && e.counted !== 0n ? e.counted : null);
    case 'line': {
      const { side, source, rate, nature, chargeability } = figure.line;
      return (e) =>
        e.side === side &&
        e.source === source &&
        e.rate === rate &&
        e.nature === nature &&
        e.chargeability === chargeability
          ? e.tax
          : null;
    }
  }
}

/** Book records by documentKey, to name the documents of a ledger. */
export function recordsByKey(records: readonly BookRecord[]): Map<string, BookRecord> {
  return new Map(records.map((record) => [documentKey(record), record]));
}

/** The documents behind `figure` in `period`, in the order they count (date, then number). */
export function documentsBehind(
  ledger: VatLedger,
  period: string,
  figure: VatFigureChoice,
  records: ReadonlyMap<string, BookRecord>,
): DocumentBehind[] {
  const range = periodRange(period);
  const amountOf = pick(figure);
  const documents = new Map<string, DocumentBehind>();
  for (const entry of ledger.entries) {
    if (entry.date < range.from || entry.date > range.to) continue;
    const amount = amountOf(entry);
    if (amount === null) continue;
    const key = documentKey(entry.document);
    let row = documents.get(key);
    if (!row) {
      row = { ref: entry.document, record: records.get(key), dates: [], taxable: 0n, vat: 0n };
      documents.set(key, row);
    }
    if (!row.dates.includes(entry.date)) row.dates.push(entry.date);
    row.taxable += entry.taxable;
    row.vat += amount;
  }
  return [...documents.values()].sort(
    (a, b) =>
      a.dates[0]!.localeCompare(b.dates[0]!) ||
      (a.record?.number ?? '').localeCompare(b.record?.number ?? '', undefined, { numeric: true }),
  );
}

/** The documents a period leaves out of the settlement (not computed, or SDI's copies), named. */
export function excludedBehind(
  excluded: readonly ExcludedDocument[],
  records: ReadonlyMap<string, BookRecord>,
): (ExcludedDocument & { record: BookRecord | undefined })[] {
  return excluded.map((e) => ({ ...e, record: records.get(documentKey(e.document)) }));
}

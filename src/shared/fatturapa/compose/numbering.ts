/**
 * The next free document number of a supplier in a year, from the numbers already used: the counter is the last
 * run of digits (the one that is not the year, when the year is written too), the rest is kept as a template,
 * with its zero padding. `FT/2026/0007` → `FT/2026/0008`, `12` → `13`, `2026-12` → `2026-13`.
 */

interface Parsed {
  prefix: string;
  counter: bigint;
  width: number;
  suffix: string;
}

function parse(number: string, year: string): Parsed | null {
  const runs = [...number.matchAll(/[0-9]+/g)];
  if (runs.length === 0) return null;
  // The counter: the last digit run, unless it is the year and another run precedes it.
  let run = runs[runs.length - 1];
  if (runs.length > 1 && run?.[0] === year) run = runs[runs.length - 2];
  if (run === undefined || run.index === undefined) return null;
  return {
    prefix: number.slice(0, run.index),
    counter: BigInt(run[0]),
    width: run[0].length,
    suffix: number.slice(run.index + run[0].length),
  };
}

export interface NextNumberOptions {
  /** The year of the new document (e.g. '2026'): a year written in the template is replaced by it. */
  year?: string;
  /** Used when there are no numbers yet. Default '1'. */
  first?: string;
}

/**
 * Suggests the next number after `existing` (the numbers of one supplier and year, any order). The template is
 * the one of the highest counter; every number with the same prefix and suffix counts, so `FT/2026/0010`
 * follows `FT/2026/0009` even when an older series (`2026-3`) exists.
 */
export function nextDocumentNumber(existing: readonly string[], options: NextNumberOptions = {}): string {
  const year = options.year ?? '';
  const parsed = existing
    .map((number) => number.trim())
    .filter((number) => number !== '')
    .map((number) => parse(number, year))
    .filter((item): item is Parsed => item !== null);
  if (parsed.length === 0) return options.first ?? '1';
  let template = parsed[0] as Parsed;
  for (const item of parsed) if (item.counter > template.counter) template = item;
  const sameSeries = parsed.filter(
    (item) => item.prefix === template.prefix && item.suffix === template.suffix,
  );
  const width = Math.max(...sameSeries.map((item) => item.width));
  const withYear = (text: string): string =>
    /^[0-9]{4}$/.test(year) ? text.replace(/(^|[^0-9])(19|20)[0-9]{2}(?![0-9])/g, `$1${year}`) : text;
  // A template written for another year starts the new year's series from 1.
  const otherYear = withYear(template.prefix + template.suffix) !== template.prefix + template.suffix;
  const next = (otherYear ? 1n : template.counter + 1n).toString().padStart(width, '0');
  return `${withYear(template.prefix)}${next}${withYear(template.suffix)}`;
}

/**
 * A numbering series ("sezionale"), written as its first number: `FT/2026/0001`, `NC-2026-001`, `1/A`. The counter
 * is the last run of digits that is not the year; a year written in it (19xx or 20xx) follows the document's
 * year; the width of the counter is kept; the number written is where the series starts in its own year (a
 * series taken over from another program mid-year starts at `FT/2026/0143`), every other year starts at 1.
 */
export interface SeriesShape {
  /** The text before the counter, with the year as written in the template. */
  prefix: string;
  suffix: string;
  width: number;
  start: bigint;
  /** The year written in the template, '' when it has none. */
  year: string;
}

const YEAR = /(^|[^0-9])((?:19|20)[0-9]{2})(?![0-9])/;

/** The parts of a series template; null when it has no digits to count with. */
export function seriesShape(template: string): SeriesShape | null {
  const text = template.trim();
  const year = YEAR.exec(text)?.[2] ?? '';
  const parsed = parse(text, year);
  if (parsed === null) return null;
  // A template that is nothing but a year ("2026") counts with it: it has no year of its own.
  const hasYear = year !== '' && (parsed.prefix.includes(year) || parsed.suffix.includes(year));
  return {
    prefix: parsed.prefix,
    suffix: parsed.suffix,
    width: parsed.width,
    start: parsed.counter,
    year: hasYear ? year : '',
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The template's text with its year replaced by `year` (when both are years). */
function inYear(text: string, shape: SeriesShape, year: string): string {
  return shape.year !== '' && /^[0-9]{4}$/.test(year) ? text.split(shape.year).join(year) : text;
}

/** True when `number` belongs to the series in `year` (same prefix and suffix around a counter). */
export function inSeries(number: string, template: string, year: string): boolean {
  const shape = seriesShape(template);
  if (shape === null) return false;
  const re = new RegExp(
    `^${escapeRegExp(inYear(shape.prefix, shape, year))}([0-9]+)${escapeRegExp(inYear(shape.suffix, shape, year))}$`,
  );
  return re.test(number.trim());
}

/**
 * The next number of the series `template` in `year`, after the highest of `existing` (the numbers already used
 * in that year, any series: only those of this one count). With none yet, the series' start in its own year, 1
 * in any other.
 */
export function nextInSeries(existing: readonly string[], template: string, year: string): string {
  const shape = seriesShape(template);
  if (shape === null) return template.trim();
  const prefix = inYear(shape.prefix, shape, year);
  const suffix = inYear(shape.suffix, shape, year);
  const re = new RegExp(`^${escapeRegExp(prefix)}([0-9]+)${escapeRegExp(suffix)}$`);
  let highest: bigint | null = null;
  let width = shape.width;
  for (const number of existing) {
    const match = re.exec(number.trim());
    if (!match?.[1]) continue;
    const counter = BigInt(match[1]);
    if (highest === null || counter > highest) highest = counter;
    width = Math.max(width, match[1].length);
  }
  const sameYear = shape.year === '' || shape.year === year;
  const next = highest !== null ? highest + 1n : sameYear ? shape.start : 1n;
  return `${prefix}${next.toString().padStart(width, '0')}${suffix}`;
}

/** Document types whose series is the invoices' one unless they have their own (a TD24 is an invoice). */
export const SERIES_TYPES = ['TD01', 'TD04', 'TD05', 'TD06', 'TD24', 'TD16'] as const;

/**
 * The self-invoices a company issues as the customer (TD16–TD19, integration and reverse charge): one series of
 * their own, kept under TD16, the sezionale of integrations the VAT registers keep apart from the sales.
 */
const INTEGRATIONS = new Set(['TD16', 'TD17', 'TD18', 'TD19']);

/** A simplified invoice or note is numbered with its ordinary counterpart: one numbering per kind of document. */
const SIMPLIFIED_AS: Readonly<Record<string, string>> = { TD07: 'TD01', TD08: 'TD04', TD09: 'TD05' };

/**
 * The series of a document type among a company's (`type → template`): its own, else the invoices' (TD01), else
 * none (''), when the number is proposed from the numbers used whatever their series (nextDocumentNumber). A
 * self-invoice (TD16–TD19) takes the integrations' series and never the invoices': numbered among the sales it
 * would leave gaps in them. A simplified document (TD07–TD09) takes its ordinary counterpart's.
 */
export function seriesFor(series: Readonly<Record<string, string>>, type: string): string {
  if (INTEGRATIONS.has(type)) return series.TD16?.trim() ?? '';
  const own = series[SIMPLIFIED_AS[type] ?? type]?.trim() ?? '';
  if (own !== '') return own;
  return series.TD01?.trim() ?? '';
}

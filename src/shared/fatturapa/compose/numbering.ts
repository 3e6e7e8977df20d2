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

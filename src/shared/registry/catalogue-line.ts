/**
 * The catalogue meets the composer: an item fills a draft line, a line becomes an item ("save this line"), an item
 * is checked before it is kept, catalogues merge, and a typed query finds items for the line's picker.
 */
import type { DraftLine } from '../fatturapa/compose/draft.ts';
import { parseTyped } from '../fatturapa/compose/numbers.ts';
import { compare, decimal, format, isZero, type Decimal } from '../fatturapa/sdi-checks/decimal.ts';
import { itemKey, type CatalogueItem } from './catalogue-item.ts';

/** CodiceTipo written when the item names none: the seller's own article code. */
export const DEFAULT_CODE_TYPE = 'INTERNO';

/**
 * Fills the line from the item. The quantity is the line's (a blank one stays blank: a service without quantity
 * is taken as 1), and so are the fields an item does not hold (kind, period, discounts, references, other data).
 * The line's codes are replaced by the item's one code, or none.
 */
export function applyItem(line: DraftLine, item: CatalogueItem): void {
  line.codes = item.code ? [{ type: item.codeType || DEFAULT_CODE_TYPE, value: item.code }] : [];
  line.description = item.description;
  line.unit = item.unit;
  line.unitPrice = item.unitPrice;
  // A line with a Natura has no VAT: AliquotaIVA 0.00, whatever the item was saved with.
  line.vatRate = item.nature ? '0.00' : item.vatRate;
  line.nature = item.nature;
  line.legalReference = item.legalReference;
  line.withholding = item.withholding;
}

/**
 * The line as an item, to save it into the catalogue: its first code (the others are not kept), the texts trimmed,
 * the price and rate as plain decimals with at least two decimals ("100" → "100.00"), text that is no number kept
 * as typed so checkItem reports it.
 */
export function itemOfLine(line: DraftLine): CatalogueItem {
  const code = line.codes[0];
  const nature = line.nature.trim();
  const fields = {
    code: code?.value.trim() ?? '',
    codeType: code?.type.trim() ?? '',
    description: line.description.trim(),
    unit: line.unit.trim(),
    unitPrice: catalogueDecimal(line.unitPrice),
    // A line with a Natura may keep '' or '0' as its rate; the catalogue keeps the one form.
    vatRate: nature ? '0.00' : catalogueDecimal(line.vatRate),
    nature,
    legalReference: line.legalReference.trim(),
    withholding: line.withholding,
  };
  return { key: itemKey(fields), ...fields };
}

/**
 * A price or rate as the catalogue keeps it: the typed number (parseTyped) as a plain decimal with at least two
 * decimals, never rounded ("100" → "100.00", "0.125" stays); other text as it is, for checkItem to report.
 */
export function catalogueDecimal(text: string): string {
  const value = parseTyped(text);
  return value === null ? text.trim() : format(value, 2);
}

// ---------------------------------------------------------------------------------------------
// Checking

export type CatalogueProblem = {
  field: 'description' | 'unitPrice' | 'vatRate' | 'nature';
  code: 'required' | 'number' | 'natureMissing' | 'natureWithRate';
};

/** PrezzoUnitario is Amount8DecimalType: up to 11 integer and 8 fraction digits, a sign allowed (a discount line). */
const PRICE_DIGITS = { integer: 11, fraction: 8 };
/** AliquotaIVA is RateType: 0.00 to 100.00, two decimals. */
const RATE_DIGITS = { integer: 3, fraction: 2 };
const HUNDRED = decimal('100');

/**
 * What stops the item filling a line SDI accepts: a description (Descrizione is required), a unit price and a
 * VAT rate that are numbers the format can hold, and the rate and Natura agreeing (a zero rate needs a Natura
 * saying why, a Natura goes with a zero rate). Whether the Natura is one of the codes is left to the composer's
 * check, which knows the codes of the document's date.
 */
export function checkItem(item: CatalogueItem): CatalogueProblem[] {
  const problems: CatalogueProblem[] = [];
  if (item.description.trim() === '') problems.push({ field: 'description', code: 'required' });

  const price = numberProblem(item.unitPrice, PRICE_DIGITS);
  if (price) problems.push({ field: 'unitPrice', code: price });

  const rate = numberProblem(item.vatRate, RATE_DIGITS);
  const rateValue = parseTyped(item.vatRate);
  if (rate) problems.push({ field: 'vatRate', code: rate });
  else if (rateValue && (rateValue.units < 0n || compare(rateValue, HUNDRED) > 0))
    problems.push({ field: 'vatRate', code: 'number' });
  else if (rateValue && isZero(rateValue) && item.nature.trim() === '')
    problems.push({ field: 'nature', code: 'natureMissing' });
  else if (rateValue && !isZero(rateValue) && item.nature.trim() !== '')
    problems.push({ field: 'nature', code: 'natureWithRate' });
  return problems;
}

/** 'required' for a blank, 'number' for text parseTyped does not read or a value with more digits than allowed. */
function numberProblem(
  text: string,
  digits: { integer: number; fraction: number },
): 'required' | 'number' | null {
  if (text.trim() === '') return 'required';
  const value = parseTyped(text);
  if (value === null) return 'number';
  return fits(value, digits) ? null : 'number';
}

/** Trailing zeros do not count ("22.000" is 22.00). */
function fits(value: Decimal, digits: { integer: number; fraction: number }): boolean {
  const [integer = '', fraction = ''] = format(value, 0).replace('-', '').split('.');
  return integer.length <= digits.integer && fraction.length <= digits.fraction;
}

// ---------------------------------------------------------------------------------------------
// Merging and searching

/**
 * One catalogue of both: items with the same key are one, the added one kept (a later added item over an earlier
 * one); sorted by description the Italian way (case and accents aside), then by code.
 */
export function catalogueMerge(
  current: readonly CatalogueItem[],
  added: readonly CatalogueItem[],
): CatalogueItem[] {
  const byKey = new Map<string, CatalogueItem>();
  for (const item of [...current, ...added]) {
    // An item built by hand may come without its key: the same rule gives it one.
    const key = item.key || itemKey(item);
    byKey.set(key, { ...item, key });
  }
  return [...byKey.values()].sort(byDescription);
}

const COLLATOR = new Intl.Collator('it', { sensitivity: 'base' });

function byDescription(a: CatalogueItem, b: CatalogueItem): number {
  return COLLATOR.compare(a.description, b.description) || COLLATOR.compare(a.code, b.code);
}

/**
 * The items whose code or description holds every word of the query (case and accents aside: "caffe" finds
 * "Caffè"), at most `limit`. Items whose code starts with the query's first word come first, as a user who knows
 * the code types it; otherwise the catalogue's order is kept. An empty query gives the first `limit` items.
 */
export function searchCatalogue(items: readonly CatalogueItem[], query: string, limit = 20): CatalogueItem[] {
  const words = folded(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return items.slice(0, limit);
  const found = items.filter((item) => {
    const text = `${folded(item.code)}\n${folded(item.description)}`;
    return words.every((word) => text.includes(word));
  });
  const first = words[0]!;
  const byCode = found.filter((item) => folded(item.code).startsWith(first));
  const others = found.filter((item) => !folded(item.code).startsWith(first));
  return [...byCode, ...others].slice(0, limit);
}

/** Lower case without accents, for matching what is typed against what is written. */
function folded(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

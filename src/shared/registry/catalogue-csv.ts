/**
 * The catalogue as CSV, to and from a spreadsheet or another invoicing program's price list, in the house CSV of
 * csv.ts (UTF-8 with a byte order mark, `;`, CRLF; `;` or `,` and header names in any case and order on import).
 *
 * Prices and rates are written as plain decimals with a dot ("1234.50", "22.00"), as the app keeps them. Import
 * also reads them the Italian way, as an Italian spreadsheet saves them: a decimal comma with grouping dots
 * ("1.234,50" → 1234.50), a rate without decimals ("22" → 22.00) or with a percent sign ("22%"). Without a comma
 * a dot is the decimal point ("1.500" is one and a half, as export would have written it), never a grouping.
 *
 * Each imported row must pass checkItem; a row that does not is reported by its line number and left out whole,
 * the good rows are returned in the order of the file (the caller merges them into the catalogue).
 */
import { itemKey, type CatalogueItem } from './catalogue-item.ts';
import { catalogueDecimal, checkItem, type CatalogueProblem } from './catalogue-line.ts';
import { readCsv, writeCsv } from './csv.ts';

/** The columns, in the order export writes them, each with what it holds (for the user documentation). */
export const CATALOGUE_CSV_COLUMNS = [
  { name: 'code', meaning: 'Article code (CodiceValore of CodiceArticolo); empty for none' },
  { name: 'code_type', meaning: 'Kind of code (CodiceTipo: EAN, SSC, …); INTERNO when empty' },
  { name: 'description', meaning: 'What is sold (Descrizione); required' },
  { name: 'unit', meaning: 'Unit of measure (UnitaMisura), e.g. ore, pz, kg; may be empty' },
  {
    name: 'unit_price',
    meaning:
      'Unit price before VAT (PrezzoUnitario): 1234.50, or the Italian way 1.234,50; negative for a discount',
  },
  { name: 'vat_rate', meaning: 'VAT rate in percent (AliquotaIVA): 22, 10, 4…; 0 or empty with a nature' },
  { name: 'nature', meaning: 'Natura of a line without VAT (e.g. N2.2, N4); empty for a line with VAT' },
  { name: 'legal_reference', meaning: 'The legal wording of that nature (RiferimentoNormativo)' },
  {
    name: 'withholding',
    meaning: 'yes when the line is subject to the withholding (Ritenuta); no or empty when not',
  },
] as const;

export type CatalogueCsvColumn = (typeof CATALOGUE_CSV_COLUMNS)[number]['name'];

export type CatalogueCsvProblemCode =
  | CatalogueProblem['code']
  /** The first line names none of the columns (or the file is empty). */
  | 'header'
  /** A quoted field is never closed: the rest of the file is that one field. */
  | 'quote'
  /** `withholding` is not one of yes, no, sì, si, true, false, 1, 0. */
  | 'withholding'
  /** An earlier row has the same code (else the same description): which one is meant is for the user. */
  | 'duplicate';

export interface CatalogueCsvProblem {
  /** The line of the file where the row starts, 1 being the header. */
  line: number;
  code: CatalogueCsvProblemCode;
  /** The column at fault ('' for the header or a broken quote). */
  column: CatalogueCsvColumn | '';
  /** The problem in English, for a log; a screen says it in the user's language from `code`. */
  message: string;
}

const MESSAGES: Readonly<Record<CatalogueCsvProblemCode, string>> = {
  required: 'a value is required',
  number: 'not a number the invoice can hold (a price like 1234.50 or 1.234,50, a rate from 0 to 100)',
  natureMissing: 'a zero VAT rate needs a nature saying why there is no VAT',
  natureWithRate: 'a nature goes with a zero VAT rate',
  header: 'the first line names none of the columns',
  quote: 'a quoted field is never closed',
  withholding: 'withholding is not yes or no',
  duplicate: 'an earlier row has the same code, or the same description',
};

/** The field checkItem names, as its column. */
const PROBLEM_COLUMNS: Readonly<Record<CatalogueProblem['field'], CatalogueCsvColumn>> = {
  description: 'description',
  unitPrice: 'unit_price',
  vatRate: 'vat_rate',
  nature: 'nature',
};

const COLUMN_NAMES = CATALOGUE_CSV_COLUMNS.map((column) => column.name);
const NUMERIC = new Set<CatalogueCsvColumn>(['unit_price', 'vat_rate']);
const YES = new Set(['yes', 'si', 'sì', 'true', '1']);
const NO = new Set(['no', 'false', '0', '']);

function problem(
  line: number,
  code: CatalogueCsvProblemCode,
  column: CatalogueCsvColumn | '',
): CatalogueCsvProblem {
  return { line, code, column, message: MESSAGES[code] };
}

// ---------------------------------------------------------------------------------------------
// Export

export function catalogueToCsv(items: readonly CatalogueItem[]): string {
  return writeCsv(COLUMN_NAMES, items.map(valuesOf), NUMERIC);
}

function valuesOf(item: CatalogueItem): Record<CatalogueCsvColumn, string> {
  return {
    code: item.code,
    code_type: item.codeType,
    description: item.description,
    unit: item.unit,
    unit_price: catalogueDecimal(item.unitPrice),
    vat_rate: catalogueDecimal(item.vatRate),
    nature: item.nature,
    legal_reference: item.legalReference,
    withholding: item.withholding ? 'yes' : 'no',
  };
}

// ---------------------------------------------------------------------------------------------
// Import

/** The good rows as items (keyed by itemKey), and the problems of the others, in the order of the file. */
export function catalogueFromCsv(text: string): { items: CatalogueItem[]; problems: CatalogueCsvProblem[] } {
  const { headerLine, columns, rows, unclosedQuoteAt } = readCsv(text, COLUMN_NAMES);
  const items: CatalogueItem[] = [];
  const problems: CatalogueCsvProblem[] = [];
  if (columns.size === 0) return { items, problems: [problem(headerLine, 'header', '')] };

  const keys = new Set<string>();
  for (const row of rows) {
    const withholding = withholdingOf(row.cell('withholding'));
    const nature = row.cell('nature').toUpperCase();
    const rate = row.cell('vat_rate').replace(/\s*%$/, '');
    const fields = {
      code: row.cell('code'),
      codeType: row.cell('code_type'),
      description: row.cell('description'),
      unit: row.cell('unit'),
      unitPrice: importedDecimal(row.cell('unit_price')),
      // An empty rate beside a Natura is the zero it implies.
      vatRate: rate === '' && nature !== '' ? '0.00' : importedDecimal(rate),
      nature,
      legalReference: row.cell('legal_reference'),
      withholding: withholding ?? false,
    };
    const found = checkItem({ key: '', ...fields }).map(({ field, code }) =>
      problem(row.line, code, PROBLEM_COLUMNS[field]),
    );
    if (withholding === null) found.push(problem(row.line, 'withholding', 'withholding'));
    const key = itemKey(fields);
    if (keys.has(key))
      found.push(problem(row.line, 'duplicate', key.startsWith('CODE:') ? 'code' : 'description'));
    keys.add(key);
    if (found.length > 0) problems.push(...found);
    else items.push({ key, ...fields });
  }
  if (unclosedQuoteAt !== null) problems.push(problem(unclosedQuoteAt, 'quote', ''));
  return { items, problems };
}

/** An Italian grouped number: one to three digits, groups of three after dots, then the decimal comma. */
const ITALIAN_GROUPED = /^-?\d{1,3}(\.\d{3})+,\d*$/;

/**
 * The cell as a plain decimal with at least two decimals. A comma is the decimal separator (parseTyped reads a
 * single one); dots before it are the Italian grouping and go, but only where grouping can stand ("1.234,50",
 * not "12.34,5"). Text that is no number is kept as it is, for checkItem to report.
 */
function importedDecimal(text: string): string {
  return catalogueDecimal(ITALIAN_GROUPED.test(text) ? text.replaceAll('.', '') : text);
}

/** True, false, or null for a word that is neither; an empty cell is no. */
function withholdingOf(text: string): boolean | null {
  const word = text.toLowerCase();
  if (YES.has(word)) return true;
  return NO.has(word) ? false : null;
}

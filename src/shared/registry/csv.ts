/**
 * The CSV both registry files speak (contacts, catalogue), kept in one place so they read and write the same way.
 *
 * Writing gives what Excel in Italian opens by double click: UTF-8 with a byte order mark (without it Excel reads
 * the accents as Windows-1252), fields separated by `;` (the list separator of an Italian Windows, where `,` is
 * the decimal comma), lines ended by CRLF, and RFC 4180 quoting: a field holding `;`, `,`, a quote or a line
 * break is quoted, its quotes doubled (`,` too, so a program that reads commas still gets the field whole).
 *
 * Reading takes that, and what other programs write: `;` or `,` (whichever the header line uses), with or without
 * the byte order mark, header names in any case and order (blanks or hyphens for underscores), columns not known
 * ignored and the ones left out read as empty. Cells are trimmed.
 *
 * A cell starting with = + - @ is a formula to a spreadsheet: what the files hold comes partly from strangers
 * (names on received invoices), so such a value is written with a leading apostrophe (Excel shows it as text and
 * hides the apostrophe), and reading removes it. A plain number in a column declared numeric is not guarded:
 * `-5.00` is a constant, not a formula, and an apostrophe would make the spreadsheet treat the price as text.
 */

export const CSV_SEPARATOR = ';';
const BOM = '\uFEFF';
const FORMULA_START = /^[=+\-@]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

// ---------------------------------------------------------------------------------------------
// Writing

/**
 * The file: the header line of `columns`, then one line per row with its values in the columns' order. Values of
 * the `numeric` columns that are plain decimals are written without the formula guard.
 */
export function writeCsv<C extends string>(
  columns: readonly C[],
  rows: readonly Readonly<Record<C, string>>[],
  numeric: ReadonlySet<C> = new Set(),
): string {
  const header = columns.map((column) => csvField(column)).join(CSV_SEPARATOR);
  const lines = rows.map((row) =>
    columns
      .map((column) =>
        numeric.has(column) && PLAIN_NUMBER.test(row[column]) ? row[column] : csvField(row[column]),
      )
      .join(CSV_SEPARATOR),
  );
  return `${BOM}${[header, ...lines].join('\r\n')}\r\n`;
}

/** Formula-looking text gets an apostrophe (see the top of this file), then RFC 4180 quoting where needed. */
export function csvField(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[;,"\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Undoes the formula guard of csvField. */
export function unescapeFormula(value: string): string {
  return /^'[=+\-@]/.test(value) ? value.slice(1) : value;
}

// ---------------------------------------------------------------------------------------------
// Reading

export interface CsvRow<C extends string> {
  /** The line of the file where the row starts, 1 being the header (a quoted line break makes a row span more). */
  line: number;
  /** The cell of a known column, trimmed, the formula guard removed; '' for a column the file does not have. */
  cell: (column: C) => string;
}

export interface CsvTable<C extends string> {
  /** The line of the header (1 unless blank lines come first). */
  headerLine: number;
  /** The known columns the header names, with their position; empty when it names none (or the file is empty). */
  columns: ReadonlyMap<C, number>;
  rows: CsvRow<C>[];
  /** The line where a quoted field starts that is never closed (the rest of the file was that field), else null. */
  unclosedQuoteAt: number | null;
}

/** The file's rows, their cells looked up by the names in `known` (the header's in any case and order). */
export function readCsv<C extends string>(text: string, known: readonly C[]): CsvTable<C> {
  const body = text.startsWith(BOM) ? text.slice(BOM.length) : text;
  const { records, unclosedQuoteAt } = parseCsv(body, separatorOf(body));
  const [header, ...rest] = records;
  const columns = columnIndex(header?.fields ?? [], known);
  const rows = rest.map(({ line, fields }) => ({
    line,
    cell: (column: C): string => {
      const at = columns.get(column);
      return at === undefined ? '' : unescapeFormula((fields[at] ?? '').trim());
    },
  }));
  return { headerLine: header?.line ?? 1, columns, rows, unclosedQuoteAt };
}

/** Known column → its position; header names in any case, with blanks or hyphens for underscores. */
function columnIndex<C extends string>(header: readonly string[], known: readonly C[]): Map<C, number> {
  const names = new Set<string>(known);
  const index = new Map<C, number>();
  header.forEach((name, position) => {
    const normal = name
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, '_');
    if (names.has(normal) && !index.has(normal as C)) index.set(normal as C, position);
  });
  return index;
}

/** `;` or `,`, whichever the header line holds more of (`;` on a tie, and for a header of one column). */
function separatorOf(text: string): ';' | ',' {
  const header = /^[^\r\n]*/.exec(text)?.[0] ?? '';
  const count = (char: string) => header.split(char).length - 1;
  return count(',') > count(';') ? ',' : ';';
}

interface CsvRecord {
  /** The line where the record starts (1-based): a quoted line break makes a record span several. */
  line: number;
  fields: string[];
}

/**
 * RFC 4180 records: quoted fields may hold the separator, doubled quotes and line breaks; CRLF, LF or CR end a
 * line. Leniently, a quote inside an unquoted field is kept as text, and text after a closing quote is appended.
 * Blank records (no text in any field: an empty line, or a spreadsheet's row of separators) are left out.
 */
function parseCsv(text: string, separator: string): { records: CsvRecord[]; unclosedQuoteAt: number | null } {
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  const endRecord = () => {
    fields.push(field);
    if (fields.some((value) => value.trim() !== '')) records.push({ line: recordLine, fields });
    fields = [];
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (char === '\n' || (char === '\r' && text[i + 1] !== '\n')) line++;
        field += char;
      }
    } else if (char === '"' && field === '') {
      quoted = true;
    } else if (char === separator) {
      fields.push(field);
      field = '';
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      endRecord();
      line++;
      recordLine = line;
    } else {
      field += char;
    }
  }
  if (quoted) return { records, unclosedQuoteAt: recordLine };
  endRecord();
  return { records, unclosedQuoteAt: null };
}

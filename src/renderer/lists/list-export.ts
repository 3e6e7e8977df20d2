/**
 * A list as a spreadsheet: CSV (semicolons and decimal commas in Italian and German, as their spreadsheets
 * expect; commas and points in English) or XLSX (exceljs: amounts as real numbers with two decimals, dates as real
 * dates in the language's format, and a total row that is a SUBTOTAL formula, so filtering in Excel keeps it
 * right). Amounts arrive as plain decimal strings (cents.ts) and are never a float until the XLSX cell, which
 * Excel stores as a double whatever we do. The file is built in the page and handed to the host's save dialog.
 */
import type * as ExcelJs from 'exceljs';
import { toBase64 } from '../../shared/gateway/api-fetch.ts';
import { centsOf, decimalOfCents } from '../format/cents.ts';

/** A cell: text, an amount as a plain decimal string (`-1220.00`, kind `amount`), a calendar date, or empty. */
export type Cell = string | number | Date | null;

export interface Sheet {
  name: string;
  headers: string[];
  /** Which columns hold amounts (plain decimals, 2 decimals) and which hold dates (UTC midnight of the day). */
  kinds: ('text' | 'amount' | 'date')[];
  rows: Cell[][];
  /**
   * A total under the amount columns, in the XLSX only (a CSV is read by other programs, which a total row would
   * confuse): one row per currency of `currencyColumn`, leaving out rows whose `exclude.column` holds
   * `exclude.value` (invoices SDI rejected, as the list's own total does).
   */
  total?: { label: string; currencyColumn: number; exclude?: { column: number; value: string } };
}

export type ExportFormat = 'csv' | 'xlsx';

export function csvSeparators(language: string): { field: string; decimal: string } {
  return language === 'en' ? { field: ',', decimal: '.' } : { field: ';', decimal: ',' };
}

export function toCsv(sheet: Sheet, language: string): string {
  const { field, decimal } = csvSeparators(language);
  const quote = (text: string) =>
    /["\r\n]/.test(text) || text.includes(field) ? `"${text.replaceAll('"', '""')}"` : text;
  const cell = (value: Cell, kind: Sheet['kinds'][number]): string => {
    if (value === null) return '';
    if (value instanceof Date) return value.toISOString().slice(0, 10);
    if (kind === 'amount') {
      const cents = centsOf(String(value));
      return cents === null ? quote(String(value)) : quote(decimalOfCents(cents).replace('.', decimal));
    }
    if (typeof value === 'number') return quote(String(value).replace('.', decimal));
    return quote(value);
  };
  const lines = [sheet.headers.map(quote).join(field)];
  for (const row of sheet.rows) lines.push(row.map((v, i) => cell(v, sheet.kinds[i] ?? 'text')).join(field));
  // A byte order mark makes Excel read the file as UTF-8 (accents in names).
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

type ExcelModule = typeof ExcelJs;

async function excel(): Promise<ExcelModule> {
  const mod = (await import('exceljs')) as ExcelModule & { default?: ExcelModule };
  return mod.default ?? mod;
}

/** The date format of each UI language, as its accountants write dates (see format.ts). */
export function excelDateFormat(language: string): string {
  if (language.startsWith('en')) return 'dd mmm yyyy';
  if (language.startsWith('de')) return 'dd.mm.yyyy';
  return 'dd/mm/yyyy';
}

export const AMOUNT_FORMAT = '#,##0.00';

/** A1-style name of a 1-based column: 1 → A, 27 → AA. */
export function columnLetter(column: number): string {
  let name = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** An Excel string literal: quotes doubled. */
const literal = (text: string) => `"${text.replaceAll('"', '""')}"`;

/**
 * The total formula of one amount column over data rows `first`…`last`. SUBTOTAL(9,…) adds only the rows a filter
 * leaves visible. With one currency and nothing to leave out it is that alone; otherwise each visible row's
 * SUBTOTAL (OFFSET one row at a time) is weighed by its conditions in a SUMPRODUCT, the usual way to add the
 * visible rows that meet a condition.
 */
export function totalFormula(
  column: number,
  first: number,
  last: number,
  conditions: { column: number; equals?: string; differs?: string }[],
): string {
  const col = columnLetter(column);
  const range = (c: string) => `${c}${first}:${c}${last}`;
  if (conditions.length === 0) return `SUBTOTAL(9,${range(col)})`;
  const visible = `SUBTOTAL(9,OFFSET(${col}${first},ROW(${range(col)})-ROW(${col}${first}),0))`;
  const tests = conditions.map((c) =>
    c.equals !== undefined
      ? `--(${range(columnLetter(c.column))}=${literal(c.equals)})`
      : `--(${range(columnLetter(c.column))}<>${literal(c.differs ?? '')})`,
  );
  return `SUMPRODUCT(${[visible, ...tests].join(',')})`;
}

export async function toXlsx(sheet: Sheet, language: string): Promise<Uint8Array> {
  const ExcelJS = await excel();
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Scambio';
  const ws = workbook.addWorksheet(sheet.name.slice(0, 31));
  ws.addRow(sheet.headers).font = { bold: true };
  const number = (value: Cell, kind: Sheet['kinds'][number]) => {
    if (value === null || kind !== 'amount') return value;
    const cents = centsOf(String(value));
    return cents === null ? value : Number(decimalOfCents(cents));
  };
  for (const row of sheet.rows) ws.addRow(row.map((v, i) => number(v, sheet.kinds[i] ?? 'text')));
  sheet.kinds.forEach((kind, i) => {
    const column = ws.getColumn(i + 1);
    if (kind === 'amount') column.numFmt = AMOUNT_FORMAT;
    if (kind === 'date') column.numFmt = excelDateFormat(language);
    column.width = kind === 'text' ? 24 : 14;
  });
  const first = 2;
  const last = sheet.rows.length + 1;
  if (sheet.rows.length > 0) {
    ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: last, column: sheet.headers.length } };
    if (sheet.total) addTotals(ws, sheet, sheet.total, first, last);
  }
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/** The total rows under the data: a formula per amount column, its value worked out exactly beside it. */
function addTotals(
  ws: ExcelJs.Worksheet,
  sheet: Sheet,
  total: NonNullable<Sheet['total']>,
  first: number,
  last: number,
): void {
  const counted = sheet.rows.filter(
    (row) => !total.exclude || row[total.exclude.column] !== total.exclude.value,
  );
  // A row with no currency has no amount either (an unread received invoice): it adds nothing anywhere.
  const known = new Set(sheet.rows.map((row) => String(row[total.currencyColumn] ?? '')).filter(Boolean));
  const codes = known.size > 0 ? [...known].sort() : [''];
  const excluded =
    total.exclude && sheet.rows.some((row) => row[total.exclude!.column] === total.exclude!.value);
  for (const code of codes) {
    const conditions = [
      ...(codes.length > 1 ? [{ column: total.currencyColumn + 1, equals: code }] : []),
      ...(excluded ? [{ column: total.exclude!.column + 1, differs: total.exclude!.value }] : []),
    ];
    const values: Cell[] = sheet.headers.map(() => null);
    values[0] = codes.length > 1 ? `${total.label} ${code}` : total.label;
    values[total.currencyColumn] = code || null;
    const row = ws.addRow(values);
    row.font = { bold: true };
    sheet.kinds.forEach((kind, i) => {
      if (kind !== 'amount') return;
      let cents = 0n;
      for (const data of counted)
        if (String(data[total.currencyColumn] ?? '') === code) cents += centsOf(String(data[i] ?? '')) ?? 0n;
      row.getCell(i + 1).value = {
        formula: totalFormula(i + 1, first, last, conditions),
        result: Number(decimalOfCents(cents)),
      };
      row.getCell(i + 1).numFmt = AMOUNT_FORMAT;
    });
  }
}

/** The file's content in Base64, for `dialog.saveFile`. */
export async function exportContent(sheet: Sheet, format: ExportFormat, language: string): Promise<string> {
  if (format === 'xlsx') return toBase64(await toXlsx(sheet, language));
  return toBase64(new TextEncoder().encode(toCsv(sheet, language)));
}

/**
 * A list as a spreadsheet: CSV (semicolons and decimal commas in Italian and German, as their spreadsheets
 * expect; commas and points in English) or XLSX (exceljs: amounts as real numbers with a number format, dates as
 * dates). The file is built in the page and handed to the host's save dialog.
 */
import type * as ExcelJs from 'exceljs';
import { toBase64 } from '../shared/gateway/api-fetch.ts';

export type Cell = string | number | Date | null;

export interface Sheet {
  name: string;
  headers: string[];
  /** Which columns hold amounts (2 decimals) and which hold dates. */
  kinds: ('text' | 'amount' | 'date')[];
  rows: Cell[][];
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
    if (typeof value === 'number')
      return quote((kind === 'amount' ? value.toFixed(2) : String(value)).replace('.', decimal));
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

export async function toXlsx(sheet: Sheet): Promise<Uint8Array> {
  const ExcelJS = await excel();
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Scambio';
  const ws = workbook.addWorksheet(sheet.name.slice(0, 31));
  ws.addRow(sheet.headers).font = { bold: true };
  for (const row of sheet.rows) ws.addRow(row.map((v) => (v === null ? null : v)));
  sheet.kinds.forEach((kind, i) => {
    const column = ws.getColumn(i + 1);
    if (kind === 'amount') column.numFmt = '#,##0.00';
    if (kind === 'date') column.numFmt = 'yyyy-mm-dd';
    column.width = kind === 'text' ? 28 : 14;
  });
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/** The file's content in Base64, for `dialog.saveFile`. */
export async function exportContent(sheet: Sheet, format: ExportFormat, language: string): Promise<string> {
  if (format === 'xlsx') return toBase64(await toXlsx(sheet));
  return toBase64(new TextEncoder().encode(toCsv(sheet, language)));
}

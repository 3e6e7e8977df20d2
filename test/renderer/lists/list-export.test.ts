import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  columnLetter,
  toCsv,
  totalFormula,
  toXlsx,
  type Sheet,
} from '../../../src/renderer/lists/list-export.ts';
import { calendarDay, romeDay } from '../../../src/renderer/lists/list-sheet.ts';

const day = (text: string) => calendarDay(text)!;

/** A month of sent invoices as the list exports it: a credit note, a rejected one, a row with no amount yet. */
const sheet = (rows: Sheet['rows']): Sheet => ({
  name: 'Fatture inviate',
  headers: ['Numero', 'Data', 'Imponibile', 'Importo', 'Valuta', 'Stato SDI'],
  kinds: ['text', 'date', 'amount', 'amount', 'text', 'text'],
  rows,
  total: { label: 'Totale', currencyColumn: 4, exclude: { column: 5, value: 'Scartata' } },
});

const month = sheet([
  ['FT-1', day('2026-03-02'), '1000.00', '1220.00', 'EUR', 'Consegnata'],
  ['NC-1', day('2026-03-10'), '-300.00', '-366.00', 'EUR', 'Consegnata'],
  ['FT-2', day('2026-03-12'), '500.00', '610.00', 'EUR', 'Scartata'],
  ['FT-3', day('2026-03-31'), null, null, null, 'Consegnata'],
]);

async function workbookOf(bytes: Uint8Array) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

describe('a list as CSV', () => {
  it('writes credit notes as negative numbers, with the language’s separators', () => {
    const italian = toCsv(month, 'it')
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(italian[0]).toBe('Numero;Data;Imponibile;Importo;Valuta;Stato SDI');
    expect(italian[2]).toBe('NC-1;2026-03-10;-300,00;-366,00;EUR;Consegnata');
    expect(italian[4]).toBe('FT-3;2026-03-31;;;;Consegnata');
    // No total row: other programs read the CSV.
    expect(italian.filter(Boolean)).toHaveLength(5);
    expect(toCsv(month, 'en')).toContain('NC-1,2026-03-10,-300.00,-366.00,EUR,Consegnata');
  });
});

describe('a list as XLSX', () => {
  it('has real numbers with two decimals, dates in the language’s format and a filter on the header', async () => {
    const ws = await workbookOf(await toXlsx(month, 'it'));
    expect(ws.getCell('D3').value).toBe(-366);
    expect(ws.getCell('D3').numFmt).toBe('#,##0.00');
    expect(ws.getCell('B2').value).toEqual(day('2026-03-02'));
    expect(ws.getCell('B2').numFmt).toBe('dd/mm/yyyy');
    expect(ws.autoFilter).toBe('A1:F5');
    expect((await workbookOf(await toXlsx(month, 'en'))).getCell('B2').numFmt).toBe('dd mmm yyyy');
    expect((await workbookOf(await toXlsx(month, 'de'))).getCell('B2').numFmt).toBe('dd.mm.yyyy');
  });

  it('ends with a total row of formulas that follow Excel’s filter and leave out what SDI rejected', async () => {
    const ws = await workbookOf(await toXlsx(month, 'it'));
    const total = ws.getRow(6);
    expect(total.getCell(1).value).toBe('Totale');
    expect(total.getCell(5).value).toBe('EUR');
    // 1,220.00 − 366.00 = 854.00; the rejected 610.00 is not counted.
    expect(total.getCell(4).value).toEqual({
      formula: 'SUMPRODUCT(SUBTOTAL(9,OFFSET(D2,ROW(D2:D5)-ROW(D2),0)),--(F2:F5<>"Scartata"))',
      result: 854,
    });
    expect(total.getCell(3).value).toMatchObject({ result: 700 });
    expect(total.getCell(4).numFmt).toBe('#,##0.00');
    expect(total.font?.bold).toBe(true);
  });

  it('is a plain SUBTOTAL(9,…) when there is one currency and nothing to leave out', async () => {
    const plain = sheet([
      ['FT-1', day('2026-03-02'), '1000.00', '1220.00', 'EUR', 'Consegnata'],
      ['NC-1', day('2026-03-10'), '-300.00', '-366.00', 'EUR', 'Consegnata'],
    ]);
    const ws = await workbookOf(await toXlsx(plain, 'it'));
    expect(ws.getCell('D4').value).toEqual({ formula: 'SUBTOTAL(9,D2:D3)', result: 854 });
  });

  it('totals each currency on its own row', async () => {
    const mixed = sheet([
      ['FT-1', day('2026-03-02'), '1000.00', '1220.00', 'EUR', 'Consegnata'],
      ['FT-2', day('2026-03-03'), '100.00', '100.00', 'USD', 'Consegnata'],
    ]);
    const ws = await workbookOf(await toXlsx(mixed, 'en'));
    expect(ws.getCell('A4').value).toBe('Totale EUR');
    expect(ws.getCell('D4').value).toEqual({
      formula: 'SUMPRODUCT(SUBTOTAL(9,OFFSET(D2,ROW(D2:D3)-ROW(D2),0)),--(E2:E3="EUR"))',
      result: 1220,
    });
    expect(ws.getCell('A5').value).toBe('Totale USD');
    expect(ws.getCell('D5').value).toMatchObject({ result: 100 });
  });

  it('names columns as Excel does', () => {
    expect([1, 26, 27, 52, 53, 702, 703].map(columnLetter)).toEqual([
      'A',
      'Z',
      'AA',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
    ]);
    expect(totalFormula(28, 2, 9, [])).toBe('SUBTOTAL(9,AB2:AB9)');
  });
});

describe('dates for filing', () => {
  it('takes the Italian day of a moment: what counts for the VAT register', () => {
    expect(romeDay('2026-03-31T23:30:00Z')).toEqual(day('2026-04-01'));
    expect(romeDay('2026-03-31T21:30:00Z')).toEqual(day('2026-03-31'));
    expect(romeDay('2026-01-31T23:30:00Z')).toEqual(day('2026-02-01'));
    expect(romeDay(null)).toBeNull();
    expect(calendarDay('2026-03-02+01:00')).toEqual(new Date(Date.UTC(2026, 2, 2)));
  });
});

import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { deadlineSheet } from '../../../src/renderer/deadlines/deadline-sheet.ts';
import { sortDeadlines } from '../../../src/renderer/deadlines/deadline-view.ts';
import { toCsv } from '../../../src/renderer/lists/list-export.ts';
import { en } from '../../../src/renderer/locales/en.ts';
import { it as italian } from '../../../src/renderer/locales/it.ts';
import { books, IBAN } from './fixtures.ts';

beforeAll(async () => {
  await i18next.init({
    lng: 'it',
    resources: { it: { translation: italian }, en: { translation: en } },
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
});

function sheetIn(language: 'it' | 'en') {
  const all = books();
  const rows = sortDeadlines(all, { key: 'due', descending: false });
  return deadlineSheet(rows, {
    t: i18next.getFixedT(language),
    language,
    all,
    companyName: () => 'Studio Esempio Srl',
  });
}

describe('the deadlines as a spreadsheet', () => {
  it('has a row per instalment with its amounts as plain decimals, credit notes below zero', () => {
    const sheet = sheetIn('it');
    expect(sheet.name).toBe('Scadenzario');
    const column = (header: string) => sheet.headers.indexOf(header);
    const row = sheet.rows.find((r) => r[column('Numero')] === 'FT-1' && r[column('Rata')] === '1/2')!;
    expect(row[column('Scadenza')]).toEqual(new Date(Date.UTC(2026, 2, 31)));
    expect(row[column('Tipo')]).toBe('Incasso');
    expect(row[column('Stato')]).toBe('Scaduta');
    expect(row[column('Cliente / fornitore')]).toBe('Cliente Srl');
    expect(row[column('Modalità di pagamento')]).toBe('MP05 Bonifico');
    expect(row[column('IBAN')]).toBe(IBAN);
    expect(row[column('Tipo documento')]).toBe('TD01 Fattura');
    // 610.00 less the credit note's 122.00.
    expect(row[column('Importo originale')]).toBe('610.00');
    expect(row[column('Note di credito')]).toBe('-122.00');
    expect(row[column('Importo')]).toBe('488.00');
    expect(row[column('Residuo')]).toBe('488.00');
    const credit = sheet.rows.find((r) => r[column('Numero')] === 'NC-1')!;
    expect(credit[column('Importo originale')]).toBe('-122.00');
    expect(credit[column('Stato')]).toBe('Compensata');
    expect(sheet.total).toEqual({ label: 'Totale', currencyColumn: column('Valuta') });
  });

  it('writes as CSV with the language’s separators', () => {
    const italianCsv = toCsv(sheetIn('it'), 'it').split('\r\n');
    expect(italianCsv[0]).toContain('Scadenza;Tipo;Stato;Cliente / fornitore');
    const first = italianCsv.find((line) => line.includes(';FT-1;') && line.includes(';1/2;'))!;
    expect(first).toContain('2026-03-31;Incasso;Scaduta;Cliente Srl');
    expect(first).toContain(';EUR;610,00;-122,00;488,00;0,00;488,00');
    const english = toCsv(sheetIn('en'), 'en').split('\r\n');
    expect(english[0]).toContain('Due date,Kind,State,Customer / supplier');
    expect(english.find((line) => line.includes(',A-1,'))).toContain(',Payable,Overdue,Fornitore Spa,');
    expect(english.find((line) => line.includes(',A-1,'))).toContain(',EUR,976.00,0.00,976.00,0.00,976.00');
  });
});

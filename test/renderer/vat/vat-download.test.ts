import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { deadlinesOf, vatLedgerOf } from '../../../src/shared/books/index.ts';
import { en } from '../../../src/renderer/locales/en.ts';
import { it as italian } from '../../../src/renderer/locales/it.ts';
import { settlementOf } from '../../../src/renderer/vat/settlement.ts';
import { csvBase64, vatFileName, vatSheet } from '../../../src/renderer/vat/vat-download.ts';
import { periodLabel, rateLabel } from '../../../src/renderer/vat/vat-format.ts';
import { COMPANY, purchase, sale } from '../../shared/books/invoices.ts';

const records = [
  sale({ number: '1', date: '2027-03-01', lines: [{ amount: '1000' }, { amount: '300', rate: '4' }] }),
  purchase({ number: 'A1', date: '2027-03-02', lines: [{ amount: '400' }] }, '2027-03-20'),
];
const settlement = settlementOf(
  vatLedgerOf(records, deadlinesOf(records, [], '2027-03-31'), COMPANY),
  '2027-03',
);

async function translator(language: 'it' | 'en') {
  const instance = i18next.createInstance();
  await instance.init({
    lng: language,
    resources: { it: { translation: italian }, en: { translation: en } },
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  return instance.t;
}

describe('the VAT settlement as files', () => {
  it('downloads the books’ CSV of the period', () => {
    const csv = Buffer.from(csvBase64(settlement), 'base64').toString('utf8');
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(
      'record;period;side;source;rate;nature;chargeability;taxable;vat;counted;documents',
    );
    expect(lines).toContain('total;2027-03;sales-vat;;;;;;;232.00;sent:' + records[0]!.invoiceId + '/1');
    expect(lines).toContain('total;2027-03;net;;;;;;;144.00;');
  });

  it('makes an Excel sheet of the screen’s tables in the UI’s language, amounts as plain decimals', async () => {
    const t = await translator('it');
    const sheet = vatSheet(settlement, 'it', t);
    expect(sheet.name).toBe('Liquidazione IVA 2027-03');
    expect(sheet.headers[0]).toBe('Registro');
    expect(sheet.rows.slice(0, 3)).toEqual([
      ['Vendite', '22%', '', 'Esigibilità immediata', '1000.00', '220.00', '220.00', '1'],
      ['Vendite', '4%', '', 'Esigibilità immediata', '300.00', '12.00', '12.00', '1'],
      ['Acquisti', '22%', '', 'Esigibilità immediata', '400.00', '88.00', '88.00', '1'],
    ]);
    const figures = sheet.rows.slice(3).map((row) => [row[0], row[6]]);
    expect(figures).toEqual([
      ['IVA a debito (vendite)', '232.00'],
      ['IVA detraibile (acquisti)', '88.00'],
      ['Credito del periodo precedente', '0.00'],
      ['IVA da versare', '144.00'],
      ['IVA in scissione dei pagamenti sulle vendite', '0.00'],
    ]);
  });

  it('names periods and rates as each language writes them', async () => {
    const t = await translator('it');
    expect(periodLabel('2027-03', 'it', t)).toBe('marzo 2027');
    expect(periodLabel('2027-Q1', 'it', t)).toBe('1° trimestre 2027');
    expect(periodLabel('2027-Q1', 'en', await translator('en'))).toBe('Q1 2027');
    expect(rateLabel('5.50', 'it')).toBe('5,5%');
    expect(rateLabel('22.00', 'en')).toBe('22%');
    expect(rateLabel('22.00', 'de')).toBe('22\u00a0%');
    expect(vatFileName('liquidazione-iva', 'IT01234567890', '2027-Q1')).toBe(
      'liquidazione-iva-IT01234567890-2027-Q1',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { checkDraft, composeInvoiceXml, emptyLine } from '../../../src/shared/fatturapa/compose/index.ts';
import {
  CATALOGUE_CSV_COLUMNS,
  applyItem,
  catalogueFromCsv,
  catalogueMerge,
  catalogueToCsv,
  checkItem,
  emptyCatalogueItem,
  itemKey,
  itemOfLine,
  searchCatalogue,
  type CatalogueItem,
} from '../../../src/shared/registry/index.ts';
import { baseDraft, line } from '../compose/fixtures.ts';

function item(partial: Partial<CatalogueItem>): CatalogueItem {
  const fields = { ...emptyCatalogueItem(), ...partial };
  return { ...fields, key: itemKey(fields) };
}

const CONSULENZA = item({
  code: 'CONS-H',
  codeType: 'INTERNO',
  description: 'Consulenza oraria',
  unit: 'ore',
  unitPrice: '85.00',
  vatRate: '22.00',
});

const FORMAZIONE = item({
  code: 'FORM-01',
  codeType: 'SSC',
  description: 'Formazione "base"; modulo 1\nin aula, a Forlì',
  unit: 'giorni',
  unitPrice: '1234.50',
  vatRate: '0.00',
  nature: 'N4',
  legalReference: 'Art. 10, c. 1, n. 20, DPR 633/72',
  withholding: true,
});

const CAFFE = item({ description: 'Caffè in grani', unit: 'kg', unitPrice: '18.90', vatRate: '10.00' });

describe('a catalogue item on a draft line', () => {
  it('fills code, description, unit, price, rate, nature and withholding, keeping the quantity and the rest', () => {
    const target = { ...emptyLine(), quantity: '3', periodStart: '2026-03-01', kind: 'PR' };
    applyItem(target, CONSULENZA);
    expect(target).toEqual({
      ...emptyLine(),
      kind: 'PR',
      quantity: '3',
      periodStart: '2026-03-01',
      codes: [{ type: 'INTERNO', value: 'CONS-H' }],
      description: 'Consulenza oraria',
      unit: 'ore',
      unitPrice: '85.00',
      vatRate: '22.00',
    });
  });

  it('writes INTERNO for an item without a code type, no code for an item without one, 0.00 with a nature', () => {
    const coded = emptyLine();
    applyItem(coded, { ...CONSULENZA, codeType: '' });
    expect(coded.codes).toEqual([{ type: 'INTERNO', value: 'CONS-H' }]);

    const plain = { ...emptyLine(), codes: [{ type: 'EAN', value: '8001234567890' }] };
    applyItem(plain, CAFFE);
    expect(plain.codes).toEqual([]);
    // A blank quantity stays blank (a line without quantity counts as 1).
    expect(plain.quantity).toBe('');

    const exempt = emptyLine();
    applyItem(exempt, { ...FORMAZIONE, vatRate: '22.00' });
    expect([exempt.vatRate, exempt.nature, exempt.withholding]).toEqual(['0.00', 'N4', true]);
  });

  it('gives back the item it was filled from, and keys a line without code by its description', () => {
    for (const source of [CONSULENZA, FORMAZIONE, CAFFE]) {
      const filled = emptyLine();
      applyItem(filled, source);
      expect(itemOfLine(filled)).toEqual(source);
    }
    const typed = line({
      codes: [
        { type: 'EAN', value: ' 8001234567890 ' },
        { type: 'INTERNO', value: 'X' },
      ],
      description: '  Olio extravergine 1 l ',
      unitPrice: '12,5',
      vatRate: '4',
    });
    expect(itemOfLine(typed)).toEqual({
      key: 'CODE:8001234567890',
      code: '8001234567890',
      codeType: 'EAN',
      description: 'Olio extravergine 1 l',
      unit: '',
      unitPrice: '12.50',
      vatRate: '4.00',
      nature: '',
      legalReference: '',
      withholding: false,
    });
    expect(
      itemOfLine(line({ description: 'Trasferta  Milano', unitPrice: '50', nature: 'N1', vatRate: '' })),
    ).toMatchObject({
      key: 'DESC:trasferta milano',
      vatRate: '0.00',
      nature: 'N1',
    });
  });

  it('composes into an invoice with CodiceArticolo, UnitaMisura, PrezzoUnitario and Natura', () => {
    const hours = line({ quantity: '2' });
    applyItem(hours, CONSULENZA);
    const course = line({ quantity: '1' });
    applyItem(course, { ...FORMAZIONE, withholding: false });
    const draft = baseDraft({ lines: [hours, course] });
    expect(checkDraft(draft)).toEqual([]);
    // The file is indented: the checks read it without the blanks between elements.
    const xml = composeInvoiceXml(draft).replace(/>\s+</g, '><');
    expect(xml).toContain(
      '<CodiceArticolo><CodiceTipo>INTERNO</CodiceTipo><CodiceValore>CONS-H</CodiceValore></CodiceArticolo>',
    );
    expect(xml).toContain(
      '<CodiceArticolo><CodiceTipo>SSC</CodiceTipo><CodiceValore>FORM-01</CodiceValore></CodiceArticolo>',
    );
    expect(xml).toContain('<UnitaMisura>ore</UnitaMisura>');
    expect(xml).toContain('<UnitaMisura>giorni</UnitaMisura>');
    expect(xml).toContain('<PrezzoUnitario>85.00</PrezzoUnitario>');
    expect(xml).toContain('<PrezzoUnitario>1234.50</PrezzoUnitario>');
    expect(xml).toContain('<PrezzoTotale>170.00</PrezzoTotale>');
    expect(xml).toContain('<Natura>N4</Natura>');
    expect(xml).toContain('<RiferimentoNormativo>Art. 10, c. 1, n. 20, DPR 633/72</RiferimentoNormativo>');
  });
});

describe('checking an item', () => {
  it('accepts a taxed item and an exempt one', () => {
    expect(checkItem(CONSULENZA)).toEqual([]);
    expect(checkItem(FORMAZIONE)).toEqual([]);
    expect(checkItem({ ...CONSULENZA, unitPrice: '-10.00', vatRate: '22' })).toEqual([]);
  });

  it('requires a description and a unit price, and reads both numbers as typed decimals', () => {
    expect(checkItem(emptyCatalogueItem())).toEqual([
      { field: 'description', code: 'required' },
      { field: 'unitPrice', code: 'required' },
    ]);
    expect(checkItem({ ...CONSULENZA, unitPrice: '85 euro', vatRate: 'ventidue' })).toEqual([
      { field: 'unitPrice', code: 'number' },
      { field: 'vatRate', code: 'number' },
    ]);
    // A single comma is the decimal separator; with grouping dots too it is no plain decimal.
    expect(checkItem({ ...CONSULENZA, unitPrice: '85,5' })).toEqual([]);
    expect(checkItem({ ...CONSULENZA, unitPrice: '1.234,50' })).toEqual([
      { field: 'unitPrice', code: 'number' },
    ]);
  });

  it('refuses numbers the format cannot hold: a rate over 100 or with three decimals, a price with nine', () => {
    expect(checkItem({ ...CONSULENZA, vatRate: '122.00' })).toEqual([{ field: 'vatRate', code: 'number' }]);
    expect(checkItem({ ...CONSULENZA, vatRate: '-22' })).toEqual([{ field: 'vatRate', code: 'number' }]);
    expect(checkItem({ ...CONSULENZA, vatRate: '22.125' })).toEqual([{ field: 'vatRate', code: 'number' }]);
    expect(checkItem({ ...CONSULENZA, vatRate: '22.000' })).toEqual([]);
    expect(checkItem({ ...CONSULENZA, unitPrice: '0.123456789' })).toEqual([
      { field: 'unitPrice', code: 'number' },
    ]);
    expect(checkItem({ ...CONSULENZA, unitPrice: '0.12345678' })).toEqual([]);
  });

  it('wants a nature with a zero rate and a zero rate with a nature', () => {
    expect(checkItem({ ...CONSULENZA, vatRate: '0' })).toEqual([{ field: 'nature', code: 'natureMissing' }]);
    expect(checkItem({ ...FORMAZIONE, vatRate: '22.00' })).toEqual([
      { field: 'nature', code: 'natureWithRate' },
    ]);
  });
});

describe('merging and searching the catalogue', () => {
  it('keeps one item per key, the added one, sorted by description the Italian way then by code', () => {
    const dearer = { ...CONSULENZA, unitPrice: '95.00' };
    const acqua = item({ code: 'B', description: 'acqua', unitPrice: '1.00' });
    const acquaA = item({ code: 'A', description: 'Acqua', unitPrice: '1.00' });
    const unkeyed = { ...item({ description: 'Zucchero', unitPrice: '2.00' }), key: '' };
    const merged = catalogueMerge([CONSULENZA, CAFFE, acqua], [dearer, acquaA, unkeyed]);
    expect(merged.map((i) => [i.key, i.unitPrice])).toEqual([
      ['CODE:A', '1.00'],
      ['CODE:B', '1.00'],
      ['DESC:caffè in grani', '18.90'],
      ['CODE:CONS-H', '95.00'],
      ['DESC:zucchero', '2.00'],
    ]);
    expect(catalogueMerge([FORMAZIONE], [FORMAZIONE, { ...FORMAZIONE, unit: 'ore' }])).toEqual([
      { ...FORMAZIONE, unit: 'ore' },
    ]);
  });

  it('finds items holding every word in code or description, code-prefix matches first, up to the limit', () => {
    const caffeCode = item({
      code: 'CAF-1',
      description: 'Macinato moka',
      unitPrice: '9.00',
      vatRate: '10.00',
    });
    const catalogue = catalogueMerge([], [CONSULENZA, FORMAZIONE, CAFFE, caffeCode]);
    expect(searchCatalogue(catalogue, 'caf').map((i) => i.description)).toEqual([
      'Macinato moka',
      'Caffè in grani',
    ]);
    expect(searchCatalogue(catalogue, 'CAFFE grani').map((i) => i.key)).toEqual(['DESC:caffè in grani']);
    expect(searchCatalogue(catalogue, 'form aula')).toEqual([FORMAZIONE]);
    expect(searchCatalogue(catalogue, 'ora consulenza')).toEqual([CONSULENZA]);
    expect(searchCatalogue(catalogue, 'consulenza pizza')).toEqual([]);
    expect(searchCatalogue(catalogue, '  ', 2)).toEqual(catalogue.slice(0, 2));
    expect(searchCatalogue(catalogue, 'a', 1)).toHaveLength(1);
  });
});

describe('the catalogue as CSV', () => {
  it('exports the documented columns with a BOM, semicolons, CRLF, plain decimals and yes/no', () => {
    const csv = catalogueToCsv([CONSULENZA, { ...CAFFE, unitPrice: '-2', codeType: '=cmd' }]);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(`\uFEFF${CATALOGUE_CSV_COLUMNS.map((c) => c.name).join(';')}`);
    expect(lines[0]).toBe(
      '\uFEFFcode;code_type;description;unit;unit_price;vat_rate;nature;legal_reference;withholding',
    );
    expect(lines[1]).toBe('CONS-H;INTERNO;Consulenza oraria;ore;85.00;22.00;;;no');
    // A negative price is a number, not a formula; a formula-looking text is guarded.
    expect(lines[2]).toBe(";'=cmd;Caffè in grani;kg;-2.00;10.00;;;no");
    expect(csv.endsWith('\r\n')).toBe(true);
  });

  it('imports what it exported: a semicolon, quotes and a line break in a description, accents', () => {
    const csv = catalogueToCsv([CONSULENZA, FORMAZIONE, CAFFE]);
    expect(csv).toContain('"Formazione ""base""; modulo 1\nin aula, a Forlì"');
    expect(catalogueFromCsv(csv)).toEqual({ items: [CONSULENZA, FORMAZIONE, CAFFE], problems: [] });
  });

  it('reads Italian decimals, rates without decimals, commas, headers in any case and order', () => {
    const csv = [
      'Descrizione,Description,UNIT PRICE,Vat-Rate,Withholding,Nature,Code',
      'x,Licenza annuale,"1.234,50",22,Sì,,LIC-Y',
      'x,Canone,"99,9",4%,true,,',
      'x,Bollo,"2,00",,no,n1,',
      'x,Sconto fedeltà,-5,22,0,,',
    ].join('\n');
    const { items, problems } = catalogueFromCsv(csv);
    expect(problems).toEqual([]);
    expect(items.map((i) => [i.key, i.unitPrice, i.vatRate, i.nature, i.withholding])).toEqual([
      ['CODE:LIC-Y', '1234.50', '22.00', '', true],
      ['DESC:canone', '99.90', '4.00', '', true],
      ['DESC:bollo', '2.00', '0.00', 'N1', false],
      ['DESC:sconto fedeltà', '-5.00', '22.00', '', false],
    ]);
  });

  it('reports bad rows by their line and imports the others', () => {
    const csv = [
      'code;description;unit_price;vat_rate;nature;withholding',
      'A1;"Due righe',
      'di descrizione";10;22;;',
      'A2;;10;22;;',
      'A3;Prezzo sbagliato;"12.34,5";22;;',
      'A4;Esente senza natura;10;0;;forse',
      'a1;Stesso codice;10;22;;',
      'A5;Buono;1.000;22;;',
    ].join('\r\n');
    const { items, problems } = catalogueFromCsv(csv);
    expect(items.map((i) => [i.code, i.unitPrice])).toEqual([
      ['A1', '10.00'],
      // Without a comma the dot is the decimal point, as export writes it.
      ['A5', '1.00'],
    ]);
    expect(problems.map(({ line, code, column }) => ({ line, code, column }))).toEqual([
      { line: 4, code: 'required', column: 'description' },
      { line: 5, code: 'number', column: 'unit_price' },
      { line: 6, code: 'natureMissing', column: 'nature' },
      { line: 6, code: 'withholding', column: 'withholding' },
      { line: 7, code: 'duplicate', column: 'code' },
    ]);
    expect(problems[0]?.message).toBe('a value is required');
  });

  it('reports a header that names no column and a quote never closed', () => {
    expect(catalogueFromCsv('Articolo;Prezzo\r\nX;1\r\n')).toEqual({
      items: [],
      problems: [
        { line: 1, code: 'header', column: '', message: 'the first line names none of the columns' },
      ],
    });
    expect(catalogueFromCsv('')).toMatchObject({ problems: [{ line: 1, code: 'header' }] });
    const broken = catalogueFromCsv('description;unit_price;vat_rate\r\nUno;1;22\r\n"Due;2;22\r\n');
    expect(broken.items.map((i) => i.description)).toEqual(['Uno']);
    expect(broken.problems).toMatchObject([{ line: 3, code: 'quote', column: '' }]);
  });
});

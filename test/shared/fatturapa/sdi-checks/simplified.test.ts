import { describe, expect, it } from 'vitest';
import { simplified } from './invoice-builder.ts';

const item = (amount: string): string =>
  `<DatiBeniServizi><Descrizione>B</Descrizione><Importo>${amount}</Importo><DatiIVA><Aliquota>22.00</Aliquota></DatiIVA></DatiBeniServizi>`;

describe('simplified invoice checks', () => {
  it('00460: accepts a total of exactly 400.00 and rejects 400.01', () => {
    expect(simplified().set('Importo', '400.00').codes()).toEqual([]);
    expect(simplified().set('Importo', '400.01').check()).toEqual([
      {
        code: '00460',
        severity: 'error',
        path: 'FatturaElettronicaBody[1]',
        params: { total: '400.01', limit: '400.00' },
      },
    ]);
  });

  it('00460: adds up every DatiBeniServizi of the body', () => {
    expect(simplified().set('Importo', '200.00').after('DatiBeniServizi', item('200.00')).codes()).toEqual(
      [],
    );
    expect(simplified().set('Importo', '200.00').after('DatiBeniServizi', item('200.01')).codes()).toEqual([
      '00460',
    ]);
  });

  it('00460: does not apply to simplified variation notes', () => {
    const note = simplified()
      .set('TipoDocumento', 'TD08')
      .set('Importo', '900.00')
      .after(
        'DatiGeneraliDocumento',
        '<DatiFatturaRettificata><NumeroFR>S-0</NumeroFR><DataFR>2024-03-01</DataFR><ElementiRettificati>X</ElementiRettificati></DatiFatturaRettificata>',
      );
    expect(note.codes()).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { afterNumero, IDS, line, ordinary, simplified, summary, WITHHOLDING } from './invoice-builder.ts';
import type { LineSpec } from './invoice-builder.ts';

const LINE = (n: number, element: string): string =>
  `FatturaElettronicaBody[1]/DatiBeniServizi/DettaglioLinee[${n}]/${element}`;

/** One line at 22 % with its summary, so only PrezzoTotale varies. */
const singleLine = (spec: LineSpec, taxable: string, tax: string): ReturnType<typeof ordinary> =>
  ordinary().goods(line(spec) + summary({ taxable, tax }));

const discount = (tipo: 'SC' | 'MG', value: { percent?: string; amount?: string }): string =>
  `<ScontoMaggiorazione><Tipo>${tipo}</Tipo>` +
  (value.percent === undefined ? '' : `<Percentuale>${value.percent}</Percentuale>`) +
  (value.amount === undefined ? '' : `<Importo>${value.amount}</Importo>`) +
  '</ScontoMaggiorazione>';

describe('line checks', () => {
  it('00400: rejects a zero-rate line without Natura', () => {
    const problems = ordinary().remove('Natura', 1).check();
    expect(problems.map((p) => [p.code, p.path])).toEqual([
      ['00400', LINE(3, 'AliquotaIVA')],
      // The summary still has N2.2, which no line uses any more.
      ['00444', 'FatturaElettronicaBody[1]/DatiBeniServizi/DatiRiepilogo[2]/Natura'],
    ]);
  });

  it('00400: accepts a zero-rate line with Natura', () => {
    expect(ordinary().codes()).toEqual([]);
  });

  it('00401: rejects Natura on a line with a non-zero rate, except for TD16', () => {
    const goods =
      line({ price: '100.00', total: '100.00', natura: 'N6.1' }) +
      summary({ natura: 'N6.1', taxable: '100.00', tax: '22.00' });
    const problems = ordinary().goods(goods).check();
    expect(problems.map((p) => [p.code, p.path])).toEqual([
      ['00401', LINE(1, 'Natura')],
      ['00430', 'FatturaElettronicaBody[1]/DatiBeniServizi/DatiRiepilogo[1]/Natura'],
    ]);
    expect(ordinary().goods(goods).set('TipoDocumento', 'TD16').codes()).toEqual([]);
  });

  it('00400/00401: FSM10 reads the rate, or a zero Imposta when there is no rate', () => {
    expect(simplified().set('Aliquota', '0.00').codes()).toEqual(['00400']);
    expect(simplified().set('Aliquota', '0.00').after('DatiIVA', '<Natura>N4</Natura>').codes()).toEqual([]);
    expect(simplified().after('DatiIVA', '<Natura>N4</Natura>').codes()).toEqual(['00401']);
    expect(simplified().set('DatiIVA', '<Imposta>0.00</Imposta>').codes()).toEqual(['00400']);
    expect(simplified().set('DatiIVA', '<Imposta>22.00</Imposta>').codes()).toEqual([]);
  });

  it('00411: rejects lines with Ritenuta SI when the body has no DatiRitenuta, once per body', () => {
    const goods =
      line({ n: 1, price: '60.00', total: '60.00', ritenuta: true }) +
      line({ n: 2, price: '40.00', total: '40.00', ritenuta: true }) +
      summary({ taxable: '100.00', tax: '22.00' });
    expect(ordinary().goods(goods).check()).toEqual([
      { code: '00411', severity: 'error', path: LINE(1, 'Ritenuta'), params: { lines: 2 } },
    ]);
  });

  it('00411: accepts Ritenuta SI with DatiRitenuta', () => {
    const goods =
      line({ price: '100.00', total: '100.00', ritenuta: true }) +
      summary({ taxable: '100.00', tax: '22.00' });
    expect(afterNumero(ordinary().goods(goods), WITHHOLDING).codes()).toEqual([]);
  });

  it('00423: tolerates exactly 0.01 and rejects anything more (Quantita × PrezzoUnitario)', () => {
    const spec = { quantity: '3.00', price: '10.00' };
    expect(singleLine({ ...spec, total: '30.01' }, '30.01', '6.60').codes()).toEqual([]);
    expect(singleLine({ ...spec, total: '29.99' }, '29.99', '6.60').codes()).toEqual([]);
    expect(singleLine({ ...spec, total: '30.011' }, '30.01', '6.60').check()).toEqual([
      {
        code: '00423',
        severity: 'error',
        path: LINE(1, 'PrezzoTotale'),
        params: { prezzoTotale: '30.011', expected: '30.00' },
      },
    ]);
    expect(singleLine({ ...spec, total: '30.02' }, '30.02', '6.60').codes()).toEqual(['00423']);
  });

  it('00423: computes exactly where binary floating point would not (0.10 × 3 against 0.29)', () => {
    expect(singleLine({ quantity: '3.00', price: '0.10', total: '0.29' }, '0.29', '0.06').codes()).toEqual(
      [],
    );
    expect(singleLine({ quantity: '3.00', price: '0.10', total: '0.28' }, '0.28', '0.06').codes()).toEqual([
      '00423',
    ]);
  });

  it('00423: applies discounts and surcharges in order, Quantita 1 when absent', () => {
    const chain = discount('SC', { percent: '10.00' }) + discount('SC', { amount: '5.00' });
    expect(
      singleLine({ price: '100.00', total: '85.00', discounts: chain }, '85.00', '18.70').codes(),
    ).toEqual([]);
    const surcharge = discount('MG', { percent: '10.00' });
    expect(
      singleLine({ price: '100.00', total: '110.00', discounts: surcharge }, '110.00', '24.20').codes(),
    ).toEqual([]);
    // 19.99 × (1 − 33.33 %) × 3 = 39.981999 exactly; 39.97 is 0.011999 away.
    const odd = discount('SC', { percent: '33.33' });
    expect(
      singleLine(
        { quantity: '3.00', price: '19.99', total: '39.98', discounts: odd },
        '39.98',
        '8.80',
      ).codes(),
    ).toEqual([]);
    const problems = singleLine(
      { quantity: '3.00', price: '19.99', total: '39.97', discounts: odd },
      '39.97',
      '8.79',
    ).check();
    expect(problems.map((p) => [p.code, p.params['expected']])).toEqual([['00423', '39.981999']]);
  });

  it('00474: rejects a zero-rate line in a TD21 self-invoice', () => {
    const selfInvoice = ordinary()
      .set('TipoDocumento', 'TD21')
      .set('IdCodice', IDS.sellerVat, 3)
      .set('CodiceFiscale', IDS.sellerVat, 2);
    expect(selfInvoice.check()).toEqual([
      { code: '00474', severity: 'error', path: LINE(3, 'AliquotaIVA'), params: { tipoDocumento: 'TD21' } },
    ]);
  });

  it('00474: accepts a TD21 self-invoice whose lines all carry a rate', () => {
    const selfInvoice = ordinary()
      .set('TipoDocumento', 'TD21')
      .set('IdCodice', IDS.sellerVat, 3)
      .set('CodiceFiscale', IDS.sellerVat, 2)
      .goods(line({ price: '100.00', total: '100.00' }) + summary({ taxable: '100.00', tax: '22.00' }));
    expect(selfInvoice.codes()).toEqual([]);
  });
});

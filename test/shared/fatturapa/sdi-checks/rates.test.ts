import { describe, expect, it } from 'vitest';
import { afterNumero, fund, line, ordinary, summary } from './invoice-builder.ts';

describe('rate and nature coding checks', () => {
  it('00424: rejects a rate between 0 and 1 in lines, summaries and pension-fund data', () => {
    const goods =
      line({ price: '30.00', total: '30.00', rate: '0.22' }) +
      summary({ rate: '0.22', taxable: '30.00', tax: '0.07' });
    const problems = afterNumero(
      ordinary().goods(goods),
      fund({ contribution: '0.00', rate: '0.22' }),
    ).check();
    expect(problems.map((p) => [p.code, p.path])).toEqual([
      ['00424', 'FatturaElettronicaBody[1]/DatiBeniServizi/DettaglioLinee[1]/AliquotaIVA'],
      [
        '00424',
        'FatturaElettronicaBody[1]/DatiGenerali/DatiGeneraliDocumento/DatiCassaPrevidenziale[1]/AliquotaIVA',
      ],
      ['00424', 'FatturaElettronicaBody[1]/DatiBeniServizi/DatiRiepilogo[1]/AliquotaIVA'],
    ]);
    expect(problems[0]?.params).toEqual({ aliquota: '0.22' });
  });

  it('00424: boundary: 0.99 is a fraction, 1.00 is a percentage', () => {
    const goods = (rate: string, tax: string): string =>
      line({ price: '100.00', total: '100.00', rate }) + summary({ rate, taxable: '100.00', tax });
    expect(ordinary().goods(goods('0.99', '0.99')).codes()).toEqual(['00424', '00424']);
    expect(ordinary().goods(goods('1.00', '1.00')).codes()).toEqual([]);
  });

  it('00445: rejects the generic natures N2, N3, N6 on documents dated from 2021-01-01', () => {
    const problems = ordinary()
      .set('Natura', 'N2', 1)
      .set('Natura', 'N2', 2)
      .set('Data', '2021-01-01')
      .check();
    expect(problems).toEqual([
      {
        code: '00445',
        severity: 'error',
        path: 'FatturaElettronicaBody[1]/DatiBeniServizi/DettaglioLinee[3]/Natura',
        params: { natura: 'N2', data: '2021-01-01' },
      },
      {
        code: '00445',
        severity: 'error',
        path: 'FatturaElettronicaBody[1]/DatiBeniServizi/DatiRiepilogo[2]/Natura',
        params: { natura: 'N2', data: '2021-01-01' },
      },
    ]);
  });

  it('00445: accepts generic natures on documents dated until 2020-12-31, and sub-codes always', () => {
    expect(
      ordinary().set('Natura', 'N2', 1).set('Natura', 'N2', 2).set('Data', '2020-12-31').codes(),
    ).toEqual([]);
    expect(ordinary().set('Natura', 'N3.1', 1).set('Natura', 'N3.1', 2).codes()).toEqual([]);
  });
});

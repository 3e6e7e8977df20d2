import { describe, expect, it } from 'vitest';
import { afterNumero, fund, line, ordinary, summary } from './invoice-builder.ts';

const SUMMARY = (n: number, element: string): string =>
  `FatturaElettronicaBody[1]/DatiBeniServizi/DatiRiepilogo[${n}]/${element}`;
const LINE = (n: number, element: string): string =>
  `FatturaElettronicaBody[1]/DatiBeniServizi/DettaglioLinee[${n}]/${element}`;

/** Lines worth 100.00 at 22 % and one summary whose amounts the test chooses. */
const hundred = (summaries: string): ReturnType<typeof ordinary> =>
  ordinary().goods(
    line({ n: 1, quantity: '3.00', price: '10.00', total: '30.00' }) +
      line({ n: 2, price: '70.00', total: '70.00' }) +
      summaries,
  );

describe('VAT summary checks', () => {
  it('00419: rejects a rate used in the lines without a summary (also 00443)', () => {
    const problems = ordinary()
      .after('DettaglioLinee', line({ n: 4, price: '10.00', total: '10.00', rate: '10.00' }), 3)
      .check();
    expect(problems).toEqual([
      { code: '00419', severity: 'error', path: LINE(4, 'AliquotaIVA'), params: { aliquota: '10.00' } },
      {
        code: '00443',
        severity: 'error',
        path: LINE(4, 'AliquotaIVA'),
        params: { aliquota: '10.00', missingIn: 'DatiRiepilogo' },
      },
    ]);
  });

  it('00419: counts the pension-fund rate as used', () => {
    const fundOnly = afterNumero(ordinary(), fund({ contribution: '4.00', rate: '10.00' })).check();
    expect(fundOnly.map((p) => [p.code, p.path])).toEqual([
      [
        '00419',
        'FatturaElettronicaBody[1]/DatiGenerali/DatiGeneraliDocumento/DatiCassaPrevidenziale[1]/AliquotaIVA',
      ],
      [
        '00443',
        'FatturaElettronicaBody[1]/DatiGenerali/DatiGeneraliDocumento/DatiCassaPrevidenziale[1]/AliquotaIVA',
      ],
    ]);
    const summarized = afterNumero(ordinary(), fund({ contribution: '4.00', rate: '10.00' })).append(
      'DatiBeniServizi',
      summary({ rate: '10.00', taxable: '4.00', tax: '0.40' }),
    );
    expect(summarized.codes()).toEqual([]);
  });

  it('00420: rejects an N6.x summary with EsigibilitaIVA S', () => {
    const goods = (esigibilita: string): string =>
      line({ price: '100.00', total: '100.00', rate: '0.00', natura: 'N6.3' }) +
      summary({ rate: '0.00', natura: 'N6.3', taxable: '100.00', tax: '0.00', esigibilita });
    expect(ordinary().goods(goods('S')).check()).toEqual([
      { code: '00420', severity: 'error', path: SUMMARY(1, 'EsigibilitaIVA'), params: { natura: 'N6.3' } },
    ]);
    expect(ordinary().goods(goods('I')).codes()).toEqual([]);
  });

  it('00421: tolerates exactly 0.01 on Imposta and rejects 0.02 (27.00 × 22 % = 5.94)', () => {
    const goods = (tax: string): string =>
      line({ price: '27.00', total: '27.00' }) + summary({ taxable: '27.00', tax });
    expect(ordinary().goods(goods('5.94')).codes()).toEqual([]);
    expect(ordinary().goods(goods('5.95')).codes()).toEqual([]);
    expect(ordinary().goods(goods('5.93')).codes()).toEqual([]);
    expect(ordinary().goods(goods('5.96')).check()).toEqual([
      {
        code: '00421',
        severity: 'error',
        path: SUMMARY(1, 'Imposta'),
        params: { imposta: '5.96', expected: '5.94' },
      },
    ]);
    expect(ordinary().goods(goods('5.92')).codes()).toEqual(['00421']);
  });

  it('00421: rounds half away from zero before comparing', () => {
    const goods = (amount: string, tax: string): string =>
      line({ price: amount, total: amount, rate: '10.00' }) +
      summary({ rate: '10.00', taxable: amount, tax });
    expect(ordinary().goods(goods('0.25', '0.05')).check()[0]?.params['expected']).toBe('0.03');
    expect(ordinary().goods(goods('-0.25', '-0.05')).check()[0]?.params['expected']).toBe('-0.03');
  });

  it('00422: tolerates exactly 1.00 on ImponibileImporto and rejects 1.01', () => {
    expect(hundred(summary({ taxable: '101.00', tax: '22.22' })).codes()).toEqual([]);
    expect(hundred(summary({ taxable: '99.00', tax: '21.78' })).codes()).toEqual([]);
    expect(hundred(summary({ taxable: '101.01', tax: '22.22' })).check()).toEqual([
      {
        code: '00422',
        severity: 'error',
        path: SUMMARY(1, 'ImponibileImporto'),
        params: { imponibile: '101.01', expected: '100.00', aliquota: '22.00' },
      },
    ]);
    expect(hundred(summary({ taxable: '98.99', tax: '21.78' })).codes()).toEqual(['00422']);
  });

  it('00422: adds Arrotondamento and the pension-fund contribution, not SpeseAccessorie', () => {
    expect(hundred(summary({ rounding: '1.50', taxable: '101.50', tax: '22.33' })).codes()).toEqual([]);
    expect(hundred(summary({ rounding: '1.50', taxable: '100.00', tax: '22.00' })).codes()).toEqual([
      '00422',
    ]);
    const withFund = afterNumero(
      hundred(summary({ taxable: '104.00', tax: '22.88' })),
      fund({ contribution: '4.00' }),
    );
    expect(withFund.codes()).toEqual([]);
    const withSpese = hundred(summary({ taxable: '100.00', tax: '22.00' })).replace(
      '<ImponibileImporto>100.00',
      '<SpeseAccessorie>10.00</SpeseAccessorie><ImponibileImporto>100.00',
    );
    expect(withSpese.codes()).toEqual([]);
  });

  it('00422: adds up summaries that share rate and Natura (e.g. different EsigibilitaIVA)', () => {
    const split =
      summary({ taxable: '60.00', tax: '13.20', esigibilita: 'I' }) +
      summary({ taxable: '40.00', tax: '8.80', esigibilita: 'D' });
    expect(hundred(split).codes()).toEqual([]);
  });

  it('00429: rejects a zero-rate summary without Natura and accepts one with it', () => {
    const problems = ordinary().remove('Natura', 2).check();
    expect(problems.map((p) => [p.code, p.path])).toEqual([
      ['00429', SUMMARY(2, 'AliquotaIVA')],
      ['00444', LINE(3, 'Natura')],
    ]);
    // The template's zero-rate summary carries N2.2.
    expect(ordinary().codes()).toEqual([]);
  });

  it('00430: rejects Natura on a summary with a non-zero rate, except for TD16', () => {
    const goods =
      line({ price: '100.00', total: '100.00' }) + summary({ natura: 'N4', taxable: '100.00', tax: '22.00' });
    const problems = ordinary().goods(goods).check();
    expect(problems.map((p) => [p.code, p.path])).toEqual([
      ['00430', SUMMARY(1, 'Natura')],
      ['00444', SUMMARY(1, 'Natura')],
    ]);
    expect(ordinary().goods(goods).set('TipoDocumento', 'TD16').codes()).toEqual(['00444']);
  });

  it('00443: rejects a summary for a rate no line or contribution uses', () => {
    const problems = ordinary()
      .append('DatiBeniServizi', summary({ rate: '10.00', taxable: '0.00', tax: '0.00' }))
      .check();
    expect(problems).toEqual([
      {
        code: '00443',
        severity: 'error',
        path: SUMMARY(3, 'AliquotaIVA'),
        params: { aliquota: '10.00', missingIn: 'DettaglioLinee' },
      },
    ]);
  });

  it('00443: compares rates numerically', () => {
    expect(ordinary().set('AliquotaIVA', '22.0', 4).codes()).toEqual([]);
  });

  it('00444: rejects natures that differ between lines and summaries, in both directions', () => {
    const problems = ordinary().set('Natura', 'N4', 1).check();
    expect(problems).toEqual([
      {
        code: '00444',
        severity: 'error',
        path: LINE(3, 'Natura'),
        params: { natura: 'N4', missingIn: 'DatiRiepilogo' },
      },
      {
        code: '00444',
        severity: 'error',
        path: SUMMARY(2, 'Natura'),
        params: { natura: 'N2.2', missingIn: 'DettaglioLinee' },
      },
    ]);
  });

  it('00444: accepts matching natures', () => {
    expect(ordinary().set('Natura', 'N4', 1).set('Natura', 'N4', 2).codes()).toEqual([]);
  });
});

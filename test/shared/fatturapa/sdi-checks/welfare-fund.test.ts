import { describe, expect, it } from 'vitest';
import { afterNumero, fund, ordinary, WITHHOLDING } from './invoice-builder.ts';
import type { FundSpec } from './invoice-builder.ts';

const FUND = (element: string): string =>
  `FatturaElettronicaBody[1]/DatiGenerali/DatiGeneraliDocumento/DatiCassaPrevidenziale[1]/${element}`;

/** The template with a 4.00 contribution at 22 %, its summary updated to include it. */
const withTaxedFund = (spec: Partial<FundSpec> = {}): ReturnType<typeof ordinary> =>
  afterNumero(ordinary(), fund({ contribution: '4.00', ...spec }))
    .set('ImponibileImporto', '104.00', 1)
    .set('Imposta', '22.88', 1);

describe('pension-fund checks', () => {
  it('00413: rejects a zero-rate contribution without Natura', () => {
    expect(afterNumero(ordinary(), fund({ contribution: '0.00', rate: '0.00' })).check()).toEqual([
      { code: '00413', severity: 'error', path: FUND('AliquotaIVA'), params: { aliquota: '0.00' } },
    ]);
  });

  it('00413: accepts a zero-rate contribution with Natura and a taxed one without', () => {
    const exempt = afterNumero(ordinary(), fund({ contribution: '2.00', rate: '0.00', natura: 'N2.2' })).set(
      'ImponibileImporto',
      '52.00',
      2,
    );
    expect(exempt.codes()).toEqual([]);
    expect(withTaxedFund().codes()).toEqual([]);
  });

  it('00414: rejects Natura on a contribution with a non-zero rate, accepts it without', () => {
    // The summary is left alone: a contribution with Natura does not join the plain 22 % group.
    const problems = afterNumero(ordinary(), fund({ contribution: '4.00', natura: 'N4' })).check();
    expect(problems.map((p) => [p.code, p.path])).toEqual([
      ['00414', FUND('Natura')],
      ['00444', FUND('Natura')],
    ]);
    expect(withTaxedFund().codes()).toEqual([]);
  });

  it('00415: rejects Ritenuta SI on a contribution when the body has no DatiRitenuta', () => {
    expect(withTaxedFund({ ritenuta: true }).check()).toEqual([
      { code: '00415', severity: 'error', path: FUND('Ritenuta'), params: {} },
    ]);
  });

  it('00415: accepts Ritenuta SI on a contribution with DatiRitenuta', () => {
    expect(afterNumero(withTaxedFund({ ritenuta: true }), WITHHOLDING).codes()).toEqual([]);
  });
});

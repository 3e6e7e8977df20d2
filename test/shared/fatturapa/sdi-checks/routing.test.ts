import { describe, expect, it } from 'vitest';
import type { InvoiceFormat } from '../../../../src/shared/fatturapa/index.ts';
import { IDS, ordinary, simplified } from './invoice-builder.ts';

const CODE_PATH = 'FatturaElettronicaHeader/DatiTrasmissione/CodiceDestinatario';

/** The ordinary template turned into an FPA12 invoice addressed to an IPA office. */
function pa(code = 'UFABCD'): ReturnType<typeof ordinary> {
  return ordinary()
    .replace('versione="FPR12"', 'versione="FPA12"')
    .set('FormatoTrasmissione', 'FPA12')
    .set('CodiceDestinatario', code);
}

const foreignBuyer = (country: string): ReturnType<typeof ordinary> =>
  ordinary()
    .set('CodiceDestinatario', 'XXXXXXX')
    .set('IdPaese', country, 3)
    .set('IdCodice', 'ATU12345678', 3)
    .remove('CodiceFiscale', 2);

describe('routing checks', () => {
  it('00311: rejects a code that cannot exist for the format (characters or length)', () => {
    expect(ordinary().set('CodiceDestinatario', 'abc1234').check()).toEqual([
      {
        code: '00311',
        severity: 'error',
        path: CODE_PATH,
        params: { code: 'abc1234', format: 'FPR12', reason: 'format', length: 7 },
      },
    ]);
    expect(ordinary().set('CodiceDestinatario', 'ABC12').codes()).toEqual(['00311']);
    // FSM10 cannot go to a PA, and 00427 only covers FPA12/FPR12.
    expect(simplified().set('CodiceDestinatario', 'UFABCD').codes()).toEqual(['00311']);
  });

  it('00311: accepts well-formed codes, 0000000 and XXXXXXX', () => {
    expect(ordinary().codes()).toEqual([]);
    expect(pa().codes()).toEqual([]);
    expect(ordinary().set('CodiceDestinatario', '0000000').codes()).toEqual([]);
    expect(simplified().set('CodiceDestinatario', '0000000').codes()).toEqual([]);
  });

  it('00311/00312: the registry part comes from the recipientCodeStatus hook', () => {
    const asked: Array<[string, InvoiceFormat]> = [];
    const status = (code: string, format: InvoiceFormat) => {
      asked.push([code, format]);
      return code === 'ABC1234'
        ? ('unknown' as const)
        : code === 'UFABCD'
          ? ('inactive' as const)
          : ('active' as const);
    };
    expect(ordinary().check({ recipientCodeStatus: status })).toEqual([
      {
        code: '00311',
        severity: 'error',
        path: CODE_PATH,
        params: { code: 'ABC1234', format: 'FPR12', reason: 'register', length: 7 },
      },
    ]);
    expect(pa().check({ recipientCodeStatus: status })).toEqual([
      { code: '00312', severity: 'error', path: CODE_PATH, params: { code: 'UFABCD', format: 'FPA12' } },
    ]);
    expect(ordinary().set('CodiceDestinatario', 'KRRH6B9').codes({ recipientCodeStatus: status })).toEqual(
      [],
    );
    expect(ordinary().set('CodiceDestinatario', '0000000').codes({ recipientCodeStatus: status })).toEqual(
      [],
    );
    expect(asked).toEqual([
      ['ABC1234', 'FPR12'],
      ['UFABCD', 'FPA12'],
      ['KRRH6B9', 'FPR12'],
    ]);
  });

  it('00313: refuses XXXXXXX for a buyer with an Italian or no IdFiscaleIVA', () => {
    expect(ordinary().set('CodiceDestinatario', 'XXXXXXX').check()).toEqual([
      { code: '00313', severity: 'error', path: CODE_PATH, params: { code: 'XXXXXXX', buyerCountry: 'IT' } },
    ]);
    const withoutVat = ordinary()
      .set('CodiceDestinatario', 'XXXXXXX')
      .replace(`<IdFiscaleIVA><IdPaese>IT</IdPaese><IdCodice>${IDS.buyerVat}</IdCodice></IdFiscaleIVA>`, '');
    expect(withoutVat.check()[0]?.params).toEqual({ code: 'XXXXXXX', buyerCountry: '-' });
  });

  it('00313: accepts XXXXXXX for a buyer with a foreign IdFiscaleIVA', () => {
    expect(foreignBuyer('AT').codes()).toEqual([]);
  });

  it('00427: rejects a 6-character code with FPR12 and a 7-character one with FPA12, without repeating 00311', () => {
    expect(ordinary().set('CodiceDestinatario', 'UFABCD').check()).toEqual([
      {
        code: '00427',
        severity: 'error',
        path: CODE_PATH,
        params: { code: 'UFABCD', formato: 'FPR12', length: 6 },
      },
    ]);
    expect(pa('ABC1234').codes()).toEqual(['00427']);
    expect(pa('0000000').codes()).toEqual(['00427']);
  });

  it('00427: accepts lengths coherent with FormatoTrasmissione', () => {
    expect(pa('UFABCD').codes()).toEqual([]);
    expect(ordinary().set('CodiceDestinatario', 'ABC1234').codes()).toEqual([]);
  });

  it('00428: rejects a FormatoTrasmissione different from the root versione', () => {
    expect(simplified().set('FormatoTrasmissione', 'FPR12').check()).toEqual([
      {
        code: '00428',
        severity: 'error',
        path: 'FatturaElettronicaHeader/DatiTrasmissione/FormatoTrasmissione',
        params: { formato: 'FPR12', versione: 'FSM10' },
      },
    ]);
    // FPA12 declared in the element, FPR12 on the root: the 7-character code is also incoherent with FPA12.
    expect(ordinary().set('FormatoTrasmissione', 'FPA12').codes()).toEqual(['00427', '00428']);
  });

  it('00428: accepts a FormatoTrasmissione equal to the root versione', () => {
    expect(ordinary().codes()).toEqual([]);
    expect(simplified().codes()).toEqual([]);
    expect(pa().codes()).toEqual([]);
  });
});

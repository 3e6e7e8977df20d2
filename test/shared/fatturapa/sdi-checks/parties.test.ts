import { describe, expect, it } from 'vitest';
import { IDS, ordinary, simplified } from './invoice-builder.ts';

const TIPO_PATH = 'FatturaElettronicaBody[1]/DatiGenerali/DatiGeneraliDocumento/TipoDocumento';

/** Buyer identified by the same VAT number as the seller. */
const sameParties = (): ReturnType<typeof ordinary> =>
  ordinary().set('IdCodice', IDS.sellerVat, 3).set('CodiceFiscale', IDS.sellerVat, 2);

/** Seller with a foreign VAT number and no Italian fiscal code. */
const foreignSeller = (country: string, code = '123456789'): ReturnType<typeof ordinary> =>
  ordinary().set('IdPaese', country, 2).set('IdCodice', code, 2).remove('CodiceFiscale', 1);

describe('party checks', () => {
  it('00200: rejects an Anagrafica with both Denominazione and Nome/Cognome, or with only one of Nome/Cognome', () => {
    const both = ordinary().append('Anagrafica', '<Nome>MARIO</Nome><Cognome>ROSSI</Cognome>', 1).check();
    expect(both).toEqual([
      {
        code: '00200',
        severity: 'error',
        path: 'FatturaElettronicaHeader/CedentePrestatore/DatiAnagrafici/Anagrafica',
        params: { element: 'Denominazione', reason: 'both' },
      },
    ]);
    const incomplete = ordinary().set('Anagrafica', '<Nome>MARIO</Nome>', 2).check();
    expect(incomplete.map((p) => [p.code, p.path, p.params['reason']])).toEqual([
      ['00200', 'FatturaElettronicaHeader/CessionarioCommittente/DatiAnagrafici/Anagrafica', 'incomplete'],
    ]);
    const empty = ordinary().set('Anagrafica', '<Titolo>DOTT</Titolo>', 2).check();
    expect(empty.map((p) => p.params['reason'])).toEqual(['missing']);
  });

  it('00200: accepts Nome and Cognome alone, and checks FSM10 and carrier names too', () => {
    expect(ordinary().set('Anagrafica', '<Nome>MARIO</Nome><Cognome>ROSSI</Cognome>', 2).codes()).toEqual([]);
    const fsm = simplified()
      .replace('<Denominazione>ALFA SRL</Denominazione>', '<Cognome>ROSSI</Cognome>')
      .check();
    expect(fsm.map((p) => [p.code, p.path])).toEqual([
      ['00200', 'FatturaElettronicaHeader/CedentePrestatore'],
    ]);
    const carrier =
      '<DatiTrasporto><DatiAnagraficiVettore><IdFiscaleIVA><IdPaese>IT</IdPaese><IdCodice>11111111115</IdCodice></IdFiscaleIVA>' +
      '<Anagrafica><Denominazione>VETTORE</Denominazione><Nome>X</Nome></Anagrafica></DatiAnagraficiVettore></DatiTrasporto>';
    expect(
      ordinary()
        .after('DatiGeneraliDocumento', carrier)
        .check()
        .map((p) => p.path),
    ).toEqual(['FatturaElettronicaBody[1]/DatiGenerali/DatiTrasporto/DatiAnagraficiVettore/Anagrafica']);
  });

  it('00417: rejects a buyer with neither IdFiscaleIVA nor CodiceFiscale', () => {
    const problems = ordinary()
      .replace(`<IdFiscaleIVA><IdPaese>IT</IdPaese><IdCodice>${IDS.buyerVat}</IdCodice></IdFiscaleIVA>`, '')
      .remove('CodiceFiscale', 2)
      .check();
    expect(problems).toEqual([
      {
        code: '00417',
        severity: 'error',
        path: 'FatturaElettronicaHeader/CessionarioCommittente/DatiAnagrafici',
        params: {},
      },
    ]);
    const fsm = simplified().set('IdentificativiFiscali', '').check();
    expect(fsm.map((p) => p.code)).toEqual(['00417']);
  });

  it('00417: accepts a buyer identified by the fiscal code only', () => {
    const builder = ordinary()
      .replace(`<IdFiscaleIVA><IdPaese>IT</IdPaese><IdCodice>${IDS.buyerVat}</IdCodice></IdFiscaleIVA>`, '')
      .set('CodiceFiscale', IDS.person, 2);
    expect(builder.codes()).toEqual([]);
  });

  it('00471: rejects seller = buyer for TD01 (and TD07 in FSM10)', () => {
    expect(sameParties().check()).toEqual([
      {
        code: '00471',
        severity: 'error',
        path: TIPO_PATH,
        params: { tipoDocumento: 'TD01', vat: `IT${IDS.sellerVat}` },
      },
    ]);
    expect(simplified().set('IdCodice', IDS.sellerVat, 3).codes()).toEqual(['00471']);
  });

  it('00471: accepts seller = buyer for types outside the list, and different parties for TD01', () => {
    expect(sameParties().set('TipoDocumento', 'TD04').codes()).toEqual([]);
    expect(ordinary().codes()).toEqual([]);
  });

  it('00471: reports every body of a multi-body file', () => {
    const problems = sameParties().addBody().check();
    expect(problems.map((p) => p.path)).toEqual([TIPO_PATH, TIPO_PATH.replace('[1]', '[2]')]);
  });

  it('00471: rejects seller = buyer for a TD29 report and for the TD16–TD19 integrations', () => {
    for (const type of ['TD16', 'TD17', 'TD18', 'TD19', 'TD29']) {
      expect(sameParties().set('TipoDocumento', type).codes()).toContain('00471');
    }
  });

  it('00472: rejects a TD21 or TD27 self-invoice whose buyer is another subject', () => {
    expect(ordinary().set('TipoDocumento', 'TD27').check()).toEqual([
      {
        code: '00472',
        severity: 'error',
        path: TIPO_PATH,
        params: { tipoDocumento: 'TD27', sellerVat: `IT${IDS.sellerVat}`, buyerVat: `IT${IDS.buyerVat}` },
      },
    ]);
    expect(ordinary().set('TipoDocumento', 'TD21').codes()).toContain('00472');
  });

  it('00472: accepts TD27 with the same subject on both sides', () => {
    expect(sameParties().set('TipoDocumento', 'TD27').codes()).toEqual([]);
  });

  it('00473: rejects an Italian seller on TD17, a non-SM seller on TD28 and OO outside TD17/TD19', () => {
    expect(ordinary().set('TipoDocumento', 'TD17').check()).toEqual([
      { code: '00473', severity: 'error', path: TIPO_PATH, params: { tipoDocumento: 'TD17', idPaese: 'IT' } },
    ]);
    expect(foreignSeller('DE').set('TipoDocumento', 'TD28').codes()).toEqual(['00473']);
    expect(foreignSeller('OO').codes()).toEqual(['00473']);
  });

  it('00473: accepts a foreign seller on TD17, SM on TD28 and OO on TD19', () => {
    expect(foreignSeller('DE').set('TipoDocumento', 'TD17').codes()).toEqual([]);
    expect(foreignSeller('SM', '12345').set('TipoDocumento', 'TD28').codes()).toEqual([]);
    expect(foreignSeller('OO').set('TipoDocumento', 'TD19').codes()).toEqual([]);
  });

  it('00473: rejects a TD29 report whose seller is not Italian (technical specifications 1.9)', () => {
    expect(foreignSeller('DE').set('TipoDocumento', 'TD29').check()).toEqual([
      { code: '00473', severity: 'error', path: TIPO_PATH, params: { tipoDocumento: 'TD29', idPaese: 'DE' } },
    ]);
    expect(foreignSeller('OO').set('TipoDocumento', 'TD29').codes()).toEqual(['00473']);
  });

  it('00473: accepts a TD29 report on an Italian seller’s invoice', () => {
    expect(ordinary().set('TipoDocumento', 'TD29').codes()).toEqual([]);
  });

  it('00475: rejects TD17 without the buyer’s IdFiscaleIVA', () => {
    const problems = foreignSeller('DE')
      .set('TipoDocumento', 'TD17')
      .replace(`<IdFiscaleIVA><IdPaese>IT</IdPaese><IdCodice>${IDS.buyerVat}</IdCodice></IdFiscaleIVA>`, '')
      .check();
    expect(problems).toEqual([
      { code: '00475', severity: 'error', path: TIPO_PATH, params: { tipoDocumento: 'TD17' } },
    ]);
  });

  it('00475: accepts TD17 with the buyer’s IdFiscaleIVA, and TD01 without it', () => {
    expect(foreignSeller('DE').set('TipoDocumento', 'TD17').codes()).toEqual([]);
    const b2c = ordinary()
      .replace(`<IdFiscaleIVA><IdPaese>IT</IdPaese><IdCodice>${IDS.buyerVat}</IdCodice></IdFiscaleIVA>`, '')
      .set('CodiceFiscale', IDS.person, 2);
    expect(b2c.codes()).toEqual([]);
  });

  it('00475: rejects a TD29 report without the buyer’s IdFiscaleIVA', () => {
    const problems = ordinary()
      .set('TipoDocumento', 'TD29')
      .replace(`<IdFiscaleIVA><IdPaese>IT</IdPaese><IdCodice>${IDS.buyerVat}</IdCodice></IdFiscaleIVA>`, '')
      .check();
    expect(problems).toEqual([
      { code: '00475', severity: 'error', path: TIPO_PATH, params: { tipoDocumento: 'TD29' } },
    ]);
  });

  it('00476: rejects seller and buyer both identified outside Italy', () => {
    const problems = foreignSeller('DE')
      .set('IdPaese', 'FR', 3)
      .set('IdCodice', 'FR12345678901', 3)
      .remove('CodiceFiscale', 1)
      .set('CodiceDestinatario', 'XXXXXXX')
      .check();
    expect(problems).toEqual([
      {
        code: '00476',
        severity: 'error',
        path: 'FatturaElettronicaHeader/CessionarioCommittente/DatiAnagrafici/IdFiscaleIVA/IdPaese',
        params: { sellerCountry: 'DE', buyerCountry: 'FR' },
      },
    ]);
  });

  it('00476: accepts a foreign seller with an Italian buyer', () => {
    expect(foreignSeller('DE').codes()).toEqual([]);
  });
});

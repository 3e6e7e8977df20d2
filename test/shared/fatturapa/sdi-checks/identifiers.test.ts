import { describe, expect, it } from 'vitest';
import { IDS, ordinary, simplified } from './invoice-builder.ts';

const SELLER_REPRESENTATIVE = (vat: string, cf: string): string =>
  `<RappresentanteFiscale><DatiAnagrafici><IdFiscaleIVA><IdPaese>IT</IdPaese><IdCodice>${vat}</IdCodice></IdFiscaleIVA>` +
  `<CodiceFiscale>${cf}</CodiceFiscale><Anagrafica><Denominazione>RAPPR</Denominazione></Anagrafica></DatiAnagrafici></RappresentanteFiscale>`;

const BUYER_REPRESENTATIVE = (vat: string): string =>
  `<RappresentanteFiscale><IdFiscaleIVA><IdPaese>IT</IdPaese><IdCodice>${vat}</IdCodice></IdFiscaleIVA>` +
  '<Denominazione>RAPPR</Denominazione></RappresentanteFiscale>';

describe('identifier checks', () => {
  it('00300: rejects a transmitter IdCodice with a wrong check digit', () => {
    expect(ordinary().set('IdCodice', IDS.badCheckDigit, 1).check()).toEqual([
      {
        code: '00300',
        severity: 'error',
        path: 'FatturaElettronicaHeader/DatiTrasmissione/IdTrasmittente/IdCodice',
        params: { value: IDS.badCheckDigit, reason: 'check-digit' },
      },
    ]);
  });

  it('00300: accepts an 11-digit or a personal 16-character code, and does not check foreign transmitters', () => {
    expect(ordinary().set('IdCodice', IDS.person, 1).codes()).toEqual([]);
    expect(ordinary().set('IdCodice', 'RSSMRA80A01H501A', 1).codes()).toEqual(['00300']);
    expect(ordinary().set('IdPaese', 'DE', 1).set('IdCodice', '123', 1).codes()).toEqual([]);
  });

  it('00300–00306 with lenientIds: a wrong check digit is a warning, a wrong shape stays an error', () => {
    const lenient = ordinary().set('IdCodice', IDS.badCheckDigit, 1).check({ lenientIds: true });
    expect(lenient.map((p) => [p.code, p.severity])).toEqual([['00300', 'warning']]);
    const shape = ordinary().set('IdCodice', '1234567890', 1).check({ lenientIds: true });
    expect(shape.map((p) => [p.code, p.severity, p.params['reason']])).toEqual([
      ['00300', 'error', 'format'],
    ]);
  });

  it('00301: rejects a seller VAT number with a wrong check digit or shape', () => {
    const problems = ordinary()
      .set('IdCodice', IDS.badCheckDigit, 2)
      .set('CodiceFiscale', IDS.badCheckDigit, 1)
      .check();
    expect(problems.map((p) => [p.code, p.path])).toEqual([
      ['00301', 'FatturaElettronicaHeader/CedentePrestatore/DatiAnagrafici/IdFiscaleIVA/IdCodice'],
      ['00302', 'FatturaElettronicaHeader/CedentePrestatore/DatiAnagrafici/CodiceFiscale'],
    ]);
    expect(ordinary().set('IdCodice', 'RSSMRA80A01H501U', 2).remove('CodiceFiscale', 1).codes()).toEqual([
      '00301',
    ]);
  });

  it('00301: accepts a valid seller VAT number and leaves foreign ones to the schema', () => {
    expect(ordinary().codes()).toEqual([]);
    expect(
      ordinary().set('IdPaese', 'FR', 2).set('IdCodice', 'XX123456789', 2).remove('CodiceFiscale', 1).codes(),
    ).toEqual([]);
  });

  it('00302: rejects a seller fiscal code with a wrong check character and accepts a personal one', () => {
    expect(ordinary().set('CodiceFiscale', 'RSSMRA80A01H501A', 1).codes()).toEqual(['00302']);
    expect(ordinary().set('CodiceFiscale', 'RSSMRA80A01H5O1U', 1).check()[0]?.params['reason']).toBe(
      'format',
    );
    expect(ordinary().set('CodiceFiscale', IDS.person, 1).codes()).toEqual([]);
    // Omocodia: digits replaced by letters, check character recomputed.
    expect(ordinary().set('CodiceFiscale', 'RSSMRA80A01H50MM', 1).codes()).toEqual([]);
    expect(ordinary().set('CodiceFiscale', 'RSSMRA80A01H50MU', 1).codes()).toEqual(['00302']);
  });

  it('00303: rejects the IdCodice of the seller’s or the buyer’s representative', () => {
    const seller = ordinary()
      .after('CedentePrestatore', SELLER_REPRESENTATIVE(IDS.badCheckDigit, IDS.otherVat))
      .check();
    expect(seller.map((p) => [p.code, p.path])).toEqual([
      ['00303', 'FatturaElettronicaHeader/RappresentanteFiscale/DatiAnagrafici/IdFiscaleIVA/IdCodice'],
    ]);
    const buyer = ordinary()
      .append('CessionarioCommittente', BUYER_REPRESENTATIVE(IDS.badCheckDigit))
      .check();
    expect(buyer.map((p) => [p.code, p.path])).toEqual([
      [
        '00303',
        'FatturaElettronicaHeader/CessionarioCommittente/RappresentanteFiscale/IdFiscaleIVA/IdCodice',
      ],
    ]);
  });

  it('00303: accepts valid representatives', () => {
    const builder = ordinary()
      .after('CedentePrestatore', SELLER_REPRESENTATIVE(IDS.otherVat, IDS.otherVat))
      .append('CessionarioCommittente', BUYER_REPRESENTATIVE(IDS.otherVat));
    expect(builder.codes()).toEqual([]);
  });

  it('00304: rejects the fiscal code of the seller’s representative', () => {
    const problems = ordinary()
      .after('CedentePrestatore', SELLER_REPRESENTATIVE(IDS.otherVat, 'RSSMRA80A01H501B'))
      .check();
    expect(problems.map((p) => [p.code, p.path])).toEqual([
      ['00304', 'FatturaElettronicaHeader/RappresentanteFiscale/DatiAnagrafici/CodiceFiscale'],
    ]);
    expect(
      ordinary().after('CedentePrestatore', SELLER_REPRESENTATIVE(IDS.otherVat, IDS.person)).codes(),
    ).toEqual([]);
  });

  it('00305: rejects a buyer VAT number with a wrong check digit', () => {
    const problems = ordinary().set('IdCodice', IDS.badCheckDigit, 3).remove('CodiceFiscale', 2).check();
    expect(problems.map((p) => [p.code, p.path])).toEqual([
      ['00305', 'FatturaElettronicaHeader/CessionarioCommittente/DatiAnagrafici/IdFiscaleIVA/IdCodice'],
    ]);
    expect(ordinary().remove('CodiceFiscale', 2).codes()).toEqual([]);
  });

  it('00306: rejects a buyer fiscal code with a wrong check character', () => {
    expect(ordinary().set('CodiceFiscale', 'RSSMRA80A01H501A', 2).codes()).toEqual(['00306']);
    expect(ordinary().set('CodiceFiscale', '09876543210', 2).check()[0]).toMatchObject({
      code: '00306',
      params: { value: '09876543210', reason: 'check-digit' },
    });
    expect(ordinary().set('CodiceFiscale', IDS.person, 2).codes()).toEqual([]);
  });

  it('00301/00305/00306 apply to FSM10 parties too', () => {
    const problems = simplified()
      .set('IdCodice', IDS.badCheckDigit, 2)
      .set('IdCodice', '09876543210', 3)
      .append('IdentificativiFiscali', '<CodiceFiscale>RSSMRA80A01H501A</CodiceFiscale>')
      .check();
    expect(problems.map((p) => [p.code, p.path])).toEqual([
      ['00301', 'FatturaElettronicaHeader/CedentePrestatore/IdFiscaleIVA/IdCodice'],
      [
        '00305',
        'FatturaElettronicaHeader/CessionarioCommittente/IdentificativiFiscali/IdFiscaleIVA/IdCodice',
      ],
      ['00306', 'FatturaElettronicaHeader/CessionarioCommittente/IdentificativiFiscali/CodiceFiscale'],
    ]);
  });

  it('00320: the fiscalIdsCoherent hook decides when it answers', () => {
    const calls: string[] = [];
    const incoherent = ordinary().check({
      fiscalIdsCoherent: (vat, cf) => {
        calls.push(`${vat.country}${vat.code}/${cf}`);
        return !cf.startsWith('1');
      },
    });
    expect(incoherent.map((p) => [p.code, p.severity, p.path])).toEqual([
      ['00320', 'error', 'FatturaElettronicaHeader/CedentePrestatore/DatiAnagrafici/CodiceFiscale'],
    ]);
    expect(calls).toEqual([`IT${IDS.sellerVat}/${IDS.sellerVat}`, `IT${IDS.buyerVat}/${IDS.buyerVat}`]);
    // A VAT-group member: different numbers, but the register says they belong together.
    expect(
      ordinary()
        .set('CodiceFiscale', IDS.otherVat, 1)
        .codes({ fiscalIdsCoherent: () => true }),
    ).toEqual([]);
  });

  it('00320: without the hook, two different 11-digit numbers are only a warning', () => {
    const problems = ordinary().set('CodiceFiscale', IDS.otherVat, 1).check();
    expect(problems).toEqual([
      {
        code: '00320',
        severity: 'warning',
        path: 'FatturaElettronicaHeader/CedentePrestatore/DatiAnagrafici/CodiceFiscale',
        params: { vat: `IT${IDS.sellerVat}`, fiscalCode: IDS.otherVat, reason: 'differs' },
      },
    ]);
    // A person's VAT number never equals the 16-character fiscal code, so nothing can be said.
    expect(ordinary().set('CodiceFiscale', IDS.person, 1).codes()).toEqual([]);
  });

  it('00324: the same coherence check for the buyer', () => {
    expect(
      ordinary()
        .set('CodiceFiscale', IDS.otherVat, 2)
        .check()
        .map((p) => [p.code, p.severity]),
    ).toEqual([['00324', 'warning']]);
    expect(ordinary().codes({ fiscalIdsCoherent: (vat) => vat.code !== IDS.buyerVat })).toEqual(['00324']);
    expect(ordinary().codes({ fiscalIdsCoherent: () => true })).toEqual([]);
  });
});

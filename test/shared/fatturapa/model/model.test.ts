import { describe, expect, it } from 'vitest';
import { ORDINARY_MODEL, SIMPLIFIED_MODEL } from '../../../../src/shared/fatturapa/index.ts';
import type { ComplexTypeDef, ElementDef, TypeDef } from '../../../../src/shared/fatturapa/index.ts';
import { compiledModels } from '../../../../src/shared/fatturapa/model/compile.ts';

/** Element definition at a path of element names, e.g. 'FatturaElettronicaBody/DatiBeniServizi'. */
function element(root: ComplexTypeDef, path: string): ElementDef {
  let type: TypeDef = root;
  let found: ElementDef | undefined;
  for (const name of path.split('/')) {
    if (type.kind !== 'complex') throw new Error(`${name}: parent is not complex`);
    const candidates: ElementDef[] = type.content.flatMap((p) =>
      p.kind === 'element' ? [p] : p.branches.flat(),
    );
    found = candidates.find((e) => e.name === name);
    if (found === undefined) throw new Error(`no ${name} in ${type.name}`);
    type = found.type;
  }
  if (found === undefined) throw new Error('empty path');
  return found;
}

function names(root: ComplexTypeDef, path: string): string[] {
  const type = element(root, path).type;
  if (type.kind !== 'complex') throw new Error('not complex');
  return type.content.flatMap((p) =>
    p.kind === 'element' ? [p.name] : p.branches.flat().map((e) => e.name),
  );
}

function values(root: ComplexTypeDef, path: string): readonly string[] {
  const type = element(root, path).type;
  if (type.kind !== 'enum') throw new Error(`${path} is ${type.kind}`);
  return type.values;
}

const ordinary = ORDINARY_MODEL.type;
const simplified = SIMPLIFIED_MODEL.type;
const DOC = 'FatturaElettronicaBody/DatiGenerali/DatiGeneraliDocumento';

describe('the FatturaPA model', () => {
  it('declares the roots, namespaces and root attributes of both schemas', () => {
    expect(ORDINARY_MODEL).toMatchObject({
      name: 'FatturaElettronica',
      namespace: 'http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2',
    });
    expect(SIMPLIFIED_MODEL).toMatchObject({
      name: 'FatturaElettronicaSemplificata',
      namespace: 'http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.0',
    });
    expect(ORDINARY_MODEL.attributes.map((a) => [a.name, a.required])).toEqual([
      ['versione', true],
      ['SistemaEmittente', false],
    ]);
    expect(ORDINARY_MODEL.attributes[0].type).toMatchObject({ values: ['FPA12', 'FPR12'] });
    expect(SIMPLIFIED_MODEL.attributes[0].type).toMatchObject({ values: ['FSM10'] });
  });

  it('keeps schema order in the header and body sequences', () => {
    expect(names(ordinary, 'FatturaElettronicaHeader')).toEqual([
      'DatiTrasmissione',
      'CedentePrestatore',
      'RappresentanteFiscale',
      'CessionarioCommittente',
      'TerzoIntermediarioOSoggettoEmittente',
      'SoggettoEmittente',
    ]);
    expect(names(ordinary, 'FatturaElettronicaHeader/DatiTrasmissione')).toEqual([
      'IdTrasmittente',
      'ProgressivoInvio',
      'FormatoTrasmissione',
      'CodiceDestinatario',
      'ContattiTrasmittente',
      'PECDestinatario',
    ]);
    expect(names(ordinary, 'FatturaElettronicaBody')).toEqual([
      'DatiGenerali',
      'DatiBeniServizi',
      'DatiVeicoli',
      'DatiPagamento',
      'Allegati',
    ]);
    expect(names(ordinary, 'FatturaElettronicaBody/DatiBeniServizi/DettaglioLinee')).toHaveLength(16);
    expect(names(ordinary, 'FatturaElettronicaBody/DatiPagamento/DettaglioPagamento')).toHaveLength(21);
  });

  it('tolerates an optional ds:Signature at the end of both roots', () => {
    for (const root of [ordinary, simplified]) {
      const last = root.content.at(-1);
      expect(last).toMatchObject({
        name: 'Signature',
        occurs: '?',
        namespace: 'http://www.w3.org/2000/09/xmldsig#',
        type: { kind: 'any' },
      });
    }
  });

  it('records cardinalities, including the differences of the simplified format', () => {
    expect(element(ordinary, 'FatturaElettronicaBody').occurs).toBe('+');
    expect(element(ordinary, 'FatturaElettronicaBody/DatiBeniServizi').occurs).toBe('1');
    expect(element(simplified, 'FatturaElettronicaBody/DatiBeniServizi').occurs).toBe('+');
    expect(element(ordinary, 'FatturaElettronicaBody/DatiBeniServizi/DettaglioLinee').occurs).toBe('+');
    expect(element(ordinary, `${DOC}/Causale`).occurs).toBe('*');
    expect(element(ordinary, 'FatturaElettronicaBody/DatiGenerali/DatiSAL')).toMatchObject({
      minOccurs: 0,
      maxOccurs: Infinity,
    });
    expect(element(ordinary, 'FatturaElettronicaHeader/CedentePrestatore/Sede/Nazione')).toMatchObject({
      occurs: '1',
      default: 'IT',
    });
  });

  it('models Denominazione XOR Nome+Cognome as a choice wherever the schemas do', () => {
    const anagrafica = element(
      ordinary,
      'FatturaElettronicaHeader/CedentePrestatore/DatiAnagrafici/Anagrafica',
    );
    expect(anagrafica.type).toMatchObject({
      content: [
        { kind: 'choice', branches: [[{ name: 'Denominazione' }], [{ name: 'Nome' }, { name: 'Cognome' }]] },
        { name: 'Titolo', occurs: '?' },
        { name: 'CodEORI', occurs: '?' },
      ],
    });
    for (const [root, path] of [
      [ordinary, 'FatturaElettronicaHeader/CessionarioCommittente/RappresentanteFiscale'],
      [simplified, 'FatturaElettronicaHeader/CedentePrestatore'],
      [simplified, 'FatturaElettronicaHeader/CessionarioCommittente/AltriDatiIdentificativi'],
    ] as const) {
      const type = element(root, path).type as ComplexTypeDef;
      expect(
        type.content.filter((p) => p.kind === 'choice'),
        path,
      ).toHaveLength(1);
    }
  });

  it('follows the FSM10 schema in leaving both IdentificativiFiscali children optional', () => {
    const type = element(simplified, 'FatturaElettronicaHeader/CessionarioCommittente/IdentificativiFiscali')
      .type as ComplexTypeDef;
    expect(type.content.map((p) => (p.kind === 'element' ? [p.name, p.occurs] : p.kind))).toEqual([
      ['IdFiscaleIVA', '?'],
      ['CodiceFiscale', '?'],
    ]);
  });

  it('lists the full code tables of version 1.2.3', () => {
    // prettier-ignore
    expect(values(ordinary, `${DOC}/TipoDocumento`)).toEqual([
      'TD01', 'TD02', 'TD03', 'TD04', 'TD05', 'TD06', 'TD16', 'TD17', 'TD18', 'TD19', 'TD20', 'TD21', 'TD22',
      'TD23', 'TD24', 'TD25', 'TD26', 'TD27', 'TD28', 'TD29',
    ]);
    const regimi = values(
      ordinary,
      'FatturaElettronicaHeader/CedentePrestatore/DatiAnagrafici/RegimeFiscale',
    );
    expect(regimi).toHaveLength(19);
    expect(regimi).not.toContain('RF03');
    expect(regimi).toContain('RF20');
    const nature = values(ordinary, 'FatturaElettronicaBody/DatiBeniServizi/DettaglioLinee/Natura');
    expect(nature).toEqual(expect.arrayContaining(['N1', 'N2', 'N2.1', 'N2.2', 'N3.6', 'N6', 'N6.9', 'N7']));
    expect(nature).toHaveLength(24);
    expect(
      values(ordinary, 'FatturaElettronicaBody/DatiPagamento/DettaglioPagamento/ModalitaPagamento'),
    ).toEqual(Array.from({ length: 23 }, (_, i) => `MP${String(i + 1).padStart(2, '0')}`));
    expect(values(ordinary, 'FatturaElettronicaBody/DatiPagamento/CondizioniPagamento')).toEqual([
      'TP01',
      'TP02',
      'TP03',
    ]);
    expect(values(ordinary, `${DOC}/DatiCassaPrevidenziale/TipoCassa`)).toHaveLength(22);
    expect(values(ordinary, `${DOC}/DatiRitenuta/TipoRitenuta`)).toEqual([
      'RT01',
      'RT02',
      'RT03',
      'RT04',
      'RT05',
      'RT06',
    ]);
    expect(values(ordinary, `${DOC}/DatiRitenuta/CausalePagamento`)).toEqual(
      expect.arrayContaining(['A', 'Z', 'L1', 'M1', 'M2', 'O1', 'V1', 'ZO']),
    );
    expect(values(ordinary, 'FatturaElettronicaBody/DatiBeniServizi/DatiRiepilogo/EsigibilitaIVA')).toEqual([
      'D',
      'I',
      'S',
    ]);
    expect(values(ordinary, 'FatturaElettronicaHeader/SoggettoEmittente')).toEqual(['CC', 'TZ']);
  });

  it('narrows the code tables of the simplified format', () => {
    expect(values(simplified, `${DOC}/TipoDocumento`)).toEqual(['TD07', 'TD08', 'TD09']);
    const nature = values(simplified, 'FatturaElettronicaBody/DatiBeniServizi/Natura');
    expect(nature).not.toContain('N6.1');
    expect(nature).not.toContain('N7');
    expect(values(simplified, 'FatturaElettronicaHeader/CedentePrestatore/RegimeFiscale')).not.toContain(
      'RF20',
    );
    expect(
      element(simplified, 'FatturaElettronicaHeader/DatiTrasmissione/CodiceDestinatario').type,
    ).toMatchObject({
      pattern: { xsd: '[A-Z0-9]{7}' },
    });
  });

  it('describes numbers by digits, fraction digits and bounds as the XSD patterns do', () => {
    const line = 'FatturaElettronicaBody/DatiBeniServizi/DettaglioLinee';
    expect(element(ordinary, `${line}/PrezzoUnitario`).type).toMatchObject({
      name: 'Amount8DecimalType',
      signed: true,
      integerDigits: [1, 11],
      fractionDigits: [2, 8],
    });
    expect(element(ordinary, `${line}/AliquotaIVA`).type).toMatchObject({
      name: 'RateType',
      signed: false,
      integerDigits: [1, 3],
      fractionDigits: [2, 2],
      maxInclusive: '100.00',
    });
    expect(element(ordinary, `${line}/Quantita`).type).toMatchObject({
      integerDigits: [1, 12],
      fractionDigits: [2, 8],
    });
    expect(element(ordinary, `${line}/NumeroLinea`).type).toMatchObject({
      kind: 'integer',
      minInclusive: 1,
      maxInclusive: 9999,
    });
    expect(element(ordinary, `${DOC}/Data`).type).toMatchObject({ kind: 'date', minInclusive: '1970-01-01' });
  });

  it('describes strings by whitespace rule, length, character set and pattern', () => {
    expect(element(ordinary, `${DOC}/Numero`).type).toMatchObject({
      whiteSpace: 'replace',
      charset: 'basic-latin',
      minLength: 1,
      maxLength: 20,
    });
    expect(
      element(ordinary, 'FatturaElettronicaBody/DatiBeniServizi/DettaglioLinee/Descrizione').type,
    ).toMatchObject({
      charset: 'latin-1',
      maxLength: 1000,
    });
    expect(element(ordinary, 'FatturaElettronicaHeader/DatiTrasmissione/PECDestinatario').type).toMatchObject(
      {
        whiteSpace: 'collapse',
        maxLength: 256,
      },
    );
    expect(element(ordinary, 'FatturaElettronicaHeader/CedentePrestatore/Sede/CAP').type).toMatchObject({
      whiteSpace: 'preserve',
      pattern: { xsd: '[0-9][0-9][0-9][0-9][0-9]' },
    });
  });

  it('compiles into lookup tables once, with one position per child name', () => {
    const first = compiledModels();
    expect(compiledModels()).toBe(first);
    const body = first.ordinary.complex.byName.get('FatturaElettronicaBody');
    expect(body).toMatchObject({ index: 1, min: 1, max: Infinity, repeated: true });
    const anagrafica = first.ordinary.complex.byName
      .get('FatturaElettronicaHeader')
      ?.complex?.byName.get('CedentePrestatore')
      ?.complex?.byName.get('DatiAnagrafici')
      ?.complex?.byName.get('Anagrafica')?.complex;
    expect(anagrafica?.choices[0]?.options).toBe('Denominazione | Nome + Cognome');
    expect(anagrafica?.required).toEqual([]);
  });
});

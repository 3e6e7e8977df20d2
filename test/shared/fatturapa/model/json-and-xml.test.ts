import { describe, expect, it } from 'vitest';
import {
  invoiceToJson,
  invoiceToXml,
  parseInvoiceXml,
  validateInvoiceXmlStructure,
  validateStructure,
} from '../../../../src/shared/fatturapa/index.ts';
import type { FatturaPAJson, OrdinaryInvoiceJson } from '../../../../src/shared/fatturapa/index.ts';
import { readSample, referenceAvailable, warnIfReferenceMissing } from '../reference-samples.ts';
import { libxml2Validate } from './libxml2-oracle.ts';
import { syntheticInvoiceXml } from './synthetic-invoice.ts';

warnIfReferenceMissing('model/json-and-xml');

const NS12 = 'http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2';
const NS10 = 'http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.0';

function ordinaryJson(xml = syntheticInvoiceXml(2)): OrdinaryInvoiceJson {
  return invoiceToJson(parseInvoiceXml(xml)) as OrdinaryInvoiceJson;
}

describe('invoiceToJson', () => {
  it('puts the root attributes next to FatturaElettronicaHeader as @versione and @SistemaEmittente', () => {
    const json = ordinaryJson(
      syntheticInvoiceXml(1).replace('versione="FPR12"', 'versione="FPR12" SistemaEmittente="ERP1"'),
    );
    expect(Object.keys(json).slice(0, 4)).toEqual([
      '@versione',
      '@SistemaEmittente',
      'FatturaElettronicaHeader',
      'FatturaElettronicaBody',
    ]);
    expect(json['@versione']).toBe('FPR12');
  });

  it('always gives arrays for FatturaElettronicaBody and every element that may repeat', () => {
    const json = ordinaryJson(syntheticInvoiceXml(1));
    expect(Array.isArray(json.FatturaElettronicaBody)).toBe(true);
    const body = json.FatturaElettronicaBody[0];
    expect(Array.isArray(body?.DatiPagamento)).toBe(true);
    expect(Array.isArray(body?.DatiBeniServizi.DettaglioLinee)).toBe(true);
    expect(Array.isArray(body?.DatiBeniServizi.DettaglioLinee[0]?.CodiceArticolo)).toBe(true);
    expect(Array.isArray(body?.DatiGenerali.DatiGeneraliDocumento.Causale)).toBe(true);
    // The generic parse forces DatiBeniServizi to an array (it repeats in FSM10); ordinary allows one.
    expect(Array.isArray(body?.DatiBeniServizi)).toBe(false);
  });

  it('keeps values as strings in their lexical form', () => {
    const json = ordinaryJson(
      syntheticInvoiceXml(1).replace(
        '<PrezzoTotale>20.00</PrezzoTotale>',
        '<PrezzoTotale>0020.00</PrezzoTotale>',
      ),
    );
    const line = json.FatturaElettronicaBody[0]?.DatiBeniServizi.DettaglioLinee[0];
    expect(line?.PrezzoUnitario).toBe('10.00000000');
    expect(line?.PrezzoTotale).toBe('0020.00');
    expect(line?.NumeroLinea).toBe('1');
    expect(json.FatturaElettronicaHeader.CedentePrestatore.DatiAnagrafici.Anagrafica.Denominazione).toBe(
      'Fornitore & Figli S.r.l.',
    );
  });

  it('orders keys as the schema does whatever the document order', () => {
    const swapped = syntheticInvoiceXml(1).replace(
      '<TipoDocumento>TD01</TipoDocumento>\n        <Divisa>EUR</Divisa>',
      '<Divisa>EUR</Divisa>\n        <TipoDocumento>TD01</TipoDocumento>',
    );
    const doc = ordinaryJson(swapped).FatturaElettronicaBody[0]?.DatiGenerali.DatiGeneraliDocumento;
    expect(Object.keys(doc ?? {}).slice(0, 2)).toEqual(['TipoDocumento', 'Divisa']);
  });

  it('keeps what the model does not know, so that validation can report it', () => {
    const xml = syntheticInvoiceXml(1)
      .replace('<Divisa>EUR</Divisa>', '<Divisa>EUR</Divisa><Valuta>EUR</Valuta>')
      .replace('<DatiGenerali>', '<DatiGenerali>testo')
      .replace('<UnitaMisura>PZ</UnitaMisura>', '<UnitaMisura unit="x">PZ</UnitaMisura>');
    const json = ordinaryJson(xml) as unknown as Record<string, unknown>;
    const body = (json['FatturaElettronicaBody'] as Record<string, Record<string, unknown>>[])[0];
    expect(body?.['DatiGenerali']).toMatchObject({
      '#text': 'testo',
      DatiGeneraliDocumento: { Valuta: 'EUR' },
    });
    expect(validateStructure(json).map((p) => `${p.kind} ${p.path}`)).toEqual([
      'unexpected FatturaElettronicaBody[1]/DatiGenerali/DatiGeneraliDocumento/Valuta',
      'unexpected FatturaElettronicaBody[1]/DatiGenerali/text()',
      'unexpected FatturaElettronicaBody[1]/DatiBeniServizi/DettaglioLinee[1]/UnitaMisura/@unit',
    ]);
  });

  it('drops the xsi:schemaLocation hint and turns empty blocks into objects', () => {
    const xml = syntheticInvoiceXml(1)
      .replace(
        'versione="FPR12"',
        'versione="FPR12" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="a b"',
      )
      .replace('</CodiceDestinatario>', '</CodiceDestinatario><ContattiTrasmittente/>');
    const json = ordinaryJson(xml);
    expect(Object.keys(json).filter((k) => k.startsWith('@'))).toEqual(['@versione']);
    expect(json.FatturaElettronicaHeader.DatiTrasmissione.ContattiTrasmittente).toEqual({});
  });

  it.skipIf(!referenceAvailable)('uses the simplified model for FSM10', () => {
    const json = invoiceToJson(
      parseInvoiceXml(readSample('official/semplificata-FSM10/IT01234567890_FSM10.xml')),
    );
    expect(json['@versione']).toBe('FSM10');
    const body = (json as { FatturaElettronicaBody: { DatiBeniServizi: unknown }[] })
      .FatturaElettronicaBody[0];
    expect(Array.isArray(body?.DatiBeniServizi)).toBe(true);
    expect(validateStructure(json)).toEqual([]);
  });
});

describe('validateStructure on the JSON form', () => {
  it('accepts a converted valid invoice', () => {
    expect(validateStructure(ordinaryJson())).toEqual([]);
  });

  it('reports all problems at once, with paths as for XML', () => {
    const json = ordinaryJson(syntheticInvoiceXml(3));
    const body = json.FatturaElettronicaBody[0];
    if (body === undefined) throw new Error('no body');
    const lines = body.DatiBeniServizi.DettaglioLinee;
    (lines[1] as Record<string, unknown>).AliquotaIVA = '22,00';
    delete (lines[2] as Record<string, unknown>).Descrizione;
    body.DatiGenerali.DatiGeneraliDocumento.TipoDocumento = 'TD30';
    json['@versione'] = 'FPR13';
    expect(validateStructure(json).map((p) => `${p.kind} ${p.path}`)).toEqual([
      'enum @versione',
      'enum FatturaElettronicaBody[1]/DatiGenerali/DatiGeneraliDocumento/TipoDocumento',
      'decimal FatturaElettronicaBody[1]/DatiBeniServizi/DettaglioLinee[2]/AliquotaIVA',
      'missing FatturaElettronicaBody[1]/DatiBeniServizi/DettaglioLinee[3]/Descrizione',
    ]);
  });

  it('reports a single object where several occurrences are allowed only if it is missing', () => {
    const json = ordinaryJson(syntheticInvoiceXml(1));
    const body = json.FatturaElettronicaBody[0] as unknown as Record<string, unknown>;
    body.DatiPagamento = (body.DatiPagamento as unknown[])[0];
    expect(validateStructure(json)).toEqual([]);
    body.DatiGenerali = [body.DatiGenerali, body.DatiGenerali];
    expect(validateStructure(json).map((p) => `${p.kind} ${p.path}`)).toEqual([
      'too-many FatturaElettronicaBody[1]/DatiGenerali[2]',
    ]);
  });

  it('rejects input that is not an object', () => {
    expect(validateStructure(null)).toEqual([
      { code: '00200', kind: 'empty', path: 'FatturaElettronica', params: { element: 'FatturaElettronica' } },
    ]);
  });
});

describe('invoiceToXml', () => {
  it('writes schema order from the model, not from the JSON key order', () => {
    const json = ordinaryJson();
    const reversed = JSON.parse(JSON.stringify(json), (_key, value: unknown) =>
      value !== null && typeof value === 'object' && !Array.isArray(value)
        ? Object.fromEntries(Object.entries(value).reverse())
        : value,
    ) as FatturaPAJson;
    expect(Object.keys(reversed)[0]).toBe('FatturaElettronicaBody');
    expect(invoiceToXml(reversed)).toBe(invoiceToXml(json));
    expect(validateInvoiceXmlStructure(invoiceToXml(reversed))).toEqual([]);
  });

  it('qualifies only the root, with prefix p and the 1.2 namespace, after a UTF-8 declaration', () => {
    const xml = invoiceToXml(ordinaryJson());
    expect(
      xml.startsWith(
        `<?xml version="1.0" encoding="UTF-8"?>\n<p:FatturaElettronica xmlns:p="${NS12}" versione="FPR12">\n  <FatturaElettronicaHeader>`,
      ),
    ).toBe(true);
    expect(xml.trimEnd().endsWith('</p:FatturaElettronica>')).toBe(true);
    expect(xml.match(/<p:/g)).toHaveLength(1);
    expect(xml).not.toMatch(/xmlns="/);
  });

  it('escapes markup characters in text and attributes', () => {
    const json = ordinaryJson();
    json['@SistemaEmittente'] = 'A"&<B';
    const line = json.FatturaElettronicaBody[0]?.DatiBeniServizi.DettaglioLinee[0];
    if (line === undefined) throw new Error('no line');
    line.Descrizione = 'Viti <M6> & dadi ]]> "zincati"';
    const xml = invoiceToXml(json);
    expect(xml).toContain('SistemaEmittente="A&quot;&amp;&lt;B"');
    expect(xml).toContain('<Descrizione>Viti &lt;M6&gt; &amp; dadi ]]&gt; "zincati"</Descrizione>');
    expect(ordinaryJson(xml).FatturaElettronicaBody[0]?.DatiBeniServizi.DettaglioLinee[0]?.Descrizione).toBe(
      'Viti <M6> & dadi ]]> "zincati"',
    );
  });

  it('writes FSM10 in the 1.0 namespace', () => {
    const xml = invoiceToXml({ '@versione': 'FSM10' });
    expect(xml).toContain(`<p:FatturaElettronicaSemplificata xmlns:p="${NS10}" versione="FSM10">`);
  });

  it('writes ds:Signature with its own namespace and keeps unknown keys visible', () => {
    const json = { ...ordinaryJson(), Signature: { SignedInfo: { '@Id': 'x' } }, Extra: 'boom' };
    const xml = invoiceToXml(json, { indent: '' });
    expect(xml).toContain(
      '<ds:Signature xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:SignedInfo Id="x"/></ds:Signature><Extra>boom</Extra></p:FatturaElettronica>',
    );
    expect(xml).not.toContain('\n');
    expect(validateInvoiceXmlStructure(xml).map((p) => `${p.kind} ${p.path}`)).toEqual(['unexpected Extra']);
  });

  it('honours the prefix and declaration options', () => {
    const xml = invoiceToXml(ordinaryJson(), { prefix: 'fe', declaration: false });
    expect(xml.startsWith(`<fe:FatturaElettronica xmlns:fe="${NS12}"`)).toBe(true);
    expect(validateInvoiceXmlStructure(xml)).toEqual([]);
  });

  it.skipIf(!referenceAvailable)('produces XML that libxml2 accepts', () => {
    expect(libxml2Validate(invoiceToXml(ordinaryJson(syntheticInvoiceXml(20))))).toMatchObject({
      valid: true,
    });
  });
});

import { describe, expect, it } from 'vitest';
import {
  invoiceToJson,
  isValidPartitaIva,
  parseInvoiceXml,
  runSdiChecks,
  validateInvoiceXmlStructure,
} from '../../src/shared/fatturapa/index.ts';
import { libxml2Validate } from '../shared/fatturapa/model/libxml2-oracle.ts';
import { referenceAvailable } from '../shared/fatturapa/reference-samples.ts';
import {
  invoiceJson,
  invoiceXml,
  italianVat,
  simplifiedInvoiceJson,
  simplifiedInvoiceXml,
} from './invoices.ts';
import type { InvoiceOptions } from './invoices.ts';

/** Mixed rates and natures, a discount, a half cent to round, a person as customer and a payment. */
const MIXED: InvoiceOptions = {
  supplierVat: italianVat(31),
  supplierFiscalCode: italianVat(31).slice(2),
  supplierName: 'Fornitore & Figli Srl',
  customerFiscalCode: 'RSSMRA80A01H501U',
  customerName: { Nome: 'Mario', Cognome: 'Rossi' },
  number: 'M-1',
  causale: 'Fornitura di marzo',
  lines: [
    { Descrizione: 'Consulenza', Quantita: '3.00', PrezzoUnitario: '19.99' },
    { Descrizione: 'Trasferta', PrezzoUnitario: '40.03' },
    { Descrizione: 'Segnalibri', Quantita: '2.00', PrezzoUnitario: '0.125', AliquotaIVA: '10.00' },
    { Descrizione: 'Corso', PrezzoUnitario: '50.00', AliquotaIVA: '0.00', Natura: 'N4' },
    {
      Descrizione: 'Corso ridotto',
      PrezzoUnitario: '100.00',
      ScontoMaggiorazione: [{ Tipo: 'SC', Percentuale: '10.00' }],
      AliquotaIVA: '0.00',
      Natura: 'N4',
    },
  ],
  payment: { ModalitaPagamento: 'MP05', IBAN: 'IT60X0542811101000000123456' },
};

const CASES: [string, string][] = [
  ['the default invoice', invoiceXml()],
  ['several lines with mixed rates and natures', invoiceXml(MIXED)],
  ['an FPA12 invoice', invoiceXml({ format: 'FPA12', supplierVat: italianVat(32) })],
  [
    'a file of three documents',
    invoiceXml({
      moreDocuments: [
        { number: '2', date: '2025-01-16' },
        { number: '3', date: '2025-01-17' },
      ],
    }),
  ],
  ['the default simplified invoice', simplifiedInvoiceXml()],
  [
    'a simplified invoice between two persons with two items',
    simplifiedInvoiceXml({
      supplierName: { Nome: 'Anna', Cognome: 'Verdi' },
      customerFiscalCode: 'RSSMRA80A01H501U',
      customerName: { Nome: 'Mario', Cognome: 'Rossi' },
      lines: [
        { Descrizione: 'Caffè', Importo: '12.20', DatiIVA: { Aliquota: '22.00' } },
        { Descrizione: 'Libro', Importo: '10.40', DatiIVA: { Imposta: '0.40' } },
      ],
    }),
  ],
];

describe('the test invoice builder', () => {
  it.each(CASES)('writes %s that the structure validator and every SdI check accept', (_name, xml) => {
    expect(validateInvoiceXmlStructure(xml)).toEqual([]);
    // No lenientIds: the identifiers' check digits must be right too.
    expect(runSdiChecks(parseInvoiceXml(xml))).toEqual([]);
  });

  it.skipIf(!referenceAvailable).each(CASES)(
    'writes %s that libxml2 accepts against the XSD',
    (_name, xml) => {
      expect(libxml2Validate(xml)).toMatchObject({ valid: true, errors: [] });
    },
  );

  it('writes in XML exactly the JSON it builds', () => {
    expect(invoiceToJson(parseInvoiceXml(invoiceXml(MIXED)))).toEqual(invoiceJson(MIXED));
    expect(invoiceToJson(parseInvoiceXml(simplifiedInvoiceXml()))).toEqual(simplifiedInvoiceJson());
  });

  it('computes 1.00 × 100.00 at 22 % by default: 122.00 in all', () => {
    const body = invoiceJson().FatturaElettronicaBody[0];
    expect(body?.DatiBeniServizi.DettaglioLinee).toEqual([
      {
        NumeroLinea: '1',
        Descrizione: 'Servizio di consulenza',
        Quantita: '1.00',
        PrezzoUnitario: '100.00',
        PrezzoTotale: '100.00',
        AliquotaIVA: '22.00',
      },
    ]);
    expect(body?.DatiBeniServizi.DatiRiepilogo).toEqual([
      { AliquotaIVA: '22.00', ImponibileImporto: '100.00', Imposta: '22.00', EsigibilitaIVA: 'I' },
    ]);
    expect(body?.DatiGenerali.DatiGeneraliDocumento.ImportoTotaleDocumento).toBe('122.00');
  });

  it('computes line totals, one summary per rate and nature, the document total and the payment', () => {
    const body = invoiceJson(MIXED).FatturaElettronicaBody[0];
    const lines = body?.DatiBeniServizi.DettaglioLinee ?? [];
    expect(lines.map((l) => [l.NumeroLinea, l.PrezzoTotale])).toEqual([
      ['1', '59.97'],
      ['2', '40.03'],
      ['3', '0.25'],
      ['4', '50.00'],
      ['5', '90.00'],
    ]);
    expect(body?.DatiBeniServizi.DatiRiepilogo).toEqual([
      { AliquotaIVA: '22.00', ImponibileImporto: '100.00', Imposta: '22.00', EsigibilitaIVA: 'I' },
      // 10 % of 0.25 is 0.025: half a cent, rounded away from zero.
      { AliquotaIVA: '10.00', ImponibileImporto: '0.25', Imposta: '0.03', EsigibilitaIVA: 'I' },
      {
        AliquotaIVA: '0.00',
        Natura: 'N4',
        ImponibileImporto: '140.00',
        Imposta: '0.00',
        RiferimentoNormativo: 'Esente',
      },
    ]);
    expect(body?.DatiGenerali.DatiGeneraliDocumento.ImportoTotaleDocumento).toBe('262.28');
    expect(body?.DatiPagamento?.[0]?.DettaglioPagamento[0]?.ImportoPagamento).toBe('262.28');
  });

  it('rounds negative amounts away from zero as well', () => {
    const body = invoiceJson({
      tipoDocumento: 'TD04',
      lines: [{ Quantita: '2.00', PrezzoUnitario: '-0.125', AliquotaIVA: '10.00' }],
    }).FatturaElettronicaBody[0];
    expect(body?.DatiBeniServizi.DatiRiepilogo).toEqual([
      { AliquotaIVA: '10.00', ImponibileImporto: '-0.25', Imposta: '-0.03', EsigibilitaIVA: 'I' },
    ]);
    expect(body?.DatiGenerali.DatiGeneraliDocumento.ImportoTotaleDocumento).toBe('-0.28');
  });

  it('keeps the amounts a test gives, and leaves ImportoTotaleDocumento out on request', () => {
    const summaries = [{ AliquotaIVA: '22.00', ImponibileImporto: '1.00', Imposta: '9.00' }];
    const given = invoiceJson({
      lines: [{ PrezzoUnitario: '100.00', PrezzoTotale: '7.00' }],
      summaries,
      total: '5.00',
    }).FatturaElettronicaBody[0];
    expect(given?.DatiBeniServizi.DettaglioLinee[0]?.PrezzoTotale).toBe('7.00');
    expect(given?.DatiBeniServizi.DatiRiepilogo).toEqual(summaries);
    expect(given?.DatiGenerali.DatiGeneraliDocumento.ImportoTotaleDocumento).toBe('5.00');
    const withoutTotal = invoiceXml({ total: null });
    expect(withoutTotal).not.toContain('ImportoTotaleDocumento');
    expect(validateInvoiceXmlStructure(withoutTotal)).toEqual([]);
  });

  it('gives every document of a multi-document file its own number and date', () => {
    const bodies = invoiceJson({
      number: 'A-1',
      moreDocuments: [{ number: 'A-2', date: '2025-02-01' }],
    }).FatturaElettronicaBody;
    expect(bodies.map((b) => b.DatiGenerali.DatiGeneraliDocumento)).toEqual([
      expect.objectContaining({ Numero: 'A-1', Data: '2025-01-15', ImportoTotaleDocumento: '122.00' }),
      expect.objectContaining({ Numero: 'A-2', Data: '2025-02-01', ImportoTotaleDocumento: '122.00' }),
    ]);
  });

  it('routes FPA12 to a six-character office code and FPR12 to 0000000 unless told otherwise', () => {
    const pa = invoiceJson({ format: 'FPA12' });
    expect(pa['@versione']).toBe('FPA12');
    expect(pa.FatturaElettronicaHeader.DatiTrasmissione).toMatchObject({
      FormatoTrasmissione: 'FPA12',
      CodiceDestinatario: 'AAAAAA',
    });
    expect(invoiceJson().FatturaElettronicaHeader.DatiTrasmissione.CodiceDestinatario).toBe('0000000');
    expect(
      invoiceJson({ codiceDestinatario: 'ABC1234' }).FatturaElettronicaHeader.DatiTrasmissione
        .CodiceDestinatario,
    ).toBe('ABC1234');
  });

  it('identifies the customer by VAT number, by fiscal code alone, or by both', () => {
    const parties = (options: InvoiceOptions) =>
      invoiceJson(options).FatturaElettronicaHeader.CessionarioCommittente.DatiAnagrafici;
    expect(parties({})).toMatchObject({ IdFiscaleIVA: { IdPaese: 'IT', IdCodice: italianVat(2).slice(2) } });
    expect(parties({}).CodiceFiscale).toBeUndefined();
    const person = parties({ customerFiscalCode: 'RSSMRA80A01H501U' });
    expect(person.IdFiscaleIVA).toBeUndefined();
    expect(person.CodiceFiscale).toBe('RSSMRA80A01H501U');
    expect(parties({ customerVat: italianVat(5), customerFiscalCode: '12345678903' })).toMatchObject({
      IdFiscaleIVA: { IdCodice: italianVat(5).slice(2) },
      CodiceFiscale: '12345678903',
    });
  });

  it('escapes markup in the values it is given', () => {
    const xml = invoiceXml({ supplierName: 'A & <B>' });
    expect(xml).toContain('<Denominazione>A &amp; &lt;B&gt;</Denominazione>');
    expect(invoiceToJson(parseInvoiceXml(xml))).toMatchObject({
      FatturaElettronicaHeader: {
        CedentePrestatore: { DatiAnagrafici: { Anagrafica: { Denominazione: 'A & <B>' } } },
      },
    });
  });

  it('makes distinct VAT numbers with valid check digits from seeds', () => {
    const numbers = [0, 1, 2, 31, 9_999, 123_456_789].map(italianVat);
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const vat of numbers) {
      expect(vat).toMatch(/^IT\d{11}$/);
      expect(isValidPartitaIva(vat.slice(2)), vat).toBe(true);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { parseInvoiceXml, partyKey, summarizeInvoice } from '../../../src/shared/fatturapa/index.ts';
import type { InvoiceSummary } from '../../../src/shared/fatturapa/index.ts';
import {
  invoiceSamples,
  readSample,
  referenceAvailable,
  warnIfReferenceMissing,
} from './reference-samples.ts';

warnIfReferenceMissing('summary');

function summarize(xml: string): InvoiceSummary {
  return summarizeInvoice(parseInvoiceXml(xml));
}

function summarizeSample(path: string): InvoiceSummary {
  return summarizeInvoice(parseInvoiceXml(readSample(path)));
}

const ORDINARY = `<p:FatturaElettronica versione="FPR12" xmlns:p="urn:x">
  <FatturaElettronicaHeader>
    <DatiTrasmissione>
      <IdTrasmittente><IdPaese>it</IdPaese><IdCodice>01234567890</IdCodice></IdTrasmittente>
      <ProgressivoInvio>00042</ProgressivoInvio>
      <CodiceDestinatario>0000000</CodiceDestinatario>
      <PECDestinatario>buyer@pec.it</PECDestinatario>
    </DatiTrasmissione>
    <CedentePrestatore><DatiAnagrafici>
      <IdFiscaleIVA><IdPaese>it</IdPaese><IdCodice>12345678903</IdCodice></IdFiscaleIVA>
      <Anagrafica><Nome>Mario</Nome><Cognome>Rossi</Cognome></Anagrafica>
    </DatiAnagrafici></CedentePrestatore>
    <CessionarioCommittente><DatiAnagrafici>
      <CodiceFiscale>RSSMRA80A01H501U</CodiceFiscale>
      <Anagrafica><Denominazione>Beta &amp; C.</Denominazione><Nome>ignored</Nome></Anagrafica>
    </DatiAnagrafici></CessionarioCommittente>
  </FatturaElettronicaHeader>
  <FatturaElettronicaBody><DatiGenerali><DatiGeneraliDocumento>
    <TipoDocumento>TD01</TipoDocumento><Data>2024-05-31+02:00</Data><Numero>A/1</Numero>
  </DatiGeneraliDocumento></DatiGenerali></FatturaElettronicaBody>
  <FatturaElettronicaBody><DatiGenerali><DatiGeneraliDocumento>
    <TipoDocumento>TD04</TipoDocumento><Data>31/05/2024</Data>
  </DatiGeneraliDocumento></DatiGenerali></FatturaElettronicaBody>
</p:FatturaElettronica>`;

describe('summarizeInvoice', () => {
  it('reads transmission data, upper-casing the transmitter country', () => {
    expect(summarize(ORDINARY)).toMatchObject({
      format: 'FPR12',
      transmitter: { country: 'IT', code: '01234567890' },
      progressivoInvio: '00042',
      codiceDestinatario: '0000000',
      pecDestinatario: 'buyer@pec.it',
    });
  });

  it('builds the VAT number from IdPaese and IdCodice and the name from Nome and Cognome', () => {
    expect(summarize(ORDINARY).prestatore).toEqual({
      vat: 'IT12345678903',
      fiscalCode: null,
      name: 'Mario Rossi',
    });
  });

  it('prefers Denominazione over Nome and Cognome and keeps a buyer without VAT number', () => {
    expect(summarize(ORDINARY).committente).toEqual({
      vat: null,
      fiscalCode: 'RSSMRA80A01H501U',
      name: 'Beta & C.',
    });
  });

  it('gives one document per body, with the date reduced to YYYY-MM-DD and null for what is missing or invalid', () => {
    expect(summarize(ORDINARY).documents).toEqual([
      { number: 'A/1', date: '2024-05-31', type: 'TD01' },
      { number: null, date: null, type: 'TD04' },
    ]);
  });

  it('returns nulls and no documents for a root without header and bodies', () => {
    expect(summarize('<FatturaElettronica versione="FPA12"/>')).toEqual({
      format: 'FPA12',
      transmitter: null,
      progressivoInvio: null,
      codiceDestinatario: null,
      pecDestinatario: null,
      prestatore: { vat: null, fiscalCode: null, name: null },
      committente: { vat: null, fiscalCode: null, name: null },
      documents: [],
    });
  });

  it('treats empty elements as missing', () => {
    const summary = summarize(
      '<FatturaElettronica versione="FPR12"><FatturaElettronicaHeader><DatiTrasmissione>' +
        '<PECDestinatario/><CodiceDestinatario></CodiceDestinatario></DatiTrasmissione></FatturaElettronicaHeader>' +
        '</FatturaElettronica>',
    );
    expect(summary.pecDestinatario).toBeNull();
    expect(summary.codiceDestinatario).toBeNull();
  });

  it('reads the flattened seller and the split buyer of an FSM10 simplified invoice', () => {
    const summary = summarize(`<FatturaElettronicaSemplificata versione="FSM10">
      <FatturaElettronicaHeader>
        <CedentePrestatore>
          <IdFiscaleIVA><IdPaese>IT</IdPaese><IdCodice>12345678903</IdCodice></IdFiscaleIVA>
          <CodiceFiscale>RSSMRA80A01H501U</CodiceFiscale><Nome>Mario</Nome><Cognome>Rossi</Cognome>
        </CedentePrestatore>
        <CessionarioCommittente>
          <IdentificativiFiscali><CodiceFiscale>BNCMRA80A01D548T</CodiceFiscale></IdentificativiFiscali>
          <AltriDatiIdentificativi><Nome>Maria</Nome><Cognome>Bianchi</Cognome></AltriDatiIdentificativi>
        </CessionarioCommittente>
      </FatturaElettronicaHeader>
      <FatturaElettronicaBody><DatiGenerali><DatiGeneraliDocumento>
        <TipoDocumento>TD07</TipoDocumento><Data>2024-01-02</Data><Numero>7</Numero>
      </DatiGeneraliDocumento></DatiGenerali></FatturaElettronicaBody>
    </FatturaElettronicaSemplificata>`);
    expect(summary.prestatore).toEqual({
      vat: 'IT12345678903',
      fiscalCode: 'RSSMRA80A01H501U',
      name: 'Mario Rossi',
    });
    expect(summary.committente).toEqual({ vat: null, fiscalCode: 'BNCMRA80A01D548T', name: 'Maria Bianchi' });
    expect(summary.documents).toEqual([{ number: '7', date: '2024-01-02', type: 'TD07' }]);
  });
});

describe('partyKey', () => {
  it('uses the VAT number first, then the fiscal code, else null', () => {
    expect(partyKey({ vat: 'IT12345678903', fiscalCode: 'RSSMRA80A01H501U', name: null })).toBe(
      'IT12345678903',
    );
    expect(partyKey({ vat: null, fiscalCode: 'RSSMRA80A01H501U', name: 'x' })).toBe('RSSMRA80A01H501U');
    expect(partyKey({ vat: null, fiscalCode: null, name: 'x' })).toBeNull();
  });
});

describe.skipIf(!referenceAvailable)('summarizeInvoice on the reference samples', () => {
  it.each(invoiceSamples())('summarizes %s', (path) => {
    const summary = summarizeSample(path);
    expect(summary.documents.every((d) => d.date === null || /^\d{4}-\d{2}-\d{2}$/.test(d.date))).toBe(true);
    if (!path.includes('missing-FatturaElettronicaBody')) expect(summary.documents.length).toBeGreaterThan(0);
  });

  it('summarizes the official two-body FPR03 example', () => {
    expect(summarizeSample('official/fatturapa-v1.2.2/IT01234567890_FPR03.xml')).toEqual({
      format: 'FPR12',
      transmitter: { country: 'IT', code: '01234567890' },
      progressivoInvio: '00001',
      codiceDestinatario: 'ABC1234',
      pecDestinatario: null,
      prestatore: { vat: 'IT01234567890', fiscalCode: null, name: "SOCIETA' ALPHA SRL" },
      committente: { vat: null, fiscalCode: '09876543210', name: 'BETA GAMMA' },
      documents: [
        { number: '123', date: '2014-12-18', type: 'TD01' },
        { number: '456', date: '2014-12-20', type: 'TD01' },
      ],
    });
  });

  it('reads the PEC address of the official FPR02 example', () => {
    const summary = summarizeSample('official/fatturapa-v1.2.2/IT01234567890_FPR02.xml');
    expect(summary).toMatchObject({ codiceDestinatario: '0000000', pecDestinatario: 'betagamma@pec.it' });
  });

  it('summarizes the official FSM10 example', () => {
    const summary = summarizeSample('official/semplificata-FSM10/IT01234567890_FSM10.xml');
    expect(summary).toMatchObject({
      format: 'FSM10',
      pecDestinatario: 'betagamma@pec.it',
      prestatore: { vat: 'IT01234567890', fiscalCode: null, name: "SOCIETA' ALPHA SRL" },
      committente: { vat: 'IT09876543210', fiscalCode: null, name: 'BETA GAMMA' },
      documents: [{ number: '123', date: '2019-01-01', type: 'TD07' }],
    });
  });

  it('summarizes a real FSM10 invoice whose seller is a person', () => {
    const summary = summarizeSample(
      'real-world/invoices/23_FSM10_TD07_semplificata_RF19_N4__IT02780790107_11009.xml',
    );
    expect(summary).toMatchObject({
      transmitter: { country: 'IT', code: 'RSSMRA84H04H501X' },
      prestatore: { vat: 'IT02780790107', fiscalCode: 'RSSMRA84H04H501X', name: 'Mario Rossi' },
      committente: { vat: 'IT05979361218', fiscalCode: '05979361218', name: 'ROSSI SPA' },
      documents: [{ number: '16', date: '2022-07-16', type: 'TD07' }],
    });
  });

  it('decodes the character references used for accented letters in a real invoice', () => {
    const summary = summarizeSample(
      'real-world/invoices/04_FPR12_XXXXXXX_foreign-customer-SI__IT06363391001_00011.xml',
    );
    expect(summary.committente).toEqual({
      vat: 'SISI12345679',
      fiscalCode: null,
      name: 'REMODELAÇÃO DECORAÇÃO ?ALEC LDA?',
    });
  });

  it('keeps a foreign IdCodice as written, even when it repeats the country code', () => {
    const summary = summarizeSample(
      'real-world/invoices/16_FPR12_TD17_foreign-supplier-GB_GBP__IT01234567890_x05mX.xml',
    );
    expect(partyKey(summary.prestatore)).toBe('GBGB99999999999');
    expect(summary.documents[0]?.type).toBe('TD17');
  });

  it('summarizes the legacy 1.0 example', () => {
    const summary = summarizeSample('official/fatturapa-v1.0-legacy-sdi-example/IT01234567890_11111.xml');
    expect(summary).toMatchObject({
      format: 'SDI10',
      codiceDestinatario: 'AAAAAA',
      documents: [{ number: '00001', date: '2012-11-27', type: 'TD01' }],
    });
  });

  it('gives a null transmitter when DatiTrasmissione lacks IdTrasmittente', () => {
    const summary = summarizeSample(
      'real-world/invalid/I08_INVALID-XSD_DatiTrasmissione-incomplete__acube_test.xml',
    );
    expect(summary.transmitter).toBeNull();
    expect(summary.progressivoInvio).toBeNull();
  });

  it('trims the padded date of an invalid sample', () => {
    const summary = summarizeSample(
      'real-world/invalid/I03_INVALID-XSD_Data-with-spaces__IT01234567890_FPR05.xml',
    );
    expect(summary.documents[0]?.date).toBe('2014-12-18');
  });
});

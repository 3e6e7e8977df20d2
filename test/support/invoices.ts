import { partitaIvaCheckDigit } from '../../src/shared/fatturapa/index.ts';

/** A valid Italian VAT number (with IT) built from a seed, so tests can make as many distinct ones as they need. */
export function italianVat(seed: number): string {
  const first10 = String(1_000_000_000 + (seed % 8_999_999_999)).padStart(10, '0');
  return `IT${first10}${partitaIvaCheckDigit(first10)}`;
}

export interface InvoiceOptions {
  supplierVat?: string;
  supplierName?: string;
  customerVat?: string;
  customerFiscalCode?: string;
  customerName?: string;
  number?: string;
  date?: string;
  codiceDestinatario?: string;
  format?: 'FPR12' | 'FPA12';
  /** Extra bodies (FatturaElettronicaBody) beyond the first, each with its own number and date. */
  moreDocuments?: { number: string; date: string }[];
  description?: string;
}

function body(number: string, date: string, description: string): string {
  return `
  <FatturaElettronicaBody>
    <DatiGenerali>
      <DatiGeneraliDocumento>
        <TipoDocumento>TD01</TipoDocumento>
        <Divisa>EUR</Divisa>
        <Data>${date}</Data>
        <Numero>${number}</Numero>
        <ImportoTotaleDocumento>122.00</ImportoTotaleDocumento>
      </DatiGeneraliDocumento>
    </DatiGenerali>
    <DatiBeniServizi>
      <DettaglioLinee>
        <NumeroLinea>1</NumeroLinea>
        <Descrizione>${description}</Descrizione>
        <Quantita>1.00</Quantita>
        <PrezzoUnitario>100.00</PrezzoUnitario>
        <PrezzoTotale>100.00</PrezzoTotale>
        <AliquotaIVA>22.00</AliquotaIVA>
      </DettaglioLinee>
      <DatiRiepilogo>
        <AliquotaIVA>22.00</AliquotaIVA>
        <ImponibileImporto>100.00</ImponibileImporto>
        <Imposta>22.00</Imposta>
        <EsigibilitaIVA>I</EsigibilitaIVA>
      </DatiRiepilogo>
    </DatiBeniServizi>
  </FatturaElettronicaBody>`;
}

/** A small, schema-valid FatturaPA invoice whose parties and numbers a test chooses. */
export function invoiceXml(options: InvoiceOptions = {}): string {
  const supplierVat = options.supplierVat ?? italianVat(1);
  const customerVat = options.customerVat ?? italianVat(2);
  const format = options.format ?? 'FPR12';
  const destination = options.codiceDestinatario ?? (format === 'FPA12' ? 'UFY9MH' : '0000000');
  const customerId = options.customerFiscalCode
    ? `<CodiceFiscale>${options.customerFiscalCode}</CodiceFiscale>`
    : `<IdFiscaleIVA><IdPaese>${customerVat.slice(0, 2)}</IdPaese><IdCodice>${customerVat.slice(2)}</IdCodice></IdFiscaleIVA>`;
  const description = options.description ?? 'Servizio di consulenza';
  const bodies = [
    body(options.number ?? '1', options.date ?? '2025-01-15', description),
    ...(options.moreDocuments ?? []).map((d) => body(d.number, d.date, description)),
  ].join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<p:FatturaElettronica versione="${format}" xmlns:p="http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2" xmlns:ds="http://www.w3.org/2000/09/xmldsig#">
  <FatturaElettronicaHeader>
    <DatiTrasmissione>
      <IdTrasmittente><IdPaese>IT</IdPaese><IdCodice>${supplierVat.slice(2)}</IdCodice></IdTrasmittente>
      <ProgressivoInvio>00001</ProgressivoInvio>
      <FormatoTrasmissione>${format}</FormatoTrasmissione>
      <CodiceDestinatario>${destination}</CodiceDestinatario>
    </DatiTrasmissione>
    <CedentePrestatore>
      <DatiAnagrafici>
        <IdFiscaleIVA><IdPaese>${supplierVat.slice(0, 2)}</IdPaese><IdCodice>${supplierVat.slice(2)}</IdCodice></IdFiscaleIVA>
        <Anagrafica><Denominazione>${options.supplierName ?? 'Prestatore Srl'}</Denominazione></Anagrafica>
        <RegimeFiscale>RF01</RegimeFiscale>
      </DatiAnagrafici>
      <Sede><Indirizzo>Via Roma 1</Indirizzo><CAP>00100</CAP><Comune>Roma</Comune><Provincia>RM</Provincia><Nazione>IT</Nazione></Sede>
    </CedentePrestatore>
    <CessionarioCommittente>
      <DatiAnagrafici>
        ${customerId}
        <Anagrafica><Denominazione>${options.customerName ?? 'Committente Srl'}</Denominazione></Anagrafica>
      </DatiAnagrafici>
      <Sede><Indirizzo>Via Milano 2</Indirizzo><CAP>20100</CAP><Comune>Milano</Comune><Provincia>MI</Provincia><Nazione>IT</Nazione></Sede>
    </CessionarioCommittente>
  </FatturaElettronicaHeader>${bodies}
</p:FatturaElettronica>
`;
}

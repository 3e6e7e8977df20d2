import { partitaIvaCheckDigit } from '../../shared/fatturapa/index.ts';
import { formatRomeDate } from './notifications/index.ts';

/** The outside supplier of generated invoices; its VAT number has a valid check digit. */
const SUPPLIER_CODE = `0999999999${partitaIvaCheckDigit('0999999999')}`;
export const GENERATED_SUPPLIER = { vat: `IT${SUPPLIER_CODE}`, name: 'Fornitore Sandbox Srl' };

export interface GenerateInvoiceOptions {
  /** The recipient's VAT number with its country code. */
  toVat: string;
  format: 'FPR12' | 'FPA12';
  /** The invoice's number, unique enough for the recipient to tell invoices apart. */
  number: string;
  at: Date;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A small, schema- and SDI-valid invoice from the sandbox supplier to `toVat` (`POST /_sandbox/inbound`
 * with `generate`): one line of 100.00 at 22%, dated the sandbox's today in Italy.
 */
export function generateInvoiceXml(options: GenerateInvoiceOptions): string {
  const country = options.toVat.slice(0, 2);
  const code = options.toVat.slice(2);
  const destination = options.format === 'FPA12' ? 'UFSBX1' : 'SCAMBIO';
  const date = formatRomeDate(options.at);
  return `<?xml version="1.0" encoding="UTF-8"?>
<p:FatturaElettronica versione="${options.format}" xmlns:p="http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2">
  <FatturaElettronicaHeader>
    <DatiTrasmissione>
      <IdTrasmittente><IdPaese>IT</IdPaese><IdCodice>${SUPPLIER_CODE}</IdCodice></IdTrasmittente>
      <ProgressivoInvio>${escapeXml(options.number.slice(-10))}</ProgressivoInvio>
      <FormatoTrasmissione>${options.format}</FormatoTrasmissione>
      <CodiceDestinatario>${destination}</CodiceDestinatario>
    </DatiTrasmissione>
    <CedentePrestatore>
      <DatiAnagrafici>
        <IdFiscaleIVA><IdPaese>IT</IdPaese><IdCodice>${SUPPLIER_CODE}</IdCodice></IdFiscaleIVA>
        <Anagrafica><Denominazione>${GENERATED_SUPPLIER.name}</Denominazione></Anagrafica>
        <RegimeFiscale>RF01</RegimeFiscale>
      </DatiAnagrafici>
      <Sede><Indirizzo>Via della Sandbox 1</Indirizzo><CAP>00100</CAP><Comune>Roma</Comune><Provincia>RM</Provincia><Nazione>IT</Nazione></Sede>
    </CedentePrestatore>
    <CessionarioCommittente>
      <DatiAnagrafici>
        <IdFiscaleIVA><IdPaese>${escapeXml(country)}</IdPaese><IdCodice>${escapeXml(code)}</IdCodice></IdFiscaleIVA>
        <Anagrafica><Denominazione>Cliente ${escapeXml(options.toVat)}</Denominazione></Anagrafica>
      </DatiAnagrafici>
      <Sede><Indirizzo>Via del Cliente 1</Indirizzo><CAP>20100</CAP><Comune>Milano</Comune><Provincia>MI</Provincia><Nazione>IT</Nazione></Sede>
    </CessionarioCommittente>
  </FatturaElettronicaHeader>
  <FatturaElettronicaBody>
    <DatiGenerali>
      <DatiGeneraliDocumento>
        <TipoDocumento>TD01</TipoDocumento>
        <Divisa>EUR</Divisa>
        <Data>${date}</Data>
        <Numero>${escapeXml(options.number)}</Numero>
        <ImportoTotaleDocumento>122.00</ImportoTotaleDocumento>
      </DatiGeneraliDocumento>
    </DatiGenerali>
    <DatiBeniServizi>
      <DettaglioLinee>
        <NumeroLinea>1</NumeroLinea>
        <Descrizione>Servizio di prova della sandbox</Descrizione>
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
  </FatturaElettronicaBody>
</p:FatturaElettronica>
`;
}

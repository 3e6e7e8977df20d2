import {
  invoiceToXml,
  partitaIvaCheckDigit,
  type OrdinaryInvoiceJson,
} from '../../shared/fatturapa/index.ts';
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
  /** The supplier; default: the sandbox's outside supplier (GENERATED_SUPPLIER). */
  from?: { vat: string; name: string };
  /** ProgressivoInvio; default: the end of the number. */
  progressive?: string;
}

/**
 * A small, schema- and SDI-valid invoice from the sandbox supplier to `toVat` (`POST /_sandbox/inbound`
 * with `generate`): one line of 100.00 at 22%, dated the sandbox's today in Italy. Built as the FatturaPA model's
 * typed JSON and written by its serializer, so element names and order come from the schema model, not a template.
 */
export function generateInvoiceXml(options: GenerateInvoiceOptions): string {
  const from = options.from ?? GENERATED_SUPPLIER;
  const supplier = { IdPaese: from.vat.slice(0, 2), IdCodice: from.vat.slice(2) };
  const invoice: OrdinaryInvoiceJson = {
    '@versione': options.format,
    FatturaElettronicaHeader: {
      DatiTrasmissione: {
        IdTrasmittente: supplier,
        ProgressivoInvio: options.progressive ?? options.number.slice(-10),
        FormatoTrasmissione: options.format,
        CodiceDestinatario: options.format === 'FPA12' ? 'UFSBX1' : 'SCAMBIO',
      },
      CedentePrestatore: {
        DatiAnagrafici: {
          IdFiscaleIVA: supplier,
          Anagrafica: { Denominazione: from.name },
          RegimeFiscale: 'RF01',
        },
        Sede: {
          Indirizzo: 'Via della Sandbox 1',
          CAP: '00100',
          Comune: 'Roma',
          Provincia: 'RM',
          Nazione: 'IT',
        },
      },
      CessionarioCommittente: {
        DatiAnagrafici: {
          IdFiscaleIVA: { IdPaese: options.toVat.slice(0, 2), IdCodice: options.toVat.slice(2) },
          Anagrafica: { Denominazione: `Cliente ${options.toVat}` },
        },
        Sede: {
          Indirizzo: 'Via del Cliente 1',
          CAP: '20100',
          Comune: 'Milano',
          Provincia: 'MI',
          Nazione: 'IT',
        },
      },
    },
    FatturaElettronicaBody: [
      {
        DatiGenerali: {
          DatiGeneraliDocumento: {
            TipoDocumento: 'TD01',
            Divisa: 'EUR',
            Data: formatRomeDate(options.at),
            Numero: options.number,
            ImportoTotaleDocumento: '122.00',
          },
        },
        DatiBeniServizi: {
          DettaglioLinee: [
            {
              NumeroLinea: '1',
              Descrizione: 'Servizio di prova della sandbox',
              Quantita: '1.00',
              PrezzoUnitario: '100.00',
              PrezzoTotale: '100.00',
              AliquotaIVA: '22.00',
            },
          ],
          DatiRiepilogo: [
            { AliquotaIVA: '22.00', ImponibileImporto: '100.00', Imposta: '22.00', EsigibilitaIVA: 'I' },
          ],
        },
      },
    ],
  };
  return `${invoiceToXml(invoice)}\n`;
}

/**
 * What an accountant reads on an invoice, taken from the file itself with the shared FatturaPA engine: parties,
 * each document's lines, VAT summary, payments and attachments. Ordinary invoices (FPA12/FPR12) in full; the
 * simplified format (FSM10) as parties, descriptions and amounts.
 */
import type { PayloadEncoding } from '../../shared/api/types.ts';
import { detectPayloadKind, unwrapP7m } from '../../shared/fatturapa/p7m.ts';
import type {
  AllegatiJson,
  AnagraficaJson,
  IndirizzoJson,
  OrdinaryInvoiceJson,
  SimplifiedInvoiceJson,
} from '../../shared/fatturapa/model/json-types.ts';
import { invoiceToJson } from '../../shared/fatturapa/model/to-json.ts';
import { parseInvoiceXml } from '../../shared/fatturapa/xml-document.ts';
import { fromBase64 } from '../payload.ts';

export interface Party {
  name: string;
  vat: string | null;
  fiscalCode: string | null;
  address: string;
}

export interface Line {
  number: string;
  description: string;
  quantity: string | null;
  unit: string | null;
  unitPrice: string | null;
  total: string;
  vatRate: string | null;
  nature: string | null;
}

export interface VatSummary {
  rate: string;
  nature: string | null;
  taxable: string;
  tax: string;
}

export interface Payment {
  method: string;
  due: string | null;
  amount: string;
  iban: string | null;
}

export interface Attachment {
  name: string;
  description: string | null;
  format: string | null;
  contentBase64: string;
}

export interface InvoiceDocument {
  type: string;
  number: string;
  date: string;
  currency: string;
  total: string | null;
  reasons: string[];
  lines: Line[];
  vat: VatSummary[];
  payments: Payment[];
  attachments: Attachment[];
}

export interface InvoiceContent {
  format: string;
  supplier: Party;
  customer: Party;
  documents: InvoiceDocument[];
}

function partyName(anagrafica: AnagraficaJson | undefined): string {
  if (!anagrafica) return '';
  return anagrafica.Denominazione ?? [anagrafica.Nome, anagrafica.Cognome].filter(Boolean).join(' ');
}

function address(sede: IndirizzoJson | undefined): string {
  if (!sede) return '';
  const street = [sede.Indirizzo, sede.NumeroCivico].filter(Boolean).join(' ');
  const town = [sede.CAP, sede.Comune, sede.Provincia ? `(${sede.Provincia})` : null]
    .filter(Boolean)
    .join(' ');
  return [street, town, sede.Nazione].filter(Boolean).join(', ');
}

function vatId(id: { IdPaese: string; IdCodice: string } | undefined): string | null {
  return id ? `${id.IdPaese}${id.IdCodice}` : null;
}

/** Type, number, date and currency: the same elements in both formats. */
function documentHeading(document: { TipoDocumento: string; Numero: string; Data: string; Divisa: string }) {
  return {
    type: document.TipoDocumento,
    number: document.Numero,
    date: document.Data,
    currency: document.Divisa,
  };
}

/** Allegati: the same shape in both formats. */
function attachmentsOf(allegati: AllegatiJson[] | undefined): Attachment[] {
  return (allegati ?? []).map((attachment) => ({
    name: attachment.NomeAttachment,
    description: attachment.DescrizioneAttachment ?? null,
    format: attachment.FormatoAttachment ?? null,
    contentBase64: attachment.Attachment.replace(/\s+/g, ''),
  }));
}

/** The invoice file's bytes from a stored payload: Base64 (and a CAdES envelope around the XML) or XML text. */
export function payloadBytes(payload: string, encoding: PayloadEncoding): Uint8Array {
  const bytes = encoding === 'Base64' ? fromBase64(payload) : new TextEncoder().encode(payload);
  return detectPayloadKind(bytes).startsWith('p7m') ? unwrapP7m(bytes) : bytes;
}

export function readInvoice(bytes: Uint8Array): InvoiceContent {
  const json = invoiceToJson(parseInvoiceXml(bytes));
  return json['@versione'] === 'FSM10'
    ? readSimplified(json as SimplifiedInvoiceJson)
    : readOrdinary(json as OrdinaryInvoiceJson);
}

function readOrdinary(json: OrdinaryInvoiceJson): InvoiceContent {
  const { CedentePrestatore: cedente, CessionarioCommittente: cessionario } = json.FatturaElettronicaHeader;
  return {
    format: json['@versione'],
    supplier: {
      name: partyName(cedente.DatiAnagrafici.Anagrafica),
      vat: vatId(cedente.DatiAnagrafici.IdFiscaleIVA),
      fiscalCode: cedente.DatiAnagrafici.CodiceFiscale ?? null,
      address: address(cedente.Sede),
    },
    customer: {
      name: partyName(cessionario.DatiAnagrafici.Anagrafica),
      vat: vatId(cessionario.DatiAnagrafici.IdFiscaleIVA),
      fiscalCode: cessionario.DatiAnagrafici.CodiceFiscale ?? null,
      address: address(cessionario.Sede),
    },
    documents: json.FatturaElettronicaBody.map((body) => {
      const document = body.DatiGenerali.DatiGeneraliDocumento;
      return {
        ...documentHeading(document),
        total: document.ImportoTotaleDocumento ?? null,
        reasons: document.Causale ?? [],
        lines: body.DatiBeniServizi.DettaglioLinee.map((line) => ({
          number: line.NumeroLinea,
          description: line.Descrizione,
          quantity: line.Quantita ?? null,
          unit: line.UnitaMisura ?? null,
          unitPrice: line.PrezzoUnitario,
          total: line.PrezzoTotale,
          vatRate: line.AliquotaIVA,
          nature: line.Natura ?? null,
        })),
        vat: body.DatiBeniServizi.DatiRiepilogo.map((row) => ({
          rate: row.AliquotaIVA,
          nature: row.Natura ?? null,
          taxable: row.ImponibileImporto,
          tax: row.Imposta,
        })),
        payments: (body.DatiPagamento ?? []).flatMap((terms) =>
          terms.DettaglioPagamento.map((payment) => ({
            method: payment.ModalitaPagamento,
            due: payment.DataScadenzaPagamento ?? null,
            amount: payment.ImportoPagamento,
            iban: payment.IBAN ?? null,
          })),
        ),
        attachments: attachmentsOf(body.Allegati),
      };
    }),
  };
}

function readSimplified(json: SimplifiedInvoiceJson): InvoiceContent {
  const { CedentePrestatore: cedente, CessionarioCommittente: cessionario } = json.FatturaElettronicaHeader;
  return {
    format: json['@versione'],
    supplier: {
      name: partyName(cedente.Denominazione ? { Denominazione: cedente.Denominazione } : cedente),
      vat: vatId(cedente.IdFiscaleIVA),
      fiscalCode: cedente.CodiceFiscale ?? null,
      address: address(cedente.Sede),
    },
    customer: {
      name: partyName(cessionario.AltriDatiIdentificativi),
      vat: vatId(cessionario.IdentificativiFiscali.IdFiscaleIVA),
      fiscalCode: cessionario.IdentificativiFiscali.CodiceFiscale ?? null,
      address: address(cessionario.AltriDatiIdentificativi?.Sede),
    },
    documents: json.FatturaElettronicaBody.map((body) => {
      const document = body.DatiGenerali.DatiGeneraliDocumento;
      return {
        ...documentHeading(document),
        total: null,
        reasons: [],
        lines: body.DatiBeniServizi.map((item, index) => ({
          number: String(index + 1),
          description: item.Descrizione,
          quantity: null,
          unit: null,
          unitPrice: null,
          total: item.Importo,
          vatRate: item.DatiIVA.Aliquota ?? null,
          nature: item.Natura ?? null,
        })),
        vat: [],
        payments: [],
        attachments: attachmentsOf(body.Allegati),
      };
    }),
  };
}

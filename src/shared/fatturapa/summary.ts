import { invoiceToJson } from './model/to-json.ts';
import { identifyInvoice } from './reading/read-document.ts';
import type { DocumentIdentity, FiscalId, Party } from './reading/types.ts';
import { calendarDate } from './reading/values.ts';
import type { InvoiceFormat, InvoiceXml } from './xml-document.ts';

export interface PartyIdentity {
  vat: string | null;
  fiscalCode: string | null;
  name: string | null;
}

export interface DocumentSummary {
  number: string | null;
  /** 'YYYY-MM-DD', or null when missing or not a date. */
  date: string | null;
  type: string | null;
}

export interface InvoiceSummary {
  format: InvoiceFormat;
  transmitter: FiscalId | null;
  progressivoInvio: string | null;
  codiceDestinatario: string | null;
  pecDestinatario: string | null;
  prestatore: PartyIdentity;
  committente: PartyIdentity;
  /** One entry per FatturaElettronicaBody, in document order. */
  documents: DocumentSummary[];
}

/**
 * The identifying data of an invoice, as the server stores and lists it: the shared reading's identity of the
 * file (reading/read-document.ts identifyInvoice, so the party-name and VAT rules are the reading's), without
 * validating it. Missing elements give null, so the summary of a schema-invalid file is still useful for listing
 * and for rejection messages.
 */
export function summarizeInvoice(doc: InvoiceXml): InvoiceSummary {
  const identity = identifyInvoice(invoiceToJson(doc));
  const { transmission } = identity;
  return {
    format: doc.format,
    transmitter: transmission.transmitter,
    progressivoInvio: transmission.progressive,
    codiceDestinatario: transmission.recipientCode,
    pecDestinatario: transmission.pec,
    prestatore: partyIdentity(identity.supplier),
    committente: partyIdentity(identity.customer),
    documents: identity.documents.map(documentSummary),
  };
}

/** The identifier the API shows for a party: VAT number first, else the fiscal code. */
export function partyKey(p: PartyIdentity): string | null {
  return p.vat ?? p.fiscalCode;
}

function partyIdentity(party: Party): PartyIdentity {
  return { vat: party.vat, fiscalCode: party.fiscalCode, name: party.name || null };
}

function documentSummary(document: DocumentIdentity): DocumentSummary {
  return {
    number: document.number || null,
    date: calendarDate(document.date),
    type: document.type || null,
  };
}

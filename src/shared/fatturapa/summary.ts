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
  transmitter: { country: string; code: string } | null;
  progressivoInvio: string | null;
  codiceDestinatario: string | null;
  pecDestinatario: string | null;
  prestatore: PartyIdentity;
  committente: PartyIdentity;
  /** One entry per FatturaElettronicaBody, in document order. */
  documents: DocumentSummary[];
}

/**
 * Reads the identifying data of an invoice without validating it: missing elements give null, so the
 * summary of a schema-invalid file is still useful for listing and for rejection messages.
 */
export function summarizeInvoice(doc: InvoiceXml): InvoiceSummary {
  const header = child(doc.root, 'FatturaElettronicaHeader');
  const transmission = child(header, 'DatiTrasmissione');
  const transmitterId = child(transmission, 'IdTrasmittente');
  const transmitterCountry = text(transmitterId, 'IdPaese');
  const transmitterCode = text(transmitterId, 'IdCodice');
  const simplified = doc.format === 'FSM10';

  return {
    format: doc.format,
    transmitter:
      transmitterCountry !== null && transmitterCode !== null
        ? { country: transmitterCountry.toUpperCase(), code: transmitterCode }
        : null,
    progressivoInvio: text(transmission, 'ProgressivoInvio'),
    codiceDestinatario: text(transmission, 'CodiceDestinatario'),
    pecDestinatario: text(transmission, 'PECDestinatario'),
    prestatore: simplified
      ? simplifiedPrestatore(child(header, 'CedentePrestatore'))
      : ordinaryParty(child(header, 'CedentePrestatore')),
    committente: simplified
      ? simplifiedCommittente(child(header, 'CessionarioCommittente'))
      : ordinaryParty(child(header, 'CessionarioCommittente')),
    documents: children(doc.root, 'FatturaElettronicaBody').map(documentSummary),
  };
}

/** The identifier the API shows for a party: VAT number first, else the fiscal code. */
export function partyKey(p: PartyIdentity): string | null {
  return p.vat ?? p.fiscalCode;
}

function ordinaryParty(party: unknown): PartyIdentity {
  const data = child(party, 'DatiAnagrafici');
  const registry = child(data, 'Anagrafica');
  return {
    vat: vatOf(child(data, 'IdFiscaleIVA')),
    fiscalCode: text(data, 'CodiceFiscale'),
    name: nameOf(registry),
  };
}

// FSM10 flattens the seller's data and splits the buyer's into fiscal ids and "other" data.
function simplifiedPrestatore(party: unknown): PartyIdentity {
  return {
    vat: vatOf(child(party, 'IdFiscaleIVA')),
    fiscalCode: text(party, 'CodiceFiscale'),
    name: nameOf(party),
  };
}

function simplifiedCommittente(party: unknown): PartyIdentity {
  const ids = child(party, 'IdentificativiFiscali');
  return {
    vat: vatOf(child(ids, 'IdFiscaleIVA')),
    fiscalCode: text(ids, 'CodiceFiscale'),
    name: nameOf(child(party, 'AltriDatiIdentificativi')),
  };
}

function vatOf(idFiscaleIva: unknown): string | null {
  const country = text(idFiscaleIva, 'IdPaese');
  const code = text(idFiscaleIva, 'IdCodice');
  return country !== null && code !== null ? country.toUpperCase() + code : null;
}

function nameOf(holder: unknown): string | null {
  const denominazione = text(holder, 'Denominazione');
  if (denominazione !== null) return denominazione;
  const parts = [text(holder, 'Nome'), text(holder, 'Cognome')].filter((p): p is string => p !== null);
  return parts.length > 0 ? parts.join(' ') : null;
}

function documentSummary(body: unknown): DocumentSummary {
  const general = child(child(body, 'DatiGenerali'), 'DatiGeneraliDocumento');
  return {
    number: text(general, 'Numero'),
    date: isoDate(text(general, 'Data')),
    type: text(general, 'TipoDocumento'),
  };
}

function isoDate(value: string | null): string | null {
  // xs:date may carry a time zone suffix; only the calendar date is meaningful here.
  const match = value === null ? null : /^(\d{4}-\d{2}-\d{2})(?:Z|[+-]\d{2}:\d{2})?$/.exec(value);
  return match?.[1] ?? null;
}

// ---------------------------------------------------------------------------------------------
// Navigation over the parsed tree, tolerant of missing or unexpectedly repeated elements

function child(node: unknown, name: string): unknown {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return undefined;
  const value = (node as Record<string, unknown>)[name];
  return Array.isArray(value) ? value[0] : value;
}

function children(node: unknown, name: string): unknown[] {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return [];
  const value = (node as Record<string, unknown>)[name];
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

function text(node: unknown, name: string): string | null {
  let value = child(node, name);
  if (typeof value === 'object' && value !== null) value = (value as Record<string, unknown>)['#text'];
  return typeof value === 'string' && value !== '' ? value : null;
}

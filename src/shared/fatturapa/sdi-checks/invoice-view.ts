import { calendarDate } from '../reading/values.ts';
import type { InvoiceXml } from '../xml-document.ts';
import type { SdiFiscalId } from './types.ts';
import { child, children, descend, rootRef, text } from './xml-access.ts';
import type { NodeRef, TextRef } from './xml-access.ts';

/** The parts of an invoice the checks share, located once so each check stays a few lines long. */

export function isSimplified(doc: InvoiceXml): boolean {
  return doc.format === 'FSM10';
}

export function header(doc: InvoiceXml): NodeRef | undefined {
  return child(rootRef(doc.root), 'FatturaElettronicaHeader');
}

export interface VatRef {
  country: TextRef;
  code: TextRef;
  /** Path of the IdFiscaleIVA element. */
  path: string;
}

export interface PartyIds {
  /** Element holding IdFiscaleIVA and CodiceFiscale (DatiAnagrafici, or its FSM10 equivalent). */
  holder: NodeRef | undefined;
  vat: VatRef | undefined;
  fiscalCode: TextRef | undefined;
}

export function vatOf(idFiscaleIva: NodeRef | undefined): VatRef | undefined {
  const country = text(idFiscaleIva, 'IdPaese');
  const code = text(idFiscaleIva, 'IdCodice');
  if (idFiscaleIva === undefined || country === undefined || code === undefined) return undefined;
  return { country: { ...country, value: country.value.toUpperCase() }, code, path: idFiscaleIva.path };
}

function idsOf(holder: NodeRef | undefined): PartyIds {
  return {
    holder,
    vat: vatOf(child(holder, 'IdFiscaleIVA')),
    fiscalCode: text(holder, 'CodiceFiscale'),
  };
}

export function sellerIds(doc: InvoiceXml): PartyIds {
  const seller = child(header(doc), 'CedentePrestatore');
  return idsOf(isSimplified(doc) ? seller : child(seller, 'DatiAnagrafici'));
}

export function buyerIds(doc: InvoiceXml): PartyIds {
  const buyer = child(header(doc), 'CessionarioCommittente');
  return idsOf(child(buyer, isSimplified(doc) ? 'IdentificativiFiscali' : 'DatiAnagrafici'));
}

export function fiscalId(vat: VatRef | undefined): SdiFiscalId | null {
  return vat === undefined ? null : { country: vat.country.value, code: vat.code.value.trim() };
}

/** "Same subject" as SdI's 00471/00472 need it: same IdFiscaleIVA, country and code. */
export function sameVat(a: VatRef | undefined, b: VatRef | undefined): boolean {
  return (
    a !== undefined &&
    b !== undefined &&
    a.country.value === b.country.value &&
    a.code.value.trim().toUpperCase() === b.code.value.trim().toUpperCase()
  );
}

export interface BodyView {
  ref: NodeRef;
  /** 1-based position in the file. */
  index: number;
  datiGeneraliDocumento: NodeRef | undefined;
  tipoDocumento: TextRef | undefined;
  /** Data with its value reduced to 'YYYY-MM-DD'; undefined when missing or not a date. */
  data: TextRef | undefined;
  numero: TextRef | undefined;
}

export function bodies(doc: InvoiceXml): BodyView[] {
  return children(rootRef(doc.root), 'FatturaElettronicaBody').map((ref, i) => {
    const general = descend(ref, 'DatiGenerali', 'DatiGeneraliDocumento');
    return {
      ref,
      index: i + 1,
      datiGeneraliDocumento: general,
      tipoDocumento: text(general, 'TipoDocumento'),
      data: dateRef(text(general, 'Data')),
      numero: text(general, 'Numero'),
    };
  });
}

/** Only the calendar date matters for SdI's date comparisons (the reading's calendarDate). */
export function dateRef(ref: TextRef | undefined): TextRef | undefined {
  const date = calendarDate(ref?.value);
  return ref === undefined || date === null ? undefined : { value: date, path: ref.path };
}

/** Ordinary invoices only: DatiBeniServizi occurs once there. */
export function lines(body: BodyView): NodeRef[] {
  return children(child(body.ref, 'DatiBeniServizi'), 'DettaglioLinee');
}

export function summaries(body: BodyView): NodeRef[] {
  return children(child(body.ref, 'DatiBeniServizi'), 'DatiRiepilogo');
}

export function welfareFunds(body: BodyView): NodeRef[] {
  return children(body.datiGeneraliDocumento, 'DatiCassaPrevidenziale');
}

export function hasWithholding(body: BodyView): boolean {
  return children(body.datiGeneraliDocumento, 'DatiRitenuta').length > 0;
}

/** FSM10 repeats DatiBeniServizi, so its occurrences carry an index. */
export function simplifiedItems(body: BodyView): NodeRef[] {
  return children(body.ref, 'DatiBeniServizi');
}

/**
 * Draft → FatturaPA JSON (the model's JSON shape, json-types.ts) → XML through the model's serializer.
 *
 * This file is the document's outline; each section is built in to-invoice/ by a function named after its
 * element. Typed values are written in the XSD's lexical form (decimals get their minimum number of decimals,
 * blanks are left out: to-invoice/values.ts); everything computed comes from totals.ts. Composing never fails: a
 * draft with gaps gives a document with gaps, and checkDraft reports them at the draft's fields. Every element
 * written is traced back to the draft field it came from (`fieldMap`), so a problem found by the schema or SdI
 * checks at `FatturaElettronicaBody[1]/DatiBeniServizi/DettaglioLinee[3]/PrezzoUnitario` is shown at
 * `lines[2].unitPrice`.
 */
import type { FatturaPAJson } from '../model/json-types.ts';
import { invoiceToXml } from '../model/to-xml.ts';
import type { InvoiceToXmlOptions } from '../model/to-xml.ts';
import type { InvoiceDraft } from './draft.ts';
import { transmissionFormat } from './draft.ts';
import { computeTotals } from './totals.ts';
import type { DraftTotals } from './totals.ts';
import { allegati } from './to-invoice/attachments.ts';
import { cessionarioCommittente } from './to-invoice/customer.ts';
import { fieldMapOf } from './to-invoice/field-map.ts';
import { datiGenerali } from './to-invoice/general-data.ts';
import { dettaglioLinee } from './to-invoice/lines.ts';
import { supplierRappresentanteFiscale, terzoIntermediario } from './to-invoice/other-parties.ts';
import { datiPagamento } from './to-invoice/payments.ts';
import { cedentePrestatore } from './to-invoice/supplier.ts';
import { Trace } from './to-invoice/trace.ts';
import { composeSimplified } from './to-invoice/simplified.ts';
import { datiTrasmissione, idTrasmittente } from './to-invoice/transmission.ts';
import { optional, prune } from './to-invoice/values.ts';
import { datiRiepilogo } from './to-invoice/vat-summary.ts';

export interface ComposedInvoice {
  /** FPR12 or FPA12; FSM10 for the simplified types (to-invoice/simplified.ts). */
  json: FatturaPAJson;
  totals: DraftTotals;
  /**
   * FatturaPA element path (as the structure validator and the SdI checks write it, relative to the root) → the
   * draft field it came from, e.g. `FatturaElettronicaHeader/CessionarioCommittente/DatiAnagrafici/IdFiscaleIVA/IdCodice`
   * → `customer.vat`. Containers are mapped too (`…/DettaglioLinee[3]` → `lines[2]`); see draftFieldOf.
   */
  fieldMap: Map<string, string>;
}

export function composeInvoice(draft: InvoiceDraft): ComposedInvoice {
  const totals = computeTotals(draft);
  const trace = new Trace();
  const format = transmissionFormat(draft);
  if (format === 'FSM10') {
    const json = composeSimplified(draft, totals, idTrasmittente(draft, trace), trace);
    prune(json);
    return { json: json as unknown as FatturaPAJson, totals, fieldMap: fieldMapOf(json, trace) };
  }

  const header = trace.node(
    {
      DatiTrasmissione: datiTrasmissione(draft, format, trace),
      CedentePrestatore: cedentePrestatore(draft.supplier, trace),
      RappresentanteFiscale: supplierRappresentanteFiscale(draft.supplierRepresentative, trace),
      CessionarioCommittente: cessionarioCommittente(draft.customer, trace),
      TerzoIntermediarioOSoggettoEmittente: terzoIntermediario(draft.intermediary, trace),
      SoggettoEmittente: optional(draft.issuer),
    },
    '',
    { SoggettoEmittente: 'issuer' },
  );

  const body = {
    DatiGenerali: datiGenerali(draft, totals, trace),
    DatiBeniServizi: trace.node(
      {
        DettaglioLinee: dettaglioLinee(draft.lines, totals, trace),
        DatiRiepilogo: datiRiepilogo(totals, trace),
      },
      'lines',
    ),
    DatiPagamento: datiPagamento(draft.payments, totals, trace),
    Allegati: allegati(draft.attachments, trace),
  };

  const json = { '@versione': format, FatturaElettronicaHeader: header, FatturaElettronicaBody: [body] };
  prune(json);
  return { json: json as unknown as FatturaPAJson, totals, fieldMap: fieldMapOf(json, trace) };
}

/** The composed document as XML (UTF-8 text with declaration), through the model's serializer. */
export function composeInvoiceXml(draft: InvoiceDraft, options: InvoiceToXmlOptions = {}): string {
  return invoiceToXml(composeInvoice(draft).json, options);
}

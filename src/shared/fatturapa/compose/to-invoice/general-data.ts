/**
 * DatiGenerali: the document's own data, then the documents it refers to (orders, contracts, agreements,
 * receipts, linked invoices), its delivery notes and its transport, carried as the draft holds it.
 */
import type { DraftReferenceKind, InvoiceDraft } from '../draft.ts';
import type { DraftTotals } from '../totals.ts';
import { datiGeneraliDocumento } from './document.ts';
import type { Json, Trace } from './trace.ts';
import { optional } from './values.ts';

/** The element of DatiGenerali each kind of reference is written in (DatiDocumentiCorrelatiType). */
export const REFERENCE_ELEMENTS: Record<DraftReferenceKind, string> = {
  order: 'DatiOrdineAcquisto',
  contract: 'DatiContratto',
  agreement: 'DatiConvenzione',
  receipt: 'DatiRicezione',
  linkedInvoice: 'DatiFattureCollegate',
};

function lineNumbers(lines: string[]): string[] {
  return lines.map((line) => line.trim()).filter((line) => line !== '');
}

/** Each reference appended to the list of its element, the elements in the order their first reference comes. */
function addReferences(datiGenerali: Json, draft: InvoiceDraft, trace: Trace): void {
  draft.references.forEach((r, i) => {
    const element = REFERENCE_ELEMENTS[r.kind];
    const list = (datiGenerali[element] as Json[] | undefined) ?? [];
    const path = `references[${i}]`;
    list.push(
      trace.node(
        {
          RiferimentoNumeroLinea: lineNumbers(r.lines),
          IdDocumento: r.id.trim(),
          Data: optional(r.date),
          NumItem: optional(r.itemNumber),
          CodiceCommessaConvenzione: optional(r.jobCode),
          CodiceCUP: optional(r.cup),
          CodiceCIG: optional(r.cig),
        },
        path,
        {
          RiferimentoNumeroLinea: `${path}.lines`,
          IdDocumento: `${path}.id`,
          Data: `${path}.date`,
          NumItem: `${path}.itemNumber`,
          CodiceCommessaConvenzione: `${path}.jobCode`,
          CodiceCUP: `${path}.cup`,
          CodiceCIG: `${path}.cig`,
        },
      ),
    );
    datiGenerali[element] = list;
  });
}

function datiDdt(draft: InvoiceDraft, trace: Trace): Json[] {
  return draft.deliveryNotes.map((n, i) => {
    const path = `deliveryNotes[${i}]`;
    return trace.node(
      { NumeroDDT: n.number.trim(), DataDDT: n.date.trim(), RiferimentoNumeroLinea: lineNumbers(n.lines) },
      path,
      { NumeroDDT: `${path}.number`, DataDDT: `${path}.date`, RiferimentoNumeroLinea: `${path}.lines` },
    );
  });
}

export function datiGenerali(draft: InvoiceDraft, totals: DraftTotals, trace: Trace): Json {
  const datiGenerali: Json = trace.node(
    { DatiGeneraliDocumento: datiGeneraliDocumento(draft, totals, trace) },
    'document',
  );
  addReferences(datiGenerali, draft, trace);
  datiGenerali.DatiDDT = datiDdt(draft, trace);
  if (draft.transport !== null)
    datiGenerali.DatiTrasporto = trace.node(structuredClone(draft.transport), 'transport');
  return datiGenerali;
}

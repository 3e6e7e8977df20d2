/**
 * What a simplified draft (TD07–TD09, FSM10) holds that the format cannot carry. Composing leaves it out (to-invoice/
 * simplified.ts), so each is said at its field, as a warning: the user removes it or chooses an ordinary type. A
 * public administration's office code cannot receive a simplified invoice at all (FSM10 has only 7-character
 * codes): that is an error.
 */
import type { Language } from '../../language.ts';
import type { InvoiceDraft } from './draft.ts';
import { isSimplifiedDraft } from './draft.ts';

export interface SimplifiedMisfit {
  field: string;
  severity: 'error' | 'warning';
  description: string;
  hint: string;
}

type Kind = 'leftOut' | 'noPa' | 'noCorrected';

const MESSAGES: Record<Language, Record<Kind, { description: string; hint: string }>> = {
  it: {
    leftOut: {
      description: 'La fattura semplificata non riporta questo dato: resta fuori dal file.',
      hint: 'Toglilo, oppure scegli un tipo di documento ordinario (TD01, TD04, TD05).',
    },
    noPa: {
      description: 'Una fattura semplificata non può essere inviata a una pubblica amministrazione.',
      hint: 'Scegli un tipo di documento ordinario (TD01): la PA riceve solo fatture FPA12.',
    },
    noCorrected: {
      description: 'Indica numero e data della fattura che la nota rettifica.',
      hint: 'Con la fattura rettificata, la causale dice che cosa si rettifica (ElementiRettificati).',
    },
  },
  en: {
    leftOut: {
      description: 'A simplified invoice does not carry this: it is left out of the file.',
      hint: 'Remove it, or choose an ordinary document type (TD01, TD04, TD05).',
    },
    noPa: {
      description: 'A simplified invoice cannot be sent to a public administration.',
      hint: 'Choose an ordinary document type (TD01): public administrations receive FPA12 invoices only.',
    },
    noCorrected: {
      description: 'Give the number and date of the invoice this note corrects.',
      hint: 'With the corrected invoice, the reason says what is corrected (ElementiRettificati).',
    },
  },
  de: {
    leftOut: {
      description: 'Eine vereinfachte Rechnung enthält diese Angabe nicht: sie bleibt außerhalb der Datei.',
      hint: 'Bitte entfernen oder eine gewöhnliche Dokumentart wählen (TD01, TD04, TD05).',
    },
    noPa: {
      description: 'Eine vereinfachte Rechnung kann nicht an eine öffentliche Verwaltung gesendet werden.',
      hint: 'Bitte eine gewöhnliche Dokumentart wählen (TD01): Verwaltungen erhalten nur FPA12-Rechnungen.',
    },
    noCorrected: {
      description: 'Nummer und Datum der Rechnung angeben, die diese Gutschrift oder Belastung berichtigt.',
      hint: 'Mit der berichtigten Rechnung sagt der Grund, was berichtigt wird (ElementiRettificati).',
    },
  },
};

/** The draft fields FSM10 leaves out that hold something. */
function leftOutFields(draft: InvoiceDraft): string[] {
  const correction = draft.references.findIndex((r) => r.kind === 'linkedInvoice');
  const isNote = draft.document.type !== 'TD07';
  return [
    draft.payments.length > 0 ? ['payments[0].conditions'] : [],
    draft.withholdings.map((_, i) => `withholdings[${i}]`),
    draft.funds.map((_, i) => `funds[${i}]`),
    draft.documentAdjustments.length > 0 ? ['documentAdjustments'] : [],
    draft.references.flatMap((_, i) => (i === correction ? [] : [`references[${i}].id`])),
    draft.deliveryNotes.map((_, i) => `deliveryNotes[${i}].number`),
    // A note's causale is what it corrects (ElementiRettificati); an invoice has no causale in FSM10.
    !isNote && draft.document.reasons.join('').trim() !== '' ? ['document.reasons'] : [],
    draft.lines.flatMap((line, i) => (line.withholding ? [`lines[${i}].withholding`] : [])),
    draft.chargeability !== '' ? ['chargeability'] : [],
    draft.intermediary !== null ? ['intermediary'] : [],
    draft.transport !== null ? ['transport'] : [],
  ].flat();
}

/** Every misfit of a simplified draft; none for an ordinary one. */
export function simplifiedMisfits(draft: InvoiceDraft, lang: Language): SimplifiedMisfit[] {
  if (!isSimplifiedDraft(draft)) return [];
  const said = (field: string, kind: Kind, severity: 'error' | 'warning'): SimplifiedMisfit => ({
    field,
    severity,
    ...MESSAGES[lang][kind],
  });
  const corrected = draft.references.findIndex((r) => r.kind === 'linkedInvoice');
  const noCorrected =
    draft.document.type !== 'TD07' && (corrected < 0 || draft.references[corrected]!.id.trim() === '');
  return [
    ...(draft.customer.delivery.channel === 'pa' ? [said('customer.delivery.channel', 'noPa', 'error')] : []),
    // The field the form shows for the corrected invoice's number (placement.ts: the first reference when none).
    ...(noCorrected ? [said(`references[${Math.max(corrected, 0)}].id`, 'noCorrected', 'warning')] : []),
    ...leftOutFields(draft).map((field) => said(field, 'leftOut', 'warning')),
  ];
}

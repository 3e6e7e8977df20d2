/**
 * Checks while typing: the draft is composed and put through the shared validation, exactly as a received file
 * would be (validateStructure on the JSON, runSdiChecks on the parsed XML), plus the live checks the file alone
 * cannot express (IBAN check digits, typed numbers that are not written as such). Every problem is returned at
 * the draft field it concerns and at its FatturaPA element, said as a sentence about the field in it/en/de
 * (wording.ts): the element path is kept in `element`, never in the words.
 */
import { invoiceToXml } from '../model/to-xml.ts';
import { validateStructure } from '../model/validate-structure.ts';
import { interpolate } from '../../interpolate.ts';
import type { Language } from '../../language.ts';
import { runSdiChecks } from '../sdi-checks/run.ts';
import type { SdiCheckContext } from '../sdi-checks/types.ts';
import { parseInvoiceXml } from '../xml-document.ts';
import type { InvoiceDraft } from './draft.ts';
import { checkIban } from './iban.ts';
import type { IbanCheck } from './iban.ts';
import { isTypedNumber, parseTyped } from './numbers.ts';
import { regimeNature } from './legal-wording.ts';
import { simplifiedMisfits } from './simplified-fit.ts';
import { composeInvoice } from './to-invoice.ts';
import { draftFieldOf } from './to-invoice/field-map.ts';
import { SDI_FIELDS, wordSdiProblem, wordStructureProblem } from './wording.ts';

export type DraftLanguage = Language;

export interface DraftProblem {
  /** Draft field, e.g. `lines[2].unitPrice`, `customer.vat`; '' for the document as a whole. */
  field: string;
  /** FatturaPA element path relative to the root (as the validator and SdI checks write it); '' when none. */
  element: string;
  /**
   * SdI error code (00200 for the schema, 00305, 00423, …) or the composer's own: 'iban', 'number', 'regime',
   * 'simplified' (simplified-fit.ts).
   */
  code: string;
  /** 'schema' (XSD), 'sdi' (SdI content checks), 'draft' (live checks of the composer). */
  source: 'schema' | 'sdi' | 'draft';
  severity: 'error' | 'warning';
  description: string;
  hint: string;
}

export interface CheckDraftOptions {
  lang?: DraftLanguage;
  /** What the file alone cannot tell (registry hooks, lenient ids…); receivedAt is not set by default. */
  context?: SdiCheckContext;
}

type OwnCode = 'iban' | 'number';

/** A line or fund charging VAT under a scheme that charges none (RF19 flat-rate, RF02 minimum taxpayers). */
const REGIME_VAT: Record<DraftLanguage, Record<string, string>> = {
  it: {
    RF19: 'Nel regime forfettario non si addebita IVA: scegli «Senza IVA» con natura N2.2.',
    RF02: 'Nel regime dei minimi non si addebita IVA: scegli «Senza IVA» con natura N2.2.',
  },
  en: {
    RF19: 'The flat-rate scheme charges no VAT: choose “No VAT” with nature N2.2.',
    RF02: 'The minimum taxpayers’ scheme charges no VAT: choose “No VAT” with nature N2.2.',
  },
  de: {
    RF19: 'In der Pauschalregelung wird keine MwSt. berechnet: bitte „Ohne MwSt.“ mit Natura N2.2 wählen.',
    RF02: 'In der Kleinstunternehmerregelung wird keine MwSt. berechnet: bitte „Ohne MwSt.“ mit Natura N2.2 wählen.',
  },
};

const OWN_MESSAGES: Record<DraftLanguage, Record<OwnCode, { description: string; hint: string }>> = {
  it: {
    iban: {
      description: 'IBAN non valido: {{value}} ({{reason}})',
      hint: 'Controllare l’IBAN: paese, due cifre di controllo e lunghezza del paese (27 caratteri per l’Italia).',
    },
    number: {
      description: 'Valore numerico non valido: {{value}}',
      hint: 'Scrivere un numero con il punto o la virgola come separatore decimale, senza separatori delle migliaia.',
    },
  },
  en: {
    iban: {
      description: 'Invalid IBAN: {{value}} ({{reason}})',
      hint: 'Check the IBAN: country, the two check digits and the length for the country (27 characters for Italy).',
    },
    number: {
      description: 'Not a valid number: {{value}}',
      hint: 'Write a number with a dot or a comma as decimal separator, without thousands separators.',
    },
  },
  de: {
    iban: {
      description: 'Ungültige IBAN: {{value}} ({{reason}})',
      hint: 'IBAN prüfen: Land, die beiden Prüfziffern und die Länge für das Land (27 Zeichen für Italien).',
    },
    number: {
      description: 'Keine gültige Zahl: {{value}}',
      hint: 'Eine Zahl mit Punkt oder Komma als Dezimaltrennzeichen schreiben, ohne Tausendertrennzeichen.',
    },
  },
};

const IBAN_REASONS: Record<DraftLanguage, Record<Exclude<IbanCheck, 'ok'>, string>> = {
  it: {
    'bad-format': 'formato errato',
    'bad-length': 'lunghezza errata',
    'bad-check-digits': 'cifre di controllo errate',
  },
  en: {
    'bad-format': 'wrong format',
    'bad-length': 'wrong length',
    'bad-check-digits': 'wrong check digits',
  },
  de: {
    'bad-format': 'falsches Format',
    'bad-length': 'falsche Länge',
    'bad-check-digits': 'falsche Prüfziffern',
  },
};

function own(
  lang: DraftLanguage,
  code: OwnCode,
  field: string,
  element: string,
  params: Record<string, string>,
): DraftProblem {
  const message = OWN_MESSAGES[lang][code];
  return {
    field,
    element,
    code,
    source: 'draft',
    severity: 'error',
    description: interpolate(message.description, params),
    hint: interpolate(message.hint, params),
  };
}

/** Every problem of the draft, errors first, in document order within each source. */
export function checkDraft(draft: InvoiceDraft, options: CheckDraftOptions = {}): DraftProblem[] {
  const lang = options.lang ?? 'it';
  const { json, fieldMap } = composeInvoice(draft);
  const elementOf = (field: string): string => {
    for (const [element, mapped] of fieldMap) if (mapped === field) return element;
    return '';
  };
  const problems: DraftProblem[] = [];

  // Live checks: IBAN check digits, and numbers the file does not carry as typed.
  draft.payments.forEach((payment, i) =>
    payment.details.forEach((detail, j) => {
      if (detail.iban.trim() === '') return;
      const outcome = checkIban(detail.iban);
      if (outcome === 'ok') return;
      const field = `payments[${i}].details[${j}].iban`;
      problems.push(
        own(lang, 'iban', field, elementOf(field), {
          value: detail.iban,
          reason: IBAN_REASONS[lang][outcome],
        }),
      );
    }),
  );
  const numbers: [string, string][] = [
    ...draft.withholdings.flatMap((w, i): [string, string][] => [
      [`withholdings[${i}].basePercent`, w.basePercent],
      [`withholdings[${i}].amount`, w.amount],
    ]),
    ...draft.funds.map((f, i): [string, string] => [`funds[${i}].base`, f.base]),
    ['stamp.amount', draft.stamp.amount],
    ['document.declaredTotal', draft.document.declaredTotal],
    ...draft.payments.flatMap((p, i) =>
      p.details.map((d, j): [string, string] => [`payments[${i}].details[${j}].amount`, d.amount]),
    ),
  ];
  for (const [field, value] of numbers) {
    if (!isTypedNumber(value)) problems.push(own(lang, 'number', field, elementOf(field), { value }));
  }

  // The supplier's scheme charges no VAT: a line or fund that still does is said (a warning: the user decides).
  const regimeText = REGIME_VAT[lang][draft.supplier.regime];
  if (regimeNature(draft.supplier.regime) !== null && regimeText) {
    const charged = (rate: string, nature: string) => nature === '' && (parseTyped(rate)?.units ?? 0n) !== 0n;
    const fields = [
      ...draft.lines.map((l, i) => (charged(l.vatRate, l.nature) ? `lines[${i}].vatRate` : '')),
      ...draft.funds.map((f, i) => (charged(f.vatRate, f.nature) ? `funds[${i}].vatRate` : '')),
    ].filter(Boolean);
    for (const field of fields)
      problems.push({
        field,
        element: elementOf(field),
        code: 'regime',
        source: 'draft',
        severity: 'warning',
        description: regimeText,
        hint: '',
      });
  }

  // A simplified invoice (FSM10) leaves out what the format cannot carry: said where it was typed.
  for (const misfit of simplifiedMisfits(draft, lang))
    problems.push({ ...misfit, element: elementOf(misfit.field), code: 'simplified', source: 'draft' });

  // The schema, on the composed JSON.
  for (const problem of validateStructure(json)) {
    const described = wordStructureProblem(problem, lang);
    problems.push({
      field: draftFieldOf(fieldMap, problem.path),
      element: problem.path,
      code: problem.code,
      source: 'schema',
      severity: 'error',
      description: described.description,
      hint: described.hint,
    });
  }

  // The SdI checks, on the tree of the XML as it would be sent.
  const doc = parseInvoiceXml(invoiceToXml(json));
  for (const problem of runSdiChecks(doc, options.context ?? {})) {
    const described = wordSdiProblem(problem, lang);
    problems.push({
      field: SDI_FIELDS[problem.code] ?? draftFieldOf(fieldMap, problem.path),
      element: problem.path,
      code: problem.code,
      source: 'sdi',
      severity: problem.severity,
      description: described.description,
      hint: described.hint,
    });
  }

  // Each field says what is wrong once: the schema's form first (a recipient code of 5 characters is not also
  // "not a valid channel"), one sentence once (an empty name: Denominazione and the choice). The transmitter the
  // composer derives from the supplier (its fiscal code, else its VAT number) is not blamed for the supplier's.
  const schemaFields = new Set(problems.filter((p) => p.source === 'schema').map((p) => p.field));
  const derivedTransmitter = draft.transmission.transmitter.code.trim() === '';
  const supplierFlagged = problems.some(
    (p) => p.field === 'supplier.vat' || p.field === 'supplier.fiscalCode',
  );
  const seen = new Set<string>();
  const unique = problems.filter((p) => {
    if (p.source === 'sdi' && schemaFields.has(p.field)) return false;
    if (derivedTransmitter && p.element.includes('/IdTrasmittente/') && supplierFlagged) {
      const own = problems.some(
        (q) => q !== p && !q.element.includes('/IdTrasmittente/') && q.field.startsWith('supplier.'),
      );
      if (own) return false;
    }
    const key = `${p.field}\u0000${p.description}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const rank = (p: DraftProblem): number => (p.severity === 'error' ? 0 : 1);
  return unique.sort((a, b) => rank(a) - rank(b));
}

/** The problems of one field (and of its sub-fields: `lines[2]` gives those of `lines[2].unitPrice` too). */
export function problemsAt(problems: readonly DraftProblem[], field: string): DraftProblem[] {
  return problems.filter(
    (p) => p.field === field || p.field.startsWith(`${field}.`) || p.field.startsWith(`${field}[`),
  );
}

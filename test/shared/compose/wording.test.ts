import { describe, expect, it } from 'vitest';
import { checkDraft, emptyDraft, problemsAt } from '../../../src/shared/fatturapa/compose/index.ts';
import type { InvoiceDraft } from '../../../src/shared/fatturapa/compose/index.ts';
import {
  fieldName,
  wordSdiProblem,
  wordStructureProblem,
} from '../../../src/shared/fatturapa/compose/wording.ts';
import { LANGUAGES } from '../../../src/shared/language.ts';
import { baseDraft, line } from './fixtures.ts';

/** What a sentence for a form must never carry: an element path, a pattern, an element tag, a placeholder. */
const GRAMMAR = [
  /FatturaElettronica|DatiGenerali|CedentePrestatore|CessionarioCommittente|DettaglioLinee/,
  /\[[A-Z0-9-]+\]\{|\[0-9\]/,
  /<[A-Za-z]+>/,
  /\{\{\w+\}\}/,
  /\b\d+\.\d+\.\d+(\.\d+)*\b/,
];

function expectPlain(text: string): void {
  for (const re of GRAMMAR) expect(text, text).not.toMatch(re);
}

/** A draft with one wrong value in nearly every kind of field. */
function wrongEverywhere(): InvoiceDraft {
  const draft = baseDraft({
    lines: [
      line({ unitPrice: '10.123456789', legalReference: 'Art. 10 – esente', vatRate: '0', nature: 'N4' }),
      line({ description: '', unitPrice: '', quantity: '1.123456789' }),
      line({ unitPrice: '5', vatRate: '0' }),
    ],
  });
  draft.supplier.address.postcode = '2013';
  draft.supplier.address.province = 'Milano';
  draft.supplier.rea = {
    office: 'Milano',
    number: '',
    shareCapital: '',
    soleShareholder: '',
    liquidation: 'LN',
  };
  draft.customer.address.country = 'ITA';
  draft.customer.delivery = { channel: 'code', code: 'ABC12', pec: 'not-an-address' };
  draft.customer.fiscalCode = 'XYZ';
  draft.customer.vat.code = '01234567890';
  draft.document.currency = 'euro';
  draft.document.number = 'N'.repeat(25);
  draft.payments[0]!.details[0]!.iban = '';
  return draft;
}

describe('problem wording: one sentence about the field, in the UI language', () => {
  it('an untouched new draft says what to enter, never where in the file', () => {
    for (const lang of LANGUAGES) {
      const problems = checkDraft(emptyDraft('2026-03-01'), { lang });
      expect(problems.length).toBeGreaterThan(10);
      for (const p of problems) {
        expectPlain(p.description + p.hint);
        // The path stays on the problem, for data-field.
        expect(p.element === '' || p.element.includes('/')).toBe(true);
      }
    }
    const it_ = checkDraft(emptyDraft('2026-03-01'), { lang: 'it' });
    expect(problemsAt(it_, 'supplier.address.postcode')[0]?.description).toBe('Indica il CAP.');
    expect(problemsAt(it_, 'lines[0].description')[0]?.description).toBe('Indica la descrizione.');
    const de = checkDraft(emptyDraft('2026-03-01'), { lang: 'de' });
    expect(problemsAt(de, 'customer.address.town')[0]?.description).toBe('Bitte Ort angeben.');
    // The customer's missing VAT number and fiscal code are said at the VAT number, not on the whole block.
    expect(problemsAt(it_, 'customer.vat')[0]?.description).toBe(
      'Indica la partita IVA o il codice fiscale del cliente.',
    );
  });

  it('the CAP and the recipient code are said by their rule, not by their pattern', () => {
    const draft = baseDraft();
    draft.customer.address.postcode = '2013';
    draft.customer.delivery.code = 'ABC12';
    const it_ = checkDraft(draft, { lang: 'it' });
    expect(problemsAt(it_, 'customer.address.postcode').map((p) => p.description)).toEqual([
      'Il CAP è di 5 cifre (per un indirizzo estero: 00000).',
    ]);
    // One sentence at the field: SDI's "not a valid channel" adds nothing to the code's form.
    expect(problemsAt(it_, 'customer.delivery.code').map((p) => p.description)).toEqual([
      'Il codice destinatario ha 7 caratteri (6 per la pubblica amministrazione), solo lettere maiuscole e cifre.',
    ]);
    const en = checkDraft(draft, { lang: 'en' });
    expect(problemsAt(en, 'customer.address.postcode')[0]?.description).toBe(
      'The postcode has 5 digits (00000 for an address abroad).',
    );
    expect(problemsAt(en, 'customer.address.postcode')[0]?.element).toBe(
      'FatturaElettronicaHeader/CessionarioCommittente/Sede/CAP',
    );
    const de = checkDraft(draft, { lang: 'de' });
    expect(problemsAt(de, 'customer.delivery.code')[0]?.description).toMatch(
      /^Der Empfängercode hat 7 Zeichen/,
    );
  });

  it('every kind of problem in every language is a plain sentence', () => {
    for (const lang of LANGUAGES) {
      const problems = checkDraft(wrongEverywhere(), { lang });
      const kinds = new Set(problems.map((p) => `${p.source}`));
      expect(kinds).toEqual(new Set(['schema', 'sdi']));
      expect(problems.length).toBeGreaterThanOrEqual(10);
      for (const p of problems) expectPlain(p.description + p.hint);
    }
    const it_ = checkDraft(wrongEverywhere(), { lang: 'it' });
    const at = (field: string) => problemsAt(it_, field).map((p) => p.description);
    expect(at('lines[0].legalReference')[0]).toMatch(/^Il riferimento normativo contiene «–», un carattere/);
    expect(at('lines[0].unitPrice')[0]).toBe(
      'Il prezzo unitario non è un numero valido: al massimo 11 cifre intere e 8 decimali.',
    );
    expect(at('document.number')[0]).toBe(
      'Il numero del documento può avere al massimo 20 caratteri: ora ne ha 25.',
    );
    expect(at('supplier.rea.office')[0]).toMatch(/^L’ufficio REA è la sigla della provincia/);
    expect(at('customer.delivery.pec')[0]).toBe(
      'La PEC del destinatario «not-an-address» non è un indirizzo email valido.',
    );
  });

  it('each structure kind has its sentence; an element the table does not know is "this field"', () => {
    const say = (kind: string, params: Record<string, string | number>, path = 'X/Y/Descrizione') =>
      wordStructureProblem({ code: '00200', kind: kind as never, path, params }, 'en').description;
    expect(say('missing', { element: 'Descrizione', parent: 'Y' })).toBe('Enter the description.');
    expect(say('length', { value: 'ab', length: 2, min: 3, max: 10 })).toBe(
      'The description needs at least 3 characters; it now has 2.',
    );
    expect(say('length', { value: 'ab', length: 2, min: 5, max: 5 })).toBe(
      'The description must have 5 characters; it now has 2.',
    );
    expect(say('enum', { value: 'ZZ', allowed: 'A, B' })).toBe(
      'Check the description: “ZZ” is not one of the allowed codes.',
    );
    expect(say('date', { value: '2026-02-30', format: 'YYYY-MM-DD' })).toBe(
      'The description is not a valid date.',
    );
    expect(say('decimal', { value: '1', format: '1..9999' })).toBe(
      'The description must be a whole number from 1 to 9999.',
    );
    expect(say('decimal', { value: '101', format: 'N{1,3}.N{2} ≤ 100.00' })).toBe(
      'The description is not a valid number: at most 100, with no more than 2 decimals.',
    );
    expect(say('too-many', { max: 1 })).toBe('The description is given more often than allowed.');
    expect(say('missing', { element: 'Zzz', parent: 'Y' }, 'X/Zzz')).toBe('Enter this field.');
    expect(
      fieldName('FatturaElettronicaHeader/CedentePrestatore/DatiAnagrafici/IdFiscaleIVA/IdCodice', 'it'),
    ).toBe('la partita IVA');
  });

  it('an SDI code without words of its own gives the engine’s plain advice, or which error SDI would give', () => {
    // 00460 (simplified invoice over its limit) has a plain hint of its own in the engine's catalogue.
    expect(
      wordSdiProblem({ code: '00460', severity: 'error', path: '', params: {} }, 'it').description,
    ).toMatch(/fattura ordinaria/);
    // 00421's hint is a formula with element names: not for a form.
    expect(wordSdiProblem({ code: '00421', severity: 'error', path: '', params: {} }, 'en').description).toBe(
      'SDI would discard the invoice for this (error 00421).',
    );
    expect(
      wordSdiProblem(
        {
          code: '00418',
          severity: 'error',
          path: '',
          params: { data: '2026-01-02', linkedDate: '2026-02-01' },
        },
        'de',
      ).description,
    ).toBe(
      'Das Dokumentdatum (02.01.2026) darf nicht vor dem Datum der verknüpften Rechnung (01.02.2026) liegen.',
    );
  });

  it('the flat-rate scheme warns at a line that still charges VAT', () => {
    const draft = baseDraft({ lines: [line({ unitPrice: '100' })] });
    draft.supplier.regime = 'RF19';
    const problems = checkDraft(draft, { lang: 'it' });
    expect(problems).toEqual([
      expect.objectContaining({
        field: 'lines[0].vatRate',
        code: 'regime',
        severity: 'warning',
        description: 'Nel regime forfettario non si addebita IVA: scegli «Senza IVA» con natura N2.2.',
      }),
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import {
  addDays,
  addDeliveryNote,
  addFund,
  addInstalment,
  addWithholding,
  computeTotals,
  lineNumbersText,
  parseLineNumbers,
  referenceAt,
  removeInstalment,
  removeWithholding,
} from '../../../src/shared/fatturapa/compose/index.ts';
import { baseDraft, line } from './fixtures.ts';

describe('the composer’s edits keep the draft coherent', () => {
  it('writes a reference field through the one there is, or a blank one of its kind added once', () => {
    const draft = baseDraft();
    referenceAt(draft, -1, 'linkedInvoice').id = 'FT-7';
    expect(draft.references).toEqual([
      {
        kind: 'linkedInvoice',
        id: 'FT-7',
        date: '',
        lines: [],
        itemNumber: '',
        jobCode: '',
        cup: '',
        cig: '',
      },
    ]);
    referenceAt(draft, 0, 'linkedInvoice').date = '2026-11-02';
    expect(draft.references).toHaveLength(1);
    expect(draft.references[0]).toMatchObject({ id: 'FT-7', date: '2026-11-02' });
  });

  it('the first withholding marks the taxed lines, the last one removed clears every Ritenuta', () => {
    const draft = baseDraft({
      lines: [line({ unitPrice: '100' }), line({ unitPrice: '50', vatRate: '0', nature: 'N4' })],
    });
    addWithholding(draft);
    expect(draft.withholdings).toEqual([
      // A company (Denominazione) is withheld as RT02; CausalePagamento A (professional fees).
      { type: 'RT02', rate: '20', reason: 'A', basePercent: '', amount: '' },
    ]);
    expect(draft.lines.map((l) => l.withholding)).toEqual([true, false]);
    addWithholding(draft);
    addFund(draft);
    draft.funds[0]!.withholding = true;
    expect(draft.withholdings).toHaveLength(2);
    removeWithholding(draft, 0);
    expect(draft.lines.map((l) => l.withholding)).toEqual([true, false]);
    removeWithholding(draft, 0);
    expect(draft.withholdings).toEqual([]);
    expect(draft.lines.map((l) => l.withholding)).toEqual([false, false]);
    expect(draft.funds[0]!.withholding).toBe(false);
  });

  it('a person is withheld as RT01', () => {
    const draft = baseDraft();
    draft.supplier = { ...draft.supplier, name: '', firstName: 'Anna', lastName: 'Bianchi' };
    addWithholding(draft);
    expect(draft.withholdings[0]?.type).toBe('RT01');
  });

  it('instalments: due every 30 days from the document date, TP01 from two on, amounts shared to the cent', () => {
    const draft = baseDraft({ lines: [line({ unitPrice: '100' })], payments: [] }); // 122.00 to pay
    addInstalment(draft);
    expect(draft.payments[0]?.conditions).toBe('TP02');
    expect(draft.payments[0]?.details.map((d) => d.due)).toEqual(['2026-04-09']);
    draft.payments[0]!.details[0]!.iban = 'IT60X0542811101000000123456';
    addInstalment(draft);
    addInstalment(draft);
    const details = draft.payments[0]!.details;
    expect(draft.payments[0]?.conditions).toBe('TP01');
    // 2026-03-10 + 30 = 04-09, + 30 = 05-09, + 30 = 06-08; the method and IBAN follow the one before.
    expect(details.map((d) => d.due)).toEqual(['2026-04-09', '2026-05-09', '2026-06-08']);
    expect(details.map((d) => d.iban)).toEqual(Array(3).fill('IT60X0542811101000000123456'));
    // 122.00 / 3: 40.66, 40.66, 40.68 (the last one takes the remainder)
    expect(computeTotals(draft).payments).toEqual([['40.66', '40.66', '40.68']]);
    details[0]!.amount = '60';
    expect(computeTotals(draft).payments).toEqual([['60.00', '31.00', '31.00']]);
    removeInstalment(draft, 2);
    removeInstalment(draft, 1);
    expect(draft.payments[0]?.conditions).toBe('TP02');
    removeInstalment(draft, 0);
    expect(draft.payments).toEqual([]);
  });

  it('an advance (TP03) stays an advance with one instalment', () => {
    const draft = baseDraft();
    draft.payments[0]!.conditions = 'TP03';
    addInstalment(draft);
    removeInstalment(draft, 1);
    expect(draft.payments[0]?.conditions).toBe('TP03');
  });

  it('dates: calendar days across months and years, nothing for a date not typed', () => {
    expect(addDays('2026-01-31', 30)).toBe('2026-03-02');
    expect(addDays('2026-12-15', 30)).toBe('2027-01-14');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('', 30)).toBe('');
    expect(addDays('10/03/2026', 30)).toBe('');
  });

  it('delivery notes take the document date; line numbers are typed as a list', () => {
    const draft = baseDraft();
    const note = addDeliveryNote(draft);
    expect(note).toEqual({ number: '', date: '2026-03-10', lines: [] });
    expect(parseLineNumbers('1, 3')).toEqual(['1', '3']);
    // What is being typed survives the round trip through the text.
    expect(lineNumbersText(parseLineNumbers('1, '))).toBe('1, ');
    expect(parseLineNumbers('')).toEqual([]);
  });
});

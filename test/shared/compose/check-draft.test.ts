import { describe, expect, it } from 'vitest';
import { checkDraft, nextDocumentNumber, problemsAt } from '../../../src/shared/fatturapa/compose/index.ts';
import { checkIban, ibanCheckDigits } from '../../../src/shared/fatturapa/compose/index.ts';
import { baseDraft, line } from './fixtures.ts';

describe('checks while typing, at the draft fields', () => {
  it('a complete draft has no problem', () => {
    expect(checkDraft(baseDraft())).toEqual([]);
  });

  it('a wrong VAT check digit is shown at customer.vat, in it and en', () => {
    const draft = baseDraft();
    draft.customer.vat.code = '01234567890';
    const it_ = problemsAt(checkDraft(draft, { lang: 'it' }), 'customer.vat');
    expect(it_).toHaveLength(1);
    expect(it_[0]).toMatchObject({
      code: '00305',
      source: 'sdi',
      severity: 'error',
      element: 'FatturaElettronicaHeader/CessionarioCommittente/DatiAnagrafici/IdFiscaleIVA/IdCodice',
    });
    expect(it_[0]?.description).toBe(
      'La partita IVA del cliente «01234567890» non è valida: ha 11 cifre e l’ultima, di controllo, non corrisponde.',
    );
    const en = problemsAt(checkDraft(draft, { lang: 'en' }), 'customer.vat');
    expect(en[0]?.description).toMatch(/invalid|not valid/i);
    expect(en[0]?.description).not.toBe(it_[0]?.description);
  });

  it('a missing description is shown at lines[1].description', () => {
    const draft = baseDraft({
      lines: [line({ unitPrice: '10' }), line({ unitPrice: '20', description: '  ' })],
    });
    const problems = checkDraft(draft, { lang: 'en' });
    expect(problems.map((p) => p.field)).toEqual(['lines[1].description']);
    expect(problems[0]).toMatchObject({
      code: '00200',
      source: 'schema',
      element: 'FatturaElettronicaBody[1]/DatiBeniServizi/DettaglioLinee[2]/Descrizione',
    });
    expect(problems[0]?.description).toBe('Enter the description.');
    expect(checkDraft(draft, { lang: 'it' })[0]?.field).toBe('lines[1].description');
  });

  it('a bad IBAN is shown at the payment detail, in it and en', () => {
    const draft = baseDraft();
    draft.payments[0]!.details[0]!.iban = 'IT61X0542811101000000123456';
    const it_ = checkDraft(draft, { lang: 'it' });
    expect(it_.map((p) => [p.field, p.code])).toEqual([['payments[0].details[0].iban', 'iban']]);
    expect(it_[0]?.element).toBe('FatturaElettronicaBody[1]/DatiPagamento[1]/DettaglioPagamento[1]/IBAN');
    expect(it_[0]?.description).toBe(
      'IBAN non valido: IT61X0542811101000000123456 (cifre di controllo errate)',
    );
    const en = checkDraft(draft, { lang: 'en' });
    expect(en[0]?.description).toBe('Invalid IBAN: IT61X0542811101000000123456 (wrong check digits)');
  });

  it('other fields: a bad unit price, a zero rate without Natura, a bad supplier fiscal code', () => {
    const draft = baseDraft({
      lines: [line({ unitPrice: '12.3.4' }), line({ unitPrice: '5', vatRate: '0' })],
    });
    draft.supplier.fiscalCode = 'RSSMRA80A01H501X';
    const fields = checkDraft(draft, { lang: 'en' }).map((p) => `${p.field} ${p.code}`);
    expect(fields).toContain('lines[0].unitPrice 00200');
    expect(fields).toContain('lines[1].vatRate 00400');
    expect(fields).toContain('supplier.fiscalCode 00302');
  });
});

describe('IBAN and numbering helpers', () => {
  it('checks IBAN mod 97 and computes check digits', () => {
    expect(checkIban('IT60 X054 2811 1010 0000 0123 456')).toBe('ok');
    expect(checkIban('IT60X05428111010000001234')).toBe('bad-length');
    expect(checkIban('IT6OX0542811101000000123456')).toBe('bad-format');
    expect(checkIban('DE89370400440532013000')).toBe('ok');
    expect(ibanCheckDigits('IT', 'X0542811101000000123456')).toBe('60');
  });

  it('suggests the next number keeping prefix and padding', () => {
    expect(nextDocumentNumber(['FT/2026/0007', 'FT/2026/0003'])).toBe('FT/2026/0008');
    expect(nextDocumentNumber(['12', '9', '11'])).toBe('13');
    expect(nextDocumentNumber(['2026-12', '2026-9'], { year: '2026' })).toBe('2026-13');
    expect(nextDocumentNumber(['0009-2026'], { year: '2026' })).toBe('0010-2026');
    expect(nextDocumentNumber(['FT/2025/0099'], { year: '2026' })).toBe('FT/2026/0001');
    expect(nextDocumentNumber([])).toBe('1');
  });
});

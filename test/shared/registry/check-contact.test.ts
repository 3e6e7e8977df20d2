import { describe, expect, it } from 'vitest';
import { checkContact, emptyContactFields, type ContactFields } from '../../../src/shared/registry/index.ts';
import { IBAN } from '../compose/fixtures.ts';
import { italianVat } from '../../support/invoices.ts';

function contact(edit: (fields: ContactFields) => void): ContactFields {
  const fields = { ...emptyContactFields(), name: 'Acme Srl' };
  edit(fields);
  return fields;
}

/** A valid VAT number with its last digit changed, so only the check digit is wrong. */
function withWrongCheckDigit(code: string): string {
  return `${code.slice(0, 10)}${(Number(code[10]) + 1) % 10}`;
}

describe('checking a contact', () => {
  it('passes a contact whose identifiers, channel and IBAN are right', () => {
    const fields = contact((f) => {
      f.vat = { country: 'IT', code: italianVat(12).slice(2) };
      f.fiscalCode = 'RSSMRA80A01H501U';
      f.delivery = { channel: 'code', code: 'abc1234', pec: 'acme@pec.it' };
      f.payment.iban = 'IT60 X054 2811 1010 0000 0123 456';
    });
    expect(checkContact(fields)).toEqual([]);
  });

  it('flags a VAT number, a fiscal code and an IBAN whose check characters are wrong', () => {
    const fields = contact((f) => {
      f.vat = { country: 'IT', code: withWrongCheckDigit(italianVat(12).slice(2)) };
      f.fiscalCode = 'RSSMRA80A01H501A';
      f.payment.iban = IBAN.replace('IT60', 'IT61');
    });
    expect(checkContact(fields)).toEqual([
      { field: 'vat', code: 'vat' },
      { field: 'fiscalCode', code: 'fiscalCode' },
      { field: 'payment.iban', code: 'iban' },
    ]);
  });

  it("checks a company's 11-digit fiscal code as a partita IVA", () => {
    const good = italianVat(30).slice(2);
    expect(checkContact(contact((f) => (f.fiscalCode = good)))).toEqual([]);
    expect(checkContact(contact((f) => (f.fiscalCode = withWrongCheckDigit(good))))).toEqual([
      { field: 'fiscalCode', code: 'fiscalCode' },
    ]);
  });

  it('reads a VAT number without a country as Italian, and only checks the shape of a foreign one', () => {
    expect(checkContact(contact((f) => (f.vat = { country: '', code: '12345678901' })))).toEqual([
      { field: 'vat', code: 'vat' },
    ]);
    expect(checkContact(contact((f) => (f.vat = { country: 'DE', code: '123456789' })))).toEqual([]);
  });

  it('wants 7 characters for a channel code, 6 for a public administration, and an e-mail for PEC', () => {
    const delivery = (channel: ContactFields['delivery']['channel'], code: string, pec = '') =>
      checkContact(contact((f) => (f.delivery = { channel, code, pec })));
    expect(delivery('code', 'ABC123')).toEqual([{ field: 'delivery.code', code: 'recipientCode' }]);
    expect(delivery('pa', 'UFY9MH')).toEqual([]);
    expect(delivery('pa', 'ABC1234')).toEqual([{ field: 'delivery.code', code: 'recipientCode' }]);
    expect(delivery('pec', '')).toEqual([{ field: 'delivery.pec', code: 'pec' }]);
    expect(delivery('pec', '', 'ABC1234')).toEqual([{ field: 'delivery.pec', code: 'pec' }]);
    expect(delivery('pec', '', 'mario.rossi@pec.it')).toEqual([]);
    // Foreign and unknown channels write no code, whatever the field holds.
    expect(delivery('foreign', 'x')).toEqual([]);
    expect(delivery('none', 'x')).toEqual([]);
  });

  it('requires a company name, or a first and last name', () => {
    expect(checkContact({ ...emptyContactFields() })).toEqual([{ field: 'name', code: 'name' }]);
    expect(checkContact({ ...emptyContactFields(), firstName: 'Mario', lastName: 'Rossi' })).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import {
  CONTACT_CSV_COLUMNS,
  contactKey,
  contactsFromCsv,
  contactsToCsv,
  emptyContactFields,
  type ContactCsvRow,
  type ContactFields,
} from '../../../src/shared/registry/index.ts';
import { IBAN } from '../compose/fixtures.ts';
import { italianVat } from '../../support/invoices.ts';

const TRATTORIA: ContactCsvRow = {
  ...emptyContactFields(),
  name: 'Trattoria "Da Mario"; pizza\nforno a legna',
  vat: { country: 'IT', code: italianVat(5).slice(2) },
  address: {
    street: 'Via Roma',
    number: '1/A',
    postcode: '00100',
    town: 'Roma',
    province: 'RM',
    country: 'IT',
  },
  delivery: { channel: 'code', code: 'ABC1234', pec: 'mario@pec.it' },
  payment: { method: 'MP05', days: '30', iban: IBAN },
  nature: 'N2.2',
  legalReference: 'Art. 1, c. 54-89, L. 190/2014',
  notes: '=HYPERLINK("http://example.com")',
  roles: ['customer', 'supplier'],
};

const CAFFE: ContactCsvRow = {
  ...emptyContactFields(),
  firstName: 'Niccolò',
  lastName: 'Caffè',
  fiscalCode: 'RSSMRA80A01H501U',
  delivery: { channel: 'pec', code: '', pec: 'niccolo@pec.it' },
  roles: ['supplier'],
};

function fieldsOf({ roles: _roles, ...fields }: ContactCsvRow): ContactFields {
  return fields;
}

describe('contacts as CSV', () => {
  it('exports UTF-8 with a BOM, semicolons and CRLF, the documented columns first', () => {
    const csv = contactsToCsv([CAFFE]);
    expect(csv.startsWith('\uFEFFname;first_name;last_name;vat_country;')).toBe(true);
    expect(csv.split('\r\n')[0]).toBe(`\uFEFF${CONTACT_CSV_COLUMNS.map((c) => c.name).join(';')}`);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(csv).toContain(';Niccolò;Caffè;IT;;RSSMRA80A01H501U;');
  });

  it('imports what it exported: quotes, separators and line breaks inside a field, accents, a formula-like note', () => {
    const csv = contactsToCsv([TRATTORIA, CAFFE]);
    // A spreadsheet would run the note as a formula: the file holds it as text.
    expect(csv).toContain(`"'=HYPERLINK(""http://example.com"")"`);
    const { contacts, problems } = contactsFromCsv(csv, '2026-05-01T10:00:00.000Z');
    expect(problems).toEqual([]);
    expect(contacts).toEqual([
      {
        ...fieldsOf(TRATTORIA),
        key: contactKey(TRATTORIA),
        roles: ['customer', 'supplier'],
        saved: '2026-05-01T10:00:00.000Z',
      },
      {
        ...fieldsOf(CAFFE),
        key: 'CF:RSSMRA80A01H501U',
        roles: ['supplier'],
        saved: '2026-05-01T10:00:00.000Z',
      },
    ]);
  });

  it('imports commas, headers in any case and order, without a BOM, ignoring unknown columns', () => {
    const vat = italianVat(8).slice(2);
    const csv = [
      'Roles,VAT_NUMBER,Name,Phone,Town,Recipient_Code',
      `customer,${vat},"Rossi, Bianchi & C. Snc",+39 06 123456,Roma,KRRH6B9`,
      '',
      'fornitore+cliente,,"Solo nome Srl",,,',
    ].join('\n');
    const { contacts, problems } = contactsFromCsv(csv);
    expect(problems).toEqual([]);
    expect(contacts).toEqual([
      {
        ...emptyContactFields(),
        name: 'Rossi, Bianchi & C. Snc',
        vat: { country: 'IT', code: vat },
        address: { ...emptyContactFields().address, town: 'Roma' },
        // No delivery column: the channel is the one the code implies.
        delivery: { channel: 'code', code: 'KRRH6B9', pec: '' },
        key: `IT${vat}`,
        roles: ['customer'],
        saved: '',
      },
      {
        ...emptyContactFields(),
        name: 'Solo nome Srl',
        key: 'NAME:solo nome srl',
        roles: ['customer', 'supplier'],
        saved: '',
      },
    ]);
  });

  it('reports a row whose VAT number fails its check digit by its line, and imports the others', () => {
    const good = italianVat(21).slice(2);
    const bad = `${good.slice(0, 10)}${(Number(good[10]) + 1) % 10}`;
    const csv = [
      'name;vat_number;notes',
      `Buona Srl;${good};"due righe`,
      `di note"`,
      `Cattiva Srl;${bad};`,
    ].join('\r\n');
    const { contacts, problems } = contactsFromCsv(csv);
    expect(contacts.map((c) => c.name)).toEqual(['Buona Srl']);
    expect(problems).toEqual([
      { line: 4, code: 'vat', column: 'vat_number', message: 'the VAT number fails its check digit' },
    ]);
  });

  it('reports unknown channels and roles, a repeated contact and a header that names no column', () => {
    const vat = italianVat(22).slice(2);
    const csv = [
      'name;vat_number;delivery;roles',
      `Uno Srl;${vat};email;customer`,
      `Due Srl;;code;buyer`,
      `Tre Srl;${vat};;`,
    ].join('\r\n');
    expect(contactsFromCsv(csv).problems.map(({ line, code, column }) => ({ line, code, column }))).toEqual([
      { line: 2, code: 'delivery', column: 'delivery' },
      { line: 3, code: 'roles', column: 'roles' },
      { line: 3, code: 'recipientCode', column: 'recipient_code' },
      { line: 4, code: 'duplicate', column: 'vat_number' },
    ]);
    expect(contactsFromCsv('Ragione sociale;P.IVA\r\nAcme;123\r\n')).toMatchObject({
      contacts: [],
      problems: [{ line: 1, code: 'header', column: '' }],
    });
  });

  it('gives back the leading zeros a spreadsheet took from a VAT number and a postcode', () => {
    const csv = 'name;vat_number;postcode\r\nZero Srl;1234567897;100\r\n';
    const { contacts, problems } = contactsFromCsv(csv);
    expect(problems).toEqual([]);
    expect(contacts[0]).toMatchObject({ vat: { code: '01234567897' }, address: { postcode: '00100' } });
  });

  it('reports a quoted field that is never closed', () => {
    const { contacts, problems } = contactsFromCsv('name;notes\r\nAcme Srl;ok\r\nBeta Srl;"aperta\r\n');
    expect(contacts.map((c) => c.name)).toEqual(['Acme Srl']);
    expect(problems).toMatchObject([{ line: 3, code: 'quote', column: '' }]);
  });
});

import { emptyDraft, emptyLine, emptyPaymentDetail } from '../../../src/shared/fatturapa/compose/index.ts';
import type { DraftCustomer, DraftLine, InvoiceDraft } from '../../../src/shared/fatturapa/compose/index.ts';

/** Valid check digits: 12345678903 (Partita IVA), 01234567897, RSSMRA80A01H501U (codice fiscale). */
export const SUPPLIER_VAT = '12345678903';
export const CUSTOMER_VAT = '01234567897';
export const IBAN = 'IT60X0542811101000000123456';

/** A one-page PDF (a real file: header, catalog, page, xref, trailer), Base64 as Allegati carry it. */
export const PDF_BASE64 = Buffer.from(
  [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >> endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
  ].join('\n'),
).toString('base64');

export function line(partial: Partial<DraftLine>): DraftLine {
  return { ...emptyLine(), description: 'Consulenza', ...partial };
}

export function b2bCustomer(): Partial<DraftCustomer> {
  return {
    name: 'Cliente Srl',
    vat: { country: 'IT', code: CUSTOMER_VAT },
    address: {
      street: 'Via Milano',
      number: '5',
      postcode: '20100',
      town: 'Milano',
      province: 'MI',
      country: 'IT',
    },
    delivery: { channel: 'code', code: 'ABC1234', pec: '' },
  };
}

export function paCustomer(): Partial<DraftCustomer> {
  return {
    name: 'Comune di Esempio',
    vat: { country: '', code: '' },
    fiscalCode: '80012345676',
    address: {
      street: 'Piazza Municipio',
      number: '1',
      postcode: '00100',
      town: 'Roma',
      province: 'RM',
      country: 'IT',
    },
    delivery: { channel: 'pa', code: 'UFY9MH', pec: '' },
  };
}

export function foreignCustomer(): Partial<DraftCustomer> {
  return {
    name: 'Kunde GmbH',
    vat: { country: 'DE', code: '123456789' },
    address: {
      street: 'Hauptstrasse',
      number: '1',
      postcode: '',
      town: 'Berlin',
      province: '',
      country: 'DE',
    },
    delivery: { channel: 'foreign', code: '', pec: '' },
  };
}

export function consumerCustomer(): Partial<DraftCustomer> {
  return {
    name: '',
    firstName: 'Mario',
    lastName: 'Rossi',
    vat: { country: '', code: '' },
    fiscalCode: 'RSSMRA80A01H501U',
    address: {
      street: 'Via Verdi',
      number: '3',
      postcode: '10100',
      town: 'Torino',
      province: 'TO',
      country: 'IT',
    },
    delivery: { channel: 'pec', code: '', pec: 'mario.rossi@pec.it' },
  };
}

/** A complete TD01 to a B2B customer with one 22% line of 100.00, paid by bank transfer. */
export function baseDraft(overrides: Partial<InvoiceDraft> = {}): InvoiceDraft {
  const draft = emptyDraft('2026-03-10');
  draft.transmission.progressive = '00001';
  draft.supplier = {
    ...draft.supplier,
    name: 'Studio Esempio Srl',
    vat: { country: 'IT', code: SUPPLIER_VAT },
    fiscalCode: SUPPLIER_VAT,
    address: {
      street: 'Via Roma',
      number: '1',
      postcode: '00100',
      town: 'Roma',
      province: 'RM',
      country: 'IT',
    },
    regime: 'RF01',
  };
  draft.customer = { ...draft.customer, ...b2bCustomer() };
  draft.document.number = 'FT/2026/0001';
  draft.lines = [line({ quantity: '1', unitPrice: '100' })];
  draft.payments = [
    { conditions: 'TP02', details: [{ ...emptyPaymentDetail(), iban: IBAN, due: '2026-04-09' }] },
  ];
  return { ...draft, ...overrides };
}

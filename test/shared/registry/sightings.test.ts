import { describe, expect, it } from 'vitest';
import { composeInvoiceXml } from '../../../src/shared/fatturapa/compose/index.ts';
import { readInvoice } from '../../../src/shared/fatturapa/reading/index.ts';
import { sightingOf } from '../../../src/shared/registry/index.ts';
import {
  baseDraft,
  consumerCustomer,
  CUSTOMER_VAT,
  foreignCustomer,
  IBAN,
  line,
  paCustomer,
  SUPPLIER_VAT,
} from '../compose/fixtures.ts';
import { invoiceXml, italianVat } from '../../support/invoices.ts';

describe('the counterparty of a sent invoice', () => {
  it('is the customer, with the channel SdI used, the terms agreed but not our own IBAN', () => {
    const draft = baseDraft();
    draft.payments[0]!.details[0]!.termsDays = '30';
    const sighting = sightingOf(readInvoice(composeInvoiceXml(draft)), 'sent');
    expect(sighting).toEqual({
      name: 'Cliente Srl',
      firstName: '',
      lastName: '',
      vat: { country: 'IT', code: CUSTOMER_VAT },
      fiscalCode: '',
      address: {
        street: 'Via Milano',
        number: '5',
        postcode: '20100',
        town: 'Milano',
        province: 'MI',
        country: 'IT',
      },
      delivery: { channel: 'code', code: 'ABC1234', pec: '' },
      payment: { method: 'MP05', days: '30', iban: '' },
      nature: '',
      legalReference: '',
      notes: '',
      role: 'customer',
      date: '2026-03-10',
    });
  });

  it('reads a consumer reached by PEC, by first and last name and fiscal code', () => {
    const draft = baseDraft();
    draft.customer = { ...draft.customer, ...consumerCustomer() };
    const sighting = sightingOf(readInvoice(composeInvoiceXml(draft)), 'sent');
    expect(sighting).toMatchObject({
      name: '',
      firstName: 'Mario',
      lastName: 'Rossi',
      vat: { code: '' },
      fiscalCode: 'RSSMRA80A01H501U',
      delivery: { channel: 'pec', code: '', pec: 'mario.rossi@pec.it' },
    });
  });

  it("tells a public administration's office code and a foreign customer from a channel code", () => {
    const pa = baseDraft();
    pa.customer = { ...pa.customer, ...paCustomer() };
    expect(sightingOf(readInvoice(composeInvoiceXml(pa)), 'sent')?.delivery).toEqual({
      channel: 'pa',
      code: 'UFY9MH',
      pec: '',
    });
    const foreign = baseDraft();
    foreign.customer = { ...foreign.customer, ...foreignCustomer() };
    const sighting = sightingOf(readInvoice(composeInvoiceXml(foreign)), 'sent');
    expect(sighting?.delivery).toEqual({ channel: 'foreign', code: '', pec: '' });
    expect(sighting?.vat).toEqual({ country: 'DE', code: '123456789' });
  });

  it('says no channel for 0000000 without a PEC', () => {
    const xml = invoiceXml({ codiceDestinatario: '0000000' });
    expect(sightingOf(readInvoice(xml), 'sent')?.delivery).toEqual({ channel: 'none', code: '', pec: '' });
  });

  it('learns the nature of its first line without VAT, with the legal wording of its summary', () => {
    const draft = baseDraft();
    draft.lines = [
      line({ quantity: '1', unitPrice: '100' }),
      line({
        quantity: '1',
        unitPrice: '50',
        vatRate: '0',
        nature: 'N6.3',
        legalReference: 'Art. 17 c. 6 DPR 633/72',
      }),
    ];
    const sighting = sightingOf(readInvoice(composeInvoiceXml(draft)), 'sent');
    expect(sighting).toMatchObject({ nature: 'N6.3', legalReference: 'Art. 17 c. 6 DPR 633/72' });
  });

  it('is read from a simplified invoice (FSM10), which has no payment terms', () => {
    const draft = baseDraft({ payments: [] });
    draft.document.type = 'TD07';
    const reading = readInvoice(composeInvoiceXml(draft));
    expect(reading.format).toBe('FSM10');
    expect(sightingOf(reading, 'sent')).toMatchObject({
      name: 'Cliente Srl',
      vat: { country: 'IT', code: CUSTOMER_VAT },
      address: { street: 'Via Milano', town: 'Milano' },
      delivery: { channel: 'code', code: 'ABC1234' },
      payment: { method: '', days: '', iban: '' },
      role: 'customer',
      date: '2026-03-10',
    });
  });

  it('is read from a simplified invoice whose customer is given by its fiscal identifiers alone', () => {
    const draft = baseDraft({ payments: [] });
    draft.document.type = 'TD07';
    draft.customer = { ...draft.customer, name: '', firstName: '', lastName: '' };
    const reading = readInvoice(composeInvoiceXml(draft));
    expect(reading.customer.name).toBe('');
    const sighting = sightingOf(reading, 'sent');
    expect(sighting).toMatchObject({ name: '', vat: { country: 'IT', code: CUSTOMER_VAT } });
    expect(sighting?.address).toEqual({
      street: '',
      number: '',
      postcode: '',
      town: '',
      province: '',
      country: 'IT',
    });
  });

  it('is the foreign supplier of a self-invoice the company sends (TD17), whose recipient code is its own', () => {
    const xml = invoiceXml({
      tipoDocumento: 'TD17',
      supplierVat: 'FR12345678901',
      supplierName: 'Fournisseur SARL',
      customerVat: `IT${SUPPLIER_VAT}`,
      codiceDestinatario: 'ABC1234',
    });
    expect(sightingOf(readInvoice(xml), 'sent')).toMatchObject({
      name: 'Fournisseur SARL',
      vat: { country: 'FR', code: '12345678901' },
      delivery: { channel: 'none' },
      role: 'supplier',
    });
  });

  it('is nobody when the company is on both sides (TD27 self-consumption)', () => {
    const vat = italianVat(9);
    const xml = invoiceXml({ tipoDocumento: 'TD27', supplierVat: vat, customerVat: vat });
    expect(sightingOf(readInvoice(xml), 'sent')).toBeNull();
  });
});

describe('the counterparty of a received invoice', () => {
  it('is the supplier, with the IBAN to pay it and no channel (the code in the file is ours)', () => {
    const supplierVat = italianVat(7);
    const xml = invoiceXml({
      supplierVat,
      supplierName: { Nome: 'Anna', Cognome: 'Bianchi' },
      supplierAddress: {
        Indirizzo: 'Via Po',
        NumeroCivico: '12',
        CAP: '10100',
        Comune: 'Torino',
        Provincia: 'TO',
        Nazione: 'IT',
      },
      codiceDestinatario: 'KRRH6B9',
      date: '2025-02-03',
      payment: { ModalitaPagamento: 'MP05', GiorniTerminiPagamento: '60', IBAN },
    });
    expect(sightingOf(readInvoice(xml), 'received')).toEqual({
      name: '',
      firstName: 'Anna',
      lastName: 'Bianchi',
      vat: { country: 'IT', code: supplierVat.slice(2) },
      fiscalCode: '',
      address: {
        street: 'Via Po',
        number: '12',
        postcode: '10100',
        town: 'Torino',
        province: 'TO',
        country: 'IT',
      },
      delivery: { channel: 'none', code: '', pec: '' },
      payment: { method: 'MP05', days: '60', iban: IBAN },
      nature: '',
      legalReference: '',
      notes: '',
      role: 'supplier',
      date: '2025-02-03',
    });
  });
});

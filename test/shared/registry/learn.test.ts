import { describe, expect, it } from 'vitest';
import { composeInvoiceXml } from '../../../src/shared/fatturapa/compose/index.ts';
import { readInvoice } from '../../../src/shared/fatturapa/reading/index.ts';
import {
  contactKey,
  emptyContactFields,
  registryOf,
  sightingOf,
  type ContactFields,
  type ContactSighting,
  type SavedContact,
} from '../../../src/shared/registry/index.ts';
import { baseDraft, CUSTOMER_VAT, IBAN } from '../compose/fixtures.ts';
import { invoiceXml, italianVat } from '../../support/invoices.ts';

const ACME_VAT = italianVat(42);

function sighting(
  partial: Partial<ContactSighting> & Pick<ContactSighting, 'role' | 'date'>,
): ContactSighting {
  return {
    ...emptyContactFields(),
    name: 'Acme Srl',
    vat: { country: 'IT', code: ACME_VAT.slice(2) },
    ...partial,
  };
}

function saved(partial: Partial<SavedContact> & Pick<SavedContact, 'key'>): SavedContact {
  return { ...emptyContactFields(), roles: [], saved: '2026-01-01T00:00:00.000Z', ...partial };
}

const MILAN = {
  street: 'Via Milano',
  number: '2',
  postcode: '20100',
  town: 'Milano',
  province: 'MI',
  country: 'IT',
};

describe('learning contacts from invoices', () => {
  it('meets a customer we invoiced and the same company invoicing us in one contact, by VAT number', () => {
    const sent = baseDraft();
    sent.customer.name = 'Cliente Srl';
    const received = invoiceXml({
      supplierVat: `IT${CUSTOMER_VAT}`,
      supplierName: 'CLIENTE S.R.L.',
      customerVat: italianVat(3),
      date: '2026-01-20',
      payment: { ModalitaPagamento: 'MP05', IBAN },
    });
    const sightings = [
      sightingOf(readInvoice(composeInvoiceXml(sent)), 'sent')!,
      sightingOf(readInvoice(received), 'received')!,
    ];
    const [contact, ...others] = registryOf(sightings, []);
    expect(others).toEqual([]);
    expect(contact).toMatchObject({
      key: `IT${CUSTOMER_VAT}`,
      // The sent invoice of 2026-03-10 is the latest: its name wins.
      name: 'Cliente Srl',
      roles: ['customer', 'supplier'],
      origin: 'learned',
      seen: { customer: 1, supplier: 1, last: '2026-03-10' },
      // The sent invoice's channel; the IBAN from the supplier's invoice, as the sent one has ours, not theirs.
      delivery: { channel: 'code', code: 'ABC1234' },
      payment: { method: 'MP05', iban: IBAN },
    });
  });

  it("takes the latest invoice's details and fills what it leaves blank from older ones", () => {
    const contacts = registryOf(
      [
        sighting({
          role: 'customer',
          date: '2025-01-10',
          address: MILAN,
          delivery: { channel: 'code', code: 'OLD0000', pec: '' },
          payment: { method: 'MP05', days: '30', iban: '' },
        }),
        sighting({
          role: 'customer',
          date: '2025-06-10',
          name: 'Acme S.p.A.',
          delivery: { channel: 'pec', code: '', pec: 'acme@pec.it' },
        }),
        // Latest of all, but received: its channel ('none': the code was ours) takes nothing away.
        sighting({ role: 'supplier', date: '2025-09-01', payment: { method: 'MP12', days: '', iban: IBAN } }),
        // Older than the rest, and given last: the dates decide, not the order.
        sighting({ role: 'customer', date: '2024-12-01', name: 'Acme vecchia Srl', nature: 'N3.1' }),
      ],
      [],
    );
    expect(contacts).toHaveLength(1);
    expect(contacts[0]).toMatchObject({
      name: 'Acme Srl',
      address: MILAN,
      delivery: { channel: 'pec', code: '', pec: 'acme@pec.it' },
      payment: { method: 'MP12', days: '', iban: IBAN },
      nature: 'N3.1',
      seen: { customer: 3, supplier: 1, last: '2025-09-01' },
    });
  });

  it('lets the later of two invoices of the same day win', () => {
    const contacts = registryOf(
      [
        sighting({ role: 'customer', date: '2025-03-03', name: 'Prima Srl' }),
        sighting({ role: 'customer', date: '2025-03-03', name: 'Seconda Srl' }),
      ],
      [],
    );
    expect(contacts.map((c) => c.name)).toEqual(['Seconda Srl']);
  });

  it("keeps the user's save over everything the invoices teach, with the invoices still counted", () => {
    const key = `IT${ACME_VAT.slice(2)}`;
    const user: SavedContact = saved({
      key,
      name: 'Acme (sede di Roma)',
      vat: { country: 'IT', code: ACME_VAT.slice(2) },
      roles: ['supplier'],
      notes: 'Chiamare prima',
    });
    const [contact] = registryOf(
      [
        sighting({
          role: 'customer',
          date: '2025-05-05',
          address: MILAN,
          payment: { method: 'MP05', days: '30', iban: '' },
        }),
      ],
      [user],
    );
    expect(contact).toEqual({
      ...emptyContactFields(),
      name: 'Acme (sede di Roma)',
      vat: { country: 'IT', code: ACME_VAT.slice(2) },
      notes: 'Chiamare prima',
      key,
      roles: ['customer', 'supplier'],
      origin: 'saved',
      seen: { customer: 1, supplier: 0, last: '2025-05-05' },
    });
  });

  it('lists a contact typed by hand, which no invoice names yet', () => {
    const fields: ContactFields = { ...emptyContactFields(), firstName: 'Mario', lastName: 'Rossi' };
    const contacts = registryOf([], [saved({ ...fields, key: contactKey(fields) })]);
    expect(contacts).toEqual([
      {
        ...fields,
        key: 'NAME:mario rossi',
        roles: [],
        origin: 'saved',
        seen: { customer: 0, supplier: 0, last: '' },
      },
    ]);
  });

  it('keeps a contact whose VAT number the user corrected under the key it was learned by, with its new invoices', () => {
    const wrong = { country: 'IT', code: italianVat(50).slice(2) };
    const right = { country: 'IT', code: italianVat(51).slice(2) };
    const contacts = registryOf(
      [
        sighting({ role: 'customer', date: '2025-01-01', vat: wrong }),
        sighting({ role: 'customer', date: '2025-04-01', vat: right }),
      ],
      [saved({ key: `IT${wrong.code}`, name: 'Acme Srl', vat: right, roles: ['customer'] })],
    );
    expect(contacts).toHaveLength(1);
    expect(contacts[0]).toMatchObject({
      key: `IT${wrong.code}`,
      vat: right,
      origin: 'saved',
      seen: { customer: 2, supplier: 0, last: '2025-04-01' },
    });
  });

  it('sorts by name the Italian way (case and accents aside), then by key', () => {
    const named = (name: string, code: number) =>
      sighting({
        role: 'customer',
        date: '2025-01-01',
        name,
        vat: { country: 'IT', code: italianVat(code).slice(2) },
      });
    const contacts = registryOf(
      [
        named('zeta Srl', 1),
        named('Èlite Srl', 2),
        named('alfa Srl', 3),
        named('Elite Srl', 4),
        named('Beta Srl', 5),
      ],
      [saved({ key: 'NAME:delta', name: 'Delta' })],
    );
    expect(contacts.map((c) => c.name)).toEqual([
      'alfa Srl',
      'Beta Srl',
      'Delta',
      'Èlite Srl',
      'Elite Srl',
      'zeta Srl',
    ]);
    // The two Elite compare equal by name: the key decides.
    expect(contacts[3]!.key < contacts[4]!.key).toBe(true);
  });
});

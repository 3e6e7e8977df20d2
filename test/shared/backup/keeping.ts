/** What one profile keeps on a machine, one record of each kind, for the backup's tests. */
import type { ProfileKeeping } from '../../../src/shared/backup/index.ts';
import type { DraftCustomer } from '../../../src/shared/fatturapa/compose/index.ts';
import { proposedSchedule, templateOf } from '../../../src/shared/recurring/index.ts';
import {
  emptyCatalogueItem,
  emptyContactFields,
  itemKey,
  type CatalogueItem,
  type SavedContact,
} from '../../../src/shared/registry/index.ts';
import { CUSTOMER_VAT, IBAN, baseDraft } from '../compose/fixtures.ts';

export function contact(name: string, vat: string, extra: Partial<SavedContact> = {}): SavedContact {
  return {
    ...emptyContactFields(),
    name,
    vat: { country: 'IT', code: vat },
    payment: { method: 'MP05', days: '30', iban: IBAN },
    key: `IT${vat}`,
    roles: ['customer'],
    saved: '2026-11-20T09:00:00.000Z',
    ...extra,
  };
}

export function item(partial: Partial<CatalogueItem>): CatalogueItem {
  const fields = { ...emptyCatalogueItem(), ...partial };
  return { ...fields, key: itemKey(fields) };
}

export function customer(name: string, vat: string): DraftCustomer {
  return { ...baseDraft().customer, name, vat: { country: 'IT', code: vat } };
}

export function keeping(): ProfileKeeping {
  const draft = baseDraft();
  // As the composer stores it (StoredDraft): the backup knows its id and date, and carries the rest.
  const stored = { id: 'draft-1', updated: '2026-11-22T11:00:00.000Z', companyId: 3, draft };
  return {
    books: {
      contacts: [contact('Libreria Dante Snc', CUSTOMER_VAT)],
      catalogue: [item({ code: 'CONS-H', description: 'Consulenza oraria', unitPrice: '85.00' })],
      payments: [
        {
          id: 'pay-1',
          recorded: '2026-11-21T10:00:00.000Z',
          instalment: 'sent:42:0',
          date: '2026-11-21',
          amount: '122000',
        },
      ],
      recurring: [
        templateOf(draft, {
          id: 'tpl-1',
          name: 'Canone mensile',
          companyId: 3,
          schedule: proposedSchedule('2026-03-10'),
          source: { kind: 'draft' },
          created: '2026-03-10T08:00:00.000Z',
        }),
      ],
    },
    compose: {
      drafts: [stored],
      customers: [customer('Libreria Dante Snc', CUSTOMER_VAT)],
      suppliers: { '3': draft.supplier },
      series: { '3': { TD01: 'FT/2026/0001', TD04: 'NC/2026/0001' } },
      resends: { '57': 41 },
    },
  };
}

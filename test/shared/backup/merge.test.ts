/**
 * A backup merged into what a machine keeps: per part and by each record's identity, the backup's record replaces
 * the kept one, the others are added, nothing is removed; the counts are the import's report.
 */
import { describe, expect, it } from 'vitest';
import {
  BACKUP_PARTS,
  backupOf,
  emptyKeeping,
  mergeBackup,
  mergeList,
  type BackupPart,
  type MergeCount,
  type ProfileKeeping,
} from '../../../src/shared/backup/index.ts';
import { CUSTOMER_VAT } from '../compose/fixtures.ts';
import { contact, customer, item, keeping } from './keeping.ts';

const profile = { name: 'Studio Rossi', kind: 'local' as const };
const backupOfKeeping = (k: ProfileKeeping) => backupOf(k, profile, new Date('2026-11-28T08:00:00Z'));
const none: MergeCount = { added: 0, replaced: 0, unchanged: 0 };

describe('merging one list', () => {
  it('replaces in place, adds after, keeps the rest, and counts each', () => {
    const { merged, count } = mergeList(
      [
        { id: 'a', v: 1 },
        { id: 'b', v: 1 },
        { id: 'c', v: 1 },
      ],
      [
        { id: 'b', v: 2 },
        { id: 'c', v: 1 },
        { id: 'd', v: 1 },
      ],
      (r) => r.id,
    );
    expect(merged).toEqual([
      { id: 'a', v: 1 },
      { id: 'b', v: 2 },
      { id: 'c', v: 1 },
      { id: 'd', v: 1 },
    ]);
    expect(count).toEqual({ added: 1, replaced: 1, unchanged: 1 });
  });

  it('counts a record with the same content in another key order as unchanged', () => {
    const { count } = mergeList(
      [{ id: 'a', x: 1, y: { p: 1, q: 2 } }],
      [{ y: { q: 2, p: 1 }, x: 1, id: 'a' }],
      (r) => r.id,
    );
    expect(count).toEqual({ added: 0, replaced: 0, unchanged: 1 });
  });

  it('takes the later of two backup records with one identity, counted once', () => {
    const { merged, count } = mergeList(
      [],
      [
        { id: 'a', v: 1 },
        { id: 'a', v: 2 },
      ],
      (r) => r.id,
    );
    expect(merged).toEqual([{ id: 'a', v: 2 }]);
    expect(count).toEqual({ added: 1, replaced: 0, unchanged: 0 });
  });
});

describe('merging a backup into what a machine keeps', () => {
  it('on a new machine adds everything, and every part is written', () => {
    const { next, report, changed } = mergeBackup(emptyKeeping(), backupOfKeeping(keeping()));
    expect(next).toEqual(keeping());
    for (const part of BACKUP_PARTS)
      expect(report[part], part).toEqual({ added: 1, replaced: 0, unchanged: 0 });
    expect(changed).toEqual(BACKUP_PARTS);
  });

  it('imported twice, finds everything already the same and writes nothing', () => {
    const { next, report, changed } = mergeBackup(keeping(), backupOfKeeping(keeping()));
    expect(next).toEqual(keeping());
    for (const part of BACKUP_PARTS)
      expect(report[part], part).toEqual({ added: 0, replaced: 0, unchanged: 1 });
    expect(changed).toEqual([]);
  });

  it("replaces each kept record by the backup's with the same identity, adds the others, removes nothing", () => {
    const kept = keeping();
    kept.books.contacts.push(contact('Only Here Srl', '11111111111'));
    kept.books.catalogue.push(item({ description: 'Solo qui' }));
    kept.compose.series['9'] = { TD01: 'A/1' };
    kept.compose.resends['70'] = 69;
    kept.compose.customers.push(customer('Only Here Srl', '11111111111'));

    const incoming = keeping();
    incoming.books.contacts[0] = contact('Libreria Dante Snc', CUSTOMER_VAT, { notes: 'Paga a 60 giorni' });
    incoming.books.contacts.push(contact('Ferramenta Blu Srl', '22222222222'));
    // The catalogue's identity is its code: the same code with a new price is the same item, updated.
    incoming.books.catalogue[0] = item({
      code: 'cons-h',
      description: 'Consulenza oraria',
      unitPrice: '90.00',
    });
    incoming.books.payments.push({ ...incoming.books.payments[0]!, id: 'pay-2' });
    incoming.compose.series['3'] = { TD01: 'FT/2027/0001' };
    incoming.compose.suppliers = {};

    const { next, report, changed } = mergeBackup(kept, backupOfKeeping(incoming));
    const expected: Partial<Record<BackupPart, MergeCount>> = {
      contacts: { added: 1, replaced: 1, unchanged: 0 },
      catalogue: { added: 0, replaced: 1, unchanged: 0 },
      payments: { added: 1, replaced: 0, unchanged: 1 },
      recurring: { added: 0, replaced: 0, unchanged: 1 },
      drafts: { added: 0, replaced: 0, unchanged: 1 },
      customers: { added: 0, replaced: 0, unchanged: 1 },
      suppliers: none,
      series: { added: 0, replaced: 1, unchanged: 0 },
      resends: { added: 0, replaced: 0, unchanged: 1 },
    };
    expect(report).toEqual(expected);
    expect(changed).toEqual(['contacts', 'catalogue', 'payments', 'series']);

    expect(next.books.contacts.map((c) => [c.name, c.notes])).toEqual([
      ['Libreria Dante Snc', 'Paga a 60 giorni'],
      ['Only Here Srl', ''],
      ['Ferramenta Blu Srl', ''],
    ]);
    expect(next.books.catalogue.map((i) => [i.key, i.unitPrice])).toEqual([
      ['CODE:CONS-H', '90.00'],
      ['DESC:solo qui', ''],
    ]);
    expect(next.compose.series).toEqual({ '3': { TD01: 'FT/2027/0001' }, '9': { TD01: 'A/1' } });
    expect(next.compose.suppliers).toEqual(kept.compose.suppliers);
    expect(next.compose.resends).toEqual({ '57': 41, '70': 69 });
    expect(next.compose.customers.map((c) => c.name)).toEqual(['Libreria Dante Snc', 'Only Here Srl']);
  });

  it('gives a catalogue item kept without its key the key its code or description makes', () => {
    const incoming = emptyKeeping();
    incoming.books.catalogue = [{ ...item({ description: 'Caffè in grani' }), key: '' }];
    const kept = emptyKeeping();
    kept.books.catalogue = [item({ description: 'caffè  in grani', unitPrice: '1.00' })];
    const { next, report } = mergeBackup(kept, backupOfKeeping(incoming));
    expect(report.catalogue).toEqual({ added: 0, replaced: 1, unchanged: 0 });
    expect(next.books.catalogue.map((i) => i.key)).toEqual(['DESC:caffè in grani']);
  });

  it('keeps the recurring invoices oldest first, as their screen lists them', () => {
    const kept = keeping();
    const incoming = emptyKeeping();
    incoming.books.recurring = [
      { ...kept.books.recurring[0]!, id: 'tpl-0', created: '2026-01-01T00:00:00.000Z' },
    ];
    const { next } = mergeBackup(kept, backupOfKeeping(incoming));
    expect(next.books.recurring.map((t) => t.id)).toEqual(['tpl-0', 'tpl-1']);
  });
});

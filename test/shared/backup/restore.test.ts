/**
 * Export and import over a store of what a profile keeps: a bad file is refused before anything is read or
 * written, so nothing is ever half-applied; a good one writes only the parts it changes.
 */
import { describe, expect, it } from 'vitest';
import {
  emptyKeeping,
  exportBackup,
  importBackup,
  type BackupPart,
  type KeepingStore,
  type ProfileKeeping,
} from '../../../src/shared/backup/index.ts';
import { contact, keeping } from './keeping.ts';

/** A store in memory that records what was asked of it. */
function memoryStore(initial: ProfileKeeping) {
  let kept = structuredClone(initial);
  const calls: string[] = [];
  const store: KeepingStore = {
    async read() {
      calls.push('read');
      return structuredClone(kept);
    },
    async write(next, parts: readonly BackupPart[]) {
      calls.push(`write ${parts.join(',')}`);
      kept = structuredClone(next);
    },
  };
  return { store, calls, kept: () => kept };
}

const PROFILE = { name: 'Studio Rossi', kind: 'local' as const };
const NOW = new Date('2026-11-28T08:00:00Z');

describe('a backup exported on one machine and imported on another', () => {
  it('brings everything back, sealed, into an empty profile', async () => {
    const first = memoryStore(keeping());
    const { fileName, text } = await exportBackup(first.store, PROFILE, NOW, 'segreta');
    expect(fileName).toMatch(/^scambio-backup-studio-rossi-\d{4}-\d{2}-\d{2}\.json$/);

    const second = memoryStore(emptyKeeping());
    const outcome = await importBackup(text, 'segreta', second.store);
    expect(outcome.ok && outcome.from).toEqual({ profile: PROFILE, exported: NOW.toISOString() });
    expect(outcome.ok && outcome.report.contacts).toEqual({ added: 1, replaced: 0, unchanged: 0 });
    expect(second.kept()).toEqual(keeping());
    expect(second.calls).toEqual([
      'read',
      'write contacts,catalogue,payments,recurring,drafts,customers,suppliers,series,resends',
    ]);
  }, 30_000);

  it('writes only the parts that change', async () => {
    const incoming = keeping();
    incoming.books.contacts.push(contact('Ferramenta Blu Srl', '22222222222'));
    const { text } = await exportBackup(memoryStore(incoming).store, PROFILE, NOW);
    const target = memoryStore(keeping());
    const outcome = await importBackup(text, '', target.store);
    expect(outcome.ok && outcome.written).toEqual(['contacts']);
    expect(target.calls).toEqual(['read', 'write contacts']);
  });
});

describe('nothing is half-applied', () => {
  it('when the file is bad in any way, nothing is read or written', async () => {
    const { text: plain } = await exportBackup(memoryStore(keeping()).store, PROFILE, NOW);
    const { text: sealed } = await exportBackup(memoryStore(keeping()).store, PROFILE, NOW, 'segreta');
    const file = JSON.parse(plain) as { books: { recurring: unknown[] } };
    // Every book good but the last one's record: refused whole, the good books before it not written either.
    const lastBad = JSON.stringify({ ...file, books: { ...file.books, recurring: [{ id: 'x' }] } });
    const bad: [string, string, string][] = [
      ['notJson', 'not json', ''],
      ['notBackup', '{"format":"other"}', ''],
      ['newer', JSON.stringify({ ...file, version: 2 }), ''],
      ['damaged', lastBad, ''],
      ['passphraseNeeded', sealed, ''],
      ['wrongPassphrase', sealed, 'sbagliata'],
    ];
    for (const [problem, text, passphrase] of bad) {
      const target = memoryStore(emptyKeeping());
      const outcome = await importBackup(text, passphrase, target.store);
      expect(outcome.ok ? null : outcome.problem, problem).toBe(problem);
      expect(target.calls, problem).toEqual([]);
    }
  }, 60_000);
});

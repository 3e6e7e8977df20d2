/**
 * The backup file (issue 29, "Where it lives"): plain and sealed round trips, every reason a file is refused, and
 * the merge into what a machine already keeps.
 */
import { describe, expect, it } from 'vitest';
import {
  BackupError,
  isSealedBackup,
  mergeRecords,
  readBackup,
  writeBackup,
  type BackupContent,
  type BackupProblem,
} from '../../../src/shared/backup/index.ts';

const content: BackupContent = {
  exported: '2026-11-28T08:00:00.000Z',
  profile: { name: 'Studio Rossi', kind: 'remote' },
  books: {
    contacts: [
      { key: 'VAT:IT01234567897', fields: { name: 'Bianchi Srl', iban: 'IT60X0542811101000000123456' } },
    ],
    catalogue: [{ key: 'CODE:CANONE', unitPrice: '150.00' }],
    payments: [{ id: 'p1', amount: '183.00' }],
    recurring: [{ id: 't1', name: 'Canone' }],
  },
  drafts: [{ id: 'd1', draft: { document: { number: '' } } }],
  compose: { 'supplier.3': '{"name":"Studio Rossi"}', 'series.3': '{"TD01":"FT/2026/0001"}' },
};

async function problemOf(text: string, passphrase = ''): Promise<BackupProblem | null> {
  try {
    await readBackup(text, passphrase);
    return null;
  } catch (error) {
    if (error instanceof BackupError) return error.problem;
    throw error;
  }
}

describe('the backup file', () => {
  it('comes back as it was written, plain', async () => {
    const text = await writeBackup(content);
    expect(isSealedBackup(text)).toBe(false);
    expect(await readBackup(text)).toEqual(content);
  });

  it('sealed with a passphrase: nothing readable in the file, opened only with the passphrase', async () => {
    const text = await writeBackup(content, 'correct horse battery staple');
    expect(isSealedBackup(text)).toBe(true);
    expect(text).not.toContain('Bianchi');
    expect(text).not.toContain('IT60X0542811101000000123456');
    expect(await readBackup(text, 'correct horse battery staple')).toEqual(content);
    expect(await problemOf(text)).toBe('passphraseNeeded');
    expect(await problemOf(text, 'wrong')).toBe('wrongPassphrase');
    // One byte changed in the sealed data: GCM's tag refuses it.
    const file = JSON.parse(text) as { sealed: { data: string } };
    const bytes = Buffer.from(file.sealed.data, 'base64');
    bytes[5] = (bytes[5] ?? 0) ^ 1;
    file.sealed.data = bytes.toString('base64');
    expect(await problemOf(JSON.stringify(file), 'correct horse battery staple')).toBe('wrongPassphrase');
  }, 30_000);

  it('says why a file cannot be imported', async () => {
    expect(await problemOf('not json')).toBe('notJson');
    expect(await problemOf('{"format":"something-else"}')).toBe('notBackup');
    expect(isSealedBackup('{"format":"something-else"}')).toBeNull();
    const plain = JSON.parse(await writeBackup(content)) as Record<string, unknown>;
    expect(await problemOf(JSON.stringify({ ...plain, version: 2 }))).toBe('newer');
    expect(await problemOf(JSON.stringify({ ...plain, books: { contacts: 'x' } }))).toBe('damaged');
    expect(await problemOf(JSON.stringify({ ...plain, drafts: [{ draft: {} }] }))).toBe('damaged');
    expect(await problemOf(JSON.stringify({ ...plain, compose: { a: 1 } }))).toBe('damaged');
  });

  it('merges by identity: the backup replaces what it has, adds the rest, removes nothing', () => {
    const kept = [
      { key: 'A', name: 'old A' },
      { key: 'B', name: 'B' },
    ];
    const { merged, count } = mergeRecords(
      kept,
      [
        { key: 'A', name: 'new A' },
        { key: 'C', name: 'C' },
      ],
      'key',
    );
    expect(merged).toEqual([
      { key: 'B', name: 'B' },
      { key: 'A', name: 'new A' },
      { key: 'C', name: 'C' },
    ]);
    expect(count).toEqual({ added: 1, replaced: 1 });
  });
});

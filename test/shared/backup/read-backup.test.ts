/**
 * The backup file (issue 29, "Where it lives"): written and read back plain and sealed, and every reason a file is
 * refused told apart (not JSON, not a backup, newer, passphrase needed, wrong passphrase, damaged).
 */
import { describe, expect, it } from 'vitest';
import {
  ITERATIONS,
  backupFileName,
  backupOf,
  isSealedBackup,
  readBackup,
  writeBackup,
  type BackupFile,
  type BackupProblem,
} from '../../../src/shared/backup/index.ts';
import { IBAN } from '../compose/fixtures.ts';
import { keeping } from './keeping.ts';

const PASSPHRASE = 'gatto blu sul tetto, 2027';
const EXPORTED = new Date('2026-11-28T08:00:00.000Z');
const backup: BackupFile = backupOf(keeping(), { name: 'Studio Rossi', kind: 'remote' }, EXPORTED);

async function problemOf(text: string, passphrase = ''): Promise<BackupProblem | null> {
  const read = await readBackup(text, passphrase);
  return read.ok ? null : read.problem;
}

/** The sealed file with one of its Base64 fields changed by `change` (on the decoded bytes). */
function altered(text: string, field: 'data' | 'check' | 'iv', change: (bytes: Buffer) => Buffer): string {
  const file = JSON.parse(text) as { encrypted: Record<string, string> };
  file.encrypted[field] = change(Buffer.from(file.encrypted[field]!, 'base64')).toString('base64');
  return JSON.stringify(file);
}

const flipByte = (at: number) => (bytes: Buffer) => {
  const copy = Buffer.from(bytes);
  copy[at] = copy[at]! ^ 1;
  return copy;
};

describe('a plain backup', () => {
  it('reads back as it was written, with its format, version, date and profile', async () => {
    const text = await writeBackup(backup);
    expect(JSON.parse(text)).toMatchObject({
      format: 'scambio-backup',
      version: 1,
      exported: '2026-11-28T08:00:00.000Z',
      profile: { name: 'Studio Rossi', kind: 'remote' },
    });
    expect(isSealedBackup(text)).toBe(false);
    expect(await readBackup(text)).toEqual({ ok: true, backup });
  });

  it('reads with a byte order mark before it (a file re-saved by an editor)', async () => {
    expect((await readBackup(`\uFEFF${await writeBackup(backup)}`)).ok).toBe(true);
  });
});

describe('a backup sealed with a passphrase', () => {
  it('holds nothing readable, uses PBKDF2-SHA256 with at least 310,000 iterations, and opens with it', async () => {
    const text = await writeBackup(backup, PASSPHRASE);
    expect(isSealedBackup(text)).toBe(true);
    expect(text).not.toContain('Libreria');
    expect(text).not.toContain(IBAN);
    const file = JSON.parse(text) as { format: string; version: number; encrypted: Record<string, unknown> };
    expect(file.format).toBe('scambio-backup');
    expect(file.version).toBe(1);
    expect(Object.keys(file.encrypted).sort()).toEqual(['check', 'data', 'iterations', 'iv', 'kdf', 'salt']);
    expect(file.encrypted.kdf).toBe('PBKDF2-SHA256');
    expect(file.encrypted.iterations).toBe(ITERATIONS);
    expect(ITERATIONS).toBeGreaterThanOrEqual(310_000);
    expect(await readBackup(text, PASSPHRASE)).toEqual({ ok: true, backup });
  }, 30_000);

  it('opens with the same passphrase typed with a decomposed accent (another keyboard, another system)', async () => {
    const text = await writeBackup(backup, 'perché');
    expect((await readBackup(text, 'perche\u0301')).ok).toBe(true);
  }, 30_000);

  it('asks for the passphrase, and tells a wrong passphrase from damaged data', async () => {
    const text = await writeBackup(backup, PASSPHRASE);
    expect(await problemOf(text)).toBe('passphraseNeeded');
    expect(await problemOf(text, 'gatto blu sul tetto, 2026')).toBe('wrongPassphrase');
    // One bit changed in the data, or in its nonce: the passphrase is right, the file is not.
    expect(await problemOf(altered(text, 'data', flipByte(5)), PASSPHRASE)).toBe('damaged');
    expect(await problemOf(altered(text, 'iv', flipByte(0)), PASSPHRASE)).toBe('damaged');
    // Cut short, as a download interrupted.
    expect(
      await problemOf(
        altered(text, 'data', (b) => b.subarray(0, b.length / 2)),
        PASSPHRASE,
      ),
    ).toBe('damaged');
    expect(await problemOf(text.slice(0, text.length - 40), PASSPHRASE)).toBe('notJson');
  }, 60_000);

  it('is refused as damaged when its envelope lacks a field or asks for an absurd effort', async () => {
    const file = JSON.parse(await writeBackup(backup, PASSPHRASE)) as { encrypted: Record<string, unknown> };
    const without = { ...file, encrypted: { ...file.encrypted, check: undefined } };
    expect(await problemOf(JSON.stringify(without), PASSPHRASE)).toBe('damaged');
    const slow = { ...file, encrypted: { ...file.encrypted, iterations: 1e12 } };
    expect(await problemOf(JSON.stringify(slow), PASSPHRASE)).toBe('damaged');
  }, 30_000);

  it('refuses a newer version before asking for a passphrase', async () => {
    const file = JSON.parse(await writeBackup(backup, PASSPHRASE)) as Record<string, unknown>;
    expect(await problemOf(JSON.stringify({ ...file, version: 2 }))).toBe('newer');
  }, 30_000);
});

describe('a file that is not an importable backup', () => {
  it('says which: not JSON, not a backup, a newer version, damaged', async () => {
    expect(await problemOf('name;vat_number\nRossi;01234567897')).toBe('notJson');
    expect(await problemOf('[1, 2]')).toBe('notBackup');
    expect(await problemOf('{"format":"scambio-contacts","version":1}')).toBe('notBackup');
    const plain = JSON.parse(await writeBackup(backup)) as Record<string, unknown>;
    expect(await problemOf(JSON.stringify({ ...plain, version: 2 }))).toBe('newer');
    expect(await problemOf(JSON.stringify({ ...plain, version: '1' }))).toBe('damaged');
  });

  it('is damaged when any record lacks what the screens read, and says where', async () => {
    const plain = JSON.parse(await writeBackup(backup)) as BackupFile;
    const cases: [string, unknown][] = [
      ['books', { ...plain, books: [] }],
      ['books.contacts', { ...plain, books: { ...plain.books, contacts: 'x' } }],
      ['books.contacts[0]', { ...plain, books: { ...plain.books, contacts: [{ key: 'IT1' }] } }],
      [
        'books.catalogue[0]',
        {
          ...plain,
          books: { ...plain.books, catalogue: [{ ...plain.books.catalogue[0], withholding: 'no' }] },
        },
      ],
      // An amount is cents as text, never a float.
      [
        'books.payments[0]',
        { ...plain, books: { ...plain.books, payments: [{ ...plain.books.payments[0], amount: 1220.0 }] } },
      ],
      ['books.recurring[0]', { ...plain, books: { ...plain.books, recurring: [{ id: 'tpl-1' }] } }],
      ['compose.drafts[0]', { ...plain, compose: { ...plain.compose, drafts: [{ draft: {} }] } }],
      ['compose.series.three', { ...plain, compose: { ...plain.compose, series: { three: {} } } }],
      ['compose.resends.57', { ...plain, compose: { ...plain.compose, resends: { '57': '41' } } }],
      ['profile', { ...plain, profile: { name: 'Studio Rossi', kind: 'other' } }],
      ['exported', { ...plain, exported: 'yesterday' }],
    ];
    for (const [detail, file] of cases)
      expect(await readBackup(JSON.stringify(file)), detail).toEqual({
        ok: false,
        problem: 'damaged',
        detail,
      });
  });

  it('leaves out a book this version does not know, and reads a file without composer values', async () => {
    const plain = JSON.parse(await writeBackup(backup)) as BackupFile;
    const read = await readBackup(
      JSON.stringify({ ...plain, books: { ...plain.books, later: [{ id: 'x' }] }, compose: undefined }),
    );
    expect(read.ok && Object.keys(read.backup.books)).toEqual([
      'contacts',
      'catalogue',
      'payments',
      'recurring',
    ]);
    expect(read.ok && read.backup.compose.drafts).toEqual([]);
  });
});

describe("the backup's file name", () => {
  it('names the profile as any file system takes it, and the local day', () => {
    expect(backupFileName('Studio Rossi & Figli — Forlì', new Date(2026, 10, 28, 0, 30))).toBe(
      'scambio-backup-studio-rossi-figli-forli-2026-11-28.json',
    );
    expect(backupFileName('  ', new Date(2027, 0, 5))).toBe('scambio-backup-profile-2027-01-05.json');
  });
});

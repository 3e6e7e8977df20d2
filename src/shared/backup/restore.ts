/**
 * Export and import as steps over a store of what the profile keeps (the renderer's: the invoice index and the
 * composer's localStorage), so their order is one thing to read and to test: an import reads and checks the whole
 * file, then reads what is kept and merges, and only then writes, and only the parts that change.
 */
import type { BackupPart, BackupProfile, ProfileKeeping } from './backup-file.ts';
import { mergeBackup, type MergeCount } from './merge.ts';
import { readBackup, type BackupProblem } from './read-backup.ts';
import type { RandomBytes } from './seal.ts';
import { backupFileName, backupOf, writeBackup } from './write-backup.ts';

export interface KeepingStore {
  read(): Promise<ProfileKeeping>;
  /** Keeps the parts named, as merged in `next`; the others are not touched. */
  write(next: ProfileKeeping, parts: readonly BackupPart[]): Promise<void>;
}

export type ImportOutcome =
  | {
      ok: true;
      /** The backup's own profile and date, to say where the records came from. */
      from: { profile: BackupProfile; exported: string };
      report: Record<BackupPart, MergeCount>;
      written: BackupPart[];
    }
  | { ok: false; problem: BackupProblem; detail?: string };

export async function importBackup(
  text: string,
  passphrase: string,
  store: KeepingStore,
): Promise<ImportOutcome> {
  const read = await readBackup(text, passphrase);
  if (!read.ok) return read;
  const { next, report, changed } = mergeBackup(await store.read(), read.backup);
  if (changed.length > 0) await store.write(next, changed);
  return {
    ok: true,
    from: { profile: read.backup.profile, exported: read.backup.exported },
    report,
    written: changed,
  };
}

export async function exportBackup(
  store: KeepingStore,
  profile: BackupProfile,
  now: Date,
  passphrase = '',
  random?: RandomBytes,
): Promise<{ fileName: string; text: string }> {
  const backup = backupOf(await store.read(), profile, now);
  return { fileName: backupFileName(profile.name, now), text: await writeBackup(backup, passphrase, random) };
}

/** A profile's keeping written as a backup file: its text (plain, or sealed with a passphrase) and its name. */
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type BackupFile,
  type BackupProfile,
  type ProfileKeeping,
  type SealedBackupFile,
} from './backup-file.ts';
import { seal, type RandomBytes } from './seal.ts';

export function backupOf(keeping: ProfileKeeping, profile: BackupProfile, exported: Date): BackupFile {
  return {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    exported: exported.toISOString(),
    profile,
    books: keeping.books,
    compose: keeping.compose,
  };
}

/** The file's text; sealed when a passphrase is given ('' : plain, readable by anyone holding the file). */
export async function writeBackup(
  backup: BackupFile,
  passphrase = '',
  random?: RandomBytes,
): Promise<string> {
  const text = JSON.stringify(backup, null, 2);
  if (passphrase === '') return text;
  const sealed: SealedBackupFile = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    encrypted: await seal(text, passphrase, random),
  };
  return JSON.stringify(sealed, null, 2);
}

/**
 * `scambio-backup-<profile>-<YYYY-MM-DD>.json`: the profile's name as a file system takes it anywhere (lower case,
 * accents dropped, one dash between words), and the day as the user's clock shows it, not UTC's (a backup taken
 * at 00:30 in Rome is that day's).
 */
export function backupFileName(profileName: string, now: Date): string {
  const slug =
    profileName
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'profile';
  const day = [now.getFullYear(), now.getMonth() + 1, now.getDate()]
    .map((n, i) => String(n).padStart(i === 0 ? 4 : 2, '0'))
    .join('-');
  return `scambio-backup-${slug}-${day}.json`;
}

/**
 * A backup file's text read back, or why it cannot be imported: each reason a code the UI words (errors are
 * values). Everything is read and checked here, before the caller writes anything.
 */
import { BACKUP_FORMAT, BACKUP_VERSION, type BackupFile } from './backup-file.ts';
import { checkBackup } from './check-backup.ts';
import { isEncrypted, open } from './seal.ts';

export type BackupProblem =
  /** Not JSON at all (another kind of file picked). */
  | 'notJson'
  /** JSON, but not `format: "scambio-backup"`. */
  | 'notBackup'
  /** Written by a newer app, whose file this one cannot be sure to read right. */
  | 'newer'
  /** Sealed, and no passphrase given yet: the UI asks for it. */
  | 'passphraseNeeded'
  | 'wrongPassphrase'
  /** A Scambio backup whose content does not read: changed, cut short, or edited by hand. */
  | 'damaged';

export type BackupRead =
  { ok: true; backup: BackupFile } | { ok: false; problem: BackupProblem; detail?: string };

function parsed(text: string): unknown {
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return undefined;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Format and version first: a newer file is refused as such, whatever else it holds. */
function versionProblem(file: unknown): BackupRead | null {
  if (!isObject(file) || file.format !== BACKUP_FORMAT) return { ok: false, problem: 'notBackup' };
  if (!Number.isInteger(file.version) || (file.version as number) < 1)
    return { ok: false, problem: 'damaged', detail: 'version' };
  if ((file.version as number) > BACKUP_VERSION) return { ok: false, problem: 'newer' };
  return null;
}

/** Reads a backup; `passphrase` opens a sealed one ('' when none was typed). */
export async function readBackup(text: string, passphrase = ''): Promise<BackupRead> {
  const file = parsed(text);
  if (file === undefined) return { ok: false, problem: 'notJson' };
  const refused = versionProblem(file);
  if (refused) return refused;
  const outer = file as Record<string, unknown>;
  if (!('encrypted' in outer)) return plain(outer);

  if (!isEncrypted(outer.encrypted)) return { ok: false, problem: 'damaged', detail: 'encrypted' };
  if (passphrase === '') return { ok: false, problem: 'passphraseNeeded' };
  const opened = await open(outer.encrypted, passphrase);
  if (!opened.ok) return { ok: false, problem: opened.problem };
  // What was sealed is the plain file: the same reading, but text that opened and does not read is damage.
  const inner = parsed(opened.text);
  const innerRefused = inner === undefined ? { ok: false as const, problem: 'damaged' as const } : null;
  return innerRefused ?? versionProblem(inner) ?? plain(inner as Record<string, unknown>);
}

function plain(file: Record<string, unknown>): BackupRead {
  const checked = checkBackup(file);
  return checked.ok ? checked : { ok: false, problem: 'damaged', detail: checked.detail };
}

/** Whether the text is a sealed backup, so the passphrase is asked before reading it (no PBKDF2 run here). */
export function isSealedBackup(text: string): boolean {
  const file = parsed(text);
  return isObject(file) && file.format === BACKUP_FORMAT && 'encrypted' in file;
}

/**
 * The backup file of what one profile keeps on this machine and the service does not: the registry, the catalogue,
 * the payments recorded, the recurring invoices (the books sealed in the invoice index) and the composer's own
 * (drafts, the supplier's details and numbering series per company). A new machine imports it and has them back.
 *
 * The file is JSON, versioned. With a passphrase its content is sealed (seal.ts): it then carries IBANs and
 * customers' details that only the passphrase opens. Reading checks all of it before anything is written.
 */
import { openSealed, sealWithPassphrase, type SealedContent } from './seal.ts';

export const BACKUP_FORMAT = 'scambio-backup';
export const BACKUP_VERSION = 1;

/** The books a backup carries, each a list of records with its own identity (merge.ts). */
export const BACKED_UP_BOOKS = ['contacts', 'catalogue', 'payments', 'recurring'] as const;
export type BackedUpBook = (typeof BACKED_UP_BOOKS)[number];

export interface BackupContent {
  exported: string;
  profile: { name: string; kind: string };
  books: Record<BackedUpBook, unknown[]>;
  /** The composer's drafts, each with its `id`. */
  drafts: unknown[];
  /** The composer's other kept values, by their name under the profile (`supplier.3`, `series.3`, `customers`). */
  compose: Record<string, string>;
}

interface PlainFile extends BackupContent {
  format: typeof BACKUP_FORMAT;
  version: number;
}

interface SealedFile {
  format: typeof BACKUP_FORMAT;
  version: number;
  sealed: SealedContent;
}

/** Why a file cannot be imported; the UI words each. */
export type BackupProblem =
  'notJson' | 'notBackup' | 'newer' | 'passphraseNeeded' | 'wrongPassphrase' | 'damaged';

export class BackupError extends Error {
  constructor(readonly problem: BackupProblem) {
    super(`backup: ${problem}`);
  }
}

/** The file's text: plain, or sealed with `passphrase` when one is given. */
export async function writeBackup(content: BackupContent, passphrase = ''): Promise<string> {
  if (passphrase === '') {
    const file: PlainFile = { format: BACKUP_FORMAT, version: BACKUP_VERSION, ...content };
    return JSON.stringify(file, null, 2);
  }
  const file: SealedFile = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    sealed: await sealWithPassphrase(JSON.stringify(content), passphrase),
  };
  return JSON.stringify(file, null, 2);
}

/** Whether the file's text is sealed, so the passphrase must be asked (null: not a backup at all). */
export function isSealedBackup(text: string): boolean | null {
  try {
    const file = JSON.parse(text) as Partial<SealedFile>;
    return file?.format === BACKUP_FORMAT ? typeof file.sealed === 'object' && file.sealed !== null : null;
  } catch {
    return null;
  }
}

function isRecordList(value: unknown): value is unknown[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'object' && item !== null);
}

/** The content checked whole: every book a list of records, drafts with ids, composer values as text. */
function checked(value: unknown): BackupContent {
  const content = value as Partial<BackupContent> | null;
  if (typeof content !== 'object' || content === null) throw new BackupError('damaged');
  const books = content.books as Partial<Record<BackedUpBook, unknown>> | undefined;
  if (typeof books !== 'object' || books === null) throw new BackupError('damaged');
  const lists = {} as Record<BackedUpBook, unknown[]>;
  for (const book of BACKED_UP_BOOKS) {
    const list = books[book] ?? [];
    if (!isRecordList(list)) throw new BackupError('damaged');
    lists[book] = list;
  }
  const drafts = content.drafts ?? [];
  if (!isRecordList(drafts) || drafts.some((d) => typeof (d as { id?: unknown }).id !== 'string'))
    throw new BackupError('damaged');
  const compose = content.compose ?? {};
  if (typeof compose !== 'object' || Object.values(compose).some((v) => typeof v !== 'string'))
    throw new BackupError('damaged');
  return {
    exported: String(content.exported ?? ''),
    profile: {
      name: String(content.profile?.name ?? ''),
      kind: String(content.profile?.kind ?? ''),
    },
    books: lists,
    drafts,
    compose,
  };
}

/** Reads a backup file; throws a BackupError saying why it cannot be imported. */
export async function readBackup(text: string, passphrase = ''): Promise<BackupContent> {
  let file: Partial<PlainFile & SealedFile>;
  try {
    file = JSON.parse(text) as Partial<PlainFile & SealedFile>;
  } catch {
    throw new BackupError('notJson');
  }
  if (typeof file !== 'object' || file === null || file.format !== BACKUP_FORMAT)
    throw new BackupError('notBackup');
  if (typeof file.version !== 'number' || file.version > BACKUP_VERSION) throw new BackupError('newer');
  if (!file.sealed) return checked(file);
  if (passphrase === '') throw new BackupError('passphraseNeeded');
  const opened = await openSealed(file.sealed, passphrase);
  if (opened === null) throw new BackupError('wrongPassphrase');
  try {
    return checked(JSON.parse(opened));
  } catch (error) {
    throw error instanceof BackupError ? error : new BackupError('damaged');
  }
}

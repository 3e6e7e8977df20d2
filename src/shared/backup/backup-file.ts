/**
 * The backup file of one profile (issue 29, "Where it lives"): what this machine keeps for a profile and the service
 * does not, so a new machine gets it back. The invoices are not in it: they live on the service and are read again.
 *
 * On disk it is JSON, plain (`BackupFile`) or sealed with a passphrase (`SealedBackupFile`, seal.ts), whose content
 * once opened is the plain file's text. `version` moves only when an older app could no longer read the file
 * correctly: an older app refuses a newer version rather than guessing what it means.
 */
import type { PaymentRecord } from '../books/deadlines.ts';
import type { DraftCustomer, DraftSupplier } from '../fatturapa/compose/draft.ts';
import type { RecurringTemplate } from '../recurring/template.ts';
import type { CatalogueItem } from '../registry/catalogue-item.ts';
import type { SavedContact } from '../registry/contact.ts';
import type { Encrypted } from './seal.ts';

export const BACKUP_FORMAT = 'scambio-backup';
export const BACKUP_VERSION = 1;

/**
 * The books sealed in the profile's invoice index, by the name each is kept under there (`index.keepBook`): the
 * saved contacts, the catalogue, the payments recorded and the recurring invoices.
 */
export const BOOK_NAMES = ['contacts', 'catalogue', 'payments', 'recurring'] as const;
export type BookName = (typeof BOOK_NAMES)[number];

/** A payment as the deadlines keep it (`KeptPayment` of src/renderer/books/payments.ts). */
export interface BackupPayment extends PaymentRecord {
  id: string;
  recorded: string;
}

export interface BackupBooks {
  contacts: SavedContact[];
  catalogue: CatalogueItem[];
  payments: BackupPayment[];
  recurring: RecurringTemplate[];
}

/**
 * A composer draft (`StoredDraft` of src/renderer/compose/draft-store.ts): known here by its id and date only, the
 * rest travels as it is (the composer reads it and checks it as any draft).
 */
export interface BackupDraft {
  id: string;
  updated: string;
}

/** What the composer keeps in the profile's localStorage (src/renderer/compose/draft-store.ts). */
export interface BackupCompose {
  drafts: BackupDraft[];
  /** The customers of the invoices sent from this machine, to find them again. */
  customers: DraftCustomer[];
  /** The supplier's registry data, by company id (`GET /company`'s id, as text). */
  suppliers: Record<string, DraftSupplier>;
  /** Each company's numbering series, `document type → first number`, by company id. */
  series: Record<string, Record<string, string>>;
  /** Which sent invoice corrects which discarded one: `sent id → discarded id`. */
  resends: Record<string, number>;
}

export const COMPOSE_PARTS = ['drafts', 'customers', 'suppliers', 'series', 'resends'] as const;
export type ComposePart = (typeof COMPOSE_PARTS)[number];

/** Every part a backup restores, in the order an import reports them. */
export type BackupPart = BookName | ComposePart;
export const BACKUP_PARTS: readonly BackupPart[] = [...BOOK_NAMES, ...COMPOSE_PARTS];

/** Everything a profile keeps on this machine: what a backup carries, and what it is merged into. */
export interface ProfileKeeping {
  books: BackupBooks;
  compose: BackupCompose;
}

export interface BackupProfile {
  name: string;
  kind: 'local' | 'remote';
}

export interface BackupFile extends ProfileKeeping {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  /** When it was written, ISO 8601. */
  exported: string;
  /** The profile it was taken from, to say so on import: it is restored into the active profile, whatever its name. */
  profile: BackupProfile;
}

/** The sealed form: the plain file's text, encrypted under a key derived from the passphrase; binary as Base64. */
export interface SealedBackupFile {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  /** With `check`, a known text sealed under the same key: tells a wrong passphrase from damaged data (seal.ts). */
  encrypted: Encrypted;
}

export function emptyKeeping(): ProfileKeeping {
  return {
    books: { contacts: [], catalogue: [], payments: [], recurring: [] },
    compose: { drafts: [], customers: [], suppliers: {}, series: {}, resends: {} },
  };
}

/** Reading an exported archive of invoices (a folder or a ZIP) into invoices to import, files skipped, duplicates. */
export { readArchiveEntries } from './read-archive.ts';
export { documentKey, documentKeys, hashKey, invoiceKeys, sha256Hex } from './keys.ts';
export { declaredEntryCount } from './zip.ts';
export { DEFAULT_ARCHIVE_LIMITS } from './types.ts';
export type {
  ArchiveCompany,
  ArchiveDuplicate,
  ArchiveEntry,
  ArchiveEnvelope,
  ArchiveInvoice,
  ArchiveLimit,
  ArchiveLimits,
  ArchiveReport,
  ArchiveSkip,
  ArchiveSkipReason,
  ReadArchiveOptions,
  SdiMessageType,
} from './types.ts';

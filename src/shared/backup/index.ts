/** The per-profile backup file: what it carries, sealed or not, and how it merges into what is kept. */
export {
  BACKED_UP_BOOKS,
  BACKUP_FORMAT,
  BACKUP_VERSION,
  BackupError,
  isSealedBackup,
  readBackup,
  writeBackup,
} from './backup-file.ts';
export type { BackedUpBook, BackupContent, BackupProblem } from './backup-file.ts';
export { IDENTITY_OF, mergeRecords } from './merge.ts';
export type { MergeCount } from './merge.ts';

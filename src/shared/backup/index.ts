/** The per-profile backup file: what it carries, sealed or not, how it is read and checked, and how it merges in. */
export {
  BACKUP_FORMAT,
  BACKUP_PARTS,
  BACKUP_VERSION,
  BOOK_NAMES,
  COMPOSE_PARTS,
  emptyKeeping,
} from './backup-file.ts';
export type {
  BackupBooks,
  BackupCompose,
  BackupDraft,
  BackupFile,
  BackupPart,
  BackupPayment,
  BackupProfile,
  BookName,
  ComposePart,
  ProfileKeeping,
  SealedBackupFile,
} from './backup-file.ts';
export { fromBase64, toBase64 } from './base64.ts';
export { checkBackup } from './check-backup.ts';
export { customerIdentity, mergeBackup, mergeList, mergeMap } from './merge.ts';
export type { MergeCount, Merged } from './merge.ts';
export { isSealedBackup, readBackup } from './read-backup.ts';
export type { BackupProblem, BackupRead } from './read-backup.ts';
export { exportBackup, importBackup } from './restore.ts';
export type { ImportOutcome, KeepingStore } from './restore.ts';
export { ITERATIONS } from './seal.ts';
export type { RandomBytes } from './seal.ts';
export { backupFileName, backupOf, writeBackup } from './write-backup.ts';

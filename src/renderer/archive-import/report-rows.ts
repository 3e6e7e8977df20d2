/**
 * The report of a reading (ArchiveReport) as the rows an accountant checks before keeping anything: every file
 * found, in the order of its path, imported, left out or a duplicate; and the words each reason is said in.
 */
import type { TFunction } from 'i18next';
import type {
  ArchiveDuplicate,
  ArchiveInvoice,
  ArchiveReport,
  ArchiveSkip,
  ArchiveSkipReason,
  SdiMessageType,
} from '../../shared/archive/index.ts';
import { DEFAULT_ARCHIVE_LIMITS } from '../../shared/archive/index.ts';

export type ReportRow =
  | { state: 'imported'; path: string; invoice: ArchiveInvoice }
  | { state: 'skipped'; path: string; skip: ArchiveSkip }
  | { state: 'duplicate'; path: string; duplicate: ArchiveDuplicate };

export type ReportState = ReportRow['state'];

const collator = new Intl.Collator('en', { numeric: true });

/** By folder, then by name within it: `2025/2` before `2025/10`, a folder's files before its sub-folders'. */
function byPath(a: string, b: string): number {
  const cut = (path: string) => {
    const slash = path.lastIndexOf('/');
    return [path.slice(0, Math.max(0, slash)), path.slice(slash + 1)] as const;
  };
  const [folderA, nameA] = cut(a);
  const [folderB, nameB] = cut(b);
  return collator.compare(folderA, folderB) || collator.compare(nameA, nameB);
}

/** Every line of the report, by path (see byPath). */
export function reportRows(report: ArchiveReport): ReportRow[] {
  return [
    ...report.imported.map((invoice): ReportRow => ({ state: 'imported', path: invoice.path, invoice })),
    ...report.skipped.map((skip): ReportRow => ({ state: 'skipped', path: skip.path, skip })),
    ...report.duplicates.map((duplicate): ReportRow => ({
      state: 'duplicate',
      path: duplicate.path,
      duplicate,
    })),
  ].sort((a, b) => byPath(a.path, b.path));
}

/** `data-reason` of a row: the skip reason, or how a duplicate matched. */
export function reasonCode(row: ReportRow): string | undefined {
  if (row.state === 'skipped') return row.skip.reason;
  if (row.state === 'duplicate') return row.duplicate.match === 'hash' ? 'same-file' : 'same-document';
  return undefined;
}

const MESSAGE_KEYS: Record<SdiMessageType, string> = {
  RC: 'archiveImport.message.RC',
  NS: 'archiveImport.message.NS',
  MC: 'archiveImport.message.MC',
  NE: 'archiveImport.message.NE',
  MT: 'archiveImport.message.MT',
  EC: 'archiveImport.message.EC',
  SE: 'archiveImport.message.SE',
  DT: 'archiveImport.message.DT',
  AT: 'archiveImport.message.AT',
};

const REASON_KEYS: Record<ArchiveSkipReason, string> = {
  metadata: 'archiveImport.reason.metadata',
  receipt: 'archiveImport.reason.receipt',
  'not-an-invoice': 'archiveImport.reason.notAnInvoice',
  unreadable: 'archiveImport.reason.unreadable',
  'not-own-company': 'archiveImport.reason.notOwnCompany',
  'too-large': 'archiveImport.reason.tooLarge',
  'too-deep': 'archiveImport.reason.tooDeep',
  'system-file': 'archiveImport.reason.systemFile',
};

const MB = 1024 * 1024;

/** Why a file was left out, in the UI language (the skip's `detail` is for developers, never shown). */
export function skipText(t: TFunction, skip: ArchiveSkip): string {
  return t(REASON_KEYS[skip.reason], {
    message: skip.message ? t(MESSAGE_KEYS[skip.message]) : t(MESSAGE_KEYS.RC),
    size: DEFAULT_ARCHIVE_LIMITS.maxFileBytes / MB,
    depth: DEFAULT_ARCHIVE_LIMITS.maxDepth,
  });
}

/** What a duplicate repeats: a file of this import, or an invoice imported before. */
export function duplicateText(t: TFunction, duplicate: ArchiveDuplicate): string {
  const path = duplicate.duplicateOf;
  if (duplicate.match === 'hash')
    return path ? t('archiveImport.sameFile', { path }) : t('archiveImport.knownFile');
  return path ? t('archiveImport.sameDocument', { path }) : t('archiveImport.knownDocument');
}

/** The limits as a person reads them, for the notice of a reading that stopped. */
export function limitWords(): { files: number; size: number } {
  return { files: DEFAULT_ARCHIVE_LIMITS.maxEntries, size: DEFAULT_ARCHIVE_LIMITS.maxTotalBytes / MB };
}

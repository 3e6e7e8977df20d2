/** The shapes of an archive import: what goes in (files, own companies, limits) and the report that comes out. */
import type { InvoiceSummary } from '../fatturapa/summary.ts';

/** One file as found: its path in the folder or archive ('/' separated) and its bytes. */
export interface ArchiveEntry {
  path: string;
  bytes: Uint8Array;
}

/** A company the account invoices for, as the API's Company gives it: VAT number with its country, fiscal code. */
export interface ArchiveCompany {
  /** "IT01234567890". */
  vat: string;
  /** Codice fiscale; '' when unknown (a company's is usually its VAT digits, which match too). */
  fiscalCode: string;
}

/**
 * Bounds on what an import reads, against archives built to exhaust memory (a "zip bomb": a small file that
 * inflates to gigabytes, or that declares millions of entries).
 */
export interface ArchiveLimits {
  /**
   * Levels of archives opened: the entries given are level 0, the files of a ZIP among them level 1, a ZIP inside
   * that ZIP opens at level 2, and so on; a ZIP at level `maxDepth` is not opened. Default 3.
   */
  maxDepth: number;
  /** Files and folders counted across every level (the entries given included). Default 20,000. */
  maxEntries: number;
  /**
   * Bytes read across every level, inflated ZIP entries included (a nested ZIP counts once as a file and again
   * through its contents). Default 512 MiB.
   */
  maxTotalBytes: number;
  /** Bytes of one file that is not an archive (SdI accepts invoices up to 5 MB). Default 16 MiB. */
  maxFileBytes: number;
}

export const DEFAULT_ARCHIVE_LIMITS: Readonly<ArchiveLimits> = {
  maxDepth: 3,
  maxEntries: 20_000,
  maxTotalBytes: 512 * 1024 * 1024,
  maxFileBytes: 16 * 1024 * 1024,
};

export interface ReadArchiveOptions {
  /**
   * Duplicate keys of the invoices already imported (archiveKeys / invoiceKeys of each): a file matching one is
   * reported as a duplicate instead of imported.
   */
  knownKeys?: Iterable<string>;
  limits?: Partial<ArchiveLimits>;
}

/** The SdI message types, by the code in their file names (`<invoice>_RC_001.xml`). */
export type SdiMessageType = 'RC' | 'NS' | 'MC' | 'NE' | 'MT' | 'EC' | 'SE' | 'DT' | 'AT';

export type ArchiveSkipReason =
  /** SdI's metadata file (MT: MetadatiInvioFile, FileMetadati; the tax portal's `_metaDato.xml`). */
  | 'metadata'
  /** An SdI receipt or notification (RC, NS, MC, NE, DT, AT, EC, SE). */
  | 'receipt'
  /** Any other file: a PDF copy, a stylesheet, an XML that is not a FatturaPA. */
  | 'not-an-invoice'
  /** An invoice or archive that cannot be read: a .p7m that is no CMS, XML not well formed, a corrupt ZIP. */
  | 'unreadable'
  /** An invoice neither of whose parties is one of the own companies. */
  | 'not-own-company'
  /** A file larger than maxFileBytes. */
  | 'too-large'
  /** A ZIP nested deeper than maxDepth. */
  | 'too-deep'
  /** Left behind by an operating system or an archiver: __MACOSX, ._ files, .DS_Store, Thumbs.db, desktop.ini. */
  | 'system-file';

export interface ArchiveSkip {
  path: string;
  reason: ArchiveSkipReason;
  /** For metadata and receipts: the message type, from the file name or the root element. */
  message?: SdiMessageType;
  /** Short technical detail in English (the reading's error code, the limit), never shown as such to users. */
  detail?: string;
}

/** How the invoice was stored: plain XML, a CAdES .p7m in DER, or the same .p7m as Base64 text. */
export type ArchiveEnvelope = 'xml' | 'p7m-der' | 'p7m-base64';

export interface ArchiveInvoice {
  path: string;
  /** The last segment of the path. */
  fileName: string;
  envelope: ArchiveEnvelope;
  /** The invoice XML (the signed content of a .p7m). */
  xml: Uint8Array;
  /** The file as found (the signed envelope of a .p7m, to keep). */
  original: Uint8Array;
  /** SHA-256 of `xml`, 64 lower-case hex digits. */
  sha256: string;
  /**
   * 'sent' when an own company is the supplier, or the customer of a document it fills in itself (the
   * integrations and self-invoices TD16–TD20, TD22, TD23, TD28 and the TD29 report); 'received' otherwise.
   */
  direction: 'sent' | 'received';
  /** The own company it belongs to: its index in the list given. */
  company: number;
  summary: InvoiceSummary;
  /** Its duplicate keys: the hash key, then one document key per body (see keys.ts). */
  keys: string[];
}

export interface ArchiveDuplicate {
  path: string;
  sha256: string;
  /** 'hash': the same invoice bytes; 'document': every document has the supplier, number and date of one known. */
  match: 'hash' | 'document';
  /** The key that matched. */
  key: string;
  /** The earlier file of this import it repeats; null when it matches a key already known. */
  duplicateOf: string | null;
}

export type ArchiveLimit = 'entries' | 'bytes';

export interface ArchiveReport {
  imported: ArchiveInvoice[];
  skipped: ArchiveSkip[];
  duplicates: ArchiveDuplicate[];
  /**
   * The limit that stopped the reading, and the file (or archive) it stopped at; null when everything was read.
   * Nothing after it was read, and it is not listed.
   */
  stopped: { limit: ArchiveLimit; path: string } | null;
}

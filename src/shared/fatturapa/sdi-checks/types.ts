import type { InvoiceFormat, InvoiceXml } from '../xml-document.ts';

/** Every SdI error code this module can report, directly or through a {@link SdiCheckContext} hook. */
export const SDI_CHECK_CODES = [
  '00001',
  '00002',
  '00003',
  '00200',
  '00300',
  '00301',
  '00302',
  '00303',
  '00304',
  '00305',
  '00306',
  '00311',
  '00312',
  '00313',
  '00320',
  '00324',
  '00400',
  '00401',
  '00403',
  '00404',
  '00411',
  '00413',
  '00414',
  '00415',
  '00417',
  '00418',
  '00419',
  '00420',
  '00421',
  '00422',
  '00423',
  '00424',
  '00425',
  '00427',
  '00428',
  '00429',
  '00430',
  '00437',
  '00438',
  '00443',
  '00444',
  '00445',
  '00460',
  '00471',
  '00472',
  '00473',
  '00474',
  '00475',
  '00476',
] as const;

export type SdiCheckCode = (typeof SDI_CHECK_CODES)[number];

export type SdiSeverity = 'error' | 'warning';

export interface SdiProblem {
  code: SdiCheckCode;
  /** 'warning' never makes SdI reject the file; the sandbox uses it for lenient identifier checks and hints. */
  severity: SdiSeverity;
  /**
   * XPath-like location relative to the root element, 1-based indexes on repeatable elements, e.g.
   * `FatturaElettronicaBody[1]/DatiBeniServizi/DettaglioLinee[3]/AliquotaIVA`. Empty for file-level problems.
   */
  path: string;
  /** Values substituted into the localized message (`{{name}}` placeholders). */
  params: Record<string, string | number>;
}

export interface SdiFiscalId {
  country: string;
  code: string;
}

export type SdiRecipientCodeStatus = 'active' | 'inactive' | 'unknown';

/** Identifying data of one body, as the duplicate check (00404) needs it. */
export interface SdiInvoiceKey {
  seller: SdiFiscalId | null;
  tipoDocumento: string | null;
  /** 'YYYY-MM-DD' */
  data: string | null;
  numero: string | null;
  /** 1-based position of the body in the file. */
  body: number;
}

/**
 * What the file alone cannot tell. Every member is optional: a missing value or hook skips the checks that
 * need it. Hooks are synchronous so the checks stay a pure function (the server's store is synchronous too).
 */
export interface SdiCheckContext {
  /** Name the file was received with (00001, 00002). */
  fileName?: string;
  /** Size in bytes of the file as received, signed envelope included (00003). */
  fileSize?: number;
  /** Size limit for 00003; defaults to {@link SDI_MAX_FILE_SIZE}. */
  maxFileSize?: number;
  /** When SdI received the file (00403); compared as a calendar date in Italy (Europe/Rome). */
  receivedAt?: Date;
  /** Report check-digit failures of 00300–00306 as warnings (official samples use invalid ids). */
  lenientIds?: boolean;
  /** 00002: the transmitter already sent a file with this name. */
  isFileNameUsed?(fileName: string): boolean;
  /** 00311 / 00312 registry part: status of a CodiceDestinatario (not called for 0000000 and XXXXXXX). */
  recipientCodeStatus?(code: string, format: InvoiceFormat): SdiRecipientCodeStatus | undefined;
  /** 00320 / 00324 registry part: do this VAT number and fiscal code belong to the same subject? */
  fiscalIdsCoherent?(vat: SdiFiscalId, fiscalCode: string): boolean | undefined;
  /** 00404: an invoice with these identifying data was already accepted. */
  isDuplicateInvoice?(key: SdiInvoiceKey): boolean;
}

/** 5 MB as in the SdI specifications, read as 5,000,000 bytes to agree with the parser's DEFAULT_MAX_BYTES. */
export const SDI_MAX_FILE_SIZE = 5_000_000;

export interface CheckInput {
  doc: InvoiceXml;
  context: SdiCheckContext;
}

export interface SdiCheck {
  /** Stable name, used in docs/sdi-checks.md and to run a single check in tests. */
  name: string;
  codes: readonly SdiCheckCode[];
  run(input: CheckInput): SdiProblem[];
}

import {
  InvoiceDocumentError,
  detectPayloadKind,
  readInvoiceXml,
  summarizeInvoice,
  unwrapP7m,
  type InvoiceDocumentErrorCode,
  type InvoiceSummary,
  type InvoiceXml,
  type StructureReport,
} from '../../shared/fatturapa/index.ts';
import type { MessageKey } from '../i18n/messages.ts';
import { invalid, type KeyedProblem } from './service-error.ts';

/** An invoice file as SDI would receive it: the bytes to store, and what they say. */
export interface InvoiceFile {
  /**
   * The file exactly as transmitted, byte for byte: what is stored, hashed in SDI's receipts and returned by
   * `/payload`. Whatever the checks need decoded (`xml`, the text) is derived from it and never stored.
   */
  bytes: Uint8Array;
  /** The invoice XML: the file itself, or the content of the signed envelope. */
  xml: Uint8Array;
  signed: boolean;
  document: InvoiceXml;
  /** The schema check of the XML, made by the same scan that read it (bounded; see MAX_PROBLEMS_PER_FILE). */
  structure: StructureReport;
  summary: InvoiceSummary;
}

export interface InvoiceFileLimits {
  maxBytes: number;
}

/** Each way a file can be unreadable, with the SDI code that SDI would reject it with. */
const PROBLEMS: Record<InvoiceDocumentErrorCode, { code: string; key: MessageKey; hint: MessageKey }> = {
  empty: { code: '00106', key: 'invoice.empty', hint: 'hint.xml' },
  'too-large': { code: '00003', key: 'invoice.tooLarge', hint: 'hint.xml' },
  'dtd-forbidden': { code: '00200', key: 'invoice.dtd', hint: 'hint.xml' },
  'not-well-formed': { code: '00200', key: 'invoice.notWellFormed', hint: 'hint.xml' },
  'too-deep': { code: '00200', key: 'invoice.tooDeep', hint: 'hint.xml' },
  'not-an-invoice': { code: '00200', key: 'invoice.notAnInvoice', hint: 'hint.xml' },
  'unknown-format': { code: '00200', key: 'invoice.unknownFormat', hint: 'hint.xml' },
  'not-cms': { code: '00102', key: 'invoice.notCms', hint: 'hint.p7m' },
  'cms-without-content': { code: '00102', key: 'invoice.cmsWithoutContent', hint: 'hint.p7m' },
};

const MAX_DEPTH = 64;

export function documentProblem(
  error: InvoiceDocumentError,
  limits: InvoiceFileLimits,
  size: number,
): KeyedProblem {
  const mapped = PROBLEMS[error.code];
  return {
    code: mapped.code,
    key: mapped.key,
    hint: mapped.hint,
    params: {
      line: error.line ?? 0,
      column: error.column ?? 0,
      detail: (error.detail ?? '').replace(/[.\s]+$/, ''),
      limit: error.code === 'too-deep' ? MAX_DEPTH : limits.maxBytes,
      size,
    },
    path: null,
  };
}

/** Reads an uploaded XML or signed (P7M) invoice file; any defect is an `invalid` error with its SDI code. */
export function readInvoiceFile(input: Uint8Array, limits: InvoiceFileLimits): InvoiceFile {
  const read = tryReadInvoiceFile(input, limits);
  if (!read.ok) throw invalid([read.problem], 'invoice.invalid');
  return read.file;
}

/** An invoice file without its parsed document: what a worker thread hands back (src/sandbox-server/workers). */
export type ReadInvoiceFile = Omit<InvoiceFile, 'document' | 'structure'>;

export type InvoiceFileReading = { ok: true; file: InvoiceFile } | { ok: false; problem: KeyedProblem };

/** {@link readInvoiceFile} with the defect as data instead of an exception, so it can cross threads. */
export function tryReadInvoiceFile(input: Uint8Array, limits: InvoiceFileLimits): InvoiceFileReading {
  try {
    if (input.length === 0) throw new InvoiceDocumentError('empty');
    if (input.length > limits.maxBytes) throw new InvoiceDocumentError('too-large');
    const kind = detectPayloadKind(input);
    const options = { maxBytes: limits.maxBytes, maxDepth: MAX_DEPTH };
    if (kind === 'xml') {
      const { document, structure } = readInvoiceXml(input, options);
      const summary = summarizeInvoice(document);
      return { ok: true, file: { bytes: input, xml: input, signed: false, document, structure, summary } };
    }
    if (kind === 'unknown')
      throw new InvoiceDocumentError('not-well-formed', { detail: 'not XML and not a signed file' });
    // A Base64 P7M stays Base64 text: SDI hashes the file it received (HashFileOriginale), and the API gives that
    // file back. Only `xml` is decoded; whoever needs the DER (signature checks) decodes it again (p7m.ts).
    const xml = unwrapP7m(input);
    const { document, structure } = readInvoiceXml(xml, options);
    return {
      ok: true,
      file: { bytes: input, xml, signed: true, document, structure, summary: summarizeInvoice(document) },
    };
  } catch (error) {
    if (error instanceof InvoiceDocumentError) {
      return { ok: false, problem: documentProblem(error, limits, input.length) };
    }
    throw error;
  }
}

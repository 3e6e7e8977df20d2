/**
 * Reading last year's archive: the invoices another program or the tax portal exported, as a folder or a ZIP
 * (ZIPs inside it opened too), sorted into the invoices to import — each the XML to store, sent or received, for
 * which own company — the files skipped and why, and the duplicates. Pure: the caller reads the folder or the file
 * and stores what comes back; nothing here touches a disk or the network.
 *
 * For every file, in order: operating-system leftovers are skipped; a ZIP is opened (within ArchiveLimits); SdI's
 * metadata and receipts are recognised by name; a .p7m (DER, or Base64 as the tax portal gives them) is unwrapped
 * (p7m.ts, the signature is not verified); the XML is read as a FatturaPA (a message renamed is recognised by its
 * root); its parties are matched against the own companies; its keys (keys.ts) against those already seen.
 */
import { documentTypeRule } from '../fatturapa/document-type-rules.ts';
import { InvoiceDocumentError } from '../fatturapa/errors.ts';
import { detectPayloadKind, unwrapP7m } from '../fatturapa/p7m.ts';
import { summarizeInvoice } from '../fatturapa/summary.ts';
import type { InvoiceSummary, PartyIdentity } from '../fatturapa/summary.ts';
import { decodeXmlBytes, parseInvoiceXml } from '../fatturapa/xml-document.ts';
import { baseName, isSystemFile, isZip, messageOfName, messageOfRoot } from './file-kinds.ts';
import { documentKeys, hashKey, sha256Hex } from './keys.ts';
import { DEFAULT_ARCHIVE_LIMITS } from './types.ts';
import type {
  ArchiveCompany,
  ArchiveEntry,
  ArchiveEnvelope,
  ArchiveLimit,
  ArchiveLimits,
  ArchiveReport,
  ArchiveSkipReason,
  ReadArchiveOptions,
  SdiMessageType,
} from './types.ts';
import { declaredEntryCount, zipFiles } from './zip.ts';

/** Thrown inside the walk when a limit is reached; caught once at the top. */
class Stop {
  constructor(
    readonly limit: ArchiveLimit,
    readonly path: string,
  ) {}
}

interface Walk {
  companies: readonly ArchiveCompany[];
  limits: ArchiveLimits;
  known: ReadonlySet<string>;
  /** Keys of the files imported so far → their path. */
  seen: Map<string, string>;
  entries: number;
  bytes: number;
  report: ArchiveReport;
}

function skip(
  walk: Walk,
  path: string,
  reason: ArchiveSkipReason,
  extra: { message?: SdiMessageType; detail?: string } = {},
): void {
  walk.report.skipped.push({ path, reason, ...extra });
}

function count(walk: Walk, path: string, entries: number, bytes: number): void {
  walk.entries += entries;
  walk.bytes += bytes;
  if (walk.entries > walk.limits.maxEntries) throw new Stop('entries', path);
  if (walk.bytes > walk.limits.maxTotalBytes) throw new Stop('bytes', path);
}

const normalized = (text: string | null | undefined): string =>
  (text ?? '').replace(/\s+/g, '').toUpperCase();

/** The party is this own company: same VAT number, or a fiscal code equal to its fiscal code or VAT digits. */
function isCompany(party: PartyIdentity, company: ArchiveCompany): boolean {
  const vat = normalized(company.vat);
  if (vat !== '' && normalized(party.vat) === vat) return true;
  const fiscalCode = normalized(party.fiscalCode);
  if (fiscalCode === '') return false;
  return (
    fiscalCode === normalized(company.fiscalCode) || (vat.startsWith('IT') && fiscalCode === vat.slice(2))
  );
}

/**
 * Sent or received, and for which company. An own supplier makes it sent. An own customer makes it received,
 * unless the document is one the customer fills in itself (document-type-rules.ts: TD16–TD20, TD22, TD23, TD28,
 * TD29), which it sent.
 */
function directionOf(
  summary: InvoiceSummary,
  companies: readonly ArchiveCompany[],
): { direction: 'sent' | 'received'; company: number } | null {
  const supplier = companies.findIndex((company) => isCompany(summary.prestatore, company));
  if (supplier >= 0) return { direction: 'sent', company: supplier };
  const customer = companies.findIndex((company) => isCompany(summary.committente, company));
  if (customer < 0) return null;
  const issuedByCustomer = documentTypeRule(summary.documents[0]?.type)?.issuedBy === 'customer';
  return { direction: issuedByCustomer ? 'sent' : 'received', company: customer };
}

/** Named as an invoice file: .xml, or .p7m (SdI accepts no other extension for one). */
const INVOICE_NAME = /\.(xml|p7m)$/i;

/**
 * The XML of a candidate invoice file, and how it was wrapped; a reason to skip it otherwise. What fails to unwrap
 * is unreadable when named as an invoice, else simply not one (a text file can start like DER or look like Base64).
 */
function unwrap(
  path: string,
  bytes: Uint8Array,
): { xml: Uint8Array; envelope: ArchiveEnvelope } | { reason: ArchiveSkipReason; detail?: string } {
  const kind = detectPayloadKind(bytes);
  if (kind === 'xml') return { xml: bytes, envelope: 'xml' };
  const p7mName = /\.p7m$/i.test(path);
  // Base64 text is only taken for a .p7m: any text of letters and digits would pass for it.
  if (kind === 'p7m-der' || (kind === 'p7m-base64' && p7mName)) {
    try {
      return { xml: unwrapP7m(bytes), envelope: kind };
    } catch (error) {
      const detail = error instanceof InvoiceDocumentError ? error.code : 'not-cms';
      return INVOICE_NAME.test(path) ? { reason: 'unreadable', detail } : { reason: 'not-an-invoice' };
    }
  }
  return p7mName ? { reason: 'unreadable', detail: 'not-cms' } : { reason: 'not-an-invoice' };
}

/** The root of an XML that is not an invoice, read to tell SdI's messages from any other XML. */
function messageOfXml(xml: Uint8Array): SdiMessageType | null {
  try {
    return messageOfRoot(decodeXmlBytes(xml));
  } catch {
    return null;
  }
}

async function visitFile(walk: Walk, path: string, bytes: Uint8Array): Promise<void> {
  if (bytes.length > walk.limits.maxFileBytes) {
    skip(walk, path, 'too-large', { detail: `more than ${walk.limits.maxFileBytes} bytes` });
    return;
  }
  const named = messageOfName(path);
  if (named !== null) {
    skip(walk, path, named === 'MT' ? 'metadata' : 'receipt', { message: named });
    return;
  }
  const unwrapped = unwrap(path, bytes);
  if ('reason' in unwrapped) {
    skip(walk, path, unwrapped.reason, unwrapped.detail === undefined ? {} : { detail: unwrapped.detail });
    return;
  }
  const { xml, envelope } = unwrapped;

  let summary: InvoiceSummary;
  try {
    summary = summarizeInvoice(parseInvoiceXml(xml));
  } catch (error) {
    if (!(error instanceof InvoiceDocumentError)) throw error;
    const message = error.code === 'not-an-invoice' ? messageOfXml(xml) : null;
    if (message !== null) skip(walk, path, message === 'MT' ? 'metadata' : 'receipt', { message });
    else if (error.code === 'not-an-invoice' || !INVOICE_NAME.test(path))
      skip(walk, path, 'not-an-invoice', { detail: error.code });
    else skip(walk, path, 'unreadable', { detail: error.code });
    return;
  }

  const owner = directionOf(summary, walk.companies);
  if (owner === null) {
    skip(walk, path, 'not-own-company');
    return;
  }

  const sha256 = await sha256Hex(xml);
  const byHash = hashKey(sha256);
  const documents = documentKeys(summary);
  const known = (key: string) => walk.known.has(key) || walk.seen.has(key);
  const match: { match: 'hash' | 'document'; key: string } | null = known(byHash)
    ? { match: 'hash', key: byHash }
    : documents.length > 0 && documents.every(known)
      ? { match: 'document', key: documents[0]! }
      : null;
  if (match !== null) {
    walk.report.duplicates.push({ path, sha256, ...match, duplicateOf: walk.seen.get(match.key) ?? null });
    return;
  }

  const keys = [byHash, ...documents];
  for (const key of keys) if (!walk.seen.has(key)) walk.seen.set(key, path);
  walk.report.imported.push({
    path,
    fileName: baseName(path),
    envelope,
    xml,
    original: bytes,
    sha256,
    ...owner,
    summary,
    keys,
  });
}

async function visitZip(walk: Walk, path: string, bytes: Uint8Array, depth: number): Promise<void> {
  if (depth >= walk.limits.maxDepth) {
    skip(walk, path, 'too-deep', { detail: `archives nested more than ${walk.limits.maxDepth} deep` });
    return;
  }
  const declared = declaredEntryCount(bytes);
  if (declared === null) {
    skip(walk, path, 'unreadable', { detail: 'not a ZIP archive' });
    return;
  }
  // Counted before JSZip builds its entries, so a huge central directory is never loaded.
  count(walk, path, declared, 0);
  let files;
  try {
    files = await zipFiles(bytes);
  } catch (error) {
    skip(walk, path, 'unreadable', { detail: error instanceof Error ? error.message : 'corrupt ZIP' });
    return;
  }
  for (const file of files) {
    const inner = `${path}/${file.name}`;
    if (isSystemFile(file.name)) {
      skip(walk, inner, 'system-file');
      continue;
    }
    const room = walk.limits.maxTotalBytes - walk.bytes;
    const archive = /\.zip$/i.test(file.name);
    const limit = archive ? room : Math.min(walk.limits.maxFileBytes, room);
    let content: Uint8Array | 'over';
    try {
      content = await file.read(limit);
    } catch (error) {
      skip(walk, inner, 'unreadable', { detail: error instanceof Error ? error.message : 'corrupt entry' });
      continue;
    }
    if (content === 'over') {
      if (limit === room) throw new Stop('bytes', inner);
      skip(walk, inner, 'too-large', { detail: `more than ${walk.limits.maxFileBytes} bytes` });
      continue;
    }
    // The entry itself was counted with its archive's directory; its bytes now.
    count(walk, inner, 0, content.length);
    await visit(walk, inner, content, depth + 1);
  }
}

/** One file at `depth` (0 for the entries given), already counted against the limits. */
async function visit(walk: Walk, path: string, bytes: Uint8Array, depth: number): Promise<void> {
  if (isSystemFile(path)) {
    skip(walk, path, 'system-file');
    return;
  }
  if (isZip(path, bytes)) await visitZip(walk, path, bytes, depth);
  else await visitFile(walk, path, bytes);
}

/**
 * Sorts the files of an exported archive: each given entry is a file of a folder, or a whole ZIP (opened, with the
 * ZIPs inside it, up to limits.maxDepth). `ownCompanies` are the companies the account invoices for; an invoice
 * belongs to the first one that is its supplier or its customer.
 */
export async function readArchiveEntries(
  entries: readonly ArchiveEntry[],
  ownCompanies: readonly ArchiveCompany[],
  options: ReadArchiveOptions = {},
): Promise<ArchiveReport> {
  const walk: Walk = {
    companies: ownCompanies,
    limits: { ...DEFAULT_ARCHIVE_LIMITS, ...options.limits },
    known: new Set(options.knownKeys ?? []),
    seen: new Map(),
    entries: 0,
    bytes: 0,
    report: { imported: [], skipped: [], duplicates: [], stopped: null },
  };
  try {
    for (const entry of entries) {
      count(walk, entry.path, 1, entry.bytes.length);
      await visit(walk, entry.path, entry.bytes, 0);
    }
  } catch (error) {
    if (!(error instanceof Stop)) throw error;
    walk.report.stopped = { limit: error.limit, path: error.path };
  }
  return walk.report;
}

import { InvoiceDocumentError } from './errors.ts';
import { normalizeLineEnds, scanXml } from './model/xml-scanner.ts';
import type { BadNamespaceDeclaration, ScanHandler, ScannedAttribute } from './model/xml-scanner.ts';

export type InvoiceFormat = 'FPR12' | 'FPA12' | 'FSM10' | 'SDI10' | 'SDI11';

export interface InvoiceXml {
  format: InvoiceFormat;
  /**
   * The root element with namespace prefixes removed, every value a trimmed string, attributes as `@_name`,
   * text beside child elements as `#text` (see parseInvoiceXml).
   */
  root: Record<string, unknown>;
  /** Namespace URI of the root element exactly as declared in the file, or null when it has none. */
  namespace: string | null;
}

export interface ParseInvoiceXmlOptions {
  maxBytes?: number;
  maxDepth?: number;
}

export const DEFAULT_MAX_BYTES = 5_000_000;
export const DEFAULT_MAX_DEPTH = 64;

/**
 * Elements that may repeat: forcing them to arrays means callers never have to handle
 * "object when one, array when many", which is the classic source of bugs with multi-body files.
 */
export const ALWAYS_ARRAY_ELEMENTS: ReadonlySet<string> = new Set([
  'FatturaElettronicaBody',
  'DettaglioLinee',
  'DatiRiepilogo',
  'DettaglioPagamento',
  'DatiPagamento',
  'Allegati',
  'DatiOrdineAcquisto',
  'DatiContratto',
  'DatiConvenzione',
  'DatiRicezione',
  'DatiFattureCollegate',
  'DatiDDT',
  'DatiRitenuta',
  'DatiCassaPrevidenziale',
  'ScontoMaggiorazione',
  'AltriDatiGestionali',
  'CodiceArticolo',
  'DatiBeniServizi',
]);

const ORDINARY_ROOT = 'FatturaElettronica';
const SIMPLIFIED_ROOT = 'FatturaElettronicaSemplificata';

/**
 * Reads an invoice with the strict scanner (model/xml-scanner.ts): XML 1.0 and Namespaces in XML are enforced as
 * libxml2 and SdI do, DOCTYPE/ENTITY is refused before anything else, and the tree is built in the same pass.
 *
 * The tree: element names without their namespace prefix, every value a string trimmed of surrounding blanks
 * (the text content of the element: character data, references decoded, and CDATA, in document order), an
 * element with attributes or children is an object (`@_name` for attributes, without prefix and trimmed;
 * `#text` for text beside child elements), a repeated name is an array, and so is every name in
 * ALWAYS_ARRAY_ELEMENTS. Namespace declarations are not attributes of the tree.
 *
 * Errors, first one in document order: 'empty', 'too-large', 'dtd-forbidden', 'not-well-formed' (with line and
 * column), 'too-deep'; then, once the whole file is known to be well-formed, 'not-an-invoice' and
 * 'unknown-format'.
 */
export function parseInvoiceXml(
  input: string | Uint8Array,
  options: ParseInvoiceXmlOptions = {},
): InvoiceXml {
  return buildInvoiceXml(input, options, null);
}

/**
 * parseInvoiceXml with a second handler fed by the same scan (see model/read-invoice-xml.ts, which passes the
 * structure validator). The handler sees every event, including those of a root that is not an invoice.
 * @internal
 */
export function buildInvoiceXml(
  input: string | Uint8Array,
  options: ParseInvoiceXmlOptions,
  also: ScanHandler | null,
): InvoiceXml {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;

  const text = decodeInput(input, maxBytes);
  if (/^\s*$/.test(text)) throw new InvoiceDocumentError('empty');

  // A DTD is never needed by FatturaPA; refusing it up front, wherever it appears (even in a comment),
  // removes entity expansion and external entity resolution as attack surfaces.
  const dtd = /<!(?:DOCTYPE|ENTITY)/i.exec(text);
  if (dtd) {
    throw new InvoiceDocumentError('dtd-forbidden', {
      ...lineColumn(text, dtd.index),
      detail: 'DOCTYPE/ENTITY declarations are not allowed',
    });
  }

  const builder = new TreeBuilder(also);
  scanXml(normalizeLineEnds(text), builder, { maxDepth });

  const localName = builder.rootName;
  if (localName !== ORDINARY_ROOT && localName !== SIMPLIFIED_ROOT) {
    throw new InvoiceDocumentError('not-an-invoice', { detail: `root element is ${truncate(localName)}` });
  }
  const format = formatOf(localName, builder.rootVersione);
  const rootValue = builder.rootValue;
  const root = isRecord(rootValue) ? rootValue : {};
  return { format, root, namespace: builder.rootNamespace };
}

function formatOf(rootName: string, versione: string | undefined): InvoiceFormat {
  if (rootName === SIMPLIFIED_ROOT) {
    if (versione === 'FSM10') return 'FSM10';
  } else if (versione === 'FPA12' || versione === 'FPR12') {
    return versione;
  } else if (versione === '1.1') {
    return 'SDI11';
  } else if (versione === '1.0') {
    return 'SDI10';
  }
  throw new InvoiceDocumentError('unknown-format', {
    detail:
      versione === undefined
        ? `${rootName} has no versione attribute`
        : `versione "${truncate(versione)}" is not valid for ${rootName}`,
  });
}

// ---------------------------------------------------------------------------------------------
// Tree

/**
 * Element names that are properties of Object.prototype get a '#' (which no XML name can start with), so a
 * plain object can hold them as own keys: `__proto__` would otherwise replace the node's prototype, and
 * `toString` or `hasOwnProperty` would shadow the methods code expects on an object.
 */
const RESERVED_NAMES: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

/** One open element; pooled per depth, so a parse allocates as many frames as the document is deep. */
class Frame {
  name = '';
  attributes: readonly ScannedAttribute[] | null = null;
  children: Record<string, unknown> | null = null;
  /** Character data so far; leading blanks are not kept (the value is trimmed anyway). */
  text = '';
}

/**
 * Builds the tree from the scanner's events. Nothing is kept per element beyond its value: an empty element
 * without attributes is the string '' (one array slot when repeated), which keeps a file of a million unknown
 * empty elements to a few MB. A root that is not an invoice is scanned to the end (well-formedness errors come
 * first) without building anything.
 */
class TreeBuilder implements ScanHandler {
  rootName = '';
  rootNamespace: string | null = null;
  rootVersione: string | undefined = undefined;
  rootValue: unknown = undefined;
  private readonly frames: Frame[] = [];
  private depth = 0;
  private building = true;

  constructor(private readonly also: ScanHandler | null) {}

  start(
    local: string,
    namespace: string | null,
    attributes: ScannedAttribute[] | null,
    badNamespaces: BadNamespaceDeclaration[] | null,
  ): void {
    this.also?.start(local, namespace, attributes, badNamespaces);
    if (this.depth === 0) {
      this.rootName = local;
      this.rootNamespace = namespace;
      this.rootVersione = attributes?.find((a) => a.qname === 'versione')?.value.trim();
      this.building = local === ORDINARY_ROOT || local === SIMPLIFIED_ROOT;
    }
    const depth = this.depth++;
    if (!this.building) return;
    let frame = this.frames[depth];
    if (frame === undefined) {
      frame = new Frame();
      this.frames.push(frame);
    }
    frame.name = RESERVED_NAMES.has(local) ? `#${local}` : local;
    frame.attributes = attributes;
    frame.children = null;
    frame.text = '';
  }

  textRange(xml: string, start: number, end: number): void {
    this.also?.textRange(xml, start, end);
    if (this.building) this.append(xml, start, end);
  }

  text(value: string): void {
    this.also?.text(value);
    if (this.building) this.append(value, 0, value.length);
  }

  private append(xml: string, start: number, end: number): void {
    const frame = this.frames[this.depth - 1];
    if (frame === undefined) return;
    if (frame.text !== '') {
      frame.text += xml.slice(start, end);
      return;
    }
    // Blanks before any text (indentation between child elements, mostly) would be trimmed: skip them unread.
    for (let i = start; i < end; i++) {
      const c = xml.charCodeAt(i);
      if (c !== 0x20 && c !== 0x0a && c !== 0x09 && c !== 0x0d) {
        frame.text = xml.slice(i, end);
        return;
      }
    }
  }

  end(): void {
    this.also?.end();
    const depth = --this.depth;
    if (!this.building) return;
    const frame = this.frames[depth];
    if (frame === undefined) return;
    const value = valueOf(frame);
    frame.attributes = null;
    frame.children = null;
    frame.text = '';
    if (depth === 0) {
      this.rootValue = value;
      return;
    }
    const parent = this.frames[depth - 1];
    if (parent === undefined) return;
    const children = (parent.children ??= {});
    const name = frame.name;
    if (!Object.hasOwn(children, name)) {
      children[name] = ALWAYS_ARRAY_ELEMENTS.has(name) ? [value] : value;
      return;
    }
    const existing = children[name];
    if (Array.isArray(existing)) existing.push(value);
    else children[name] = [existing, value];
  }
}

/** The value of a closed element: its trimmed text, or an object when it has children or attributes. */
function valueOf(frame: Frame): unknown {
  const text = frame.text === '' ? '' : frame.text.trim();
  const attributes = frame.attributes;
  if (frame.children === null && attributes === null) return text;
  const node = frame.children ?? {};
  if (text !== '') node['#text'] = text;
  if (attributes !== null) {
    for (const attribute of attributes) node[`@_${attribute.local}`] = attribute.value.trim();
  }
  return node;
}

// ---------------------------------------------------------------------------------------------
// Decoding

const UTF8_LABELS = new Set(['utf-8', 'utf8', 'unicode-1-1-utf-8', 'us-ascii', 'ascii']);

function decodeInput(input: string | Uint8Array, maxBytes: number): string {
  if (typeof input === 'string') {
    if (input.length === 0) throw new InvoiceDocumentError('empty');
    if (utf8Length(input, maxBytes) > maxBytes) throw tooLarge(maxBytes);
    return input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  }
  if (input.length === 0) throw new InvoiceDocumentError('empty');
  if (input.length > maxBytes) throw tooLarge(maxBytes);
  return decodeXmlBytes(input);
}

/** A byte order mark at the start of a file: the encoding it announces and how many bytes it takes. */
function byteOrderMark(
  input: Uint8Array,
): { encoding: 'utf-8' | 'utf-16le' | 'utf-16be'; length: number } | null {
  if (input[0] === 0xef && input[1] === 0xbb && input[2] === 0xbf) return { encoding: 'utf-8', length: 3 };
  if (input[0] === 0xff && input[1] === 0xfe) return { encoding: 'utf-16le', length: 2 };
  if (input[0] === 0xfe && input[1] === 0xff) return { encoding: 'utf-16be', length: 2 };
  return null;
}

/**
 * Text of an XML file as its bytes declare it (XML 1.0 §4.3.3 and Appendix F): a byte order mark decides first
 * (UTF-8, or UTF-16 in either byte order, which every XML processor must read), then an `encoding` declaration
 * such as ISO-8859-1, otherwise UTF-8. Invalid bytes, or a declaration the bytes contradict, throw
 * 'not-well-formed' rather than being replaced. Only reads: the file's bytes are never rewritten.
 */
export function decodeXmlBytes(input: Uint8Array): string {
  const bom = byteOrderMark(input);
  if (bom !== null && bom.encoding !== 'utf-8') return decodeUtf16(input.subarray(bom.length), bom.encoding);
  const bytes = bom === null ? input : input.subarray(bom.length);
  const label =
    bom === null ? declaredEncoding(new TextDecoder('latin1').decode(bytes.subarray(0, 256))) : null;

  let decoder: TextDecoder;
  if (label === null || UTF8_LABELS.has(label)) {
    decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  } else if (label.startsWith('utf-16') || label.startsWith('utf-32') || label.startsWith('ucs')) {
    // The declaration itself was readable as ASCII, so the bytes cannot really be UTF-16/32 (and UTF-16
    // without its byte order mark is an error in XML 1.0 §4.3.3).
    throw new InvoiceDocumentError('not-well-formed', {
      detail: `declared encoding ${label} does not match the bytes`,
    });
  } else {
    try {
      decoder = new TextDecoder(label, { fatal: true, ignoreBOM: true });
    } catch {
      throw new InvoiceDocumentError('not-well-formed', {
        detail: `unsupported encoding ${truncate(label)}`,
      });
    }
  }
  try {
    return decoder.decode(bytes);
  } catch {
    throw new InvoiceDocumentError('not-well-formed', { detail: `bytes are not valid ${decoder.encoding}` });
  }
}

/** A UTF-16 file after its byte order mark; a declaration, if any, must name UTF-16 too. */
function decodeUtf16(bytes: Uint8Array, encoding: 'utf-16le' | 'utf-16be'): string {
  let text: string;
  try {
    text = new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw new InvoiceDocumentError('not-well-formed', { detail: `bytes are not valid ${encoding}` });
  }
  const label = declaredEncoding(text.slice(0, 256));
  if (label !== null && !label.startsWith('utf-16')) {
    throw new InvoiceDocumentError('not-well-formed', {
      detail: `declared encoding ${truncate(label)} does not match the UTF-16 byte order mark`,
    });
  }
  return text;
}

/**
 * The character set of an XML file's bytes, as a `charset` for its Content-Type: `utf-16` after a UTF-16 byte
 * order mark (which tells the byte order), `utf-8` after a UTF-8 one, else the declared encoding, else `utf-8`.
 * For a file that {@link decodeXmlBytes} reads; it names what the bytes are, it does not check them.
 */
export function xmlCharset(input: Uint8Array): string {
  const bom = byteOrderMark(input);
  if (bom !== null) return bom.encoding === 'utf-8' ? 'utf-8' : 'utf-16';
  return declaredEncoding(new TextDecoder('latin1').decode(input.subarray(0, 256))) ?? 'utf-8';
}

/**
 * The `encoding` of an XML declaration at the very start of `head`, lower case, or null. The declaration is
 * ASCII by definition, so a head read as Latin-1 is safe for any single-byte or UTF-8 file.
 */
function declaredEncoding(head: string): string | null {
  const match = /^<\?xml\s[^>]*?\bencoding\s*=\s*(["'])([A-Za-z][A-Za-z0-9._-]*)\1/.exec(head);
  return match?.[2]?.toLowerCase() ?? null;
}

function utf8Length(text: string, stopAbove: number): number {
  let length = 0;
  for (let i = 0; i < text.length && length <= stopAbove; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) length += 1;
    else if (c < 0x800) length += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      length += 4;
      i++;
    } else length += 3;
  }
  return length;
}

function tooLarge(maxBytes: number): InvoiceDocumentError {
  return new InvoiceDocumentError('too-large', { detail: `more than ${maxBytes} bytes` });
}

// ---------------------------------------------------------------------------------------------
// Helpers

function lineColumn(text: string, index: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: index - lineStart + 1 };
}

function truncate(value: string): string {
  return value.length > 40 ? `${value.slice(0, 40)}…` : value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

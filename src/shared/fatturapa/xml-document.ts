import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { EntityDecoderOptions } from 'fast-xml-parser';
import { InvoiceDocumentError } from './errors.ts';

export type InvoiceFormat = 'FPR12' | 'FPA12' | 'FSM10' | 'SDI10' | 'SDI11';

export interface InvoiceXml {
  format: InvoiceFormat;
  /** The root element with namespace prefixes removed, every value a string, attributes as `@_name`. */
  root: Record<string, unknown>;
  /** Namespace URI of the root element as declared in the file, or null when it has none. */
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

export function parseInvoiceXml(
  input: string | Uint8Array,
  options: ParseInvoiceXmlOptions = {},
): InvoiceXml {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;

  const text = decodeInput(input, maxBytes);
  if (/^\s*$/.test(text)) throw new InvoiceDocumentError('empty');

  // A DTD is never needed by FatturaPA; refusing it up front removes entity expansion and
  // external entity resolution as attack surfaces, whatever the parser would do with them.
  const dtd = /<!(?:DOCTYPE|ENTITY)/i.exec(text);
  if (dtd) {
    throw new InvoiceDocumentError('dtd-forbidden', {
      ...lineColumn(text, dtd.index),
      detail: 'DOCTYPE/ENTITY declarations are not allowed',
    });
  }

  const validation = XMLValidator.validate(text);
  if (validation !== true) {
    throw new InvoiceDocumentError('not-well-formed', {
      line: validation.err.line,
      column: validation.err.col,
      detail: validation.err.msg,
    });
  }
  checkCharacters(text);
  const rootTag = scanMarkup(text, maxDepth);

  const { localName, prefix, attributes } = readRootTag(rootTag);
  if (localName !== ORDINARY_ROOT && localName !== SIMPLIFIED_ROOT) {
    throw new InvoiceDocumentError('not-an-invoice', { detail: `root element is ${truncate(localName)}` });
  }
  const format = formatOf(localName, attributes.get('versione'));
  const namespace = attributes.get(prefix === null ? 'xmlns' : `xmlns:${prefix}`) || null;

  let parsed: Record<string, unknown>;
  try {
    parsed = buildParser(maxDepth).parse(text) as Record<string, unknown>;
  } catch (error) {
    throw new InvoiceDocumentError('not-well-formed', {
      detail: error instanceof Error ? error.message : 'parse failed',
    });
  }
  const rootValue = parsed[localName];
  const root = isRecord(rootValue) ? rootValue : {};
  return { format, root, namespace };
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

function buildParser(maxDepth: number): XMLParser {
  return new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    removeNSPrefix: true,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    ignoreDeclaration: true,
    ignorePiTags: true,
    processEntities: true,
    htmlEntities: false,
    // fast-xml-parser only decodes numeric references together with the whole HTML entity set;
    // our own decoder keeps XML semantics (five predefined entities + character references).
    entityDecoder: xmlEntityDecoder,
    isArray: (tagName, _path, _isLeaf, isAttribute) => !isAttribute && ALWAYS_ARRAY_ELEMENTS.has(tagName),
    // scanMarkup already enforced the limit; this only guards against a disagreement between the two.
    maxNestedTags: maxDepth + 2,
  });
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

/**
 * Text of an XML file as its bytes declare it: a UTF-8 BOM is stripped, an `encoding` declaration such as
 * ISO-8859-1 is honoured, otherwise UTF-8. Invalid bytes throw 'not-well-formed' rather than being replaced.
 */
export function decodeXmlBytes(input: Uint8Array): string {
  const hasBom = input[0] === 0xef && input[1] === 0xbb && input[2] === 0xbf;
  const bytes = hasBom ? input.subarray(3) : input;
  const label = hasBom ? null : declaredEncoding(bytes);

  let decoder: TextDecoder;
  if (label === null || UTF8_LABELS.has(label)) {
    decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  } else if (label.startsWith('utf-16') || label.startsWith('utf-32') || label.startsWith('ucs')) {
    // The declaration itself was readable as ASCII, so the bytes cannot really be UTF-16/32.
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

function declaredEncoding(bytes: Uint8Array): string | null {
  // The declaration is ASCII by definition, so reading the head as Latin-1 is safe for any encoding we accept.
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 256));
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
// Structural checks that XMLValidator does not make

function checkCharacters(text: string): void {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x20 && c < 0xd800) continue;
    if (c === 0x09 || c === 0x0a || c === 0x0d) continue;
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
    } else if (c >= 0xe000 && c <= 0xfffd) {
      continue;
    }
    throw new InvoiceDocumentError('not-well-formed', {
      ...lineColumn(text, i),
      detail: `character U+${c.toString(16).toUpperCase().padStart(4, '0')} is not allowed in XML`,
    });
  }
}

/**
 * One linear pass over an already validated document: measures nesting depth, checks that there is a
 * single root and that every `&` starts an XML reference, and returns the root start tag.
 */
function scanMarkup(text: string, maxDepth: number): string {
  let depth = 0;
  let rootTag: string | null = null;
  let i = 0;
  const n = text.length;
  const fail = (at: number, detail: string): never => {
    throw new InvoiceDocumentError('not-well-formed', { ...lineColumn(text, at), detail });
  };
  const skipPast = (from: number, terminator: string, what: string): number => {
    const end = text.indexOf(terminator, from);
    return end === -1 ? fail(from, `unterminated ${what}`) : end + terminator.length;
  };

  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 0x26) {
      i = checkReference(text, i, fail);
      continue;
    }
    if (c !== 0x3c) {
      i++;
      continue;
    }
    const next = text.charCodeAt(i + 1);
    if (next === 0x2f) {
      depth--;
      i = skipPast(i + 2, '>', 'end tag');
    } else if (next === 0x3f) {
      i = skipPast(i + 2, '?>', 'processing instruction');
    } else if (text.startsWith('<!--', i)) {
      i = skipPast(i + 4, '-->', 'comment');
    } else if (text.startsWith('<![CDATA[', i)) {
      i = skipPast(i + 9, ']]>', 'CDATA section');
    } else if (next === 0x21) {
      fail(i, 'unexpected markup declaration');
    } else {
      const end = startTagEnd(text, i, fail);
      const selfClosing = text.charCodeAt(end - 1) === 0x2f;
      if (depth === 0) {
        if (rootTag !== null) fail(i, 'more than one root element');
        rootTag = text.slice(i, end + 1);
      }
      if (!selfClosing) {
        depth++;
        if (depth > maxDepth) {
          throw new InvoiceDocumentError('too-deep', {
            ...lineColumn(text, i),
            detail: `elements nested deeper than ${maxDepth}`,
          });
        }
      }
      i = end + 1;
    }
  }
  return rootTag ?? fail(0, 'no root element');
}

/** Index of the `>` closing the start tag at `from`, checking references inside attribute values. */
function startTagEnd(text: string, from: number, fail: (at: number, detail: string) => never): number {
  let quote = 0;
  let i = from + 1;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (quote !== 0) {
      if (c === quote) quote = 0;
      else if (c === 0x26) {
        i = checkReference(text, i, fail);
        continue;
      } else if (c === 0x3c) fail(i, "'<' in attribute value");
    } else if (c === 0x22 || c === 0x27) {
      quote = c;
    } else if (c === 0x3e) {
      return i;
    }
    i++;
  }
  return fail(from, 'unterminated start tag');
}

const REFERENCE = /&(?:#([0-9]{1,7})|#x([0-9A-Fa-f]{1,6})|(lt|gt|amp|quot|apos));/y;

function checkReference(text: string, at: number, fail: (at: number, detail: string) => never): number {
  REFERENCE.lastIndex = at;
  const match = REFERENCE.exec(text);
  if (!match) return fail(at, "'&' does not start a predefined entity or character reference");
  if (match[3] === undefined) {
    const codePoint =
      match[1] !== undefined ? Number.parseInt(match[1], 10) : Number.parseInt(match[2] ?? '', 16);
    if (!isXmlChar(codePoint)) fail(at, `character reference to a code point not allowed in XML`);
  }
  return at + match[0].length;
}

function isXmlChar(cp: number): boolean {
  return (
    cp === 0x09 ||
    cp === 0x0a ||
    cp === 0x0d ||
    (cp >= 0x20 && cp <= 0xd7ff) ||
    (cp >= 0xe000 && cp <= 0xfffd) ||
    (cp >= 0x10000 && cp <= 0x10ffff)
  );
}

const PREDEFINED: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const ANY_REFERENCE = /&(?:#([0-9]{1,7})|#x([0-9A-Fa-f]{1,6})|(lt|gt|amp|quot|apos));/g;

/** Single-pass decoding, so `&amp;#233;` stays `&#233;` instead of being decoded twice. */
function decodeXmlReferences(value: string): string {
  if (!value.includes('&')) return value;
  return value.replace(
    ANY_REFERENCE,
    (whole, dec: string | undefined, hex: string | undefined, name?: string) => {
      if (name !== undefined) return PREDEFINED[name] ?? whole;
      const codePoint = dec !== undefined ? Number.parseInt(dec, 10) : Number.parseInt(hex ?? '', 16);
      return isXmlChar(codePoint) ? String.fromCodePoint(codePoint) : whole;
    },
  );
}

const xmlEntityDecoder: EntityDecoderOptions = {
  decode: decodeXmlReferences,
  reset: () => {},
  setXmlVersion: () => {},
  setExternalEntities: () => {},
  addInputEntities: () => {
    // Unreachable because DOCTYPE is refused before parsing; fail closed if that ever changes.
    throw new InvoiceDocumentError('dtd-forbidden', { detail: 'DTD entities reached the parser' });
  },
};

// ---------------------------------------------------------------------------------------------
// Root tag

interface RootTag {
  localName: string;
  prefix: string | null;
  attributes: Map<string, string>;
}

function readRootTag(tag: string): RootTag {
  const name = /^<([^\s/>]+)/.exec(tag)?.[1] ?? '';
  const colon = name.indexOf(':');
  const attributes = new Map<string, string>();
  const attribute = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
  for (const match of tag.slice(name.length + 1).matchAll(attribute)) {
    const attrName = match[1];
    if (attrName !== undefined)
      attributes.set(attrName, decodeXmlReferences(match[2] ?? match[3] ?? '').trim());
  }
  return {
    localName: colon === -1 ? name : name.slice(colon + 1),
    prefix: colon === -1 ? null : name.slice(0, colon),
    attributes,
  };
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

import { InvoiceDocumentError } from '../errors.ts';
import { isUriReference } from './namespace-uri.ts';

/*
 * A single-pass, namespace-aware XML scanner that reports elements and raw text to a handler, SAX style.
 *
 * It is the only XML reader of the FatturaPA engine: the structure validator (validate-structure.ts) validates
 * on the fly from its events, and parseInvoiceXml (xml-document.ts) builds the tree from the same events, in
 * the same scan when both are wanted (readInvoiceXml). The tree groups children by name and trims text, which
 * is why the validator works on the events and not on the tree: sibling order, blanks ('  2014-12-18 ' must be
 * rejected, as libxml2 does) and namespaces are only visible here. Scanning directly allocates almost nothing
 * beyond what the handler keeps, which is what makes large and hostile files fast.
 *
 * The scanner enforces XML 1.0 well-formedness and Namespaces in XML and throws
 * InvoiceDocumentError('not-well-formed' | 'dtd-forbidden' | 'too-deep'). A DTD is refused outright
 * (parseInvoiceXml even refuses a DOCTYPE or ENTITY declaration inside a comment, before scanning).
 */

export const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';
export const XSI_NAMESPACE = 'http://www.w3.org/2001/XMLSchema-instance';

export interface ScannedAttribute {
  /** As written, e.g. "xsi:schemaLocation". */
  qname: string;
  local: string;
  namespace: string | null;
  value: string;
}

/** A namespace declaration whose value is not a URI reference (or is empty for a prefix). */
export interface BadNamespaceDeclaration {
  attribute: string;
  value: string;
}

export interface ScanHandler {
  start(
    local: string,
    namespace: string | null,
    attributes: ScannedAttribute[] | null,
    badNamespaces: BadNamespaceDeclaration[] | null,
  ): void;
  /** Character data xml[start, end) that contains no reference (so it can be used as is). */
  textRange(xml: string, start: number, end: number): void;
  /** Character data with references decoded, or the content of a CDATA section. */
  text(value: string): void;
  end(): void;
}

const INVALID_CHAR = /[^\t\n\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
const NAME_START =
  'A-Z_a-z\\xC0-\\xD6\\xD8-\\xF6\\xF8-\\u02FF\\u0370-\\u037D\\u037F-\\u1FFF\\u200C-\\u200D\\u2070-\\u218F' +
  '\\u2C00-\\u2FEF\\u3001-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFFD\\u{10000}-\\u{EFFFF}';
const NAME_CHAR = `${NAME_START}\\-.0-9\\xB7\\u0300-\\u036F\\u203F\\u2040`;
// eslint-disable-next-line no-misleading-character-class -- code point ranges of the XML Name production
const QNAME = new RegExp(`^[${NAME_START}][${NAME_CHAR}]*(?::[${NAME_START}][${NAME_CHAR}]*)?$`, 'u');
const REFERENCE = /&(?:#([0-9]{1,7})|#x([0-9A-Fa-f]{1,6})|(lt|gt|amp|quot|apos));/y;
const PREDEFINED: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
/** XML 1.0 [23] XMLDecl: version, then optionally encoding and standalone, in this order, nothing else. */
const XML_DECLARATION =
  /^<\?xml\s+version\s*=\s*(["'])1\.[0-9]+\1(?:\s+encoding\s*=\s*(["'])[A-Za-z][A-Za-z0-9._-]*\2)?(?:\s+standalone\s*=\s*(["'])(?:yes|no)\3)?\s*\?>$/;

/** Names already checked against QNAME; process-wide, so it must neither grow nor pin documents. */
const validNames = new Set<string>();
const MAX_CACHED_NAMES = 10_000;
const MAX_CACHED_NAME_LENGTH = 64;
/** Up to this many attributes on one element the duplicate check searches linearly, then uses a set. */
const LINEAR_ATTRIBUTE_SEARCH = 8;

/**
 * A copy of `name` that does not share storage with the document: V8 makes slices of 13 characters or more
 * views into the parent string, and a view kept in the process-wide cache would keep a whole upload alive.
 */
function detached(name: string): string {
  return name.split('').join('');
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

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0d;
}

export interface ScanOptions {
  maxDepth: number;
}

/** Line ends must already be normalised to LF (see normalizeLineEnds). */
export function scanXml(xml: string, handler: ScanHandler, options: ScanOptions): void {
  new Scanner(xml, handler, options.maxDepth).run();
}

/** XML 1.0 section 2.11: CRLF and lone CR become LF before parsing. */
export function normalizeLineEnds(xml: string): string {
  return xml.includes('\r') ? xml.replace(/\r\n?/g, '\n') : xml;
}

interface NamespaceUndo {
  depth: number;
  prefix: string;
  previous: string | undefined;
}

class Scanner {
  private readonly n: number;
  private readonly stack: string[] = [];
  private readonly bindings = new Map<string, string>([['xml', XML_NAMESPACE]]);
  private readonly undo: NamespaceUndo[] = [];
  private nextAmp = -1;
  private nextCdataEnd = -1;

  constructor(
    private readonly xml: string,
    private readonly handler: ScanHandler,
    private readonly maxDepth: number,
  ) {
    this.n = xml.length;
  }

  run(): void {
    const { xml, n } = this;
    const bad = INVALID_CHAR.exec(xml);
    if (bad) {
      const cp = bad[0].codePointAt(0) ?? 0;
      this.fail(
        bad.index,
        `character U+${cp.toString(16).toUpperCase().padStart(4, '0')} is not allowed in XML`,
      );
    }
    let i = 0;
    if (xml.startsWith('<?xml', 0) && isSpace(xml.charCodeAt(5))) {
      const end = xml.indexOf('?>', 5);
      if (end === -1) this.fail(0, 'unterminated XML declaration');
      const declaration = xml.slice(0, end + 2);
      if (!/^<\?xml\s+version\s*=\s*(["'])1\.[0-9]+\1/.test(declaration)) {
        this.fail(0, 'XML declaration without a valid version');
      }
      if (!XML_DECLARATION.test(declaration)) this.fail(0, 'malformed XML declaration');
      i = end + 2;
    }
    let rootSeen = false;
    while (i < n) {
      let lt = xml.indexOf('<', i);
      if (lt === -1) lt = n;
      if (lt > i) this.characters(i, lt);
      if (lt === n) break;
      const c = xml.charCodeAt(lt + 1);
      if (c === 0x2f) {
        i = this.endTag(lt);
      } else if (c === 0x3f) {
        i = this.processingInstruction(lt);
      } else if (c === 0x21) {
        i = this.markupDeclaration(lt);
      } else {
        if (this.stack.length === 0 && rootSeen) this.fail(lt, 'content after the root element');
        rootSeen = true;
        i = this.startTag(lt);
      }
    }
    if (this.stack.length > 0) this.fail(n, `element ${this.stack[this.stack.length - 1]} is not closed`);
    if (!rootSeen) this.fail(0, 'no root element');
  }

  private characters(start: number, end: number): void {
    const { xml } = this;
    if (this.stack.length === 0) {
      for (let k = start; k < end; k++) {
        if (!isSpace(xml.charCodeAt(k))) this.fail(k, 'text outside the root element');
      }
      return;
    }
    // Cached forward positions keep these searches linear over the whole document.
    if (this.nextCdataEnd < start && this.nextCdataEnd !== -2) {
      this.nextCdataEnd = xml.indexOf(']]>', start);
      if (this.nextCdataEnd === -1) this.nextCdataEnd = -2;
    }
    if (this.nextCdataEnd >= start && this.nextCdataEnd < end) this.fail(this.nextCdataEnd, "']]>' in text");
    if (this.hasAmpersand(start, end)) {
      this.handler.text(this.decode(start, end));
    } else {
      this.handler.textRange(xml, start, end);
    }
  }

  /** Calls come with increasing `start`, so one cached position keeps all searches linear. */
  private hasAmpersand(start: number, end: number): boolean {
    if (this.nextAmp !== -2 && this.nextAmp < start) {
      const k = this.xml.indexOf('&', start);
      this.nextAmp = k === -1 ? -2 : k;
    }
    return this.nextAmp >= start && this.nextAmp < end;
  }

  private decode(start: number, end: number): string {
    const { xml } = this;
    let out = '';
    let from = start;
    let amp = xml.indexOf('&', start);
    while (amp !== -1 && amp < end) {
      REFERENCE.lastIndex = amp;
      const match = REFERENCE.exec(xml);
      if (!match || amp + match[0].length > end) {
        this.fail(amp, "'&' does not start a predefined entity or character reference");
      }
      out += xml.slice(from, amp);
      if (match[3] !== undefined) {
        out += PREDEFINED[match[3]] ?? '';
      } else {
        const cp =
          match[1] !== undefined ? Number.parseInt(match[1], 10) : Number.parseInt(match[2] ?? '', 16);
        if (!isXmlChar(cp)) this.fail(amp, 'character reference to a code point not allowed in XML');
        out += String.fromCodePoint(cp);
      }
      from = amp + match[0].length;
      amp = xml.indexOf('&', from);
      if (amp !== -1) this.nextAmp = amp;
    }
    return out + xml.slice(from, end);
  }

  private endTag(lt: number): number {
    const { xml } = this;
    const name = this.stack.pop();
    if (name === undefined) return this.fail(lt, 'end tag without start tag');
    let j = lt + 2;
    const c = xml.charCodeAt(j + name.length);
    if (!xml.startsWith(name, j) || !(c === 0x3e || isSpace(c))) {
      return this.fail(lt, `end tag does not match start tag ${name}`);
    }
    j += name.length;
    while (isSpace(xml.charCodeAt(j))) j++;
    if (xml.charCodeAt(j) !== 0x3e) this.fail(j, 'malformed end tag');
    this.handler.end();
    this.popNamespaces(this.stack.length + 1);
    return j + 1;
  }

  private processingInstruction(lt: number): number {
    const end = this.xml.indexOf('?>', lt + 2);
    if (end === -1) return this.fail(lt, 'unterminated processing instruction');
    const target = /^[^\s?]*/.exec(this.xml.slice(lt + 2, end))?.[0] ?? '';
    // The target ends at a blank or at '?>' (`<?x?y?>` is not a PI named x).
    const after = lt + 2 + target.length;
    if (after < end && !isSpace(this.xml.charCodeAt(after)))
      this.fail(lt, 'invalid processing instruction target');
    if (target.toLowerCase() === 'xml')
      this.fail(lt, 'XML declaration allowed only at the start of the document');
    if (!this.isName(target) || target.includes(':')) this.fail(lt, 'invalid processing instruction target');
    return end + 2;
  }

  private markupDeclaration(lt: number): number {
    const { xml } = this;
    if (xml.startsWith('<!--', lt)) {
      const end = xml.indexOf('-->', lt + 4);
      if (end === -1) return this.fail(lt, 'unterminated comment');
      const dashes = xml.indexOf('--', lt + 4);
      if (dashes < end) this.fail(dashes, "'--' inside a comment");
      return end + 3;
    }
    if (xml.startsWith('<![CDATA[', lt)) {
      if (this.stack.length === 0) this.fail(lt, 'CDATA section outside the root element');
      const end = xml.indexOf(']]>', lt + 9);
      if (end === -1) return this.fail(lt, 'unterminated CDATA section');
      this.handler.text(xml.slice(lt + 9, end));
      return end + 3;
    }
    if (/^<!(?:DOCTYPE|ENTITY)/i.test(xml.slice(lt, lt + 9))) {
      throw new InvoiceDocumentError('dtd-forbidden', {
        ...lineColumn(xml, lt),
        detail: 'DOCTYPE/ENTITY declarations are not allowed',
      });
    }
    return this.fail(lt, 'unexpected markup declaration');
  }

  private startTag(lt: number): number {
    const { xml, n } = this;
    let j = lt + 1;
    while (j < n) {
      const c = xml.charCodeAt(j);
      if (c === 0x3e || c === 0x2f || isSpace(c)) break;
      j++;
    }
    const qname = xml.slice(lt + 1, j);
    if (!this.isName(qname)) this.fail(lt, `invalid element name "${truncate(qname)}"`);

    let raw: string[] | null = null;
    let names: Set<string> | null = null;
    let selfClosing = false;
    for (;;) {
      const before = j;
      while (isSpace(xml.charCodeAt(j))) j++;
      const c = xml.charCodeAt(j);
      if (c === 0x3e) {
        j++;
        break;
      }
      if (c === 0x2f) {
        if (xml.charCodeAt(j + 1) !== 0x3e) this.fail(j, "expected '>' after '/'");
        selfClosing = true;
        j += 2;
        break;
      }
      if (j >= n) this.fail(lt, 'unterminated start tag');
      if (j === before) this.fail(j, 'attributes must be separated by whitespace');
      const nameStart = j;
      while (j < n) {
        const d = xml.charCodeAt(j);
        if (d === 0x3d || d === 0x3e || d === 0x2f || isSpace(d)) break;
        j++;
      }
      const attrName = xml.slice(nameStart, j);
      if (!this.isName(attrName)) this.fail(nameStart, `invalid attribute name "${truncate(attrName)}"`);
      while (isSpace(xml.charCodeAt(j))) j++;
      if (xml.charCodeAt(j) !== 0x3d) this.fail(j, `attribute ${attrName} has no value`);
      j++;
      while (isSpace(xml.charCodeAt(j))) j++;
      const quote = xml.charCodeAt(j);
      if (quote !== 0x22 && quote !== 0x27) this.fail(j, `value of attribute ${attrName} is not quoted`);
      const end = xml.indexOf(quote === 0x22 ? '"' : "'", j + 1);
      if (end === -1) this.fail(j, 'unterminated attribute value');
      const value = this.attributeValue(j + 1, end);
      raw ??= [];
      // A linear search is cheapest for the handful of attributes real files carry; beyond that a set keeps
      // the check linear (200,000 attributes on one element took minutes with the search alone).
      if (names !== null) {
        if (names.has(attrName)) this.fail(nameStart, `attribute ${truncate(attrName)} redefined`);
        names.add(attrName);
      } else {
        for (let k = 0; k < raw.length; k += 2) {
          if (raw[k] === attrName) this.fail(nameStart, `attribute ${truncate(attrName)} redefined`);
        }
        if (raw.length >= 2 * LINEAR_ATTRIBUTE_SEARCH) {
          names = new Set<string>();
          for (let k = 0; k < raw.length; k += 2) names.add(raw[k] ?? '');
          names.add(attrName);
        }
      }
      raw.push(attrName, value);
      j = end + 1;
    }

    const depth = this.stack.length + 1;
    if (depth > this.maxDepth) {
      throw new InvoiceDocumentError('too-deep', {
        ...lineColumn(xml, lt),
        detail: `elements nested deeper than ${this.maxDepth}`,
      });
    }
    let attributes: ScannedAttribute[] | null = null;
    let badNamespaces: BadNamespaceDeclaration[] | null = null;
    let namespaced = 0;
    if (raw !== null) {
      for (let k = 0; k < raw.length; k += 2) {
        const name = raw[k] ?? '';
        if (name !== 'xmlns' && !name.startsWith('xmlns:')) continue;
        const value = raw[k + 1] ?? '';
        const prefix = name === 'xmlns' ? '' : name.slice(6);
        if (prefix === 'xmlns' || (prefix === 'xml') !== (value === XML_NAMESPACE)) {
          this.fail(lt, `reserved namespace prefix or name in ${name}`);
        }
        if ((prefix !== '' && value === '') || (value !== '' && !isUriReference(value))) {
          (badNamespaces ??= []).push({ attribute: name, value });
        }
        this.undo.push({ depth, prefix, previous: this.bindings.get(prefix) });
        this.bindings.set(prefix, value);
      }
      for (let k = 0; k < raw.length; k += 2) {
        const name = raw[k] ?? '';
        if (name === 'xmlns' || name.startsWith('xmlns:')) continue;
        const colon = name.indexOf(':');
        let namespace: string | null = null;
        if (colon !== -1) {
          namespace = this.bindings.get(name.slice(0, colon)) || null;
          if (namespace === null) this.fail(lt, `namespace prefix of attribute ${name} is not defined`);
          namespaced++;
        }
        (attributes ??= []).push({
          qname: name,
          local: colon === -1 ? name : name.slice(colon + 1),
          namespace,
          value: raw[k + 1] ?? '',
        });
      }
      if (namespaced > 1 && attributes !== null) this.checkExpandedNames(lt, attributes);
    }
    const colon = qname.indexOf(':');
    let namespace: string | null;
    if (colon === -1) {
      namespace = this.bindings.get('') || null;
    } else {
      namespace = this.bindings.get(qname.slice(0, colon)) || null;
      if (namespace === null) this.fail(lt, `namespace prefix of element ${qname} is not defined`);
    }
    this.handler.start(colon === -1 ? qname : qname.slice(colon + 1), namespace, attributes, badNamespaces);
    if (selfClosing) {
      this.handler.end();
      this.popNamespaces(depth);
    } else {
      this.stack.push(qname);
    }
    return j;
  }

  /**
   * Namespaces in XML 1.0, section 6.3: two attributes must not have the same expanded name, even when they
   * are written with different prefixes bound to the same URI (`a:z` and `b:z` with a and b both "urn:x").
   * NUL cannot occur in XML text, so it separates namespace and local name unambiguously.
   */
  private checkExpandedNames(lt: number, attributes: readonly ScannedAttribute[]): void {
    const seen = new Map<string, string>();
    for (const attribute of attributes) {
      if (attribute.namespace === null) continue;
      const key = `${attribute.namespace}\u0000${attribute.local}`;
      const other = seen.get(key);
      if (other !== undefined) {
        this.fail(
          lt,
          `attribute ${truncate(attribute.qname)} redefined: same namespace and local name as ${truncate(other)}`,
        );
      }
      seen.set(key, attribute.qname);
    }
  }

  /**
   * Attribute-value normalisation (XML 1.0 section 3.3.3) for CDATA attributes: blanks written literally
   * become spaces, blanks written as character references are kept.
   */
  private attributeValue(start: number, end: number): string {
    const { xml } = this;
    let blanks = false;
    for (let k = start; k < end; k++) {
      const c = xml.charCodeAt(k);
      if (c === 0x3c) this.fail(k, "'<' in attribute value");
      if (c === 0x09 || c === 0x0a) blanks = true;
    }
    if (!this.hasAmpersand(start, end)) return literalValue(xml, start, end, blanks);
    let out = '';
    let from = start;
    for (let k = start; k < end; k++) {
      if (xml.charCodeAt(k) !== 0x26) continue;
      const semicolon = xml.indexOf(';', k);
      const stop = semicolon === -1 || semicolon >= end ? end : semicolon + 1;
      out += literalValue(xml, from, k, blanks) + this.decode(k, stop);
      from = stop;
      k = stop - 1;
    }
    return out + literalValue(xml, from, end, blanks);
  }

  /** Undoes the namespace declarations of the element at `depth`, which is being closed. */
  private popNamespaces(depth: number): void {
    for (let last = this.undo.at(-1); last !== undefined && last.depth === depth; last = this.undo.at(-1)) {
      this.undo.pop();
      if (last.previous === undefined) this.bindings.delete(last.prefix);
      else this.bindings.set(last.prefix, last.previous);
    }
  }

  private isName(name: string): boolean {
    if (validNames.has(name)) return true;
    if (!QNAME.test(name)) return false;
    if (validNames.size < MAX_CACHED_NAMES && name.length <= MAX_CACHED_NAME_LENGTH) {
      validNames.add(detached(name));
    }
    return true;
  }

  private fail(index: number, detail: string): never {
    throw new InvoiceDocumentError('not-well-formed', { ...lineColumn(this.xml, index), detail });
  }
}

/** Attribute text written literally: tabs and line ends become spaces (`blanks`: the value has some). */
function literalValue(xml: string, from: number, to: number, blanks: boolean): string {
  const value = xml.slice(from, to);
  return blanks ? value.replace(/[\t\n]/g, ' ') : value;
}

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

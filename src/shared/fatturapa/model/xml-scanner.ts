import { InvoiceDocumentError } from '../errors.ts';
import { isUriReference } from './namespace-uri.ts';

/*
 * A single-pass, namespace-aware XML scanner that reports elements and raw text to a handler, SAX style.
 *
 * Why not the generic parse (parseInvoiceXml): it groups children by name, so the order of siblings with
 * different names is lost; it trims text ('  2014-12-18 ' must be rejected, as libxml2 does); and it drops
 * namespace prefixes, so a qualified child or a default namespace on the root would go unnoticed.
 * Why not fast-xml-parser with preserveOrder: it would fix the order but still needs a second walk over a
 * tree of arrays, and it trims or keeps whitespace for the whole document at once. Scanning directly and
 * validating on the fly allocates almost nothing, which is what makes large invoices fast.
 *
 * The scanner enforces XML 1.0 well-formedness and Namespaces in XML (no DTD: it is refused outright like
 * in parseInvoiceXml) and throws InvoiceDocumentError('not-well-formed' | 'dtd-forbidden' | 'too-deep').
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

const validNames = new Set<string>();

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
      if (!/^<\?xml\s+version\s*=\s*(["'])1\.[0-9]+\1/.test(xml.slice(0, end))) {
        this.fail(0, 'XML declaration without a valid version');
      }
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
      for (let k = 0; k < raw.length; k += 2) {
        if (raw[k] === attrName) this.fail(nameStart, `attribute ${attrName} redefined`);
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
        }
        (attributes ??= []).push({
          qname: name,
          local: colon === -1 ? name : name.slice(colon + 1),
          namespace,
          value: raw[k + 1] ?? '',
        });
      }
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
   * Attribute-value normalisation (XML 1.0 section 3.3.3) for CDATA attributes: blanks written literally
   * become spaces, blanks written as character references are kept.
   */
  private attributeValue(start: number, end: number): string {
    const { xml } = this;
    for (let k = start; k < end; k++) {
      if (xml.charCodeAt(k) === 0x3c) this.fail(k, "'<' in attribute value");
    }
    const literal = (from: number, to: number): string => xml.slice(from, to).replace(/[\t\n]/g, ' ');
    if (!this.hasAmpersand(start, end)) return literal(start, end);
    let out = '';
    let from = start;
    for (let k = start; k < end; k++) {
      if (xml.charCodeAt(k) !== 0x26) continue;
      const semicolon = xml.indexOf(';', k);
      const stop = semicolon === -1 || semicolon >= end ? end : semicolon + 1;
      out += literal(from, k) + this.decode(k, stop);
      from = stop;
      k = stop - 1;
    }
    return out + literal(from, end);
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
    if (validNames.size < 10_000) validNames.add(name);
    return true;
  }

  private fail(index: number, detail: string): never {
    throw new InvoiceDocumentError('not-well-formed', { ...lineColumn(this.xml, index), detail });
  }
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

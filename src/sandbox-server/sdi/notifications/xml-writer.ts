/**
 * A deliberately small XML writer. Its output is already in Canonical XML form (exclusive c14n) apart from
 * the XML declaration: no self-closing tags, namespace declarations before attributes, attributes sorted,
 * c14n escaping. That lets the enveloped signature digest the text we wrote instead of re-parsing it.
 */

export interface XmlElement {
  name: string;
  attributes?: Readonly<Record<string, string>>;
  /** Either text content or child elements; `undefined`/`null`/`false` children are skipped (optional elements). */
  content?: string | readonly XmlChild[];
}

export type XmlChild = XmlElement | undefined | null | false;

export function element(
  name: string,
  content?: string | readonly XmlChild[],
  attributes?: Readonly<Record<string, string>>,
): XmlElement {
  return { name, content, attributes };
}

/** An optional leaf: omitted when the value is absent. */
export function optional(name: string, value: string | undefined | null): XmlElement | undefined {
  return value === undefined || value === null ? undefined : element(name, value);
}

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

// XML 1.0 cannot carry these code points at all, not even as character references, so they are replaced
// rather than escaped; lone surrogates could not be encoded as UTF-8 either.
const INVALID_XML_CHARS =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function replaceInvalidXmlChars(value: string): string {
  return value.replace(INVALID_XML_CHARS, '\uFFFD');
}

/** Escapes text content the way Canonical XML writes it (so `\r` survives a parse as `&#xD;`). */
export function escapeText(value: string): string {
  return replaceInvalidXmlChars(value).replace(/[&<>\r]/g, (c) => TEXT_ESCAPES[c] ?? c);
}

export function escapeAttribute(value: string): string {
  return replaceInvalidXmlChars(value).replace(/[&<"\t\n\r]/g, (c) => ATTRIBUTE_ESCAPES[c] ?? c);
}

const TEXT_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#xD;' };
const ATTRIBUTE_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '"': '&quot;',
  '\t': '&#x9;',
  '\n': '&#xA;',
  '\r': '&#xD;',
};

/**
 * Serializes an element tree. `indent` (two spaces by default) pads element-only content one level per
 * depth; `''` writes everything on one line, which is how signature parts are emitted.
 */
export function serializeElement(root: XmlElement, indent = '  ', level = 0): string {
  const pad = indent.repeat(level);
  const newline = indent === '' ? '' : '\n';
  const start = `<${root.name}${serializeAttributes(root.attributes)}>`;
  const end = `</${root.name}>`;
  const content = root.content;
  if (content === undefined) return `${pad}${start}${end}`;
  if (typeof content === 'string') return `${pad}${start}${escapeText(content)}${end}`;
  const children = content.filter((child): child is XmlElement => Boolean(child));
  if (children.length === 0) return `${pad}${start}${end}`;
  const inner = children.map((child) => serializeElement(child, indent, level + 1)).join(newline);
  return `${pad}${start}${newline}${inner}${newline}${pad}${end}`;
}

function serializeAttributes(attributes: Readonly<Record<string, string>> | undefined): string {
  if (attributes === undefined) return '';
  // Canonical order: namespace declarations by prefix, then attributes by name. All our attributes are
  // unqualified, so ordering by name is the same as c14n's (namespace URI, local name) order.
  const entries = Object.entries(attributes);
  const namespaces = entries.filter(([name]) => isNamespaceDeclaration(name)).sort(byName);
  const plain = entries.filter(([name]) => !isNamespaceDeclaration(name)).sort(byName);
  return [...namespaces, ...plain].map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`).join('');
}

function isNamespaceDeclaration(name: string): boolean {
  return name === 'xmlns' || name.startsWith('xmlns:');
}

function byName([a]: [string, string], [b]: [string, string]): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

import { compiledModels } from './compile.ts';
import type { CompiledComplex, CompiledSlot } from './compile.ts';
import type { FatturaPAJson } from './json-types.ts';
import { DSIG_NAMESPACE } from './simple-types.ts';

export interface InvoiceToXmlOptions {
  /** Indentation per level; '' writes the document on one line. Default: two spaces. */
  indent?: string;
  /** Prefix bound to the invoice namespace on the root element. Default: 'p'. */
  prefix?: string;
  /** Write `<?xml version="1.0" encoding="UTF-8"?>`. Default: true. */
  declaration?: boolean;
}

const DSIG_PREFIX = 'ds';

/**
 * Serialises the JSON form. Element order comes from the model, never from the key order of the JSON.
 * Only the root is qualified: the FatturaPA schemas leave elementFormDefault at "unqualified", so every
 * inner element is written without prefix and without a default namespace in scope. ds:Signature keeps
 * the xmldsig namespace on its whole subtree. Keys the model does not know are written after the known
 * children, so invalid input stays visible (and fails validation) instead of being silently dropped.
 * The string is meant to be encoded as UTF-8, as the declaration says.
 */
export function invoiceToXml(
  json: FatturaPAJson | Record<string, unknown>,
  options: InvoiceToXmlOptions = {},
): string {
  const source = json as Record<string, unknown>;
  const models = compiledModels();
  const root = source['@versione'] === 'FSM10' ? models.simplified : models.ordinary;
  const writer = new Writer(options.indent ?? '  ');
  const prefix = options.prefix ?? 'p';
  const rootName = `${prefix}:${root.name}`;

  let attributes = ` xmlns:${prefix}="${escapeAttribute(root.namespace)}"`;
  for (const name of root.attributes.keys()) {
    const value = source[`@${name}`];
    if (value !== undefined) attributes += ` ${name}="${escapeAttribute(leafString(value))}"`;
  }
  for (const key of Object.keys(source)) {
    if (key.charCodeAt(0) === 0x40 && !root.attributes.has(key.slice(1))) {
      attributes += ` ${key.slice(1)}="${escapeAttribute(leafString(source[key]))}"`;
    }
  }

  if (options.declaration ?? true) writer.raw('<?xml version="1.0" encoding="UTF-8"?>');
  writer.line(0, `<${rootName}${attributes}>`);
  writer.content(root.complex, source, 1, false);
  writer.line(0, `</${rootName}>`);
  return writer.toString();
}

class Writer {
  private readonly parts: string[] = [];
  private readonly indents: string[] = [''];

  constructor(private readonly indent: string) {}

  raw(text: string): void {
    this.parts.push(text);
  }

  line(level: number, text: string): void {
    if (this.indent !== '' && this.parts.length > 0) this.parts.push('\n');
    if (this.indent !== '') {
      while (this.indents.length <= level)
        this.indents.push(this.indents[this.indents.length - 1] + this.indent);
      this.parts.push(this.indents[level] ?? '');
    }
    this.parts.push(text);
  }

  /** Children of an element: known ones in schema order, then the others in key order. */
  content(
    complex: CompiledComplex | null,
    source: Record<string, unknown>,
    level: number,
    signature: boolean,
  ): void {
    if (complex !== null) {
      for (const slot of complex.slots) {
        const value = source[slot.name];
        if (value === undefined) continue;
        for (const item of Array.isArray(value) ? value : [value])
          this.element(slot.name, item, slot, level, signature);
      }
    }
    for (const key of Object.keys(source)) {
      const first = key.charCodeAt(0);
      if (first === 0x40 || key === '#text' || complex?.byName.has(key)) continue;
      const value = source[key];
      for (const item of Array.isArray(value) ? value : [value])
        this.element(key, item, null, level, signature);
    }
  }

  element(name: string, value: unknown, slot: CompiledSlot | null, level: number, signature: boolean): void {
    if (value === undefined) return;
    const inSignature = signature || slot?.namespace === DSIG_NAMESPACE;
    const tag = inSignature ? `${DSIG_PREFIX}:${name}` : name;
    let attributes = !signature && inSignature ? ` xmlns:${DSIG_PREFIX}="${DSIG_NAMESPACE}"` : '';

    if (!isRecord(value)) {
      const text = leafString(value);
      this.line(
        level,
        text === '' ? `<${tag}${attributes}/>` : `<${tag}${attributes}>${escapeText(text)}</${tag}>`,
      );
      return;
    }
    let hasChildren = false;
    for (const key of Object.keys(value)) {
      if (key.charCodeAt(0) === 0x40) {
        attributes += ` ${key.slice(1)}="${escapeAttribute(leafString(value[key]))}"`;
      } else if (key !== '#text') {
        hasChildren = true;
      }
    }
    const text = value['#text'] === undefined ? '' : leafString(value['#text']);
    if (!hasChildren) {
      this.line(
        level,
        text === '' ? `<${tag}${attributes}/>` : `<${tag}${attributes}>${escapeText(text)}</${tag}>`,
      );
      return;
    }
    this.line(level, `<${tag}${attributes}>${escapeText(text)}`);
    this.content(slot?.complex ?? null, value, level + 1, inSignature);
    this.line(level, `</${tag}>`);
  }

  toString(): string {
    return this.indent === '' ? this.parts.join('') : `${this.parts.join('')}\n`;
  }
}

function escapeText(text: string): string {
  return /[&<>\r]/.test(text)
    ? text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#13;')
    : text;
}

/** Blanks are written as references so that attribute-value normalisation does not turn them into spaces. */
function escapeAttribute(text: string): string {
  return /[&<>"\t\n\r]/.test(text)
    ? text
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/"/g, '&quot;')
        .replace(/\t/g, '&#9;')
        .replace(/\n/g, '&#10;')
        .replace(/\r/g, '&#13;')
    : text;
}

function leafString(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  return JSON.stringify(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

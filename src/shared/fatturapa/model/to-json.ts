import type { InvoiceXml } from '../xml-document.ts';
import { compiledModels } from './compile.ts';
import type { CompiledComplex, CompiledSlot } from './compile.ts';
import type { FatturaPAJson, JsonElement, JsonElementObject } from './json-types.ts';

/** xsi hints are processing instructions for validators, not invoice data; the tree parse drops their prefix. */
const DROPPED_ROOT_ATTRIBUTES = new Set(['schemaLocation', 'noNamespaceSchemaLocation']);

/**
 * From the tree of parseInvoiceXml to the JSON form described in json-types.ts. Children are written in schema
 * order; what the model does not know (unknown elements, attributes on inner elements, text inside
 * element-only content as '#text') is kept after them so that validateStructure can report it.
 * Values are the tree's strings, i.e. trimmed but otherwise in their lexical form.
 */
export function invoiceToJson(doc: InvoiceXml): FatturaPAJson {
  const models = compiledModels();
  const root = doc.format === 'FSM10' ? models.simplified : models.ordinary;
  const out: JsonElementObject = {};
  for (const key of Object.keys(doc.root)) {
    if (!key.startsWith('@_')) continue;
    const name = key.slice(2);
    if (DROPPED_ROOT_ATTRIBUTES.has(name)) continue;
    out[`@${name}`] = leafString(doc.root[key]);
  }
  convertComplexInto(root.complex, doc.root, out, false);
  return out as unknown as FatturaPAJson;
}

function convertComplexInto(
  complex: CompiledComplex,
  source: Record<string, unknown>,
  out: JsonElementObject,
  keepAttributes: boolean,
): void {
  for (const slot of complex.slots) {
    const value = source[slot.name];
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      const items = value.map((item) => convertSlotValue(slot, item));
      // A repeated element is always an array; a single one stays a value unless it occurs too often.
      out[slot.name] = slot.repeated || items.length !== 1 ? items : (items[0] as JsonElement);
    } else {
      const item = convertSlotValue(slot, value);
      out[slot.name] = slot.repeated ? [item] : item;
    }
  }
  for (const key of Object.keys(source)) {
    if (complex.byName.has(key)) continue;
    if (key.startsWith('@_')) {
      if (keepAttributes) out[`@${key.slice(2)}`] = leafString(source[key]);
      continue;
    }
    out[key] = convertGeneric(source[key]);
  }
}

function convertSlotValue(slot: CompiledSlot, value: unknown): JsonElement {
  if (slot.complex !== null) {
    if (isRecord(value)) {
      const out: JsonElementObject = {};
      convertComplexInto(slot.complex, value, out, true);
      return out;
    }
    const text = leafString(value);
    // An empty complex element (<ContattiTrasmittente/>) comes as ''; text in element-only content is kept.
    return text === '' ? {} : { '#text': text };
  }
  return isRecord(value) ? (convertGeneric(value) as JsonElement) : leafString(value);
}

/** Same shape as the tree, with attributes renamed from '@_name' to '@name'. */
function convertGeneric(value: unknown): JsonElement | JsonElement[] {
  if (Array.isArray(value)) return value.map((item) => convertGeneric(item) as JsonElement);
  if (!isRecord(value)) return leafString(value);
  const out: JsonElementObject = {};
  for (const key of Object.keys(value)) {
    const name = key.startsWith('@_') ? `@${key.slice(2)}` : key;
    out[name] = convertGeneric(value[key]);
  }
  return out;
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

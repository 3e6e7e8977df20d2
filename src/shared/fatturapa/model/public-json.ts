import { compiledModels } from './compile.ts';
import type { CompiledComplex, CompiledSlot } from './compile.ts';
import type { DecimalTypeDef, SimpleTypeDef } from './types.ts';

/*
 * The public service's JSON shape (openapi.yml `FatturaOrdinaria`) next to ours (json-types.ts). It differs
 * in four ways, all taken care of here:
 *  - there is no version key: the version is `FatturaElettronicaHeader.DatiTrasmissione.FormatoTrasmissione`;
 *  - the root attribute SistemaEmittente is a plain `SistemaEmittente` key (ours: '@SistemaEmittente');
 *  - amounts, rates and quantities are JSON numbers (`double`), line numbers and counts integers (`int32`);
 *  - dates are `date-time` strings ("2025-01-31T00:00:00Z").
 * Every property is nullable there, so `null` means "absent" here.
 */

/**
 * The JSON form of json-types.ts for a document in either shape: numbers become the lexical form the schema
 * requires (2 decimals for amounts, 2 to 8 for prices and quantities, padded with zeros only), a date-time
 * where the schema wants a date becomes its calendar date as written (no time-zone shift), nulls are dropped.
 * A number that does not fit without changing its value (12.345 for a 2-decimal amount) is written with all
 * its digits, so that validateStructure reports it at its path (00200, kind 'decimal'). Documents already
 * in our form pass through unchanged. The input is not modified.
 */
export function fromPublicInvoiceJson(json: unknown): unknown {
  if (!isRecord(json)) return json;
  const version = json['@versione'] ?? formatoTrasmissione(json);
  const models = compiledModels();
  const root = version === 'FSM10' ? models.simplified : models.ordinary;
  const out: Record<string, unknown> = {};
  if (version !== undefined && version !== null) out['@versione'] = version;
  for (const key of Object.keys(json)) {
    const value = json[key];
    if (value === null || key === '@versione') continue;
    if (key === 'SistemaEmittente' && !root.complex.byName.has(key)) {
      if (json['@SistemaEmittente'] === undefined || json['@SistemaEmittente'] === null)
        out['@SistemaEmittente'] = leaf(value);
      else out[key] = value;
      continue;
    }
    if (key.charCodeAt(0) === 0x40) {
      out[key] = value;
      continue;
    }
    const converted = convertElement(root.complex.byName.get(key), value);
    if (converted !== undefined) out[key] = converted;
  }
  return out;
}

function formatoTrasmissione(json: Record<string, unknown>): unknown {
  const header = json.FatturaElettronicaHeader;
  if (!isRecord(header)) return undefined;
  const dati = header.DatiTrasmissione;
  if (!isRecord(dati)) return undefined;
  const formato = dati.FormatoTrasmissione;
  return typeof formato === 'string' ? formato : undefined;
}

function convertElement(slot: CompiledSlot | undefined, value: unknown): unknown {
  if (value === null) return undefined;
  if (Array.isArray(value)) {
    return value.filter((item) => item !== null).map((item) => convertElement(slot, item));
  }
  if (slot === undefined) return value;
  if (slot.complex !== null) return isRecord(value) ? convertContent(slot.complex, value) : value;
  if (slot.simpleType !== null) return convertLeaf(slot.simpleType, value);
  return value;
}

function convertContent(complex: CompiledComplex, value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const child = value[key];
    if (child === null) continue;
    if (key.charCodeAt(0) === 0x40 || key === '#text') {
      out[key] = child;
      continue;
    }
    const converted = convertElement(complex.byName.get(key), child);
    if (converted !== undefined) out[key] = converted;
  }
  return out;
}

const DATE_TIME_PREFIX =
  /^(-?[0-9]{4,}-[0-9]{2}-[0-9]{2})T[0-9]{2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]+)?(?:Z|[+-][0-9]{2}:[0-9]{2})?$/;

function convertLeaf(type: SimpleTypeDef, value: unknown): unknown {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return String(value);
    if (type.kind === 'decimal') return decimalText(value, type);
    return plainNumber(value);
  }
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'string' && type.kind === 'date') {
    // The calendar date as written: 2025-01-31T23:30:00-05:00 is 2025-01-31, never shifted to UTC.
    const match = DATE_TIME_PREFIX.exec(value);
    if (match) return match[1];
  }
  return value;
}

function leaf(value: unknown): unknown {
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : value;
}

/**
 * A number in the decimal form the schema wants: at least two fraction digits where the type allows them
 * (the type's minimum otherwise), zeros added only. More digits than the type allows are kept, for the
 * validator to refuse.
 */
function decimalText(value: number, type: DecimalTypeDef): string {
  const text = plainNumber(value);
  const dot = text.indexOf('.');
  const fraction = dot === -1 ? '' : text.slice(dot + 1);
  const [minFraction, maxFraction] = type.fractionDigits;
  const wanted = Math.min(Math.max(minFraction, 2), maxFraction);
  if (fraction.length >= wanted) return text;
  const integer = dot === -1 ? text : text.slice(0, dot);
  return `${integer}.${fraction.padEnd(wanted, '0')}`;
}

/** The shortest decimal that reads back as `value` (what the sender wrote), never in exponent notation. */
export function plainNumber(value: number): string {
  const text = String(value);
  const match = /^(-?)([0-9]+)(?:\.([0-9]+))?e([+-][0-9]+)$/.exec(text);
  if (!match) return text;
  const [, sign = '', integer = '', fraction = '', exponent = '0'] = match;
  const digits = integer + fraction;
  const point = integer.length + Number(exponent);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

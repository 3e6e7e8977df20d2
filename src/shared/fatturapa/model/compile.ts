import { ORDINARY_MODEL } from './ordinary.ts';
import { SIMPLIFIED_MODEL } from './simplified.ts';
import type {
  Base64TypeDef,
  ComplexTypeDef,
  DateTimeTypeDef,
  DateTypeDef,
  DecimalTypeDef,
  ElementDef,
  EnumTypeDef,
  IntegerTypeDef,
  RootDef,
  SimpleTypeDef,
  StringTypeDef,
} from './types.ts';

/*
 * The model compiled once into lookup tables: per complex type a name -> slot map, the slots in schema
 * order, the required slots and the choice groups; per simple type a closure with its regexes prebuilt.
 * Where libxml2 departs from the letter of XSD 1.0 we follow libxml2, because it is the reference the SdI
 * behaviour is compared with (see the notes on dates and base64Binary below).
 */

export type ViolationKind = 'length' | 'pattern' | 'enum' | 'decimal' | 'date' | 'empty';

export interface Violation {
  kind: ViolationKind;
  params: Record<string, string | number>;
}

/** Returns null when the lexical value is acceptable. */
export type SimpleCheck = (value: string) => Violation | null;

export interface CompiledChoice {
  /** Slots of each branch, in schema order. */
  branches: CompiledSlot[][];
  /** For messages, e.g. "Denominazione | Nome + Cognome". */
  options: string;
}

export interface CompiledSlot {
  /** Position in the flattened schema order; siblings must appear with non-decreasing index. */
  index: number;
  name: string;
  min: number;
  max: number;
  repeated: boolean;
  namespace: string | null;
  complex: CompiledComplex | null;
  simple: SimpleCheck | null;
  /** The simple type behind `simple`: what the public JSON's numbers and date-times are converted to. */
  simpleType: SimpleTypeDef | null;
  /** Content accepted as is (ds:Signature). */
  any: boolean;
  defaultValue: string | null;
  choice: CompiledChoice | null;
}

export interface CompiledComplex {
  name: string;
  slots: CompiledSlot[];
  byName: Map<string, CompiledSlot>;
  required: CompiledSlot[];
  choices: CompiledChoice[];
  /** For messages: the child names in schema order. */
  order: string;
}

export interface CompiledAttribute {
  name: string;
  required: boolean;
  check: SimpleCheck;
}

export interface CompiledRoot {
  name: string;
  namespace: string;
  complex: CompiledComplex;
  attributes: Map<string, CompiledAttribute>;
  requiredAttributes: CompiledAttribute[];
}

const complexCache = new Map<ComplexTypeDef, CompiledComplex>();
const simpleCache = new Map<SimpleTypeDef, SimpleCheck>();

export function compileComplex(def: ComplexTypeDef): CompiledComplex {
  const cached = complexCache.get(def);
  if (cached) return cached;
  const compiled: CompiledComplex = {
    name: def.name,
    slots: [],
    byName: new Map(),
    required: [],
    choices: [],
    order: '',
  };
  // Registered before the children are compiled so that a recursive type would terminate.
  complexCache.set(def, compiled);

  const addSlot = (element: ElementDef, choice: CompiledChoice | null): CompiledSlot => {
    if (compiled.byName.has(element.name)) {
      // The validator relies on each name having one position per content model (true for FatturaPA).
      throw new Error(`model error: ${element.name} appears twice in ${def.name}`);
    }
    const type = element.type;
    const slot: CompiledSlot = {
      index: compiled.slots.length,
      name: element.name,
      min: element.minOccurs,
      max: element.maxOccurs,
      repeated: element.maxOccurs > 1,
      namespace: element.namespace ?? null,
      complex: type.kind === 'complex' ? compileComplex(type) : null,
      simple: type.kind === 'complex' || type.kind === 'any' ? null : compileSimple(type),
      simpleType: type.kind === 'complex' || type.kind === 'any' ? null : type,
      any: type.kind === 'any',
      defaultValue: element.default ?? null,
      choice,
    };
    compiled.slots.push(slot);
    compiled.byName.set(slot.name, slot);
    if (choice === null && slot.min > 0) compiled.required.push(slot);
    return slot;
  };

  for (const particle of def.content) {
    if (particle.kind === 'element') {
      addSlot(particle, null);
      continue;
    }
    const choice: CompiledChoice = {
      branches: [],
      options: particle.branches.map((branch) => branch.map((e) => e.name).join(' + ')).join(' | '),
    };
    for (const branch of particle.branches) choice.branches.push(branch.map((e) => addSlot(e, choice)));
    compiled.choices.push(choice);
  }
  compiled.order = compiled.slots.map((slot) => slot.name).join(', ');
  return compiled;
}

export function compileRoot(def: RootDef): CompiledRoot {
  const attributes = new Map<string, CompiledAttribute>();
  for (const attribute of def.attributes) {
    attributes.set(attribute.name, {
      name: attribute.name,
      required: attribute.required,
      check: compileSimple(attribute.type),
    });
  }
  return {
    name: def.name,
    namespace: def.namespace,
    complex: compileComplex(def.type),
    attributes,
    requiredAttributes: [...attributes.values()].filter((a) => a.required),
  };
}

let compiledRoots: { ordinary: CompiledRoot; simplified: CompiledRoot } | null = null;

export function compiledModels(): { ordinary: CompiledRoot; simplified: CompiledRoot } {
  compiledRoots ??= { ordinary: compileRoot(ORDINARY_MODEL), simplified: compileRoot(SIMPLIFIED_MODEL) };
  return compiledRoots;
}

// ---------------------------------------------------------------------------------------------
// Simple types

export function compileSimple(def: SimpleTypeDef): SimpleCheck {
  let check = simpleCache.get(def);
  if (check) return check;
  switch (def.kind) {
    case 'string':
      check = stringCheck(def);
      break;
    case 'enum':
      check = enumCheck(def);
      break;
    case 'decimal':
      check = decimalCheck(def);
      break;
    case 'integer':
      check = integerCheck(def);
      break;
    case 'date':
      check = dateCheck(def);
      break;
    case 'dateTime':
      check = dateTimeCheck(def);
      break;
    case 'base64Binary':
      check = base64Check(def);
      break;
  }
  simpleCache.set(def, check);
  return check;
}

const MAX_VALUE_IN_PARAMS = 80;

export function shortValue(value: string): string {
  return value.length > MAX_VALUE_IN_PARAMS ? `${value.slice(0, MAX_VALUE_IN_PARAMS)}…` : value;
}

const EMPTY: Violation = { kind: 'empty', params: {} };

function isXmlSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

/** XML whitespace only: String.prototype.trim would also strip NBSP and other Unicode spaces. */
export function trimXml(value: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && isXmlSpace(value.charCodeAt(start))) start++;
  while (end > start && isXmlSpace(value.charCodeAt(end - 1))) end--;
  return start === 0 && end === value.length ? value : value.slice(start, end);
}

function collapse(value: string): string {
  return trimXml(value).replace(/[ \t\n\r]{2,}|[\t\n\r]/g, ' ');
}

function codePointLength(value: string): number {
  let length = value.length;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      length--;
      i++;
    }
  }
  return length;
}

function stringCheck(def: StringTypeDef): SimpleCheck {
  const min = def.minLength ?? 0;
  const max = def.maxLength ?? Infinity;
  const limit = def.charset === 'basic-latin' ? 0x7f : def.charset === 'latin-1' ? 0xff : -1;
  const regex = def.pattern ? new RegExp(`^(?:${def.pattern.js})$`, 'u') : null;
  const charsetName = def.charset === 'basic-latin' ? 'Basic Latin (ASCII)' : 'Latin-1';
  const emptyAllowed = min === 0 && (regex === null || regex.test(''));
  return (raw) => {
    const value = def.whiteSpace === 'collapse' ? collapse(raw) : raw;
    if (value === '') return emptyAllowed ? null : EMPTY;
    let length: number;
    if (limit !== -1) {
      for (let i = 0; i < value.length; i++) {
        if (value.charCodeAt(i) > limit) {
          return {
            kind: 'pattern',
            params: {
              value: shortValue(value),
              expected: charsetName,
              character: String.fromCodePoint(value.codePointAt(i) ?? 0),
            },
          };
        }
      }
      length = value.length;
    } else {
      length = codePointLength(value);
    }
    if (length < min || length > max) {
      return {
        kind: 'length',
        params: { value: shortValue(value), length, min, max: max === Infinity ? '∞' : max },
      };
    }
    if (regex !== null && !regex.test(value)) {
      return { kind: 'pattern', params: { value: shortValue(value), expected: def.pattern?.xsd ?? '' } };
    }
    return null;
  };
}

function enumCheck(def: EnumTypeDef): SimpleCheck {
  const values = new Set(def.values);
  const allowed = def.values.join(', ');
  return (value) => {
    if (values.has(value)) return null;
    if (value === '') return EMPTY;
    return { kind: 'enum', params: { value: shortValue(value), allowed } };
  };
}

function digitsFormat(min: number, max: number): string {
  return min === max ? `N{${min}}` : `N{${min},${max}}`;
}

function decimalCheck(def: DecimalTypeDef): SimpleCheck {
  const [intMin, intMax] = def.integerDigits;
  const [fracMin, fracMax] = def.fractionDigits;
  const regex = new RegExp(
    `^${def.signed ? '-?' : ''}[0-9]{${intMin},${intMax}}\\.[0-9]{${fracMin},${fracMax}}$`,
  );
  const format =
    `${def.signed ? '-?' : ''}${digitsFormat(intMin, intMax)}.${digitsFormat(fracMin, fracMax)}` +
    (def.maxInclusive !== undefined ? ` ≤ ${def.maxInclusive}` : '');
  const max = def.maxInclusive !== undefined ? Number(def.maxInclusive) : Infinity;
  return (raw) => {
    const value = trimXml(raw);
    if (value === '') return EMPTY;
    if (!regex.test(value) || Number(value) > max) {
      return { kind: 'decimal', params: { value: shortValue(raw), format } };
    }
    return null;
  };
}

const INTEGER = /^[+-]?[0-9]+$/;

function integerCheck(def: IntegerTypeDef): SimpleCheck {
  const format = `${def.minInclusive}..${def.maxInclusive}`;
  return (raw) => {
    const value = trimXml(raw);
    if (value === '') return EMPTY;
    if (INTEGER.test(value)) {
      // Leading zeros and a plus sign are valid xs:integer lexical forms ("+0001").
      const digits = value.replace(/^[+-]?0*/, '');
      const negative = value.charCodeAt(0) === 0x2d;
      const number = digits.length > 15 ? Infinity : Number(digits || '0');
      const signed = negative ? -number : number;
      if (signed >= def.minInclusive && signed <= def.maxInclusive) return null;
    }
    return { kind: 'decimal', params: { value: shortValue(raw), format } };
  };
}

/*
 * Dates: XSD gives xs:date whiteSpace="collapse", but libxml2 rejects surrounding blanks in date and
 * dateTime values (the published sample I03 fails for that reason), so no trimming here.
 */
const DATE = /^(-?)([0-9]{4,})-([0-9]{2})-([0-9]{2})(Z|[+-][0-9]{2}:[0-9]{2})?$/;
const DATE_TIME =
  /^(-?)([0-9]{4,})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2}):([0-9]{2})(\.[0-9]+)?(Z|[+-][0-9]{2}:[0-9]{2})?$/;

function validYear(year: string): boolean {
  // More than four digits must not start with zero, and year 0000 does not exist in XSD 1.0.
  if (year.length > 4 && year.charCodeAt(0) === 0x30) return false;
  return !/^0+$/.test(year);
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Timezone offset in minutes, or null if out of range (libxml2 allows -14:00..+14:00). */
function timezoneMinutes(tz: string | undefined): number | null {
  if (tz === undefined || tz === 'Z') return 0;
  const hours = Number(tz.slice(1, 3));
  const minutes = Number(tz.slice(4, 6));
  if (minutes > 59 || hours > 14 || (hours === 14 && minutes !== 0)) return null;
  return (tz.charCodeAt(0) === 0x2d ? -1 : 1) * (hours * 60 + minutes);
}

function validDateParts(sign: string, year: string, month: string, day: string): boolean {
  if (!validYear(year)) return false;
  const m = Number(month);
  const d = Number(day);
  const y = Number(year) * (sign === '-' ? -1 : 1);
  return m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}

function dateCheck(def: DateTypeDef): SimpleCheck {
  const min = def.minInclusive;
  const format = min !== undefined ? `YYYY-MM-DD ≥ ${min}` : 'YYYY-MM-DD';
  // A date with a timezone starts at local midnight; libxml2 compares that instant with the bound.
  const minInstant = min !== undefined ? Date.parse(`${min}T00:00:00Z`) : -Infinity;
  return (value) => {
    if (value === '') return EMPTY;
    const match = DATE.exec(value);
    const fail = (): Violation => ({ kind: 'date', params: { value: shortValue(value), format } });
    if (!match) return fail();
    const [, sign = '', year = '', month = '', day = '', tz] = match;
    if (!validDateParts(sign, year, month, day)) return fail();
    const offset = timezoneMinutes(tz);
    if (offset === null) return fail();
    if (min !== undefined) {
      if (sign === '-') return fail();
      const instant =
        year.length > 4 ? Infinity : Date.parse(`${year}-${month}-${day}T00:00:00Z`) - offset * 60_000;
      if (instant < minInstant) return fail();
    }
    return null;
  };
}

function dateTimeCheck(_def: DateTimeTypeDef): SimpleCheck {
  const format = 'YYYY-MM-DDThh:mm:ss';
  return (value) => {
    if (value === '') return EMPTY;
    const match = DATE_TIME.exec(value);
    const fail = (): Violation => ({ kind: 'date', params: { value: shortValue(value), format } });
    if (!match) return fail();
    const [, sign = '', year = '', month = '', day = '', hh = '', mm = '', ss = '', fraction = '', tz] =
      match;
    if (!validDateParts(sign, year, month, day) || timezoneMinutes(tz) === null) return fail();
    const hour = Number(hh);
    const minute = Number(mm);
    const second = Number(ss);
    if (hour === 24) {
      // 24:00:00 is midnight at the end of the day; libxml2 accepts any all-zero fraction with it.
      if (minute !== 0 || second !== 0 || /[1-9]/.test(fraction)) return fail();
    } else if (hour > 23 || minute > 59 || second > 59) {
      return fail();
    }
    return null;
  };
}

/*
 * base64Binary the way libxml2 checks it: characters outside the base64 alphabet are skipped ("stray
 * characters"), then the count of data characters, the padding and the unused bits of the last data
 * character must be consistent. Stricter than this would reject files the SdI-like reference accepts.
 */
function base64Value(c: number): number {
  if (c >= 0x41 && c <= 0x5a) return c - 0x41;
  if (c >= 0x61 && c <= 0x7a) return c - 0x61 + 26;
  if (c >= 0x30 && c <= 0x39) return c - 0x30 + 52;
  if (c === 0x2b) return 62;
  if (c === 0x2f) return 63;
  if (c === 0x3d) return 64;
  return -1;
}

export function isLibxml2Base64(value: string): boolean {
  let data = 0;
  let pad = 0;
  let last = -1;
  let i = 0;
  for (; i < value.length; i++) {
    const v = base64Value(value.charCodeAt(i));
    if (v < 0) continue;
    if (v === 64) break;
    data++;
    last = v;
  }
  for (; i < value.length; i++) {
    const v = base64Value(value.charCodeAt(i));
    if (v < 0) continue;
    if (v < 64) return false;
    pad++;
  }
  if (pad === 0) return data % 4 === 0;
  if (pad === 1) return data % 4 === 3 && (last & ~0x3c) === 0;
  if (pad === 2) return data % 4 === 2 && (last & ~0x30) === 0;
  return false;
}

function base64Check(_def: Base64TypeDef): SimpleCheck {
  return (value) =>
    isLibxml2Base64(value)
      ? null
      : { kind: 'pattern', params: { value: shortValue(value), expected: 'base64' } };
}

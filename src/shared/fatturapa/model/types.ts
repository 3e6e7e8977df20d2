/**
 * Vocabulary of the declarative FatturaPA model: simple types, elements with cardinality, xs:choice groups,
 * complex types and root elements. The model files (ordinary-*.ts, simplified.ts) are written with the
 * builders below; conversion, serialisation and validation are all derived from those data.
 */

/** XSD whiteSpace facet, inherited from the built-in base (string, normalizedString, token). */
export type WhiteSpace = 'preserve' | 'replace' | 'collapse';

/**
 * A string restriction. `charset` stands for the XSD patterns `\p{IsBasicLatin}{m,n}` and
 * `[\p{IsBasicLatin}\p{IsLatin-1Supplement}]{m,n}`, which really are a character set plus a length;
 * keeping them apart lets the validator tell "too long" from "wrong character".
 */
export interface StringTypeDef {
  readonly kind: 'string';
  readonly name: string;
  readonly whiteSpace: WhiteSpace;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly charset?: 'basic-latin' | 'latin-1';
  /** Any other pattern: `xsd` as written in the schema (for messages), `js` an equivalent RegExp source. */
  readonly pattern?: { readonly xsd: string; readonly js: string };
}

/** A string restriction that is a closed list of codes (whiteSpace preserve in every FatturaPA enum). */
export interface EnumTypeDef {
  readonly kind: 'enum';
  readonly name: string;
  readonly values: readonly string[];
}

/**
 * xs:decimal restricted by a pattern of the form `[\-]?[0-9]{a,b}\.[0-9]{c,d}`: the schema always
 * requires the dot, so the number of integer and fraction digits describes the pattern completely.
 */
export interface DecimalTypeDef {
  readonly kind: 'decimal';
  readonly name: string;
  readonly signed: boolean;
  readonly integerDigits: readonly [min: number, max: number];
  readonly fractionDigits: readonly [min: number, max: number];
  readonly maxInclusive?: string;
}

export interface IntegerTypeDef {
  readonly kind: 'integer';
  readonly name: string;
  readonly minInclusive: number;
  readonly maxInclusive: number;
}

export interface DateTypeDef {
  readonly kind: 'date';
  readonly name: string;
  readonly minInclusive?: string;
}

export interface DateTimeTypeDef {
  readonly kind: 'dateTime';
  readonly name: string;
}

export interface Base64TypeDef {
  readonly kind: 'base64Binary';
  readonly name: string;
}

export type SimpleTypeDef =
  | StringTypeDef
  | EnumTypeDef
  | DecimalTypeDef
  | IntegerTypeDef
  | DateTypeDef
  | DateTimeTypeDef
  | Base64TypeDef;

/** Content that is accepted without looking inside (ds:Signature: its own schema, not ours). */
export interface AnyTypeDef {
  readonly kind: 'any';
  readonly name: string;
}

/**
 * Cardinality written like a regular expression: '1' = exactly one, '?' = optional,
 * '*' = 0..unbounded, '+' = 1..unbounded. These are the only combinations FatturaPA uses.
 */
export type Occurs = '1' | '?' | '*' | '+';

export interface ElementDef<
  N extends string = string,
  T extends TypeDef = TypeDef,
  O extends Occurs = Occurs,
> {
  readonly kind: 'element';
  readonly name: N;
  readonly type: T;
  readonly occurs: O;
  readonly minOccurs: 0 | 1;
  /** Infinity for unbounded. */
  readonly maxOccurs: number;
  /** Value used by schema validators when the element is present but empty. */
  readonly default?: string;
  /** Namespace URI; absent means unqualified (the FatturaPA schemas have no elementFormDefault). */
  readonly namespace?: string;
}

/** xs:choice between sequences of elements, exactly one of which must be present. */
export interface ChoiceDef<
  B extends readonly (readonly ElementDef[])[] = readonly (readonly ElementDef[])[],
> {
  readonly kind: 'choice';
  readonly branches: B;
}

export type Particle = ElementDef | ChoiceDef;

export interface ComplexTypeDef<P extends readonly Particle[] = readonly Particle[]> {
  readonly kind: 'complex';
  readonly name: string;
  readonly content: P;
}

export type TypeDef = SimpleTypeDef | ComplexTypeDef | AnyTypeDef;

export interface AttributeDef {
  readonly name: string;
  readonly type: SimpleTypeDef;
  readonly required: boolean;
}

export interface RootDef<T extends ComplexTypeDef = ComplexTypeDef> {
  readonly name: 'FatturaElettronica' | 'FatturaElettronicaSemplificata';
  readonly namespace: string;
  readonly type: T;
  readonly attributes: readonly AttributeDef[];
}

// ---------------------------------------------------------------------------------------------
// Builders: they keep literal names and cardinalities in the types, so the JSON types can be derived.

// The overload without `occurs` pins '1': a defaulted type parameter would be inferred from the
// contextual type of complex() instead, widening every cardinality to Occurs.
export function el<const N extends string, const T extends TypeDef>(name: N, type: T): ElementDef<N, T, '1'>;
export function el<const N extends string, const T extends TypeDef, const O extends Occurs>(
  name: N,
  type: T,
  occurs: O,
  extra?: { default?: string; namespace?: string },
): ElementDef<N, T, O>;
export function el(
  name: string,
  type: TypeDef,
  occurs: Occurs = '1',
  extra: { default?: string; namespace?: string } = {},
): ElementDef {
  const o = occurs;
  return {
    kind: 'element',
    name,
    type,
    occurs: o,
    minOccurs: o === '1' || o === '+' ? 1 : 0,
    maxOccurs: o === '*' || o === '+' ? Infinity : 1,
    ...extra,
  };
}

export function choice<const B extends readonly (readonly ElementDef[])[]>(...branches: B): ChoiceDef<B> {
  return { kind: 'choice', branches };
}

export function complex<const P extends readonly Particle[]>(name: string, content: P): ComplexTypeDef<P> {
  return { kind: 'complex', name, content };
}

export function enumeration(name: string, values: readonly string[]): EnumTypeDef {
  return { kind: 'enum', name, values };
}

/** `\p{IsBasicLatin}{min,max}` on xs:normalizedString. */
export function basicLatin(name: string, minLength: number, maxLength: number): StringTypeDef {
  return { kind: 'string', name, whiteSpace: 'replace', charset: 'basic-latin', minLength, maxLength };
}

/** `[\p{IsBasicLatin}\p{IsLatin-1Supplement}]{min,max}` on xs:normalizedString. */
export function latin1(name: string, minLength: number, maxLength: number): StringTypeDef {
  return { kind: 'string', name, whiteSpace: 'replace', charset: 'latin-1', minLength, maxLength };
}

/** xs:string restricted by a pattern only. */
export function patterned(name: string, xsd: string, js: string = xsd): StringTypeDef {
  return { kind: 'string', name, whiteSpace: 'preserve', pattern: { xsd, js } };
}

export function decimal(
  name: string,
  integerDigits: readonly [number, number],
  fractionDigits: readonly [number, number],
  options: { signed?: boolean; maxInclusive?: string } = {},
): DecimalTypeDef {
  return {
    kind: 'decimal',
    name,
    signed: options.signed ?? false,
    integerDigits,
    fractionDigits,
    ...options,
  };
}

export function integer(name: string, minInclusive: number, maxInclusive: number): IntegerTypeDef {
  return { kind: 'integer', name, minInclusive, maxInclusive };
}

// ---------------------------------------------------------------------------------------------
// JSON form derived from the model at type level.

/** Generic JSON element: used for ds:Signature content and for data the model does not describe. */
export type JsonElement = string | JsonElementObject;
export interface JsonElementObject {
  [key: string]: JsonElement | JsonElement[];
}

type Simplify<T> = { [K in keyof T]: T[K] } & {};

export type JsonOfType<T> =
  T extends ComplexTypeDef<infer P> ? JsonOfContent<P> : T extends AnyTypeDef ? JsonElement : string;

type JsonOfElement<E> =
  E extends ElementDef<string, infer T, infer O>
    ? O extends '*' | '+'
      ? JsonOfType<T>[]
      : JsonOfType<T>
    : never;

type RequiredElements<P extends readonly Particle[]> = Extract<
  P[number],
  ElementDef<string, TypeDef, '1' | '+'>
>;

/** Elements of a choice are individually optional: the choice itself is checked by the validator. */
type OptionalElements<P extends readonly Particle[]> =
  | Extract<P[number], ElementDef<string, TypeDef, '?' | '*'>>
  // Distributed over the choices: with none, `Extract` is `never` and yields no names (an `infer` on `never`
  // would fall back to its constraint and give every type a `string` index signature).
  | (Extract<P[number], ChoiceDef> extends infer C
      ? C extends ChoiceDef<infer B>
        ? B[number][number]
        : never
      : never);

export type JsonOfContent<P extends readonly Particle[]> = Simplify<
  { [E in RequiredElements<P> as E['name']]: JsonOfElement<E> } & {
    [E in OptionalElements<P> as E['name']]?: JsonOfElement<E>;
  }
>;

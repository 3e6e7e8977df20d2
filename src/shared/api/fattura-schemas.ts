import { ORDINARY_MODEL } from '../fatturapa/model/ordinary.ts';
import type { ComplexTypeDef, ElementDef, SimpleTypeDef } from '../fatturapa/model/types.ts';

/**
 * The body of `POST /send/json` and `/send/validate/json` as JSON Schema: a FatturaPA document in the public
 * service's JSON shape (openapi.yml `FatturaOrdinaria`, read by fatturapa/model/public-json.ts), generated from
 * the same model the server checks documents with (fatturapa/model/ordinary*.ts). One component per XSD complex
 * type, named after it without `Type`; `FatturaOrdinaria` is the root. As in the public shape: element names as
 * keys, repeated elements as arrays (`FatturaElettronicaBody` always), integers `int32`, amounts and quantities
 * `double`, dates as `date-time` strings (their calendar date is used), the root attribute `SistemaEmittente` as a
 * plain key, and `null` for an absent element.
 */

type Json = Record<string, unknown>;

export const FATTURA_ROOT_COMPONENT = 'FatturaOrdinaria';

const ref = (name: string): Json => ({ $ref: `#/components/schemas/${name}` });
const orNull = (schema: Json): Json => ({ anyOf: [schema, { type: 'null' }] });

function simpleSchema(type: SimpleTypeDef): Json {
  switch (type.kind) {
    case 'integer':
      return { type: 'integer', format: 'int32', minimum: type.minInclusive, maximum: type.maxInclusive };
    case 'decimal':
      return { type: 'number', format: 'double' };
    case 'date':
    case 'dateTime':
      return { type: 'string', format: 'date-time' };
    case 'enum':
      return { type: 'string', enum: [...type.values] };
    case 'base64Binary':
      return { type: 'string', contentEncoding: 'base64' };
    case 'string':
      return { type: 'string' };
  }
}

class FatturaSchemaWriter {
  readonly components: Record<string, Json> = {};
  private readonly names = new Map<ComplexTypeDef, string>();

  /** The component of a complex type, written once; its name. */
  component(type: ComplexTypeDef): string {
    const known = this.names.get(type);
    if (known !== undefined) return known;
    const base = type.name.replace(/Type$/, '');
    let name = base;
    for (let n = 2; name in this.components || name === FATTURA_ROOT_COMPONENT; n++) name = `${base}${n}`;
    this.names.set(type, name);
    this.components[name] = {}; // reserved before the children, should a type ever contain itself
    const properties: Json = {};
    const required: string[] = [];
    for (const particle of type.content) {
      const elements = particle.kind === 'choice' ? particle.branches.flat() : [particle];
      for (const element of elements) {
        const schema = this.element(element, particle.kind === 'choice');
        if (schema === null) continue;
        properties[element.name] = schema;
        if (particle.kind !== 'choice' && element.minOccurs > 0) required.push(element.name);
      }
    }
    this.components[name] = {
      type: 'object',
      properties,
      ...(required.length > 0 ? { required } : {}),
      additionalProperties: false,
      description: `FatturaPA \`${type.name}\`.`,
      'x-fatturapa-type': type.name,
    };
    return name;
  }

  /** An element's schema; null for content taken as is (ds:Signature), which the public shape leaves out. */
  private element(element: ElementDef, inChoice: boolean): Json | null {
    const { type } = element;
    if (type.kind === 'any') return null;
    const one = type.kind === 'complex' ? ref(this.component(type)) : simpleSchema(type);
    const optional = inChoice || element.minOccurs === 0;
    if (element.maxOccurs > 1) {
      const array: Json = { type: 'array', items: one };
      if (element.minOccurs > 0 && !inChoice) array.minItems = element.minOccurs;
      return optional ? orNull(array) : array;
    }
    return optional ? orNull(one) : one;
  }
}

/** Every component of the FatturaPA JSON body, `FatturaOrdinaria` first. */
export function fatturaComponents(): Record<string, Json> {
  const writer = new FatturaSchemaWriter();
  const root = ORDINARY_MODEL.type;
  const properties: Json = {};
  const required: string[] = [];
  for (const attribute of ORDINARY_MODEL.attributes) {
    // `versione` is FormatoTrasmissione in the public shape; SistemaEmittente is a plain key.
    if (attribute.name === 'versione') continue;
    properties[attribute.name] = orNull(simpleSchema(attribute.type));
  }
  for (const particle of root.content) {
    if (particle.kind !== 'element' || particle.type.kind === 'any') continue;
    const one = particle.type.kind === 'complex' ? ref(writer.component(particle.type)) : {};
    properties[particle.name] =
      particle.maxOccurs > 1 ? { type: 'array', items: one, minItems: particle.minOccurs } : one;
    if (particle.minOccurs > 0) required.push(particle.name);
  }
  return {
    [FATTURA_ROOT_COMPONENT]: {
      type: 'object',
      properties,
      required,
      additionalProperties: false,
      description: [
        'A FatturaPA document (FPR12 or FPA12) as JSON, in the shape of the public service: element names as',
        'keys, repeated elements as arrays, the version in `FatturaElettronicaHeader.DatiTrasmissione.',
        'FormatoTrasmissione`. The server turns it into the XML file it sends (docs/sandbox.md, "JSON bodies").',
      ].join(' '),
    },
    ...writer.components,
  };
}

import type { TObject, TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { invalid, type Problem } from './service-error.ts';

/** How a field that fails its definition is reported, when the wording depends on the field (e.g. `webhook.url`). */
export type FieldWording = (field: string, value: unknown) => Problem;

interface FieldSchema {
  type?: string;
  anyOf?: FieldSchema[];
  minLength?: number;
  maxLength?: number;
}

/** A JSON body must be an object before its fields can be looked at. */
export function expectObject(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw invalid([], 'body.expectedObject');
  return body as Record<string, unknown>;
}

export function requiredProblem(field: string): Problem {
  return { code: 'required', key: 'field.required', params: { field }, path: field };
}

/** The definition without its `null` branch: what a present value must be. */
function valueSchema(schema: FieldSchema): FieldSchema {
  const branches = schema.anyOf?.filter((branch) => branch.type !== 'null');
  return branches?.length === 1 ? branches[0]! : schema;
}

/** This server's usual words for a field that fails its definition, by what the definition wants. */
function defaultProblem(field: string, schema: FieldSchema, value: unknown): Problem {
  const wanted = valueSchema(schema);
  const at = { params: { field }, path: field };
  switch (wanted.type) {
    case 'string':
      if (typeof value === 'string' && value.length < (wanted.minLength ?? 0)) return requiredProblem(field);
      if (typeof value === 'string' && wanted.maxLength !== undefined && value.length > wanted.maxLength)
        return {
          code: 'length',
          key: 'field.tooLong',
          params: { field, max: wanted.maxLength },
          path: field,
        };
      return { code: 'type', key: 'field.string', ...at };
    case 'integer':
    case 'number':
      return { code: 'type', key: 'field.integer', ...at };
    case 'boolean':
      return { code: 'type', key: 'sandbox.boolean', ...at };
    case 'object':
      return { code: 'type', key: 'field.stringMap', ...at };
    default:
      return { code: 'type', key: 'field.string', ...at };
  }
}

/**
 * Checks each field of a JSON body against its definition (src/shared/api/schemas.ts), in the definition's order,
 * and returns every problem so the caller can fix them all at once. Fields the definition does not name are
 * ignored (clients echo back what the server set); `null` for an optional field that takes no null counts as
 * absent, as SDKs send unset fields. Checks a definition cannot express (a VAT check digit) stay with the caller.
 */
export function fieldProblems(
  definition: TObject,
  body: Record<string, unknown>,
  wording: Record<string, FieldWording> = {},
): Problem[] {
  const problems: Problem[] = [];
  const required = new Set<string>(definition.required ?? []);
  for (const [field, schema] of Object.entries(definition.properties as Record<string, TSchema>)) {
    const value = body[field];
    const absent = value === undefined || (value === null && !Value.Check(schema, null));
    if (absent) {
      if (required.has(field)) problems.push(wording[field]?.(field, value) ?? requiredProblem(field));
      continue;
    }
    if (!Value.Check(schema, value))
      problems.push(wording[field]?.(field, value) ?? defaultProblem(field, schema as FieldSchema, value));
  }
  return problems;
}

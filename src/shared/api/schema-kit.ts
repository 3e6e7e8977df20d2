import Type, { type TSchema, type TUnion, type TNull, type TUnsafe } from 'typebox';

/**
 * The few building blocks every API definition repeats, so that a date-time, an id or a nullable field is
 * written the same way everywhere (and so appears the same way in the published OpenAPI document).
 */

export const INT32_MAX = 2_147_483_647;

/** `T` or `null`: JSON Schema 2020-12 (OpenAPI 3.1) has no `nullable`, only a union with `null`. */
/**
 * Marks a field the v1 specification adds to the public description (spec "Resources"): published, always sent by
 * default, and left out of answers by a sandbox in strict mode (`serve --strict`), which keeps to the public
 * schemas; so the description cannot call it required.
 */
export const EXTENSION_KEYWORD = 'x-scambio-extension';

export function Extension<T extends TSchema>(schema: T) {
  return Type.Optional({ ...schema, [EXTENSION_KEYWORD]: true } as T);
}

export function Nullable<T extends TSchema>(
  schema: T,
  options: { description?: string } = {},
): TUnion<[T, TNull]> {
  return Type.Union([schema, Type.Null()], options);
}

/** An id the server assigned: a positive 32-bit integer. */
export function Id(description: string) {
  return Type.Integer({ format: 'int32', minimum: 1, maximum: INT32_MAX, description });
}

/** An ISO 8601 UTC instant, as the server writes them (`2026-01-31T09:00:00.000Z`). */
export function DateTime(description: string) {
  return Type.String({ format: 'date-time', description });
}

/** A JSON object whose values are all text (`meta_data`). */
export function StringMap(
  description: string,
  options: { maxProperties?: number } = {},
): TUnsafe<Record<string, string>> {
  return Type.Unsafe<Record<string, string>>({
    type: 'object',
    additionalProperties: { type: 'string' },
    description,
    ...options,
  });
}

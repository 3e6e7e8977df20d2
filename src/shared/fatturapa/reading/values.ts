/**
 * Access to the model's JSON that tolerates what a schema-invalid file can carry (the JSON types describe a
 * valid document; a converted one may hold an array where one element is allowed, or '#text'), so that
 * reading a flawed received invoice shows what it has rather than failing.
 */

/** The text of a leaf: a string, or the '#text' of an element that also has children; null when empty. */
export function text(value: unknown): string | null {
  if (Array.isArray(value)) return text(value[0]);
  if (typeof value === 'object' && value !== null) return text((value as Record<string, unknown>)['#text']);
  return typeof value === 'string' && value !== '' ? value : null;
}

/** Like text, for a required element: '' when missing. */
export function required(value: unknown): string {
  return text(value) ?? '';
}

/** Every occurrence of an element, whether the JSON holds one or several. */
export function list<V>(value: V): Item<V>[] {
  if (value === undefined || value === null) return [];
  return (Array.isArray(value) ? [...(value as unknown[])] : [value]) as Item<V>[];
}

/** The element type of a JSON value that is one element or an array of them. */
export type Item<V> = V extends readonly (infer E)[] ? E : V extends null | undefined ? never : V;

/** The first occurrence of an element. */
export function one<V>(value: V): Item<V> | undefined {
  return list(value)[0];
}

export function texts(value: unknown): string[] {
  return list(value)
    .map(text)
    .filter((item): item is string => item !== null);
}

/**
 * The calendar date of an xs:date, 'YYYY-MM-DD': an xs:date may carry a time zone ("2024-05-31+02:00"), which
 * neither SdI's date comparisons nor a list of invoices care about. Null when the value is not a date.
 */
export function calendarDate(value: string | null | undefined): string | null {
  const match =
    value === null || value === undefined
      ? null
      : /^(\d{4}-\d{2}-\d{2})(?:Z|[+-]\d{2}:\d{2})?$/.exec(value.trim());
  return match?.[1] ?? null;
}

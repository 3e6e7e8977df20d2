/**
 * The shape of JSON answers, for telling drift from data: keys and the kinds of their values, recursively;
 * an array by its first element. Values themselves (ids, dates, names, counts) are not compared, and null
 * matches any kind, as optional fields are null on one side and filled on the other in ordinary use.
 */
export function shapeDifferences(recorded: unknown, actual: unknown, at = '$'): string[] {
  if (recorded === null || actual === null) return [];
  const [was, is] = [kind(recorded), kind(actual)];
  if (was !== is) return [`${at}: ${was} recorded, ${is} now`];
  if (was === 'array') {
    const [a, b] = [recorded as unknown[], actual as unknown[]];
    return a.length > 0 && b.length > 0 ? shapeDifferences(a[0], b[0], `${at}[0]`) : [];
  }
  if (was !== 'object') return [];
  const [a, b] = [recorded as Record<string, unknown>, actual as Record<string, unknown>];
  const differences: string[] = [];
  for (const key of Object.keys(a)) {
    if (!(key in b)) differences.push(`${at}.${key}: recorded, now missing`);
    else differences.push(...shapeDifferences(a[key], b[key], `${at}.${key}`));
  }
  for (const key of Object.keys(b)) if (!(key in a)) differences.push(`${at}.${key}: new, not recorded`);
  return differences;
}

function kind(value: unknown): string {
  return Array.isArray(value) ? 'array' : typeof value;
}

/** Fields that hold ids: what learnIds learns from and mapIds replaces in. */
const ID_FIELD = /^(id|ids|identifier|.+_id|.+_ids)$/;

/**
 * Ids a recorded answer and the sandbox's answer to the same request gave the same thing (fields `id`,
 * `…_id`, `identifier`, at the same place): recorded value → the sandbox's. Later requests naming a recorded id
 * (`/v1/send/{id}`) are sent with the sandbox's instead.
 */
export function learnIds(recorded: unknown, actual: unknown, into: Map<string, string>): void {
  if (recorded === null || actual === null || typeof recorded !== 'object' || typeof actual !== 'object')
    return;
  if (Array.isArray(recorded) && Array.isArray(actual)) {
    for (let i = 0; i < Math.min(recorded.length, actual.length); i += 1)
      learnIds(recorded[i], actual[i], into);
    return;
  }
  const [a, b] = [recorded as Record<string, unknown>, actual as Record<string, unknown>];
  for (const [key, value] of Object.entries(a)) {
    const other = b[key];
    if (ID_FIELD.test(key) && isScalar(value) && isScalar(other)) {
      into.set(String(value), String(other));
    } else {
      learnIds(value, other, into);
    }
  }
}

function isScalar(value: unknown): value is string | number {
  return typeof value === 'string' || typeof value === 'number';
}

/** A JSON body with the recorded ids in its id fields replaced by the sandbox's, keeping numbers numbers. */
export function mapIds(value: unknown, ids: ReadonlyMap<string, string>, inIdField = false): unknown {
  if (Array.isArray(value)) return value.map((v) => mapIds(v, ids, inIdField));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapIds(v, ids, ID_FIELD.test(k))]));
  }
  if (inIdField && isScalar(value) && ids.has(String(value))) {
    const mapped = ids.get(String(value))!;
    return typeof value === 'number' && /^-?\d+(\.\d+)?$/.test(mapped) ? Number(mapped) : mapped;
  }
  return value;
}

/** A draft's fields by their path, in the draft's notation (`customer.address.postcode`, `lines[1].unitPrice`). */
import type { InvoiceDraft } from '../../shared/fatturapa/compose/index.ts';

/** The value of a draft field (`lines[2].unitPrice`, `customer.vat`), as JSON to compare it. */
export function valueAt(draft: InvoiceDraft, field: string): string {
  let node: unknown = draft;
  for (const part of field.split(/\.|\[|\]/).filter(Boolean)) {
    if (node === null || typeof node !== 'object') return '';
    node = (node as Record<string, unknown>)[part];
  }
  return JSON.stringify(node ?? '');
}

/**
 * The draft fields that differ between two drafts, in the draft's notation (`customer.address.postcode`,
 * `lines[1].unitPrice`): a row added or removed counts as all of its fields.
 */
export function changedFields(before: unknown, after: unknown, path = ''): string[] {
  if (before === after) return [];
  const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object';
  if (!isObject(before) || !isObject(after)) return path === '' ? [] : [path];
  if (Array.isArray(before) || Array.isArray(after)) {
    const a = Array.isArray(before) ? before : [];
    const b = Array.isArray(after) ? after : [];
    return Array.from({ length: Math.max(a.length, b.length) }, (_, i) =>
      changedFields(a[i], b[i], `${path}[${i}]`),
    ).flat();
  }
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].flatMap((key) => changedFields(before[key], after[key], path ? `${path}.${key}` : key));
}

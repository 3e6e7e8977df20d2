/**
 * How a typed value is written: trimmed, a blank left out (the element is optional, or checkDraft reports it),
 * a decimal in the XSD's lexical form. Composing never fails, so nothing here refuses a value.
 */
import { lexical } from '../numbers.ts';
import type { Json } from './trace.ts';

/** The text trimmed; undefined, so the element is left out, when it is blank. */
export function optional(value: string | undefined): string | undefined {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? undefined : trimmed;
}

/** The decimal in its lexical form with at least `min` decimals; undefined when it is blank. */
export function optionalDecimal(value: string, min = 2): string | undefined {
  return value.trim() === '' ? undefined : lexical(value, min);
}

/** Drops undefined members and empty arrays in place (object identity is kept for the trace). */
export function prune(value: unknown): void {
  if (Array.isArray(value)) {
    value.forEach(prune);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  const record = value as Json;
  for (const key of Object.keys(record)) {
    const member = record[key];
    if (member === undefined || (Array.isArray(member) && member.length === 0)) delete record[key];
    else prune(member);
  }
}

import {
  invoiceToXml,
  validateStructureBounded,
  type StructureProblem,
} from '../../shared/fatturapa/index.ts';
import { fromPublicInvoiceJson } from '../../shared/fatturapa/model/index.ts';
import { problemFromRecord } from './invoice-validation.ts';
import { JSON_DEPTH_MAX } from './json-body.ts';
import { invalid, ServiceError } from './service-error.ts';

/** Whether a parsed JSON value nests deeper than `limit`, found without recursion. */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length > 0) {
    const [current, depth] = pending.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    if (depth + 1 > limit) return true;
    for (const child of Object.values(current)) pending.push([child, depth + 1]);
  }
  return false;
}

/** A JSON invoice's XML file, or the structure problems that keep it from having one (the first ones, counted). */
export type InvoiceJsonConversion =
  { ok: true; xml: Uint8Array } | { ok: false; problems: StructureProblem[]; omitted: number };

/**
 * A FatturaPA document sent as JSON (element names as keys) becomes the XML file SDI receives. Both shapes are
 * taken: the public service's (openapi.yml `FatturaOrdinaria`: no version key, numbers, date-times) and ours
 * (`@versione`, string leaves); see fromPublicInvoiceJson. Its structure is checked first, whatever
 * `validate` says: a JSON document that does not fit the schema has no XML form. Plain data in and out, so a
 * worker thread can do it (json-body-tasks.ts); a body that is not an object at all is thrown as a ServiceError.
 */
export function convertInvoiceJson(body: unknown): InvoiceJsonConversion {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw invalid([], 'body.expectedObject');
  if (nestsDeeperThan(body, JSON_DEPTH_MAX)) {
    throw new ServiceError('invalid', 'body.tooDeep', { limit: JSON_DEPTH_MAX });
  }
  const invoice = fromPublicInvoiceJson(body) as Record<string, unknown>;
  const { problems, omitted } = validateStructureBounded(invoice);
  if (problems.length > 0) return { ok: false, problems, omitted };
  return { ok: true, xml: new TextEncoder().encode(invoiceToXml(invoice)) };
}

/** The 422 of a JSON invoice whose structure does not fit the schema, each problem worded in the caller's language. */
export function invalidInvoiceJson(problems: StructureProblem[], omitted: number): ServiceError {
  return invalid(
    problems.map((problem) => problemFromRecord({ source: 'structure', problem })),
    'invoice.invalid',
    omitted,
  );
}

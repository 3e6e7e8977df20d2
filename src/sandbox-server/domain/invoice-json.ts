import { describeStructureProblem, invoiceToXml, validateStructure } from '../../shared/fatturapa/index.ts';
import { fromPublicInvoiceJson } from '../../shared/fatturapa/model/index.ts';
import { invalid, ServiceError } from './service-error.ts';

/**
 * How deep a JSON body may nest arrays and objects. A FatturaPA document needs about a dozen levels; the
 * limit only has to stop documents built to exhaust the stack of the recursive structure check.
 */
export const JSON_DEPTH_MAX = 64;

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

/**
 * A FatturaPA document sent as JSON (element names as keys) becomes the XML file SDI receives. Both shapes are
 * taken: the public service's (openapi.yml `FatturaOrdinaria`: no version key, numbers, date-times) and ours
 * (`@versione`, string leaves); see fromPublicInvoiceJson. Its structure is checked first, whatever
 * `validate` says: a JSON document that does not fit the schema has no XML form.
 */
export function invoiceJsonToXml(body: unknown): Uint8Array {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw invalid([], 'body.expectedObject');
  if (nestsDeeperThan(body, JSON_DEPTH_MAX)) {
    throw new ServiceError('invalid', 'body.tooDeep', { limit: JSON_DEPTH_MAX });
  }
  const invoice = fromPublicInvoiceJson(body) as Record<string, unknown>;
  const problems = validateStructure(invoice);
  if (problems.length > 0) {
    throw invalid(
      problems.map((p) => ({
        code: p.code,
        path: p.path,
        describe: (language) => {
          const described = describeStructureProblem(p, language);
          return { description: described.description, hint: described.hint || null };
        },
      })),
      'invoice.invalid',
    );
  }
  return new TextEncoder().encode(invoiceToXml(invoice));
}

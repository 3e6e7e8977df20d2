import { describeStructureProblem, invoiceToXml, validateStructure } from '../../shared/fatturapa/index.ts';
import { invalid } from './service-error.ts';

/**
 * A FatturaPA document sent as JSON (element names as keys) becomes the XML file SDI receives. Its structure
 * is checked first, whatever `validate` says: a JSON document that does not fit the schema has no XML form.
 */
export function invoiceJsonToXml(body: unknown): Uint8Array {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw invalid([], 'body.expectedObject');
  const problems = validateStructure(body);
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
  return new TextEncoder().encode(invoiceToXml(body as Record<string, unknown>));
}

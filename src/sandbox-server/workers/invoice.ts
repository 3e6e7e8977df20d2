import type { ReadInvoiceFile, InvoiceFileLimits } from '../domain/invoice-file.ts';
import { problemFromRecord, type ValidationQueries } from '../domain/invoice-validation.ts';
import type { KeyedProblem, Problem } from '../domain/service-error.ts';
import type { TaskRunner } from './pool.ts';
import type { InspectInvoiceInput } from './tasks.ts';

export type InvoiceInspection =
  | { ok: false; problem: KeyedProblem }
  | {
      ok: true;
      file: ReadInvoiceFile;
      problems: Problem[] | null;
      /** Problems past the validators' bound, counted but not listed. */
      omitted: number;
      queries: ValidationQueries | null;
    };

/**
 * Reads (and, given `validation`, validates) an invoice file on the pool: `readInvoiceFile` and
 * `validateInvoice` as the calling thread would, the problems' texts rebuilt here.
 */
export async function inspectInvoiceFile(
  runner: TaskRunner,
  bytes: Uint8Array,
  limits: InvoiceFileLimits,
  validation?: InspectInvoiceInput['validation'],
): Promise<InvoiceInspection> {
  const out = await runner.run('inspectInvoice', { bytes, limits, ...(validation ? { validation } : {}) });
  if (!out.ok) return out;
  const fileBytes = out.bytes ?? bytes;
  return {
    ok: true,
    file: { bytes: fileBytes, xml: out.xml ?? fileBytes, signed: out.signed, summary: out.summary },
    problems: out.problems?.map(problemFromRecord) ?? null,
    omitted: out.omitted,
    queries: out.queries,
  };
}

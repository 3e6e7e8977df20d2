/**
 * Reading (and, if asked, validating) an invoice file on the worker pool: the task the threads run and what its
 * callers (submissions, SDI's checks) get back. The parsed document stays on the thread; only plain data crosses.
 */
import type { SignatureMode } from '../../shared/api/types.ts';
import type { InvoiceSummary } from '../../shared/fatturapa/index.ts';
import type { TaskRunner } from '../workers/pool.ts';
import { ownedBuffers, task } from '../workers/task.ts';
import { tryReadInvoiceFile, type InvoiceFileLimits, type ReadInvoiceFile } from './invoice-file.ts';
import {
  answeringHooks,
  problemFromRecord,
  validateInvoiceRecords,
  type ProblemRecord,
  type SdiLookups,
  type ValidationAnswers,
  type ValidationQueries,
} from './invoice-validation.ts';
import type { KeyedProblem, Problem } from './service-error.ts';

export interface InspectInvoiceInput {
  bytes: Uint8Array;
  limits: InvoiceFileLimits;
  /** Validate the file too (everything `validateInvoice` does, P7M verification included). */
  validation?: {
    fileName: string | null;
    at: Date;
    lenientIds: boolean;
    /** Given: the SDI's database checks (00002, 00404) run, answered from here (see ValidationAnswers). */
    answers?: ValidationAnswers;
    /** A pre-flight check's signature mode (see InvoiceValidationContext.signature). */
    signature?: SignatureMode;
    /** The IPA offices and trusted CAs to check against (see SdiLookups). */
    lookups?: SdiLookups;
  };
}

export type InspectInvoiceOutput =
  | { ok: false; problem: KeyedProblem }
  | {
      ok: true;
      /** `null`: the same bytes as the input (its DER, or the XML itself). */
      bytes: Uint8Array | null;
      /** `null`: the same as `bytes`. */
      xml: Uint8Array | null;
      signed: boolean;
      summary: InvoiceSummary;
      problems: ProblemRecord[] | null;
      /** Problems found past the validators' bound, counted but not listed. */
      omitted: number;
      queries: ValidationQueries | null;
    };

/** Reads an invoice file and, if asked, validates it; on the thread. */
async function inspectInvoice(input: InspectInvoiceInput): Promise<InspectInvoiceOutput> {
  const read = tryReadInvoiceFile(input.bytes, input.limits);
  if (!read.ok) return read;
  const { file } = read;
  const base = {
    ok: true as const,
    bytes: file.bytes === input.bytes ? null : file.bytes,
    xml: file.xml === file.bytes ? null : file.xml,
    signed: file.signed,
    summary: file.summary,
  };
  const validation = input.validation;
  if (validation === undefined) return { ...base, problems: null, omitted: 0, queries: null };
  const answering = validation.answers ? answeringHooks(validation.answers) : null;
  const report = await validateInvoiceRecords(file, {
    fileName: validation.fileName,
    at: validation.at,
    lenientIds: validation.lenientIds,
    ...(validation.signature ? { signature: validation.signature } : {}),
    ...(validation.lookups ? { lookups: validation.lookups } : {}),
    ...(answering ? { hooks: answering.hooks } : {}),
  });
  return { ...base, ...report, queries: answering?.queries ?? null };
}

/** The pool's task (the server's table is worker-tasks.ts). */
export const INVOICE_INSPECTION_TASKS = {
  inspectInvoice: task({
    run: inspectInvoice,
    size: (input) => input.bytes.length,
    transfer: (output) => (output.ok ? ownedBuffers([output.bytes, output.xml]) : []),
  }),
};

export type InvoiceInspectionTasks = typeof INVOICE_INSPECTION_TASKS;

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
  runner: TaskRunner<InvoiceInspectionTasks>,
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

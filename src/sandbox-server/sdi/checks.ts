import {
  describeSdiProblem,
  SDI_CHECK_CODES,
  type InvoiceSummary,
  type SdiCheckCode,
  type SdiInvoiceKey,
} from '../../shared/fatturapa/index.ts';
import type { ReadInvoiceFile } from '../domain/invoice-file.ts';
import { invoiceKeyId, type SdiLookups, type ValidationAnswers } from '../domain/invoice-validation.ts';
import type { Problem } from '../domain/service-error.ts';
import { translator } from '../i18n/translator.ts';
import { inspectInvoiceFile, type InvoiceInspectionTasks } from '../domain/invoice-inspection.ts';
import type { TaskRunner } from '../workers/pool.ts';
import type { DocumentKey } from '../store/sdi-documents.ts';
import { fillText } from '../domain/fill-text.ts';
import { FORCED_GENERIC, FORCED_SUFFIX, type SdiText } from './texts.ts';

/** One reason for a discard, as NotificaScarto lists it and the Update repeats it. */
export interface SdiError {
  code: string;
  description: string;
  hint: string;
}

export interface CheckContext {
  fileName: string;
  /** When SDI received the file: certificate validity and 00403 are judged at that moment. */
  receivedAt: Date;
  /** contract.md "Identity checks": check-digit failures of 00300–00306 become warnings. */
  lenientIds: boolean;
  /** 00002: a file of this name went through SDI before. */
  isFileNameUsed(fileName: string): boolean;
  /** 00404: an invoice body with these identifying data was already accepted. */
  isAccepted(key: DocumentKey): boolean;
  /** `Sandbox-Scenario: scarto=…`. */
  forcedScarto?: string;
  /** The IPA offices and trusted CAs of the sender's environment (sdi/lookups.ts). */
  lookups: SdiLookups;
}

export interface CheckOutcome {
  /** Empty when SDI accepts the file. */
  errors: SdiError[];
  /** The bodies' identifying data, to remember once the file is accepted. */
  documents: DocumentKey[];
  /** What the file says (null when unreadable), so that later steps need not parse it again. */
  summary: InvoiceSummary | null;
}

/** NotificaScarto holds at most 200 errors (ListaErrori maxOccurs). */
const MAX_ERRORS = 200;
const italian = translator('it');

/**
 * The stages of SDI's controls, in the order SDI applies them (sdi-rules.md §b): file name, uniqueness and
 * size; envelope and signature; XSD; content. SDI stops at the first stage that fails.
 */
export type CheckStage = 'file' | 'signature' | 'schema' | 'content';
const STAGES: readonly CheckStage[] = ['file', 'signature', 'schema', 'content'];

/** The stage an SDI error code belongs to. */
export function stageOf(code: string): CheckStage {
  if (code === '00001' || code === '00002' || code === '00003' || code === '00106') return 'file';
  if (code.startsWith('001')) return 'signature';
  if (code === '00200' || code === '00201') return 'schema';
  return 'content';
}

/** The errors of the first stage that has any: what one NotificaScarto lists. */
export function firstFailingStage<E extends { code: string }>(errors: readonly E[]): E[] {
  for (const stage of STAGES) {
    const failing = errors.filter((e) => stageOf(e.code) === stage);
    if (failing.length > 0) return failing;
  }
  return [];
}

/**
 * Every control SDI applies to a received file (the same as `validate=true`: signature, schema, content,
 * duplicates inside the file 00409) plus those only SDI can make: file name reuse (00002) and duplicates of
 * accepted invoices (00404). Like SDI, the discard lists only the errors of the first stage that fails
 * (a file with a broken signature is not schema-checked); within that stage, every error, as the sender
 * wants to fix them all at once. `/send/validate*` lists every stage. SDI writes in Italian, so the texts
 * are Italian whatever language the sender reads.
 *
 * Asynchronous because it runs on the worker threads (`runner`); it only reads, so it may run again after a
 * crash. The database questions (00002, 00404) cannot be asked from a worker: they are answered ahead or
 * after the fact, and the checks run again in the rare case an answer turns out to be "yes".
 */
export async function checkInvoice(
  runner: TaskRunner<InvoiceInspectionTasks>,
  bytes: Uint8Array,
  ctx: CheckContext,
): Promise<CheckOutcome> {
  const answers: ValidationAnswers = {
    usedFileNames: { [ctx.fileName]: ctx.isFileNameUsed(ctx.fileName) },
    acceptedInvoices: {},
  };
  for (;;) {
    const inspected = await inspectInvoiceFile(
      runner,
      bytes,
      { maxBytes: Number.MAX_SAFE_INTEGER },
      {
        fileName: ctx.fileName,
        at: ctx.receivedAt,
        lenientIds: ctx.lenientIds,
        answers,
        lookups: ctx.lookups,
      },
    );
    if (!inspected.ok) return finish([inItalian(inspected.problem)], ctx, {}, [], null);
    let changed = false;
    for (const name of inspected.queries?.fileNames ?? []) {
      const used = ctx.isFileNameUsed(name);
      answers.usedFileNames[name] = used;
      changed ||= used;
    }
    for (const key of inspected.queries?.invoices ?? []) {
      const documentKey = toDocumentKey(key);
      const accepted = documentKey !== null && ctx.isAccepted(documentKey);
      answers.acceptedInvoices[invoiceKeyId(key)] = accepted;
      changed ||= accepted;
    }
    if (changed) continue;
    const { file } = inspected;
    const documents = documentKeys(file);
    const errors = firstFailingStage((inspected.problems ?? []).map(inItalian));
    const first = file.summary.documents[0];
    const forcedParams = { fileName: ctx.fileName, numero: first?.number, data: first?.date };
    return finish(errors, ctx, forcedParams, documents, file.summary);
  }
}

/**
 * The outcome for a `.p7m` whose CMS envelope could not be opened (accepted for delivery all the same, as
 * SDI does): discarded with 00102, the signature cannot be verified. Nothing is parsed.
 */
export function unreadableEnvelopeOutcome(): CheckOutcome {
  const error = inItalian({
    code: '00102',
    key: 'invoice.notCms',
    hint: 'hint.p7m',
    params: {},
    path: null,
  });
  return { errors: [error], documents: [], summary: null };
}

function finish(
  errors: SdiError[],
  ctx: CheckContext,
  forcedParams: Record<string, string | null | undefined>,
  documents: DocumentKey[],
  summary: InvoiceSummary | null,
): CheckOutcome {
  const all = [...errors];
  const forced = ctx.forcedScarto;
  if (forced !== undefined && !all.some((e) => e.code === forced))
    all.push(forcedError(forced, forcedParams));
  return { errors: all.slice(0, MAX_ERRORS), documents: all.length === 0 ? documents : [], summary };
}

function inItalian(problem: Problem): SdiError {
  if ('describe' in problem) {
    const described = problem.describe('it');
    return { code: problem.code, description: described.description, hint: described.hint ?? '' };
  }
  return {
    code: problem.code,
    description: italian(problem.key, problem.params),
    hint: problem.hint ? italian(problem.hint, problem.params) : '',
  };
}

function forcedError(code: string, params: Record<string, string | null | undefined>): SdiError {
  const known = (SDI_CHECK_CODES as readonly string[]).includes(code);
  const text: SdiText = known
    ? describeSdiProblem({ code: code as SdiCheckCode, severity: 'error', path: '', params: {} }, 'it')
    : FORCED_GENERIC;
  return {
    code,
    description: fillText(text.description, { ...params, code }) + FORCED_SUFFIX,
    hint: fillText(text.hint, { ...params, code }),
  };
}

function sellerKey(vat: string): string {
  return vat.toUpperCase().replace(/\s+/g, '');
}

function toDocumentKey(key: SdiInvoiceKey): DocumentKey | null {
  if (key.seller === null) return null;
  return {
    seller: sellerKey(`${key.seller.country}${key.seller.code}`),
    tipo: key.tipoDocumento,
    data: key.data,
    numero: key.numero,
  };
}

function documentKeys(file: ReadInvoiceFile): DocumentKey[] {
  const seller = file.summary.prestatore.vat;
  if (seller === null) return [];
  return file.summary.documents.map((d) => ({
    seller: sellerKey(seller),
    tipo: d.type,
    data: d.date,
    numero: d.number,
  }));
}

import {
  InvoiceDocumentError,
  describeSdiProblem,
  describeStructureProblem,
  runSdiChecks,
  validateInvoiceXmlStructure,
  verifyP7m,
  type P7mProblem,
  type SdiCheckContext,
} from '../../shared/fatturapa/index.ts';
import type { MessageKey } from '../i18n/messages.ts';
import { documentProblem, type InvoiceFile } from './invoice-file.ts';
import type { Problem } from './service-error.ts';

export interface InvoiceValidationContext {
  fileName: string | null;
  /** When the file is checked: the sandbox clock's now (certificate validity, 00403). */
  at: Date;
  /** Check-digit failures of identifiers as warnings (contract "Identity checks in the sandbox"). */
  lenientIds: boolean;
  /** Hooks that need the database (00002, 00404), filled in by the simulated SDI. */
  hooks?: Pick<SdiCheckContext, 'isFileNameUsed' | 'isDuplicateInvoice'>;
}

const SIGNATURE_MESSAGES: Record<P7mProblem['code'], MessageKey> = {
  '00100': 'signature.expired',
  '00102': 'signature.broken',
  '00103': 'signature.noSigningTime',
  '00105': 'signature.timeOutsideValidity',
  '00107': 'signature.certificateInvalid',
};

/**
 * Every error SDI would find in the file, in SDI's order: signature, schema, then content checks. All of
 * them, not just the first, so the sender can fix everything in one go. Warnings are left out.
 */
export async function validateInvoice(
  file: InvoiceFile,
  context: InvoiceValidationContext,
): Promise<Problem[]> {
  const problems: Problem[] = [];
  if (file.signed) {
    const verification = await verifyP7m(file.bytes, { at: context.at });
    for (const p of verification.problems) {
      const signer = typeof p.params.signer === 'number' ? verification.signers[p.params.signer] : undefined;
      const params: Record<string, string> = {
        ...Object.fromEntries(Object.entries(p.params).map(([k, v]) => [k, String(v)])),
        subject: signer?.subject ?? '',
        notAfter: signer ? signer.notAfter.toISOString().slice(0, 10) : '',
      };
      problems.push({ code: p.code, key: SIGNATURE_MESSAGES[p.code], params, hint: 'hint.p7m', path: null });
    }
  }
  try {
    for (const p of validateInvoiceXmlStructure(file.xml)) {
      problems.push({
        code: p.code,
        path: p.path,
        describe: (language) => pick(describeStructureProblem(p, language)),
      });
    }
  } catch (error) {
    // The strict scanner can refuse what the lenient parse accepted (e.g. a malformed namespace URI).
    if (!(error instanceof InvoiceDocumentError)) throw error;
    problems.push(documentProblem(error, { maxBytes: file.bytes.length }, file.bytes.length));
  }
  const sdiProblems = runSdiChecks(file.document, {
    ...context.hooks,
    ...(context.fileName === null ? {} : { fileName: context.fileName }),
    fileSize: file.bytes.length,
    receivedAt: context.at,
    lenientIds: context.lenientIds,
  });
  for (const p of sdiProblems) {
    if (p.severity !== 'error') continue;
    problems.push({
      code: p.code,
      path: p.path || null,
      describe: (language) => pick(describeSdiProblem(p, language)),
    });
  }
  return problems;
}

function pick(described: { description: string; hint?: string | null }): {
  description: string;
  hint: string | null;
} {
  return { description: described.description, hint: described.hint || null };
}

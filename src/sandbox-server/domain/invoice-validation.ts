import type { SignatureMode } from '../../shared/api/types.ts';
import type { Language } from '../../shared/language.ts';
import {
  describeSdiProblem,
  describeStructureProblem,
  runSdiChecksBounded,
  verifyP7m,
  type P7mProblem,
  type SdiCheckContext,
  type SdiInvoiceKey,
  type SdiProblem,
  type StructureProblem,
} from '../../shared/fatturapa/index.ts';
import type { MessageKey } from '../i18n/messages.ts';
import type { Scope } from '../store/scope.ts';
import { fillText } from './fill-text.ts';
import type { InvoiceFile } from './invoice-file.ts';
import type { KeyedProblem, Problem } from './service-error.ts';

export interface InvoiceValidationContext {
  fileName: string | null;
  /** When the file is checked: the sandbox clock's now (certificate validity, 00403). */
  at: Date;
  /** Check-digit failures of identifiers as warnings (contract "Identity checks in the sandbox"). */
  lenientIds: boolean;
  /** Hooks that need the database (00002, 00404), filled in by the simulated SDI. */
  hooks?: Pick<SdiCheckContext, 'isFileNameUsed' | 'isDuplicateInvoice'>;
  /**
   * A pre-flight check's `signature` parameter: with Apply, Force or Auto the service would sign an unsigned
   * file before SDI sees it, so a PA invoice is not refused for lacking a signature. Absent: None.
   */
  signature?: SignatureMode;
  /** What SDI looks up outside the file (IPA offices, trusted CAs); absent: neither is checked. */
  lookups?: SdiLookups;
}

/**
 * What SDI checks a file against besides the file itself, as this sandbox holds it (sdi/lookups.ts makes it):
 * plain data, so that it crosses to the worker threads with the file.
 */
export interface SdiLookups {
  /**
   * The public administration offices (IPA) an FPA12 may be addressed to, code → active: an unknown code is
   * 00311, an inactive one 00312. Absent: not checked (live keys, `serve --lenient-ipa`).
   */
  paOffices?: Readonly<Record<string, boolean>>;
  /**
   * The CA certificates (DER) a signer's certificate must come from, or 00104. Absent: any certificate
   * (`serve --trust-any-certificate`).
   */
  trustedCas?: readonly Uint8Array[];
}

/** What the checks of one file look up, for the scope that sends it (submissions and the simulated SDI ask). */
export type SdiLookupSource = (scope: Scope, bytes: Uint8Array) => SdiLookups;

/**
 * A problem as plain data, so that it can cross from a worker thread (src/sandbox-server/workers): the
 * FatturaPA engine's problems keep their raw record and get their `describe` back on the receiving side.
 */
export type ProblemRecord =
  | { source: 'server'; problem: KeyedProblem }
  | { source: 'structure'; problem: StructureProblem }
  | { source: 'sdi'; problem: SdiProblem }
  | { source: 'sandbox'; problem: SandboxCheckProblem };

/**
 * A control of the simulated SDI that neither the FatturaPA engine nor the server catalogs word: its texts
 * are here, in every language the API speaks (Italian is also what the NotificaScarto says).
 */
export interface SandboxCheckProblem {
  code: string;
  check: SandboxCheck;
  path: string | null;
  params: Record<string, string>;
}

type SandboxCheck = 'unsignedPa' | 'duplicateInFile';
type Texts = { description: string; hint: string };

/** SDI's own words for a lotto that repeats an invoice (SDI speaks Italian whatever the caller's language). */
const DUPLICATE_IN_FILE: Texts = {
  description: 'Fattura duplicata nel file: numero {{numero}} del {{data}} presente più volte',
  hint: 'Ogni fattura di un lotto deve avere numero, data e tipo documento diversi.',
};

const SANDBOX_CHECK_TEXTS: Record<SandboxCheck, Record<Language, Texts>> = {
  unsignedPa: {
    it: {
      description:
        'File non integro (firma non valida): una fattura verso la pubblica amministrazione (FPA12) deve essere firmata',
      hint: 'Firma il file (CAdES .xml.p7m o XAdES) prima dell’invio, o invialo con signature=Auto, Apply o Force.',
    },
    en: {
      description:
        'File not intact (invalid signature): an invoice to a public administration (FPA12) must be signed',
      hint: 'Sign the file (CAdES .xml.p7m or XAdES) before sending it, or send it with signature=Auto, Apply or Force.',
    },
    de: {
      description:
        'Datei nicht unversehrt (ungültige Signatur): eine Rechnung an die öffentliche Verwaltung (FPA12) muss signiert sein',
      hint: 'Signieren Sie die Datei (CAdES .xml.p7m oder XAdES) vor dem Versand, oder senden Sie sie mit signature=Auto, Apply oder Force.',
    },
  },
  duplicateInFile: {
    it: DUPLICATE_IN_FILE,
    en: {
      description: 'Invoice duplicated in the file: number {{numero}} of {{data}} appears more than once',
      hint: 'Every invoice of a batch needs its own number, date and document type.',
    },
    de: {
      description: 'Rechnung in der Datei doppelt: Nummer {{numero}} vom {{data}} kommt mehrmals vor',
      hint: 'Jede Rechnung eines Stapels braucht eine eigene Nummer, ein eigenes Datum und eine eigene Belegart.',
    },
  },
};

const SIGNATURE_MESSAGES: Record<P7mProblem['code'], { key: MessageKey; hint: MessageKey }> = {
  '00100': { key: 'signature.expired', hint: 'hint.p7m' },
  '00102': { key: 'signature.broken', hint: 'hint.p7m' },
  '00103': { key: 'signature.noSigningTime', hint: 'hint.p7m' },
  '00104': { key: 'signature.untrusted', hint: 'hint.trust' },
  '00105': { key: 'signature.timeOutsideValidity', hint: 'hint.p7m' },
  '00107': { key: 'signature.certificateInvalid', hint: 'hint.p7m' },
};

/** What validation found: the problems listed, and how many more were found but not listed. */
export interface ValidationReport<P> {
  problems: P[];
  /** Problems past the engine's cap (MAX_PROBLEMS_PER_FILE per stage), counted but not described. */
  omitted: number;
}

/**
 * Every error SDI would find in the file, in SDI's order: signature, schema, then content checks. All of
 * them, not just the first, so the sender can fix everything in one go, up to a bound per stage so that a
 * hostile file cannot turn into a huge answer. Warnings are left out. (The simulated SDI's discard keeps only
 * the first failing stage's errors, as SDI does: sdi/checks.ts.)
 */
export async function validateInvoice(
  file: InvoiceFile,
  context: InvoiceValidationContext,
): Promise<ValidationReport<Problem>> {
  const report = await validateInvoiceRecords(file, context);
  return { problems: report.problems.map(problemFromRecord), omitted: report.omitted };
}

/** {@link validateInvoice} as plain data: what the worker threads run. */
export async function validateInvoiceRecords(
  file: InvoiceFile,
  context: InvoiceValidationContext,
): Promise<ValidationReport<ProblemRecord>> {
  const problems: ProblemRecord[] = [];
  let omitted = 0;
  if (file.signed) {
    const trustAnchors = context.lookups?.trustedCas;
    const verification = await verifyP7m(file.bytes, {
      at: context.at,
      ...(trustAnchors === undefined ? {} : { trustAnchors }),
    });
    for (const p of verification.problems) {
      const signer = typeof p.params.signer === 'number' ? verification.signers[p.params.signer] : undefined;
      const params: Record<string, string> = {
        ...Object.fromEntries(Object.entries(p.params).map(([k, v]) => [k, String(v)])),
        subject: signer?.subject ?? '',
        notAfter: signer ? signer.notAfter.toISOString().slice(0, 10) : '',
      };
      const { key, hint } = SIGNATURE_MESSAGES[p.code];
      problems.push({ source: 'server', problem: { code: p.code, key, params, hint, path: null } });
    }
  }
  const signedOnSubmission = context.signature !== undefined && context.signature !== 'None';
  if (
    !file.signed &&
    !signedOnSubmission &&
    file.document.format === 'FPA12' &&
    file.document.root.Signature === undefined
  ) {
    // sdi-rules.md §g: SDI only takes PA invoices signed. A ds:Signature inside the XML (XAdES) counts as a
    // signature; the sandbox does not verify XAdES.
    problems.push({
      source: 'sandbox',
      problem: { code: UNSIGNED_PA_CODE, check: 'unsignedPa', path: null, params: {} },
    });
  }
  // The schema check came with the read: one strict scan both built the document and validated it.
  for (const p of file.structure.problems) problems.push({ source: 'structure', problem: p });
  omitted += file.structure.omitted;
  const sdi = runSdiChecksBounded(file.document, {
    ...context.hooks,
    ...(context.fileName === null ? {} : { fileName: context.fileName }),
    fileSize: file.bytes.length,
    receivedAt: context.at,
    lenientIds: context.lenientIds,
  });
  // The bounded run keeps errors before warnings, so warnings never push an error out of the list.
  const content: ProblemRecord[] = sdi.problems
    .filter((p) => p.severity === 'error')
    .map((problem) => ({ source: 'sdi', problem }));
  // The IPA lookup is a content control among the engine's, which come sorted by code: it goes in its place.
  const office = paOfficeProblem(file, context.lookups?.paOffices);
  if (office !== null) {
    const after = content.findIndex((record) => record.problem.code > office.code);
    content.splice(after === -1 ? content.length : after, 0, { source: 'server', problem: office });
  }
  problems.push(...content);
  for (const duplicate of duplicatesInFile(file)) problems.push({ source: 'sandbox', problem: duplicate });
  return { problems, omitted: omitted + sdi.omittedErrors };
}

/**
 * The code an unsigned FPA12 is discarded with. Not confirmed by a source (sdi-rules.md §g: "expected among
 * 001xx"); 00102 is SDI's code for a signature that does not verify, which a missing one cannot do either.
 * See docs/sdi-checks.md.
 */
export const UNSIGNED_PA_CODE = '00102';

/** Where the office code of an FPA12 stands, for the problems about it. */
const CODICE_DESTINATARIO_PATH = 'FatturaElettronicaHeader/DatiTrasmissione/CodiceDestinatario';

/**
 * 00311 / 00312 against the IPA directory: an FPA12's office code that the directory does not have, or has as no
 * longer active. A code that cannot be an office code at all (characters, length) is the FatturaPA engine's 00311
 * or 00427 already, so it is not looked up.
 */
function paOfficeProblem(
  file: InvoiceFile,
  offices: Readonly<Record<string, boolean>> | undefined,
): KeyedProblem | null {
  const code = file.summary.codiceDestinatario;
  if (offices === undefined || file.summary.format !== 'FPA12' || code === null) return null;
  if (!/^[A-Z0-9]{6}$/.test(code)) return null;
  const active = Object.hasOwn(offices, code) ? offices[code] : undefined;
  if (active === true) return null;
  return {
    code: active === undefined ? '00311' : '00312',
    key: active === undefined ? 'ipa.unknownOffice' : 'ipa.inactiveOffice',
    hint: 'hint.paOffice',
    params: { code },
    path: CODICE_DESTINATARIO_PATH,
  };
}

/**
 * 00409: the same invoice twice in one file, by 00404's key (type, number and the year of the date; see
 * SdiDocumentRepository.accepted): two bodies SDI would call duplicates across files are duplicates inside one.
 */
function duplicatesInFile(file: InvoiceFile): SandboxCheckProblem[] {
  const seen = new Set<string>();
  const found: SandboxCheckProblem[] = [];
  file.summary.documents.forEach((document, index) => {
    const key = JSON.stringify([document.type, document.date?.slice(0, 4) ?? null, document.number]);
    if (seen.has(key)) {
      found.push({
        code: '00409',
        check: 'duplicateInFile',
        path: `FatturaElettronicaBody[${index + 1}]/DatiGenerali/DatiGeneraliDocumento/Numero`,
        params: { numero: document.number ?? '-', data: document.date ?? '-' },
      });
    }
    seen.add(key);
  });
  return found;
}

/** The {@link Problem} a record stands for, its texts in any language. */
export function problemFromRecord(record: ProblemRecord): Problem {
  switch (record.source) {
    case 'server':
      return record.problem;
    case 'structure': {
      const p = record.problem;
      return {
        code: p.code,
        path: p.path,
        describe: (language) => pick(describeStructureProblem(p, language)),
      };
    }
    case 'sdi': {
      const p = record.problem;
      return {
        code: p.code,
        path: p.path || null,
        describe: (language) => pick(describeSdiProblem(p, language)),
      };
    }
    case 'sandbox': {
      const p = record.problem;
      return {
        code: p.code,
        path: p.path,
        describe: (language) => {
          const texts = SANDBOX_CHECK_TEXTS[p.check][language];
          return pick({
            description: fillText(texts.description, p.params),
            hint: fillText(texts.hint, p.params),
          });
        },
      };
    }
  }
}

/**
 * The database questions of the SDI checks (00002, 00404), answered ahead: a worker thread cannot call back
 * into the database, so it answers from these and lists what it was asked beyond them; the caller looks
 * those up and runs again only if an answer differs from the assumed "no" (see sdi/checks.ts).
 */
export interface ValidationAnswers {
  usedFileNames: Record<string, boolean>;
  /** By {@link invoiceKeyId}. */
  acceptedInvoices: Record<string, boolean>;
}

export interface ValidationQueries {
  fileNames: string[];
  invoices: SdiInvoiceKey[];
}

export function invoiceKeyId(key: SdiInvoiceKey): string {
  return JSON.stringify([
    key.seller?.country ?? null,
    key.seller?.code ?? null,
    key.tipoDocumento,
    key.data,
    key.numero,
    key.body,
  ]);
}

/** Hooks that answer from `answers` (unknown: no) and note every question they could not answer. */
export function answeringHooks(answers: ValidationAnswers): {
  hooks: Required<NonNullable<InvoiceValidationContext['hooks']>>;
  queries: ValidationQueries;
} {
  const queries: ValidationQueries = { fileNames: [], invoices: [] };
  return {
    queries,
    hooks: {
      isFileNameUsed: (name) => {
        const known = answers.usedFileNames[name];
        if (known === undefined) queries.fileNames.push(name);
        return known ?? false;
      },
      isDuplicateInvoice: (key) => {
        const known = answers.acceptedInvoices[invoiceKeyId(key)];
        if (known === undefined) queries.invoices.push(key);
        return known ?? false;
      },
    },
  };
}

function pick(described: { description: string; hint?: string | null }): {
  description: string;
  hint: string | null;
} {
  return { description: described.description, hint: described.hint || null };
}

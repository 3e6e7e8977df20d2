import type { Company, PayloadEncoding, Send, SignatureMode } from '../../shared/api/types.ts';
import {
  checkSdiFileName,
  detectPayloadKind,
  generateSdiFileName,
  isSignedFileName,
  partyKey,
  type InvoiceFormat,
} from '../../shared/fatturapa/index.ts';
import type { Clocks } from '../clock.ts';
import type { MessageKey } from '../i18n/messages.ts';
import type { RandomSource } from '../random.ts';
import type { SandboxSigner } from '../signing/index.ts';
import type { QuotaService } from './quota.ts';
import type { Scope } from '../store/scope.ts';
import type { Store } from '../store/store.ts';
import type { CompanyService } from './companies.ts';
import type { CadesTasks } from '../signing/cades-task.ts';
import type { TaskRunner } from '../workers/pool.ts';
import {
  inspectInvoiceFile,
  type InspectInvoiceInput,
  type InvoiceInspectionTasks,
} from './invoice-inspection.ts';
import type { InvoiceFileLimits, ReadInvoiceFile } from './invoice-file.ts';
import { invalid, type KeyedProblem, type Problem } from './service-error.ts';
import type { SdiLookupSource, ValidationReport } from './invoice-validation.ts';

/** One invoice handed to the service for delivery to SDI, in whichever form the client uploaded it. */
export interface SubmissionRequest {
  bytes: Uint8Array;
  encoding: PayloadEncoding;
  /**
   * The file's name as the client gave it (`file_name`, or a multipart upload's file name), checked strictly
   * (00001); `null` lets the service generate one.
   */
  fileName: string | null;
  metaData: Record<string, string> | null;
  validate: boolean;
  signature: SignatureMode;
  /**
   * The submission's `Sandbox-Scenario` header as sent (test keys; checked by the HTTP layer), or null: what the
   * simulated SDI is asked to do with this invoice. The domain carries it; `sdi/scenario.ts` reads it.
   */
  sandboxScenario: string | null;
}

/** A submission that passed every reading step and is ready to be stored. */
export type PreparedSubmission = ReadableSubmission | UnreadableSubmission;

export interface ReadableSubmission {
  readonly scope: Scope;
  readonly request: SubmissionRequest;
  file: ReadInvoiceFile;
  fileName: string;
  /** Whether the service signed the file itself (one signature used). */
  signedHere: boolean;
  unreadable?: undefined;
}

/**
 * A `.p7m` whose CMS envelope cannot be read. SDI still takes such a file (it gets an identifier) and then
 * discards it with NS 00102; nothing inside it is known, so its company comes from the file name.
 */
export interface UnreadableSubmission {
  readonly scope: Scope;
  readonly request: SubmissionRequest;
  file?: undefined;
  fileName: string;
  signedHere: false;
  unreadable: { company: Company };
}

/**
 * Called with every stored submission, inside its transaction, with its `Sandbox-Scenario`: the simulated SDI
 * queues its intake here (wired in composition.ts).
 */
export type SubmittedHook = (scope: Scope, send: Send, sandboxScenario: string | null) => void;

export interface SubmissionDependencies {
  store: Store;
  clocks: Clocks;
  random: RandomSource;
  companies: CompanyService;
  limits: InvoiceFileLimits;
  /** The sandbox's signer, created on first use (its CA costs a key pair). */
  signer: () => SandboxSigner;
  quota: Pick<QuotaService, 'assertSignaturesLeft'>;
  lenientIds: boolean;
  /** The IPA offices and trusted CAs a file is checked against, as the simulated SDI checks it (sdi/lookups.ts). */
  lookups: SdiLookupSource;
  /** Where files are read, validated and signed: worker threads, off the event loop. */
  workers: TaskRunner<InvoiceInspectionTasks & CadesTasks>;
}

const FILE_NAME_PROBLEMS: Record<Exclude<ReturnType<typeof checkSdiFileName>, 'ok'>, MessageKey> = {
  path: 'invoice.fileNamePath',
  'too-long': 'invoice.fileNameTooLong',
  'bad-format': 'invoice.fileNameFormat',
  'bad-id-length': 'invoice.fileNameIdLength',
};

/** Formats SDI only accepts signed (contract: `signature=Auto` signs them). */
const MUST_BE_SIGNED: ReadonlySet<InvoiceFormat> = new Set(['FPA12']);

/**
 * The submission pipeline of the spec: "signed if requested, validated if requested, and queued". The
 * preparation steps only read (and may wait on crypto); `commit` writes everything in one transaction.
 */
export class SubmissionService {
  private readonly submittedHooks: SubmittedHook[] = [];

  constructor(private readonly deps: SubmissionDependencies) {}

  onSubmitted(hook: SubmittedHook): void {
    this.submittedHooks.push(hook);
  }

  async submit(scope: Scope, request: SubmissionRequest): Promise<Send> {
    return this.commit(await this.prepare(scope, request));
  }

  /** Reads, signs if asked, names and validates if asked: everything that can fail, before anything is written. */
  async prepare(scope: Scope, request: SubmissionRequest): Promise<PreparedSubmission> {
    // With validate=true the first read validates too: reading is most of validating's cost, and the verdict
    // does not depend on the name chosen below (the only name check, 00001, cannot fail on a name `name`
    // returns). It stands for the file as read; a file signed here is another file, validated again.
    const validation = request.validate ? this.validationContext(scope, null, request.bytes) : undefined;
    const inspected = await inspectInvoiceFile(
      this.deps.workers,
      request.bytes,
      this.deps.limits,
      validation,
    );
    if (!inspected.ok) return this.unreadable(scope, request, inspected.problem);
    const { file, signedHere } = await this.sign(scope, request.signature, inspected.file);
    const fileName = this.name(scope, request, file, signedHere);
    if (request.validate) {
      if (signedHere) await this.validate(scope, file, fileName);
      else assertValid(inspected);
    }
    return { scope, request, file, fileName, signedHere };
  }

  /**
   * Validation on its own (the `/send/validate*` endpoints): every problem (up to the bound), nothing stored.
   * `signature` is the mode the file would be sent with: one the service signs under is not refused as unsigned.
   */
  async check(
    scope: Scope,
    bytes: Uint8Array,
    fileName: string | null,
    signature: SignatureMode = 'None',
  ): Promise<ValidationReport<Problem>> {
    const inspected = await inspectInvoiceFile(this.deps.workers, bytes, this.deps.limits, {
      ...this.validationContext(scope, fileName, bytes),
      signature,
    });
    if (!inspected.ok) throw invalid([inspected.problem], 'invoice.invalid');
    const nameProblems = fileName === null ? [] : fileNameProblems(fileName, inspected.file.signed);
    const problems = inspected.problems ?? [];
    return {
      problems: [
        ...nameProblems,
        ...problems.filter((p) => !(nameProblems.length > 0 && p.code === '00001')),
      ],
      omitted: inspected.omitted,
    };
  }

  commit(prepared: PreparedSubmission): Send {
    if (prepared.unreadable) return this.commitUnreadable(prepared);
    const { scope, file, request } = prepared;
    const { summary } = file;
    const supplier = summary.prestatore;
    if (supplier.vat === null) {
      throw invalid(
        [
          {
            code: '00200',
            key: 'invoice.supplierMissing',
            hint: 'hint.supplier',
            path: 'FatturaElettronicaHeader/CedentePrestatore/DatiAnagrafici/IdFiscaleIVA',
          },
        ],
        'invoice.invalid',
      );
    }
    const vat = supplier.vat;
    const { store, clocks, companies } = this.deps;
    return store.transaction(() => {
      const company = companies.ensureForParty(scope, { ...supplier, vat });
      if (!company) {
        throw invalid(
          [
            {
              code: '00301',
              key: 'invoice.supplierOwnedElsewhere',
              params: { vat },
              path: 'FatturaElettronicaHeader/CedentePrestatore',
            },
          ],
          'invoice.invalid',
        );
      }
      const now = clocks.now(scope).toISOString();
      const first = summary.documents[0];
      const send = store.sends.insert(scope, {
        companyId: company.id,
        identifier: null,
        fileName: prepared.fileName,
        format: summary.format,
        encoding: file.signed ? 'Base64' : request.encoding,
        payload: file.bytes,
        committente: partyKey(summary.committente),
        prestatore: partyKey(supplier),
        nomeCommittente: summary.committente.name,
        documentNumber: first?.number ?? null,
        documentDate: toDateTime(first?.date ?? null),
        documents: summary.documents.map((d) => ({ number: d.number, date: toDateTime(d.date) })),
        metaData: request.metaData,
        dateSent: now,
        lastUpdate: null,
        created: now,
      });
      store.operations.add(scope, 1, prepared.signedHere ? 1 : 0);
      for (const hook of this.submittedHooks) hook(scope, send, request.sandboxScenario);
      return send;
    });
  }

  /** Stores a `.p7m` nobody can open: the simulated SDI discards it with NS 00102 without reading it. */
  private commitUnreadable(prepared: UnreadableSubmission): Send {
    const { scope, request, unreadable } = prepared;
    const { store, clocks } = this.deps;
    return store.transaction(() => {
      const now = clocks.now(scope).toISOString();
      const send = store.sends.insert(scope, {
        companyId: unreadable.company.id,
        identifier: null,
        fileName: prepared.fileName,
        // Unknown: SDI could not read it. The pipeline tells such a file by its missing format.
        format: null,
        encoding: 'Base64',
        payload: request.bytes,
        committente: null,
        prestatore: unreadable.company.vat,
        nomeCommittente: null,
        documentNumber: null,
        documentDate: null,
        documents: [],
        metaData: request.metaData,
        dateSent: now,
        lastUpdate: null,
        created: now,
      });
      store.operations.add(scope, 1, 0);
      for (const hook of this.submittedHooks) hook(scope, send, request.sandboxScenario);
      return send;
    });
  }

  /** A file that could not be read: stored for SDI to discard (see `unreadableEnvelopeOwner`), or refused. */
  private unreadable(scope: Scope, request: SubmissionRequest, problem: KeyedProblem): UnreadableSubmission {
    const owner = this.unreadableEnvelopeOwner(scope, request, problem);
    if (owner === null) throw invalid([problem], 'invoice.invalid');
    return {
      scope,
      request,
      fileName: owner.fileName,
      signedHere: false,
      unreadable: { company: owner.company },
    };
  }

  /**
   * SDI gives a `.p7m` whose envelope it cannot open an identifier, then discards it (NS 00102); so does the
   * sandbox when the file's name is a valid signed-file name whose transmitter id is one of the caller's
   * companies (by VAT number, or fiscal code). Otherwise, with nobody to send it for, the read problem
   * stands (422). Not with `validate=true` (which asks for the verdict now) nor `signature=Force` (which
   * would have to open the envelope to replace it).
   */
  private unreadableEnvelopeOwner(
    scope: Scope,
    request: SubmissionRequest,
    problem: KeyedProblem,
  ): { company: Company; fileName: string } | null {
    const name = request.fileName;
    if (name === null || request.validate || request.signature === 'Force') return null;
    if (fileNameProblems(name, true).length > 0) return null;
    const envelopeUnreadable =
      problem.key === 'invoice.notCms' ||
      problem.key === 'invoice.cmsWithoutContent' ||
      // Neither XML nor anything like a CMS (DER or Base64): an envelope that cannot even be recognised.
      (problem.key === 'invoice.notWellFormed' && detectPayloadKind(request.bytes) === 'unknown');
    if (!envelopeUnreadable) return null;
    const match = /^([A-Z]{2})([A-Z0-9]{2,28})_/i.exec(name);
    if (!match) return null;
    const country = match[1]!.toUpperCase();
    const code = match[2]!.toUpperCase();
    const { companies } = this.deps.store;
    const byVat = companies.getByVat(scope, `${country}${code}`);
    if (byVat) return { company: byVat, fileName: name };
    const byFiscalCode = companies.findByFiscalCode(scope.environment, code);
    return byFiscalCode && byFiscalCode.user_id === scope.accountId
      ? { company: byFiscalCode, fileName: name }
      : null;
  }

  /** Contract: None never signs; Apply signs an unsigned file; Force replaces any envelope; Auto signs FPA12. */
  private async sign(
    scope: Scope,
    mode: SignatureMode,
    file: ReadInvoiceFile,
  ): Promise<{ file: ReadInvoiceFile; signedHere: boolean }> {
    const wanted =
      mode === 'Force' ||
      (mode === 'Apply' && !file.signed) ||
      (mode === 'Auto' && !file.signed && MUST_BE_SIGNED.has(file.summary.format));
    const { vat, name } = file.summary.prestatore;
    if (!wanted || vat === null) return { file, signedHere: false };
    this.deps.quota.assertSignaturesLeft(scope);
    const signer = this.deps.signer();
    const p7m = await signer.signInvoiceWith(
      this.deps.workers,
      file.xml,
      { vat, name: name ?? vat },
      this.deps.clocks.now(scope),
    );
    return { file: { ...file, bytes: p7m, signed: true }, signedHere: true };
  }

  private name(scope: Scope, request: SubmissionRequest, file: ReadInvoiceFile, signedHere: boolean): string {
    const explicit = request.fileName;
    if (explicit !== null) {
      // A name given for the unsigned XML follows the file into its envelope.
      const name = signedHere && explicit.endsWith('.xml') ? `${explicit}.p7m` : explicit;
      const problems = fileNameProblems(name, file.signed);
      if (problems.length > 0) throw invalid(problems, 'invoice.invalid');
      return name;
    }
    return this.generateFileName(scope, file);
  }

  /** Validates a file signed here: read again on the worker, with no size limit on an envelope made here. */
  private async validate(scope: Scope, file: ReadInvoiceFile, fileName: string): Promise<void> {
    const inspected = await inspectInvoiceFile(
      this.deps.workers,
      file.bytes,
      { maxBytes: Number.MAX_SAFE_INTEGER },
      this.validationContext(scope, fileName, file.bytes),
    );
    if (!inspected.ok) throw invalid([inspected.problem], 'invoice.invalid');
    assertValid(inspected);
  }

  private validationContext(
    scope: Scope,
    fileName: string | null,
    bytes: Uint8Array,
  ): NonNullable<InspectInvoiceInput['validation']> {
    return {
      fileName,
      at: this.deps.clocks.now(scope),
      lenientIds: this.deps.lenientIds,
      lookups: this.deps.lookups(scope, bytes),
    };
  }

  private generateFileName(scope: Scope, file: ReadInvoiceFile): string {
    const { transmitter, prestatore } = file.summary;
    const country = transmitter?.country ?? prestatore.vat?.slice(0, 2) ?? 'IT';
    const code = transmitter?.code ?? prestatore.vat?.slice(2) ?? '00000000000';
    for (;;) {
      const name = generateSdiFileName(country, code, file.signed, this.deps.random);
      if (!this.deps.store.sends.fileNameTaken(scope, name)) return name;
    }
  }
}

/** A validated inspection with problems is refused whole, as `validate=true` asks. */
function assertValid(inspected: { problems: Problem[] | null; omitted: number }): void {
  const problems = inspected.problems ?? [];
  if (problems.length > 0) throw invalid(problems, 'invoice.invalid', inspected.omitted);
}

export function fileNameProblems(name: string, signed: boolean): Problem[] {
  const verdict = checkSdiFileName(name);
  const path = 'file_name';
  if (verdict !== 'ok') {
    return [
      {
        code: '00001',
        key: FILE_NAME_PROBLEMS[verdict],
        params: { value: name },
        hint: 'hint.fileName',
        path,
      },
    ];
  }
  if (isSignedFileName(name) !== signed) {
    return [
      { code: '00001', key: 'invoice.fileNameSigned', params: { value: name }, hint: 'hint.fileName', path },
    ];
  }
  return [];
}

/** Invoice dates are calendar dates; the API shows them as midnight UTC date-times. */
export function toDateTime(date: string | null): string | null {
  return date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}T00:00:00.000Z` : null;
}

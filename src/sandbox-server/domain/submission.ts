import type { PayloadEncoding, Send, SignatureMode } from '../../shared/api/types.ts';
import {
  checkSdiFileName,
  generateSdiFileName,
  isSignedFileName,
  partyKey,
} from '../../shared/fatturapa/index.ts';
import type { Clock } from '../clock.ts';
import type { MessageKey } from '../i18n/messages.ts';
import type { RandomSource } from '../random.ts';
import type { Scope } from '../store/scope.ts';
import type { Store } from '../store/store.ts';
import type { CompanyService } from './companies.ts';
import { readInvoiceFile, type InvoiceFile, type InvoiceFileLimits } from './invoice-file.ts';
import { invalid, type Problem } from './service-error.ts';

/** One invoice handed to the service for delivery to SDI, in whichever form the client uploaded it. */
export interface SubmissionRequest {
  bytes: Uint8Array;
  encoding: PayloadEncoding;
  /** A name the client chose explicitly (checked strictly); `null` lets the service generate one. */
  fileName: string | null;
  /** A name that came along with an upload (e.g. a multipart file name): used only when it is valid. */
  suggestedFileName: string | null;
  metaData: Record<string, string> | null;
  validate: boolean;
  signature: SignatureMode;
}

/** The state of one submission as it passes through the steps of the pipeline. */
interface Submission {
  readonly scope: Scope;
  readonly request: SubmissionRequest;
  file?: InvoiceFile;
  fileName?: string;
  send?: Send;
}

type SubmissionStep = (submission: Submission) => void;

/** Called with every stored submission, inside its transaction: the simulated SDI queues its intake here. */
export type SubmittedHook = (scope: Scope, send: Send) => void;

const FILE_NAME_PROBLEMS: Record<Exclude<ReturnType<typeof checkSdiFileName>, 'ok'>, MessageKey> = {
  path: 'invoice.fileNamePath',
  'too-long': 'invoice.fileNameTooLong',
  'bad-format': 'invoice.fileNameFormat',
  'bad-id-length': 'invoice.fileNameIdLength',
};

export class SubmissionService {
  private readonly submittedHooks: SubmittedHook[] = [];
  /**
   * The pipeline: read the file, then (later issues) sign and validate it, name it, and store it.
   * Every step before `store` only reads; `store` writes everything in one transaction.
   */
  private readonly steps: SubmissionStep[] = [(s) => this.read(s), (s) => this.name(s), (s) => this.store(s)];

  constructor(
    private readonly deps: {
      store: Store;
      clock: Clock;
      random: RandomSource;
      companies: CompanyService;
      limits: InvoiceFileLimits;
    },
  ) {}

  onSubmitted(hook: SubmittedHook): void {
    this.submittedHooks.push(hook);
  }

  submit(scope: Scope, request: SubmissionRequest): Send {
    const submission: Submission = { scope, request };
    for (const step of this.steps) step(submission);
    return submission.send!;
  }

  /** Runs the reading steps only: what `validate` endpoints and `validate=true` need. Stores nothing. */
  check(request: Omit<SubmissionRequest, 'metaData' | 'validate' | 'signature'>): InvoiceFile {
    return readInvoiceFile(request.bytes, this.deps.limits);
  }

  private read(s: Submission): void {
    s.file = readInvoiceFile(s.request.bytes, this.deps.limits);
  }

  private name(s: Submission): void {
    const file = s.file!;
    const explicit = s.request.fileName;
    if (explicit !== null) {
      const problems = fileNameProblems(explicit, file.signed);
      if (problems.length > 0) throw invalid(problems, 'invoice.invalid');
      s.fileName = explicit;
      return;
    }
    const suggested = s.request.suggestedFileName;
    if (suggested !== null && fileNameProblems(suggested, file.signed).length === 0) {
      s.fileName = suggested;
      return;
    }
    s.fileName = this.generateFileName(s.scope, file);
  }

  private generateFileName(scope: Scope, file: InvoiceFile): string {
    const { transmitter, prestatore } = file.summary;
    const country = transmitter?.country ?? prestatore.vat?.slice(0, 2) ?? 'IT';
    const code = transmitter?.code ?? prestatore.vat?.slice(2) ?? '00000000000';
    for (;;) {
      const name = generateSdiFileName(country, code, file.signed, this.deps.random);
      if (!this.deps.store.sends.fileNameTaken(scope, name)) return name;
    }
  }

  private store(s: Submission): void {
    const file = s.file!;
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
    const { store, clock, companies } = this.deps;
    s.send = store.transaction(() => {
      const company = companies.ensureForParty(s.scope, { ...supplier, vat });
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
      const now = clock.now().toISOString();
      const first = summary.documents[0];
      const send = store.sends.insert(s.scope, {
        companyId: company.id,
        identifier: null,
        fileName: s.fileName!,
        format: summary.format,
        encoding: file.signed ? 'Base64' : s.request.encoding,
        payload: file.bytes,
        committente: partyKey(summary.committente),
        prestatore: partyKey(supplier),
        nomeCommittente: summary.committente.name,
        documentNumber: first?.number ?? null,
        documentDate: toDateTime(first?.date ?? null),
        documents: summary.documents.map((d) => ({ number: d.number, date: toDateTime(d.date) })),
        metaData: s.request.metaData,
        dateSent: now,
        lastUpdate: null,
        created: now,
      });
      store.operations.add(s.scope, 1);
      for (const hook of this.submittedHooks) hook(s.scope, send);
      return send;
    });
  }
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

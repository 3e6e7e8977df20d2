/**
 * The table of work the sandbox server hands to its worker threads (pool.ts): each task's input and output
 * are plain structured-clone data, typed once here for both sides. The same functions run inline when the
 * pool keeps a small input on the calling thread, so there is one code path either way.
 */
import { createPrivateKey } from 'node:crypto';
import type { PayloadEncoding, SignatureMode } from '../../shared/api/types.ts';
import { threadId } from 'node:worker_threads';
import type { InvoiceSummary } from '../../shared/fatturapa/index.ts';
import { convertInvoiceJson, type InvoiceJsonConversion } from '../domain/invoice-json.ts';
import { tryReadInvoiceFile, type InvoiceFileLimits } from '../domain/invoice-file.ts';
import {
  answeringHooks,
  validateInvoiceRecords,
  type ProblemRecord,
  type ValidationAnswers,
  type ValidationQueries,
} from '../domain/invoice-validation.ts';
import { parseJsonBody } from '../domain/json-body.ts';
import { decodeSendBody, type DecodedSendBody } from '../domain/send-body.ts';
import {
  ServiceError,
  type ErrorKind,
  type KeyedProblem,
  type MessageParams,
} from '../domain/service-error.ts';
import type { MessageKey } from '../i18n/messages.ts';
import { signCadesBes } from '../signing/cades.ts';
import { renderPayload } from '../store/payload.ts';
import { parseCertificate } from '../signing/x509.ts';

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

/** Reads an invoice file and, if asked, validates it; the parsed document stays on the worker. */
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
    ...(answering ? { hooks: answering.hooks } : {}),
  });
  return { ...base, ...report, queries: answering?.queries ?? null };
}

export interface SignCadesInput {
  content: Uint8Array;
  /** The signer's credential as bytes: certificate DER, its CA's, and the PKCS#8 DER private key. */
  certificateDer: Uint8Array;
  caCertificateDer: Uint8Array;
  privateKeyPkcs8: Uint8Array;
  signingTime: Date | null;
}

/** A CAdES-BES `.p7m` of `content` (signing/cades.ts). */
function signCades(input: SignCadesInput): Uint8Array {
  return signCadesBes(
    input.content,
    {
      certificate: parseCertificate(input.certificateDer),
      certificateDer: input.certificateDer,
      caCertificate: parseCertificate(input.caCertificateDer),
      caCertificateDer: input.caCertificateDer,
      privateKey: createPrivateKey({ key: Buffer.from(input.privateKeyPkcs8), format: 'der', type: 'pkcs8' }),
    },
    { signingTime: input.signingTime },
  );
}

/** A JSON request body as it arrived: its bytes and the charset its Content-Type named (null: UTF-8). */
export interface JsonBodyInput {
  bytes: Uint8Array;
  charset: string | null;
}

/**
 * A ServiceError as plain data, to cross back from a thread; its problems as records (problemFromRecord words
 * them on the receiving side, in the caller's language).
 */
export interface ServiceErrorRecord {
  kind: ErrorKind;
  key: MessageKey;
  params: MessageParams;
  problems?: ProblemRecord[];
  omitted?: number;
}

/** What a body task gives back: its result, or the ServiceError the same work inline would have thrown. */
export type BodyOutcome<T> = { ok: true; value: T } | { ok: false; error: ServiceErrorRecord };

/** Runs body work, a ServiceError becoming its record; any other error is a bug and is thrown as such. */
function outcomeOf<T>(work: () => T): BodyOutcome<T> {
  try {
    return { ok: true, value: work() };
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    const { problems, omitted } = error.extras;
    const records = problems?.map((problem): ProblemRecord => {
      // Bodies' own checks word their problems with this server's catalogs; a problem worded by a function
      // (the FatturaPA engine's) cannot cross threads, and none of these tasks throws one.
      if ('describe' in problem) throw new Error(`a worded problem (${problem.code}) cannot cross threads`);
      return { source: 'server', problem };
    });
    return {
      ok: false,
      error: {
        kind: error.kind,
        key: error.key,
        params: error.params,
        ...(records ? { problems: records } : {}),
        ...(omitted ? { omitted } : {}),
      },
    };
  }
}

/** A JSON body parsed (the value crosses back by structured clone: for bodies that are mostly one string). */
function parseJson(input: JsonBodyInput): BodyOutcome<unknown> {
  return outcomeOf(() => parseJsonBody(input.bytes, input.charset));
}

/** `POST /send` and `/send/validate`: the Send parsed and its payload decoded to the file's bytes. */
function sendBody(input: JsonBodyInput): BodyOutcome<DecodedSendBody> {
  return outcomeOf(() => decodeSendBody(parseJsonBody(input.bytes, input.charset)));
}

/**
 * `POST /send/json` and `/send/validate/json`: the JSON invoice parsed, checked and written as its XML file;
 * only the file's bytes (or the structure problems, plain data) cross back.
 */
function invoiceJson(input: JsonBodyInput): BodyOutcome<InvoiceJsonConversion> {
  return outcomeOf(() => convertInvoiceJson(parseJsonBody(input.bytes, input.charset)));
}

export interface PayloadJsonInput {
  /** The stored file, opened; handed over to the thread (moved, not copied), so the caller must not use it after. */
  file: Uint8Array;
  encoding: PayloadEncoding;
}

/**
 * A file as the JSON value of an invoice's `payload` (XML text or Base64, as a JSON string), in UTF-8: decoding a
 * 5 MB file, escaping it and encoding the result take some 40 ms that a page of 200 files would spend on the
 * event loop (http/responses.ts).
 */
function payloadJson(input: PayloadJsonInput): Uint8Array {
  const json = Buffer.from(JSON.stringify(renderPayload(input.file, input.encoding)), 'utf8');
  return new Uint8Array(json.buffer, json.byteOffset, json.byteLength);
}

export interface ProbeInput {
  /** Throw an error with this message. */
  fail?: string;
  /** Keep the thread busy this long (tests: a task that outlasts others). */
  busyMs?: number;
}

/** Which thread ran it; for tests and diagnostics. */
function probe(input: ProbeInput): { threadId: number } {
  if (input.fail !== undefined) throw new Error(input.fail);
  const until = Date.now() + (input.busyMs ?? 0);
  while (Date.now() < until) {
    // Busy on purpose.
  }
  return { threadId };
}

interface TaskDefinition<I, O> {
  run(input: I): O | Promise<O>;
  /** The input's weight in bytes, for the pool's choice to run a small one inline. */
  size?(input: I): number;
  /** Buffers of the output to move rather than copy to the calling thread. */
  transfer?(output: O): ArrayBuffer[];
  /** Buffers of the input to move rather than copy to the thread: the caller hands them over. */
  moveInput?(input: I): ArrayBuffer[];
}

function task<I, O>(definition: TaskDefinition<I, O>): TaskDefinition<I, O> {
  return definition;
}

export const TASKS = {
  inspectInvoice: task({
    run: inspectInvoice,
    size: (input) => input.bytes.length,
    transfer: (output) => (output.ok ? ownedBuffers([output.bytes, output.xml]) : []),
  }),
  signCades: task({
    run: signCades,
    size: (input) => input.content.length,
    transfer: (output) => ownedBuffers([output]),
  }),
  parseJson: task({ run: parseJson, size: (input) => input.bytes.length }),
  sendBody: task({
    run: sendBody,
    size: (input) => input.bytes.length,
    transfer: (output) => (output.ok ? ownedBuffers([output.value.bytes]) : []),
  }),
  invoiceJson: task({
    run: invoiceJson,
    size: (input) => input.bytes.length,
    transfer: (output) => (output.ok && output.value.ok ? ownedBuffers([output.value.xml]) : []),
  }),
  payloadJson: task({
    run: payloadJson,
    size: (input) => input.file.length,
    moveInput: (input) => ownedBuffers([input.file]),
    transfer: (output) => ownedBuffers([output]),
  }),
  probe: task({ run: probe }),
};

export type TaskName = keyof typeof TASKS;
export type TaskInput<N extends TaskName> = Parameters<(typeof TASKS)[N]['run']>[0];
export type TaskOutput<N extends TaskName> = Awaited<ReturnType<(typeof TASKS)[N]['run']>>;

/** Buffers wholly owned by one view: moving them detaches nothing else (Node's pooled Buffers are shared). */
function ownedBuffers(views: (Uint8Array | null)[]): ArrayBuffer[] {
  const buffers: ArrayBuffer[] = [];
  for (const view of views) {
    if (view === null || !(view.buffer instanceof ArrayBuffer)) continue;
    if (view.byteOffset !== 0 || view.byteLength !== view.buffer.byteLength) continue;
    if (!buffers.includes(view.buffer)) buffers.push(view.buffer);
  }
  return buffers;
}

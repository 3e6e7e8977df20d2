import type { MessageKey } from '../i18n/messages.ts';
import type { TaskRunner } from '../workers/pool.ts';
import { ownedBuffers, task } from '../workers/task.ts';
import { convertInvoiceJson, invalidInvoiceJson, type InvoiceJsonConversion } from './invoice-json.ts';
import { problemFromRecord, type ProblemRecord } from './invoice-validation.ts';
import { parseJsonBody } from './json-body.ts';
import { decodeSendBody, type DecodedSendBody } from './send-body.ts';
import { ServiceError, type ErrorKind, type MessageParams } from './service-error.ts';

/**
 * JSON request bodies read on the pool: parsing a 10 MB body, or turning a 60,000-line invoice into XML, takes a
 * second of CPU that must not stall every other caller. The pool keeps a small body on this thread, where a round
 * trip would cost more than the work. What comes back is what the same work inline would give: the value, or the
 * very ServiceError, its problems worded here in the caller's language. Without a JSON body at all (`input` null:
 * another Content-Type, or none) the same checks, run on nothing, say what is missing.
 */

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

/** The pool's tasks (the server's table is worker-tasks.ts). */
export const JSON_BODY_TASKS = {
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
};

export type JsonBodyTasks = typeof JSON_BODY_TASKS;

/** A JSON body's value: for bodies whose bulk is a few strings (a payload), cheap to clone back. */
export async function parseJsonOnPool(
  runner: TaskRunner<JsonBodyTasks>,
  input: JsonBodyInput,
): Promise<unknown> {
  return valueOf(await runner.run('parseJson', input));
}

/** The body of `POST /send` or `/send/validate`, its payload decoded to the file's bytes. */
export async function readSendBody(
  runner: TaskRunner<JsonBodyTasks>,
  input: JsonBodyInput | null,
): Promise<DecodedSendBody> {
  return input ? valueOf(await runner.run('sendBody', input)) : decodeSendBody(undefined);
}

/** The XML file of a JSON invoice (`/send/json`, `/send/validate/json`); 422 when its structure does not fit. */
export async function readInvoiceJson(
  runner: TaskRunner<JsonBodyTasks>,
  input: JsonBodyInput | null,
): Promise<Uint8Array> {
  const conversion = input ? valueOf(await runner.run('invoiceJson', input)) : convertInvoiceJson(undefined);
  if (!conversion.ok) throw invalidInvoiceJson(conversion.problems, conversion.omitted);
  return conversion.xml;
}

function valueOf<T>(outcome: BodyOutcome<T>): T {
  if (outcome.ok) return outcome.value;
  throw serviceError(outcome.error);
}

function serviceError(record: ServiceErrorRecord): ServiceError {
  return new ServiceError(record.kind, record.key, record.params, {
    ...(record.problems ? { problems: record.problems.map(problemFromRecord) } : {}),
    ...(record.omitted ? { omitted: record.omitted } : {}),
  });
}

import { convertInvoiceJson, invalidInvoiceJson } from '../domain/invoice-json.ts';
import { problemFromRecord } from '../domain/invoice-validation.ts';
import { decodeSendBody, type DecodedSendBody } from '../domain/send-body.ts';
import { ServiceError } from '../domain/service-error.ts';
import type { TaskRunner } from './pool.ts';
import type { BodyOutcome, JsonBodyInput, ServiceErrorRecord } from './tasks.ts';

/**
 * JSON request bodies read on the pool (tasks.ts): parsing a 10 MB body, or turning a 60,000-line invoice into
 * XML, takes a second of CPU that must not stall every other caller. The pool keeps a small body on this thread,
 * where a round trip would cost more than the work. What comes back is what the same work inline would give: the
 * value, or the very ServiceError, its problems worded here in the caller's language. Without a JSON body at all
 * (`input` null: another Content-Type, or none) the same checks, run on nothing, say what is missing.
 */

/** A JSON body's value: for bodies whose bulk is a few strings (a payload), cheap to clone back. */
export async function parseJsonOnPool(runner: TaskRunner, input: JsonBodyInput): Promise<unknown> {
  return valueOf(await runner.run('parseJson', input));
}

/** The body of `POST /send` or `/send/validate`, its payload decoded to the file's bytes. */
export async function readSendBody(
  runner: TaskRunner,
  input: JsonBodyInput | null,
): Promise<DecodedSendBody> {
  return input ? valueOf(await runner.run('sendBody', input)) : decodeSendBody(undefined);
}

/** The XML file of a JSON invoice (`/send/json`, `/send/validate/json`); 422 when its structure does not fit. */
export async function readInvoiceJson(runner: TaskRunner, input: JsonBodyInput | null): Promise<Uint8Array> {
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

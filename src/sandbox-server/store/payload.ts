import type { PayloadEncoding } from '../../shared/api/types.ts';
import { decodeXmlBytes, xmlCharset } from '../../shared/fatturapa/index.ts';
import { ownedBuffers, task } from '../workers/task.ts';

/**
 * The stored payload as the API shows it: XML text when the invoice came as XML, Base64 of the file bytes
 * when it came as Base64 or as a signed file (spec: "Depending on how the invoice was submitted").
 */
export function renderPayload(bytes: Uint8Array, encoding: PayloadEncoding): string {
  return encoding === 'Xml' ? decodeXmlBytes(bytes) : Buffer.from(bytes).toString('base64');
}

/**
 * The stored payload as `GET …/payload` sends it: an invoice that came as XML is its file, byte for byte, in
 * whatever encoding the file is (ISO-8859-1, UTF-16…), named by the Content-Type's charset, so that its SHA-256
 * is the receipt's Hash / HashFileOriginale; one that came as Base64 or signed is the Base64 of its file, whose
 * decoding is again the file as received. Unlike `renderPayload` (a JSON string, so Unicode), nothing is decoded.
 */
export function payloadFile(
  bytes: Uint8Array,
  encoding: PayloadEncoding,
): { body: Buffer; contentType: string } {
  if (encoding === 'Xml') {
    return {
      body: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      contentType: `text/plain; charset=${xmlCharset(bytes)}`,
    };
  }
  return {
    body: Buffer.from(Buffer.from(bytes).toString('base64'), 'latin1'),
    contentType: 'text/plain; charset=utf-8',
  };
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

/** The worker pool's task (the server's table is worker-tasks.ts). */
export const PAYLOAD_TASKS = {
  payloadJson: task({
    run: payloadJson,
    size: (input) => input.file.length,
    moveInput: (input) => ownedBuffers([input.file]),
    transfer: (output) => ownedBuffers([output]),
  }),
};

export type PayloadTasks = typeof PAYLOAD_TASKS;

const BASE64_TEXT = /^[A-Za-z0-9+/\s]*={0,2}\s*$/;

/** Strict Base64 decoding: `Buffer.from(x, 'base64')` silently skips junk, which would hide a wrong payload. */
export function decodeBase64(text: string): Uint8Array | null {
  if (!BASE64_TEXT.test(text)) return null;
  const compact = text.replace(/\s+/g, '');
  if (compact.length === 0 || compact.length % 4 === 1) return null;
  return new Uint8Array(Buffer.from(compact, 'base64'));
}

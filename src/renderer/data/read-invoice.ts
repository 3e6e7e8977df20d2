/**
 * The renderer's way into the shared reading (src/shared/fatturapa/reading): from a stored payload (XML text,
 * or Base64 holding XML or a CAdES P7M envelope) to the file's bytes, then to the InvoiceReading the document
 * view shows.
 */
import type { PayloadEncoding } from '../../shared/api/types.ts';
import { detectPayloadKind, unwrapP7m } from '../../shared/fatturapa/p7m.ts';
import { readInvoice as readInvoiceFile } from '../../shared/fatturapa/reading/read-document.ts';
import type { InvoiceReading } from '../../shared/fatturapa/reading/types.ts';
import { fromBase64 } from './payload.ts';

export type * from '../../shared/fatturapa/reading/types.ts';

/** The invoice file's bytes from a stored payload: Base64 (and a CAdES envelope around the XML) or XML text. */
export function payloadBytes(payload: string, encoding: PayloadEncoding): Uint8Array {
  const bytes = encoding === 'Base64' ? fromBase64(payload) : new TextEncoder().encode(payload);
  return detectPayloadKind(bytes).startsWith('p7m') ? unwrapP7m(bytes) : bytes;
}

/** Every document of the file, as the shared reading gives it. Throws on a file that is not an invoice. */
export function readInvoice(bytes: Uint8Array): InvoiceReading {
  return readInvoiceFile(bytes);
}

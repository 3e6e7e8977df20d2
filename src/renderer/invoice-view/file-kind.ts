/**
 * What an invoice file is, told by its bytes: a signed CAdES envelope (P7M) or plain XML. The API's `encoding`
 * only says how the payload travels (an XML file sent as Base64 stays a plain XML), so the drawers' labels and
 * the saved file's name follow this, never `encoding`.
 */
import type { PayloadEncoding } from '../../shared/api/types.ts';
import { detectPayloadKind } from '../../shared/fatturapa/p7m.ts';
import { fromBase64 } from '../data/payload.ts';

export type InvoiceFileKind = 'p7m' | 'xml';

const P7M_NAME = /\.p7m$/i;

/**
 * The file's kind from its payload; without one, from its name. A Base64 payload that is not Base64 at all is
 * taken for the text it is.
 */
export function invoiceFileKind(
  payload: string | null | undefined,
  encoding: PayloadEncoding,
  fileName: string | null,
): InvoiceFileKind {
  if (!payload) return fileName && P7M_NAME.test(fileName) ? 'p7m' : 'xml';
  let bytes: Uint8Array;
  try {
    bytes = encoding === 'Base64' ? fromBase64(payload) : new TextEncoder().encode(payload);
  } catch {
    bytes = new TextEncoder().encode(payload);
  }
  return detectPayloadKind(bytes).startsWith('p7m') ? 'p7m' : 'xml';
}

/**
 * The name to save the file under: SDI's name when it has one, with the extension of what the file is
 * (`IT01234567890_00001.xml` for plain XML, `.xml.p7m` for a signed one).
 */
export function invoiceFileName(fileName: string | null, id: number, kind: InvoiceFileKind): string {
  const stem = (fileName ?? `invoice-${id}`).replace(/(\.xml)?(\.p7m)?$/i, '');
  return kind === 'p7m' ? `${stem}.xml.p7m` : `${stem}.xml`;
}

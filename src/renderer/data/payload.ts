/**
 * Invoice files as bytes: what the UI reads from picked files and hands to the save dialog. The gateway carries
 * files in Base64 and API answers as text, so these are the only conversions between the two.
 */
import { centsOf, decimalOfCents } from '../format/cents.ts';
import type { PayloadEncoding } from '../../shared/api/types.ts';
import { toBase64 } from '../../shared/gateway/api-fetch.ts';

export function fromBase64(base64: string): Uint8Array {
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

/** The text of UTF-8 bytes, byte order mark kept; null when the bytes are not UTF-8. */
export function utf8Text(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** XML text as the bytes its declaration promises: ISO-8859-1 when it says so (and every character fits), else UTF-8. */
export function xmlBytes(text: string): Uint8Array {
  const declared = /^\s*<\?xml[^>]*encoding\s*=\s*["']([^"']+)["']/i.exec(text)?.[1]?.toLowerCase();
  const latin1 = declared === 'iso-8859-1' || declared === 'latin1';
  if (latin1 && [...text].every((c) => c.charCodeAt(0) <= 0xff))
    return Uint8Array.from(text, (c) => c.charCodeAt(0));
  return new TextEncoder().encode(text);
}

/** A stored payload (`encoding` says which form) as the file's bytes in Base64, ready for `dialog.saveFile`. */
export function payloadBase64(payload: string, encoding: PayloadEncoding): string {
  return encoding === 'Base64' ? payload : toBase64(xmlBytes(payload));
}

export function xmlBase64(text: string): string {
  return toBase64(xmlBytes(text));
}

export interface InvoiceTotal {
  /** Plain decimal, to the cent (`122.00`). */
  amount: string;
  currency: string;
}

/**
 * The first document's `ImportoTotaleDocumento` and `Divisa`. A signed (P7M) file keeps its XML readable inside
 * the envelope, so the same search works on its bytes; null when the invoice does not state a total.
 */
export function invoiceTotal(payload: string, encoding: PayloadEncoding): InvoiceTotal | null {
  const text = encoding === 'Base64' ? atob(payload) : payload;
  const element = (name: string) =>
    new RegExp(`<(?:[\\w-]+:)?${name}>\\s*([^<]+?)\\s*</(?:[\\w-]+:)?${name}>`).exec(text)?.[1];
  const cents = centsOf(element('ImportoTotaleDocumento'));
  if (cents === null) return null;
  return { amount: decimalOfCents(cents), currency: element('Divisa') ?? 'EUR' };
}

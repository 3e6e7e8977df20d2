import type { PayloadEncoding } from '../../shared/api/types.ts';
import { decodeXmlBytes } from '../../shared/fatturapa/index.ts';

/**
 * The stored payload as the API shows it: XML text when the invoice came as XML, Base64 of the file bytes
 * when it came as Base64 or as a signed file (spec: "Depending on how the invoice was submitted").
 */
export function renderPayload(bytes: Uint8Array, encoding: PayloadEncoding): string {
  return encoding === 'Xml' ? decodeXmlBytes(bytes) : Buffer.from(bytes).toString('base64');
}

const BASE64_TEXT = /^[A-Za-z0-9+/\s]*={0,2}\s*$/;

/** Strict Base64 decoding: `Buffer.from(x, 'base64')` silently skips junk, which would hide a wrong payload. */
export function decodeBase64(text: string): Uint8Array | null {
  if (!BASE64_TEXT.test(text)) return null;
  const compact = text.replace(/\s+/g, '');
  if (compact.length === 0 || compact.length % 4 === 1) return null;
  return new Uint8Array(Buffer.from(compact, 'base64'));
}

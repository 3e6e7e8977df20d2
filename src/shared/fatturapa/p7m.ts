import * as asn1js from 'asn1js';
import { ContentInfo, SignedData } from 'pkijs';
import { InvoiceDocumentError } from './errors.ts';

export type PayloadKind = 'xml' | 'p7m-der' | 'p7m-base64' | 'unknown';

/** Guesses what an uploaded file contains from its bytes, ignoring its name. */
export function detectPayloadKind(bytes: Uint8Array): PayloadKind {
  // A UTF-16 byte order mark (either order) starts only a text file, which for us can only be XML.
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return 'xml';
  let i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (i < bytes.length && isWhitespace(bytes[i] ?? 0)) i++;
  if (bytes[i] === 0x3c) return 'xml';
  // Base64 text of a CMS starts with 'M' (0x4d), so a leading 0x30 is a DER/BER SEQUENCE tag.
  if (bytes[0] === 0x30 && bytes.length > 1) return 'p7m-der';
  if (base64Body(bytes) !== null) return 'p7m-base64';
  return 'unknown';
}

/**
 * Returns the signed content (the invoice XML bytes) of a CAdES `.p7m`: DER, BER with indefinite
 * lengths and chunked OCTET STRINGs, or the same encoded as Base64/PEM text. The signature is not checked.
 */
export function unwrapP7m(bytes: Uint8Array): Uint8Array {
  return readSignedData(bytes).content;
}

interface SignedEnvelope {
  signedData: SignedData;
  content: Uint8Array;
}

// Shared with signature verification, which needs the parsed SignedData as well as the content.
function readSignedData(bytes: Uint8Array): SignedEnvelope {
  const der = toBinary(bytes);
  // parseEmbedded=false: the content is XML, and speculatively parsing every OCTET STRING as ASN.1
  // would only waste time on attacker-controlled bytes.
  const asn1 = asn1js.fromBER(der, { parseEmbedded: false, maxNodes: 200_000 });
  if (asn1.offset === -1) throw notCms(`BER decoding failed: ${asn1.result.error}`);

  let signedData: SignedData;
  try {
    const contentInfo = new ContentInfo({ schema: asn1.result });
    if (contentInfo.contentType !== ContentInfo.SIGNED_DATA) {
      throw notCms(`content type ${contentInfo.contentType} is not SignedData`);
    }
    signedData = new SignedData({ schema: contentInfo.content });
  } catch (error) {
    if (error instanceof InvoiceDocumentError) throw error;
    throw notCms(error instanceof Error ? error.message : 'not a CMS SignedData structure');
  }

  const eContent = signedData.encapContentInfo.eContent;
  if (eContent === undefined) {
    throw new InvoiceDocumentError('cms-without-content', { detail: 'detached signature' });
  }
  if (!(eContent instanceof asn1js.OctetString)) {
    throw notCms('encapsulated content is not an OCTET STRING');
  }
  const content = octetStringBytes(eContent);
  if (content.length === 0) {
    throw new InvoiceDocumentError('cms-without-content', { detail: 'encapsulated content is empty' });
  }
  return { signedData, content };
}

/** Concatenates the chunks of a (possibly nested) constructed OCTET STRING, as BER allows. */
function octetStringBytes(octets: asn1js.OctetString): Uint8Array {
  if (!octets.idBlock.isConstructed) return octets.valueBlock.valueHexView.slice();
  const parts: Uint8Array[] = [];
  for (const chunk of octets.valueBlock.value) {
    if (chunk instanceof asn1js.OctetString) parts.push(octetStringBytes(chunk));
  }
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

function toBinary(bytes: Uint8Array): Uint8Array {
  switch (detectPayloadKind(bytes)) {
    case 'p7m-der':
      return bytes;
    case 'p7m-base64':
      return decodeBase64(base64Body(bytes) ?? '');
    case 'xml':
      throw notCms('the file is plain XML');
    default:
      throw notCms('neither DER nor Base64');
  }
}

// ---------------------------------------------------------------------------------------------
// Base64 / PEM text

const PEM_ARMOUR = /-----(?:BEGIN|END) [A-Z0-9 ]+-----/g;

/** The Base64 characters of a Base64/PEM text file, or null when it is not one. */
function base64Body(bytes: Uint8Array): string | null {
  for (const byte of bytes) {
    // Cheap rejection of binary files before building a string.
    if (byte > 0x7e || (byte < 0x20 && !isWhitespace(byte))) return null;
  }
  const text = new TextDecoder('latin1').decode(bytes).replace(PEM_ARMOUR, '');
  const body = text.replace(/\s+/g, '');
  if (body.length < 4 || !/^[A-Za-z0-9+/]+={0,2}$/.test(body)) return null;
  return body;
}

function decodeBase64(body: string): Uint8Array {
  let binary: string;
  try {
    binary = atob(body);
  } catch {
    throw notCms('invalid Base64');
  }
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

function isWhitespace(byte: number): boolean {
  return byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d;
}

function notCms(detail: string): InvoiceDocumentError {
  return new InvoiceDocumentError('not-cms', { detail });
}

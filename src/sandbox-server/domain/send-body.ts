import { SendInputSchema } from '../../shared/api/schemas.ts';
import type { PayloadEncoding } from '../../shared/api/types.ts';
import { decodeBase64 } from '../store/payload.ts';
import { expectObject, fieldProblems } from './body-check.ts';
import { invalid, type Problem } from './service-error.ts';

export interface DecodedSendBody {
  bytes: Uint8Array;
  encoding: PayloadEncoding;
  fileName: string | null;
  metaData: Record<string, string> | null;
}

/** A payload that is missing or empty is required; one that is there but blank or not text is the wrong type. */
function payloadProblem(field: string, value: unknown): Problem {
  const missing = value === undefined || value === null || value === '';
  return {
    code: 'required',
    key: missing ? 'field.required' : 'field.string',
    params: { field },
    path: field,
  };
}

/**
 * Checks the body of `POST /send` (a Send whose payload is XML text or Base64 of an XML or P7M file) against its
 * definition (SendInputSchema) and decodes the payload to the file's bytes. Server-set fields a client may echo
 * back are ignored. Plain data in and out: a large body is decoded on a worker thread (json-body-tasks.ts).
 */
export function decodeSendBody(body: unknown): DecodedSendBody {
  const input = expectObject(body);
  const problems = fieldProblems(SendInputSchema, input, { payload: payloadProblem });
  const { payload, file_name: fileName, meta_data: metaData } = input;
  if (problems.length > 0) throw invalid(problems);

  const text = (payload as string).replace(/^\uFEFF/, '');
  let bytes: Uint8Array | null;
  let encoding: PayloadEncoding;
  if (text.trimStart().startsWith('<')) {
    bytes = encodeAsDeclared(text);
    encoding = 'Xml';
  } else {
    bytes = decodeBase64(text);
    encoding = 'Base64';
  }
  if (bytes === null) {
    throw invalid(
      [{ code: '00200', key: 'invoice.notXmlOrBase64', hint: 'hint.base64', path: 'payload' }],
      'invoice.invalid',
    );
  }
  return {
    bytes,
    encoding,
    fileName: typeof fileName === 'string' ? fileName : null,
    metaData: (metaData as Record<string, string> | null | undefined) ?? null,
  };
}

/**
 * XML text arrives as a JSON string (already Unicode); the stored file must match its own declaration,
 * so a document declared ISO-8859-1 is stored in that encoding when every character fits, and one declared
 * UTF-16 as UTF-16 with its byte order mark (XML 1.0 §4.3.3 requires one); anything else as UTF-8.
 */
function encodeAsDeclared(text: string): Uint8Array {
  const declared = /^\s*<\?xml[^>]*encoding\s*=\s*["']([^"']+)["']/i.exec(text)?.[1]?.toLowerCase();
  const latin1 = declared === 'iso-8859-1' || declared === 'latin1';
  // One scan for a character past U+00FF, rather than an array of every character of a 5 MB file.
  // eslint-disable-next-line no-control-regex
  if (latin1 && !/[^\x00-\xff]/.test(text)) return new Uint8Array(Buffer.from(text, 'latin1'));
  if (declared?.startsWith('utf-16')) return utf16(text, declared === 'utf-16be');
  return new TextEncoder().encode(text);
}

function utf16(text: string, bigEndian: boolean): Uint8Array {
  const bytes = Buffer.from(`\uFEFF${text}`, 'utf16le');
  if (bigEndian) bytes.swap16();
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

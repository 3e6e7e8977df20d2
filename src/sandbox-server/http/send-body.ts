import type { PayloadEncoding, SendInput } from '../../shared/api/types.ts';
import { decodeBase64 } from '../store/payload.ts';
import { invalid, type Problem } from '../domain/service-error.ts';

export interface DecodedSendBody {
  bytes: Uint8Array;
  encoding: PayloadEncoding;
  fileName: string | null;
  metaData: Record<string, string> | null;
}

const META_DATA_MAX_ENTRIES = 50;

/**
 * Checks the body of `POST /send` (a Send whose payload is XML text or Base64 of an XML or P7M file)
 * and decodes the payload to the file's bytes. Server-set fields a client may echo back are ignored.
 */
export function decodeSendBody(body: unknown): DecodedSendBody {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw invalid([], 'body.expectedObject');
  const input = body as Partial<Record<keyof SendInput, unknown>>;
  const problems: Problem[] = [];

  const payload = input.payload;
  if (typeof payload !== 'string' || payload.trim() === '') {
    const key =
      payload === undefined || payload === null || payload === '' ? 'field.required' : 'field.string';
    problems.push({ code: 'required', key, params: { field: 'payload' }, path: 'payload' });
  }
  const fileName = input.file_name;
  if (fileName !== undefined && fileName !== null && typeof fileName !== 'string') {
    problems.push({ code: 'type', key: 'field.string', params: { field: 'file_name' }, path: 'file_name' });
  }
  const metaData = input.meta_data;
  const validMap =
    metaData === undefined ||
    metaData === null ||
    (typeof metaData === 'object' &&
      !Array.isArray(metaData) &&
      Object.keys(metaData).length <= META_DATA_MAX_ENTRIES &&
      Object.values(metaData).every((v) => typeof v === 'string'));
  if (!validMap)
    problems.push({
      code: 'type',
      key: 'field.stringMap',
      params: { field: 'meta_data' },
      path: 'meta_data',
    });
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
 * so a document declared ISO-8859-1 is stored in that encoding when every character fits.
 */
function encodeAsDeclared(text: string): Uint8Array {
  const declared = /^\s*<\?xml[^>]*encoding\s*=\s*["']([^"']+)["']/i.exec(text)?.[1]?.toLowerCase();
  const latin1 = declared === 'iso-8859-1' || declared === 'latin1';
  if (latin1 && [...text].every((c) => c.charCodeAt(0) <= 0xff))
    return new Uint8Array(Buffer.from(text, 'latin1'));
  return new TextEncoder().encode(text);
}

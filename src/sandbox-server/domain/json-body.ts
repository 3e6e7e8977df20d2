import { ServiceError } from './service-error.ts';

/**
 * How deep a JSON body may nest arrays and objects. A FatturaPA document needs about a dozen levels; the
 * limit only has to stop documents built to exhaust the stack of the recursive structure check.
 */
export const JSON_DEPTH_MAX = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;

/**
 * How deep arrays and objects nest in JSON text, stopping as soon as `stopAbove` is exceeded; brackets
 * inside strings do not count. Malformed text is left to the parser.
 */
export function jsonNesting(text: string, stopAbove: number): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > stopAbove) return deepest;
    } else if ((c === CLOSE_ARRAY || c === CLOSE_OBJECT) && depth > 0) depth--;
  }
  return deepest;
}

/** The first character of JSON text that is not JSON whitespace (body-parser's `strict` rule looks at it). */
function firstCharacter(text: string): string | undefined {
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c !== ' ' && c !== '\t' && c !== '\n' && c !== '\r') return c;
  }
  return undefined;
}

/**
 * A JSON request body from its bytes, by the rules express.json applied (so answers stay what they were):
 * the bytes must be valid in their charset (UTF-8 unless the Content-Type names another UTF), an empty body
 * is `{}`, the text must be an object or an array, and nesting is checked on the text before parsing, so no
 * later walk over the value can overflow the stack. The same function runs on the server's thread and on a
 * worker (json-body-tasks.ts): a large body is parsed there, off the event loop.
 */
export function parseJsonBody(bytes: Uint8Array, charset: string | null): unknown {
  // JSON text is UTF-8 (RFC 8259) unless a charset says otherwise; bytes that are not valid in it are a
  // malformed body, not text to patch up with replacement characters.
  let text: string;
  try {
    text = new TextDecoder(charset ?? 'utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ServiceError('invalid', 'body.malformedJson');
  }
  if (jsonNesting(text, JSON_DEPTH_MAX) > JSON_DEPTH_MAX) {
    throw new ServiceError('invalid', 'body.tooDeep', { limit: JSON_DEPTH_MAX });
  }
  if (text.length === 0) return {};
  const first = firstCharacter(text);
  if (first !== '{' && first !== '[') throw new ServiceError('invalid', 'body.malformedJson');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ServiceError('invalid', 'body.malformedJson');
  }
}

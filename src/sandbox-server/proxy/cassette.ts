import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/**
 * A cassette: the request/answer pairs a recording proxy saw (`serve --proxy-to URL --record FILE`), which
 * `serve --replay FILE` answers from and `sandbox diff FILE` replays against a sandbox. One JSON document, so a
 * person can read and edit it; keys and secrets never reach it (redaction below).
 */
export const CASSETTE_VERSION = 1;

export interface RecordedBody {
  /** utf8 for text (JSON, XML, problem+json), base64 for anything else. */
  encoding: 'utf8' | 'base64';
  data: string;
}

export interface RecordedRequest {
  method: string;
  /** Without the query, e.g. `/v1/send/12`. */
  path: string;
  /** In the order sent; a name may repeat. */
  query: [string, string][];
  /** Only those in REQUEST_HEADERS, lower-case names. */
  headers: Record<string, string>;
  body: RecordedBody | null;
}

export interface RecordedResponse {
  status: number;
  /** Only those in RESPONSE_HEADERS, lower-case names. */
  headers: Record<string, string>;
  body: RecordedBody | null;
}

export interface CassetteEntry {
  request: RecordedRequest;
  response: RecordedResponse;
}

export interface Cassette {
  version: typeof CASSETTE_VERSION;
  recorded_at: string;
  /** The API the calls went to, e.g. `https://api.example.com/v1`. */
  target: string;
  entries: CassetteEntry[];
}

/**
 * Headers worth keeping: what shapes an answer (language, media type, idempotency, the sandbox's scenario) and
 * what a client reads from one (location, paging, limits). Everything else is left out, Authorization and
 * cookies first of all: an allow-list cannot leak a header nobody thought of.
 */
export const REQUEST_HEADERS = [
  'accept',
  'accept-language',
  'content-type',
  'idempotency-key',
  'sandbox-scenario',
] as const;
export const RESPONSE_HEADERS = [
  'content-type',
  'content-disposition',
  'location',
  'service-total-count',
  'idempotent-replayed',
  'retry-after',
  'ratelimit-limit',
  'ratelimit-remaining',
  'ratelimit-reset',
  'www-authenticate',
] as const;

export const REDACTED = '[redacted]';

/** JSON fields that hold a secret wherever they appear in a body (a webhook's signing secret, a key). */
const SECRET_FIELDS = /^(secret|key|api_key|password|token|client_secret)$/i;

export function pickHeaders(headers: Headers, allowed: readonly string[]): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const name of allowed) {
    const value = headers.get(name);
    if (value !== null) picked[name] = value;
  }
  return picked;
}

/**
 * A body as the cassette keeps it: secret fields of JSON replaced, and any of `secrets` (the live key) blanked
 * wherever it appears in text, should a service ever echo it back.
 */
export function recordBody(
  bytes: Uint8Array,
  contentType: string,
  secrets: readonly string[],
): RecordedBody | null {
  if (bytes.length === 0) return null;
  if (!isText(contentType)) return { encoding: 'base64', data: Buffer.from(bytes).toString('base64') };
  let text = Buffer.from(bytes).toString('utf8');
  if (/json/i.test(contentType)) {
    try {
      text = JSON.stringify(redactJson(JSON.parse(text)));
    } catch {
      // Not JSON after all: kept as the text it is, with the secrets below still blanked.
    }
  }
  for (const secret of secrets) if (secret) text = text.split(secret).join(REDACTED);
  return { encoding: 'utf8', data: text };
}

export function bodyBytes(body: RecordedBody | null): Buffer {
  if (!body) return Buffer.alloc(0);
  return Buffer.from(body.data, body.encoding);
}

function isText(contentType: string): boolean {
  return /^(text\/|application\/([\w.+-]*\+)?(json|xml))/i.test(contentType.trim());
}

function redactJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactJson);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        SECRET_FIELDS.test(k) && typeof v === 'string' ? REDACTED : redactJson(v),
      ]),
    );
  }
  return value;
}

/**
 * Writes a cassette as it grows. Every entry rewrites the whole file through a temporary one renamed over it,
 * so the file on disk is always a complete cassette: a recorder killed mid-way loses at most the call under way.
 */
export class CassetteWriter {
  private readonly cassette: Cassette;

  constructor(
    private readonly file: string,
    target: string,
    recordedAt: Date,
  ) {
    this.cassette = { version: CASSETTE_VERSION, recorded_at: recordedAt.toISOString(), target, entries: [] };
    this.flush();
  }

  append(entry: CassetteEntry): void {
    this.cassette.entries.push(entry);
    this.flush();
  }

  private flush(): void {
    const temp = join(dirname(this.file), `.${basename(this.file)}.${process.pid}.tmp`);
    writeFileSync(temp, `${JSON.stringify(this.cassette, null, 2)}\n`);
    renameSync(temp, this.file);
  }
}

/** The cassette in a file, or why it is not one. */
export function readCassette(file: string): Cassette | string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? 'no such file' : `not JSON (${(error as Error).message})`;
  }
  const c = parsed as Partial<Cassette> | null;
  if (!c || c.version !== CASSETTE_VERSION) return `not a version ${CASSETTE_VERSION} cassette`;
  if (!Array.isArray(c.entries)) return 'no entries';
  for (const [i, e] of c.entries.entries()) {
    const ok =
      e &&
      typeof e.request?.method === 'string' &&
      typeof e.request.path === 'string' &&
      Array.isArray(e.request.query) &&
      typeof e.response?.status === 'number';
    if (!ok) return `entry ${i + 1} is not a request/response pair`;
  }
  return c as Cassette;
}

import { randomBytes } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import zlib from 'node:zlib';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProblemDetails } from '../../../src/shared/api/types.ts';
import { SandboxClock } from '../../../src/sandbox-server/clock.ts';
import { translator } from '../../../src/sandbox-server/i18n/translator.ts';
import { invoiceXml } from '../../support/invoices.ts';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.ts';

/** Odd requests the server must answer with a 4xx problem, never a 500, a hang or a dropped connection. */

let sandbox: TestSandbox;
let key: string;
let port: number;
/** What the server logged at error level: an unexpected error (a 500) would show up here. */
const serverErrors: string[] = [];

beforeAll(async () => {
  const logger = pino({ level: 'error' }, { write: (line: string) => void serverErrors.push(line) });
  sandbox = await startTestSandbox({
    rateLimits: 'unlimited',
    authFailuresPerMinute: 100_000,
    logger,
    // Real time the test can move: /health's per-minute window.
    clock: new SandboxClock(),
  });
  port = sandbox.server.port;
  key = sandbox.server.services.keys.create({ account: 'hostile', environment: 'test' }).key;
});
afterAll(async () => {
  await sandbox.close();
  expect(serverErrors, 'the server logged no unexpected error').toEqual([]);
});

const MB = 1024 * 1024;
const UPLOAD_LIMIT = 10 * MB; // twice the 5 MB invoice limit (app.ts)
const basic = (k: string) => `Basic ${Buffer.from(`${k}:`).toString('base64')}`;
const it_ = translator('it');

// ---------------------------------------------------------------------------------------------------------
// Clients that do not tidy the request up: node's http (no URL or header normalization) and bare sockets.

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** Whether the whole body had been handed to the socket when the answer came. */
  uploadedAll: boolean;
}

interface RawRequest {
  method?: string;
  path: string;
  headers?: Record<string, string | number>;
  /** A buffer, or chunks produced lazily (written with backpressure, and abandoned once an answer arrives). */
  body?: Buffer | (() => Iterable<Buffer>);
  auth?: string | null;
}

function request(spec: RawRequest): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { ...spec.headers };
    if (spec.auth !== null) headers.authorization ??= spec.auth ?? basic(key);
    const req = http.request({
      host: '127.0.0.1',
      port,
      method: spec.method ?? 'POST',
      path: spec.path,
      headers,
      agent: false,
    });
    let answered = false;
    let uploadedAll = false;
    req.on('response', (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        resolve({
          status: res.statusCode!,
          headers: res.headers,
          text: Buffer.concat(chunks).toString('utf8'),
          uploadedAll,
        });
        req.destroy();
      });
      res.on('error', reject);
    });
    // Once answered, a server that stopped reading may reset the upload: that is expected.
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    const body = spec.body;
    if (body === undefined || Buffer.isBuffer(body)) {
      req.end(body);
      uploadedAll = true;
      return;
    }
    void (async () => {
      for (const chunk of body()) {
        if (answered || req.destroyed) return;
        if (!req.write(chunk)) {
          await new Promise<void>((done) => {
            const finish = () => {
              req.off('drain', finish);
              req.off('close', finish);
              req.off('response', finish);
              done();
            };
            req.on('drain', finish);
            req.on('close', finish);
            req.on('response', finish);
          });
        }
      }
      if (answered || req.destroyed) return;
      uploadedAll = true;
      req.end();
    })();
  });
}

/** Writes raw bytes on a socket (optionally half-closing it) and reads one HTTP answer. */
function rawExchange(bytes: Buffer | string, options: { halfClose?: boolean } = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = () => {
      if (settled) return;
      const all = Buffer.concat(chunks);
      const split = all.indexOf('\r\n\r\n');
      if (split === -1) return;
      const head = all.subarray(0, split).toString('latin1').split('\r\n');
      const headers: http.IncomingHttpHeaders = {};
      for (const line of head.slice(1)) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      const length = Number(headers['content-length'] ?? NaN);
      const body = all.subarray(split + 4);
      if (Number.isNaN(length) || body.length < length) return;
      settled = true;
      socket.destroy();
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head[0]!)?.[1]),
        headers,
        text: body.subarray(0, length).toString('utf8'),
        uploadedAll: true,
      });
    };
    socket.on('data', (c: Buffer) => {
      chunks.push(c);
      finish();
    });
    socket.on('error', (error) => {
      if (!settled) reject(error);
    });
    socket.on('close', () => {
      if (!settled)
        reject(new Error(`connection closed without a complete answer: ${Buffer.concat(chunks)}`));
    });
    socket.write(bytes);
    if (options.halfClose) socket.end();
  });
}

function problemOf(answer: RawAnswer): ProblemDetails {
  return JSON.parse(answer.text) as ProblemDetails;
}

/** The answer is a 4xx (or exactly `status`) problem+json whose `status` matches the HTTP status. */
function expectProblem(answer: RawAnswer, label: string, status?: number | number[]): ProblemDetails {
  expect(answer.headers['content-type'], `${label}: ${answer.status} ${answer.text.slice(0, 300)}`).toContain(
    'application/problem+json',
  );
  const problem = problemOf(answer);
  if (Array.isArray(status)) expect(status, `${label}: ${answer.text}`).toContain(answer.status);
  else if (status !== undefined) expect(answer.status, `${label}: ${answer.text}`).toBe(status);
  expect(answer.status, `${label}: ${answer.text}`).toBeGreaterThanOrEqual(400);
  expect(answer.status, `${label}: ${answer.text}`).toBeLessThan(500);
  expect(problem.status, label).toBe(answer.status);
  expect(problem.type, label).toMatch(/^\/problems\//);
  expect(typeof problem.detail, label).toBe('string');
  return problem;
}

/** The server still answers: `/health` is limited to 12 a minute, so the server's clock moves a minute first. */
async function expectHealthy(label: string): Promise<void> {
  (sandbox.server.clock as SandboxClock).advance(61_000);
  const res = await request({ method: 'GET', path: '/v1/health', auth: null });
  expect(res.status, `health after ${label}`).toBe(200);
}

// ---------------------------------------------------------------------------------------------------------
// Bodies

type Kind = 'json' | 'xml' | 'multipart';

interface Endpoint {
  method: 'POST' | 'PUT';
  path: string;
  kind: Kind;
  /** Its body carries no invoice, so it is bounded at 64 KiB rather than UPLOAD_LIMIT (body-limits.ts). */
  small?: true;
}

/** Every endpoint that reads a body. */
const ENDPOINTS: Endpoint[] = [
  { method: 'POST', path: '/v1/send', kind: 'json' },
  { method: 'POST', path: '/v1/send/xml', kind: 'xml' },
  { method: 'POST', path: '/v1/send/file', kind: 'multipart' },
  { method: 'POST', path: '/v1/send/json', kind: 'json' },
  { method: 'POST', path: '/v1/send/validate', kind: 'json' },
  { method: 'POST', path: '/v1/send/validate/xml', kind: 'xml' },
  { method: 'POST', path: '/v1/send/validate/file', kind: 'multipart' },
  { method: 'POST', path: '/v1/send/validate/json', kind: 'json' },
  { method: 'POST', path: '/v1/company', kind: 'json', small: true },
  { method: 'PUT', path: '/v1/company', kind: 'json', small: true },
  { method: 'POST', path: '/v1/webhook', kind: 'json', small: true },
  { method: 'PUT', path: '/v1/webhook', kind: 'json', small: true },
  { method: 'POST', path: '/_sandbox/inbound', kind: 'json' },
];

const BOUNDARY = 'hostile-boundary-7MA4YWxkTrZu0gW';

function multipartBody(fileName: string, content: Buffer, close = true): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    content,
    Buffer.from(close ? `\r\n--${BOUNDARY}--\r\n` : ''),
  ]);
}

interface Shaped {
  type: string;
  body: Buffer;
}

/** A document as each kind of endpoint takes it: raw, as the one file of a form, or as `payload` in JSON. */
function shaped(kind: Kind, document: Buffer, fileName = 'IT01234567890_00001.xml'): Shaped {
  if (kind === 'xml') return { type: 'application/xml', body: document };
  if (kind === 'multipart') {
    return { type: `multipart/form-data; boundary=${BOUNDARY}`, body: multipartBody(fileName, document) };
  }
  return {
    type: 'application/json',
    body: Buffer.from(JSON.stringify({ payload: document.toString('utf8'), file_name: fileName })),
  };
}

const validInvoice = Buffer.from(invoiceXml());

/** An invoice without its declaration whose line text is a reference to the entity xxe (the builder escapes '&'). */
const referencingXxe = (): string =>
  invoiceXml({ description: 'XXE' })
    .replace('<Descrizione>XXE</Descrizione>', '<Descrizione>&xxe;</Descrizione>')
    .replace(/^<\?xml[^>]*>\s*/, '');

const xxeFile = Buffer.from(
  '<?xml version="1.0"?>\n<!DOCTYPE p:FatturaElettronica [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n' +
    referencingXxe(),
);

function xxeUrl(): Buffer {
  return Buffer.from(
    `<?xml version="1.0"?>\n<!DOCTYPE p:FatturaElettronica [<!ENTITY xxe SYSTEM "http://127.0.0.1:${port}/v1/health">]>\n` +
      referencingXxe(),
  );
}

const billionLaughs = Buffer.from(
  '<?xml version="1.0"?>\n<!DOCTYPE lolz [\n<!ENTITY lol "lol">\n' +
    Array.from(
      { length: 9 },
      (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`,
    ).join('\n') +
    ']>\n<lolz>&lol9;</lolz>',
);

const quadraticBlowup = Buffer.from(
  `<?xml version="1.0"?>\n<!DOCTYPE kaboom [<!ENTITY a "${'a'.repeat(50_000)}">]>\n<kaboom>${'&a;'.repeat(50_000)}</kaboom>`,
);

/** UTF-16 without the byte order mark XML 1.0 (§4.3.3) requires of it. */
function utf16(): Buffer {
  const text = invoiceXml().replace(/encoding="[^"]*"/, 'encoding="UTF-16"');
  return Buffer.from(text, 'utf16le');
}

/** An invoice with a UTF-8 lead byte followed by ASCII in a text node: not UTF-8. */
const invalidUtf8 = (() => {
  const bytes = Buffer.from(invoiceXml({ description: 'XINVALIDX' }), 'utf8');
  bytes[bytes.indexOf('XINVALIDX')] = 0xc3;
  return bytes;
})();

const nulBytes = Buffer.from(invoiceXml({ description: 'nul\u0000byte' }), 'utf8');

let bomb: Buffer | null = null;
/**
 * 1 GiB of zeros as about a megabyte of gzip, built once and never inflated here: 1 MiB of zeros gzips to
 * about 1 KiB, and gzip members concatenated are one valid gzip stream (RFC 1952), which gunzip reads on.
 */
function gzipBombBytes(): Buffer {
  bomb ??= Buffer.concat(Array.from({ length: 1024 }, () => zlib.gzipSync(Buffer.alloc(MB), { level: 9 })));
  return bomb;
}

/** `size` bytes for an endpoint, produced lazily in 64 KiB chunks, shaped as the endpoint takes a body. */
function hugeBody(kind: Kind, size: number): () => Iterable<Buffer> {
  const filler = Buffer.alloc(64 * 1024, 0x41);
  return function* () {
    if (kind === 'multipart')
      yield Buffer.from(multipartBody('IT01234567890_00001.xml', Buffer.alloc(0), false));
    else if (kind === 'json') yield Buffer.from('{"payload":"');
    for (let sent = 0; sent < size; sent += filler.length) yield filler;
    if (kind === 'multipart') yield Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
    else if (kind === 'json') yield Buffer.from('"}');
  };
}

function hugeLength(kind: Kind, size: number): number {
  let total = 0;
  for (const chunk of hugeBody(kind, size)()) total += chunk.length;
  return total;
}

const deepJson = Buffer.from(`{"payload":${'['.repeat(100_000)}${']'.repeat(100_000)}}`);

const protoPollution = Buffer.from(
  '{"__proto__":{"polluted":"yes","payload":"<x/>"},"constructor":{"prototype":{"polluted":"yes"}},' +
    '"FatturaElettronicaHeader":{"__proto__":{"polluted":"yes"}},"payload":"<x/>","url":"ftp://127.0.0.1/",' +
    '"vat":"IT01234567890","name":"x","meta_data":{"__proto__":"x"}}',
);

interface Case {
  name: string;
  /** The request for an endpoint; null skips the endpoint. */
  build(endpoint: Endpoint): Omit<RawRequest, 'path' | 'method'> | null;
  /** The status expected, when it is known exactly; otherwise any 4xx. */
  status?(endpoint: Endpoint): number | number[] | undefined;
  /** For bodies streamed lazily: the answer must come before the upload ends. */
  prompt?: boolean;
}

const gzipOnly = (e: Endpoint, status: number) => (e.kind === 'multipart' ? 415 : status);

const CASES: Case[] = [
  {
    name: 'an unknown charset',
    build: (e) => {
      const { type, body } = shaped(e.kind, validInvoice);
      return { headers: { 'content-type': `${type}; charset=x-bogus` }, body };
    },
    status: () => 415,
  },
  {
    name: 'a Content-Type that is not a media type',
    build: (e) => ({
      headers: { 'content-type': 'application/json; charset' },
      body: shaped(e.kind, validInvoice).body,
    }),
    status: () => 415,
  },
  {
    name: 'an unknown Content-Encoding',
    build: (e) => {
      const { type, body } = shaped(e.kind, validInvoice);
      return { headers: { 'content-type': type, 'content-encoding': 'x-bogus' }, body };
    },
    status: () => 415,
  },
  {
    name: 'gzip over a body that is not gzip',
    build: (e) => {
      const { type, body } = shaped(e.kind, validInvoice);
      return { headers: { 'content-type': type, 'content-encoding': 'gzip' }, body };
    },
    status: (e) => gzipOnly(e, 400),
  },
  {
    name: 'a truncated gzip body',
    build: (e) => {
      const { type, body } = shaped(e.kind, validInvoice);
      const gz = zlib.gzipSync(body);
      return {
        headers: { 'content-type': type, 'content-encoding': 'gzip' },
        body: gz.subarray(0, gz.length >> 1),
      };
    },
    status: (e) => gzipOnly(e, 400),
  },
  {
    name: 'a truncated brotli body',
    build: (e) => {
      const { type, body } = shaped(e.kind, validInvoice);
      const br = zlib.brotliCompressSync(body);
      return {
        headers: { 'content-type': type, 'content-encoding': 'br' },
        body: br.subarray(0, br.length >> 1),
      };
    },
    status: (e) => gzipOnly(e, 400),
  },
  {
    // Brotli may read random bytes as a stream that ends at once: then the body is empty, and refused as such.
    name: 'brotli over random bytes',
    build: (e) => ({
      headers: { 'content-type': shaped(e.kind, validInvoice).type, 'content-encoding': 'br' },
      body: randomBytes(4096),
    }),
    status: (e) => (e.kind === 'multipart' ? 415 : undefined),
  },
  {
    name: 'a gzip bomb (1 GiB of zeros)',
    build: (e) => ({
      headers: { 'content-type': shaped(e.kind, validInvoice).type, 'content-encoding': 'gzip' },
      body: gzipBombBytes(),
    }),
    status: (e) => gzipOnly(e, 413),
  },
  {
    name: 'a 50 MB body with its Content-Length',
    build: (e) => ({
      headers: {
        'content-type': shaped(e.kind, validInvoice).type,
        'content-length': hugeLength(e.kind, 50 * MB),
      },
      body: hugeBody(e.kind, 50 * MB),
    }),
    status: () => 413,
    prompt: true,
  },
  {
    name: 'a 50 MB chunked body',
    build: (e) => ({
      headers: { 'content-type': shaped(e.kind, validInvoice).type },
      body: hugeBody(e.kind, 50 * MB),
    }),
    status: () => 413,
  },
  {
    name: '50 MB in a form field beside the file (chunked)',
    build: () => ({
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      body: function* () {
        yield Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="note"\r\n\r\n`);
        yield* hugeBody('xml', 50 * MB)();
        yield Buffer.from(`\r\n`);
        yield multipartBody('IT01234567890_00001.xml', validInvoice);
      },
    }),
    status: (e) => (e.kind === 'json' ? 422 : 413),
  },
  {
    name: 'JSON nested 100,000 deep',
    build: () => ({ headers: { 'content-type': 'application/json' }, body: deepJson }),
    // 200 KB: too deep where an invoice may come, too large for a company or a webhook.
    status: (e) => (e.small ? 413 : 422),
  },
  {
    name: 'JSON nested 100,000 deep in UTF-16',
    build: () => ({
      headers: { 'content-type': 'application/json; charset=utf-16le' },
      body: Buffer.from(deepJson.toString('latin1'), 'utf16le'),
    }),
    status: (e) => (e.small ? 413 : 422),
  },
  { name: 'XXE to a file', build: (e) => asShaped(e, xxeFile) },
  { name: 'XXE to a loopback URL', build: (e) => asShaped(e, xxeUrl()) },
  { name: 'billion laughs', build: (e) => asShaped(e, billionLaughs) },
  { name: 'quadratic entity blow-up', build: (e) => asShaped(e, quadraticBlowup) },
  // UTF-16 *with* its byte order mark is a valid XML file, taken as such (test/sandbox-server/sdi/file-bytes.test.ts).
  { name: 'UTF-16 without a BOM', build: (e) => asShaped(e, utf16()) },
  {
    name: 'invalid UTF-8',
    build: (e) => {
      if (e.kind !== 'json') return asShaped(e, invalidUtf8);
      const body = Buffer.from('{"payload":"<a>XX</a>","url":"http://127.0.0.1/XX","name":"XX"}');
      for (let at = body.indexOf('XX'); at !== -1; at = body.indexOf('XX', at)) body.set([0xff, 0xc3], at);
      return { headers: { 'content-type': 'application/json' }, body };
    },
  },
  {
    name: 'NUL bytes',
    build: (e) =>
      e.kind === 'json'
        ? {
            headers: { 'content-type': 'application/json' },
            body: Buffer.from('{"payload":"<a/>\u0000"}\u0000'),
          }
        : asShaped(e, nulBytes),
  },
  {
    name: 'random bytes as a P7M',
    build: (e) => {
      const noise = randomBytes(8192);
      if (e.kind === 'json') {
        return {
          headers: { 'content-type': 'application/json' },
          body: Buffer.from(
            JSON.stringify({ payload: noise.toString('base64'), file_name: 'IT01234567890_00001.xml.p7m' }),
          ),
        };
      }
      if (e.kind === 'multipart') return asShaped(e, noise, 'IT01234567890_00001.xml.p7m');
      return { headers: { 'content-type': 'application/pkcs7-mime' }, body: noise };
    },
    status: () => 422,
  },
  {
    name: 'a payload that is neither XML nor Base64',
    build: (e) => asShaped(e, Buffer.from('%%% not base64, not <xml> either ***')),
    status: () => 422,
  },
  {
    name: '__proto__ and constructor keys',
    build: (e) =>
      e.kind === 'json'
        ? { headers: { 'content-type': 'application/json' }, body: protoPollution }
        : asShaped(e, protoPollution),
  },
  {
    name: 'multipart without a boundary',
    build: () => ({
      headers: { 'content-type': 'multipart/form-data' },
      body: multipartBody('IT01234567890_00001.xml', validInvoice),
    }),
    status: (e) => (e.kind === 'multipart' ? 400 : undefined),
  },
  {
    name: 'truncated multipart',
    build: () => ({
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      body: multipartBody('IT01234567890_00001.xml', validInvoice.subarray(0, 200), false),
    }),
    status: (e) => (e.kind === 'multipart' ? 400 : undefined),
  },
  {
    name: 'multipart with an empty boundary parameter',
    build: () => ({
      headers: { 'content-type': 'multipart/form-data; boundary=""' },
      body: multipartBody('IT01234567890_00001.xml', validInvoice),
    }),
  },
];

function asShaped(e: Endpoint, document: Buffer, fileName?: string): Omit<RawRequest, 'path' | 'method'> {
  const { type, body } = shaped(e.kind, document, fileName);
  return { headers: { 'content-type': type }, body };
}

describe('a hostile corpus to every body-taking endpoint', () => {
  for (const endpoint of ENDPOINTS) {
    it(`${endpoint.method} ${endpoint.path}: every case is a 4xx problem and the server stays up`, async () => {
      for (const c of CASES) {
        const built = c.build(endpoint);
        if (!built) continue;
        const label = `${c.name} → ${endpoint.method} ${endpoint.path}`;
        const answer = await request({ ...built, method: endpoint.method, path: endpoint.path });
        expectProblem(answer, label, c.status?.(endpoint));
        if (c.prompt) expect(answer.uploadedAll, `${label}: answered before the upload ended`).toBe(false);
        await expectHealthy(label);
      }
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
    }, 120_000);
  }

  it('stored nothing from any of it', () => {
    const stored = sandbox.server.store.db.prepare('SELECT count(*) AS n FROM sends').get() as { n: number };
    expect(stored.n).toBe(0);
  });
});

describe('file names that try to leave their folder', () => {
  const names = [
    '../x.xml',
    '/etc/x.xml',
    '..\\x.xml',
    'CON.xml',
    'IT01234567890_00001.xml/../..',
    'a\u0000.xml',
  ];

  it.each(['/v1/send', '/v1/send/validate', '/_sandbox/inbound'])('are refused by %s', async (path) => {
    for (const fileName of names) {
      const answer = await request({
        path,
        headers: { 'content-type': 'application/json' },
        body: Buffer.from(JSON.stringify({ payload: invoiceXml(), file_name: fileName })),
      });
      const problem = expectProblem(answer, `${JSON.stringify(fileName)} → ${path}`, 422);
      expect(
        problem.errors?.some((e) => e.path === 'file_name' || /file/i.test(e.description)),
        answer.text,
      ).toBe(true);
    }
  });

  it.each(['/v1/send/file', '/v1/send/validate/file'])(
    'are refused as a multipart file name by %s',
    async (path) => {
      for (const fileName of ['../x.xml', '..\\..\\x.xml', '/etc/x.xml']) {
        const answer = await request({
          path,
          headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
          body: multipartBody(fileName, Buffer.from(invoiceXml({ number: `T-${fileName.length}` }))),
        });
        // The upload's name is the file's name at SDI, held to the naming rule as `file_name` is (00001).
        const problem = expectProblem(answer, `${JSON.stringify(fileName)} → ${path}`, 422);
        expect(problem.errors?.[0], answer.text).toMatchObject({ code: '00001', path: 'file_name' });
      }
    },
  );
});

// ---------------------------------------------------------------------------------------------------------
// Requests Node or the router reject before any route runs.

const ID_ROUTES: [string, string][] = [
  ['GET', '/v1/company/{x}'],
  ['DELETE', '/v1/company/{x}'],
  ['GET', '/v1/send/{x}'],
  ['GET', '/v1/send/{x}/payload'],
  ['GET', '/v1/receive/{x}'],
  ['DELETE', '/v1/receive/{x}'],
  ['GET', '/v1/receive/{x}/payload'],
  ['GET', '/v1/receive/{x}/metadata'],
  ['GET', '/v1/receive/{x}/notifications'],
  ['GET', '/v1/receive/{x}/notifications/IT01234567890_11111_MT_001.xml'],
  ['GET', '/v1/log/{x}'],
  ['GET', '/v1/update/{x}'],
  ['GET', '/v1/update/{x}/notification'],
  ['GET', '/v1/webhook/{x}'],
  ['DELETE', '/v1/webhook/{x}'],
  ['GET', '/v1/webhookhistory/{x}'],
  ['POST', '/_sandbox/send/{x}/esito'],
  ['POST', '/_sandbox/receive/{x}/esito'],
];

describe('malformed percent escapes in id paths', () => {
  it.each(ID_ROUTES)('%s %s answers 400 for each bad escape', async (method, route) => {
    for (const bad of ['%ZZ', '%', '%E0%A4%A', '%C0%AF', '%FF', 'a%2']) {
      const answer = await request({ method, path: route.replace('{x}', bad) });
      const problem = expectProblem(answer, `${method} ${route} with ${bad}`, 400);
      expect(problem.type).toBe('/problems/bad-request');
    }
    await expectHealthy(route);
  });
});

describe('oversized and unparsable requests', () => {
  it('answers a URL over 16 KB with 431 problem+json', async () => {
    const answer = await request({ method: 'GET', path: `/v1/send?q=${'a'.repeat(17 * 1024)}` });
    expectProblem(answer, 'long URL', 431);
    expect(answer.headers.connection).toBe('close');
    await expectHealthy('long URL');
  });

  it('answers a header value over 16 KB with 431 problem+json', async () => {
    const answer = await request({
      method: 'GET',
      path: '/v1/company',
      headers: { 'x-padding': 'p'.repeat(17 * 1024) },
    });
    const problem = expectProblem(answer, 'long header', 431);
    expect(problem.title).toBe('Request header fields too large');
    await expectHealthy('long header');
  });

  it('answers many headers adding up to over 16 KB with 431, even while a body is being sent', async () => {
    const headers: Record<string, string> = { 'content-type': 'application/xml' };
    for (let i = 0; i < 200; i++) headers[`x-h${i}`] = 'v'.repeat(100);
    const answer = await request({ path: '/v1/send/xml', headers, body: () => [validInvoice, validInvoice] });
    expectProblem(answer, 'many headers', 431);
    await expectHealthy('many headers');
  });

  it.each([
    [
      'a Content-Length that is not a number',
      'POST /v1/send/xml HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n',
    ],
    [
      'both Content-Length and Transfer-Encoding',
      'POST /v1/send/xml HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    ],
    [
      'a broken chunk size',
      'POST /v1/send/xml HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\nabc\r\n',
    ],
    ['an invalid method token', 'G@T /v1/health HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['a header without a colon', 'GET /v1/health HTTP/1.1\r\nHost: x\r\nnonsense\r\n\r\n'],
    [
      'binary noise',
      randomBytes(512)
        .toString('latin1')
        .replace(/^[A-Z]/, '\u0000'),
    ],
  ])('answers %s with 400 problem+json', async (label, bytes) => {
    // Authenticated, so that a request whose head parses gets as far as reading its body.
    const withKey = bytes.replace('Host: x\r\n', `Host: x\r\nAuthorization: ${basic(key)}\r\n`);
    const answer = await rawExchange(Buffer.from(withKey, 'latin1'));
    expectProblem(answer, label, 400);
    await expectHealthy(label);
  });

  it('answers a body cut short (the client half-closes) with 400 problem+json', async () => {
    const head =
      `POST /v1/send/xml HTTP/1.1\r\nHost: x\r\nAuthorization: ${basic(key)}\r\n` +
      'Content-Type: application/xml\r\nContent-Length: 5000\r\n\r\n';
    const answer = await rawExchange(Buffer.concat([Buffer.from(head), validInvoice.subarray(0, 100)]), {
      halfClose: true,
    });
    expectProblem(answer, 'cut short', 400);
    await expectHealthy('cut short');
  });
});

// ---------------------------------------------------------------------------------------------------------
// Strict parsing

describe('HTTP Basic credentials (RFC 7617)', () => {
  it.each([
    ['no colon', `Basic ${'KEY'}`],
    ['invalid Base64', 'Basic ***not-base64***'],
    ['Base64 without padding', 'Basic KEY_UNPADDED'],
    ['an empty token', 'Basic '],
    ['a control character in the user', 'Basic CTRL'],
    ['not UTF-8', 'Basic NOTUTF8'],
  ])('refuses %s with 401 problem+json', async (label, header) => {
    const raw = (text: string | Buffer) => Buffer.from(text).toString('base64');
    const auth = header
      .replace('KEY_UNPADDED', raw(`${key}:`).replace(/=+$/, '') + (raw(`${key}:`).endsWith('=') ? '' : 'A'))
      .replace('KEY', raw(key))
      .replace('CTRL', raw(`${key}\u0001:`))
      .replace('NOTUTF8', raw(Buffer.concat([Buffer.from(key), Buffer.from([0xff, 0x3a])])));
    const answer = await request({ method: 'GET', path: '/v1/company', auth });
    const problem = expectProblem(answer, label, 401);
    expect(answer.headers['www-authenticate']).toBe('ApiKey realm="v1"');
    expect(answer.text).not.toContain(key);
    expect(problem.detail).toContain('Basic');
  });

  it('accepts the key with its empty password, and ignores a password', async () => {
    expect((await request({ method: 'GET', path: '/v1/company' })).status).toBe(200);
    const withPassword = `Basic ${Buffer.from(`${key}:secret`).toString('base64')}`;
    expect((await request({ method: 'GET', path: '/v1/company', auth: withPassword })).status).toBe(200);
  });
});

describe('query values', () => {
  it.each([
    ['page', ' 1'],
    ['page', '1.0'],
    ['page', '+1'],
    ['page', '0x10'],
    ['page', '1e2'],
    ['page_size', '10 '],
    ['date_sent_from', '2025-02-30T00:00:00Z'],
    ['date_sent_from', '2025-02-01'],
    ['date_sent_to', '2025-13-01T00:00:00Z'],
    ['last_update_from', '2025-01-01T24:00:00Z'],
    ['last_update_to', '2025-01-01T10:60:00Z'],
    ['document_date_from', '2023-02-29T00:00:00Z'],
    ['document_date_to', ' 2025-01-01T00:00:00Z'],
  ])('GET /send?%s=%j is 400 naming the parameter', async (name, value) => {
    const answer = await request({ method: 'GET', path: `/v1/send?${name}=${encodeURIComponent(value)}` });
    const problem = expectProblem(answer, `${name}=${value}`, 400);
    expect(problem.parameter).toBe(name);
  });

  it.each([
    ['/v1/log', 'date_time_from', '2025-04-31T00:00:00Z'],
    ['/v1/update', 'date_sent_to', '2025-02-01'],
    ['/v1/receive', 'page', '+2'],
    ['/v1/webhook', 'page_size', '0x1'],
  ])('GET %s?%s=%j is 400 too', async (path, name, value) => {
    const answer = await request({ method: 'GET', path: `${path}?${name}=${encodeURIComponent(value)}` });
    expect(expectProblem(answer, `${path} ${name}`, 400).parameter).toBe(name);
  });

  it('still takes real date-times, with offsets and fractions, and a leap day', async () => {
    for (const value of ['2024-02-29T00:00:00Z', '2025-01-01T10:00:00.123+01:00', '2025-12-31T23:59:59Z']) {
      const answer = await request({
        method: 'GET',
        path: `/v1/send?date_sent_from=${encodeURIComponent(value)}`,
      });
      expect(answer.status, value).toBe(200);
    }
  });
});

describe('in Italian', () => {
  const italian = { 'accept-language': 'it-IT,it;q=0.9,en;q=0.5' };

  async function expectItalian(answer: RawAnswer, label: string, detail: string, status: number) {
    const problem = expectProblem(answer, label, status);
    expect(answer.headers['content-language'], label).toBe('it');
    expect(problem.detail, label).toBe(detail);
  }

  it('words every class of refusal in Italian', async () => {
    const json = { 'content-type': 'application/json', ...italian };
    await expectItalian(
      await request({ method: 'GET', path: '/v1/send/%ZZ', headers: italian }),
      'bad escape',
      it_('request.badPath'),
      400,
    );
    await expectItalian(
      await request({
        path: '/v1/send',
        headers: { ...json, 'content-type': 'application/json; charset=x-bogus' },
        body: Buffer.from('{}'),
      }),
      'charset',
      it_('body.charset', { charset: 'x-bogus' }),
      415,
    );
    await expectItalian(
      await request({
        path: '/v1/send',
        headers: { ...json, 'content-encoding': 'x-bogus' },
        body: Buffer.from('{}'),
      }),
      'encoding',
      it_('body.encoding', { encoding: 'x-bogus' }),
      415,
    );
    await expectItalian(
      await request({
        path: '/v1/send',
        headers: { ...json, 'content-encoding': 'gzip' },
        body: Buffer.from('{}'),
      }),
      'not gzip',
      it_('body.corrupt', { encoding: 'gzip' }),
      400,
    );
    await expectItalian(
      await request({
        path: '/v1/send',
        headers: { ...json, 'content-encoding': 'gzip' },
        body: gzipBombBytes(),
      }),
      'gzip bomb',
      it_('body.tooLarge', { limit: UPLOAD_LIMIT }),
      413,
    );
    await expectItalian(
      await request({
        path: '/v1/send/xml',
        headers: { ...italian, 'content-type': 'application/xml', 'content-length': 50 * MB },
        body: hugeBody('xml', 50 * MB),
      }),
      '50 MB',
      it_('body.tooLarge', { limit: UPLOAD_LIMIT }),
      413,
    );
    await expectItalian(
      await request({ path: '/v1/send/json', headers: json, body: deepJson }),
      'deep JSON',
      it_('body.tooDeep', { limit: 64 }),
      422,
    );
    await expectItalian(
      await request({
        path: '/v1/send/file',
        headers: { ...italian, 'content-type': 'multipart/form-data' },
        body: multipartBody('IT01234567890_00001.xml', validInvoice),
      }),
      'no boundary',
      it_('body.malformedMultipart'),
      400,
    );
    await expectItalian(
      await request({
        path: '/v1/send/validate/file',
        headers: { ...italian, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
        body: multipartBody('IT01234567890_00001.xml', validInvoice, false),
      }),
      'truncated multipart',
      it_('body.malformedMultipart'),
      400,
    );
    await expectItalian(
      await request({
        method: 'GET',
        path: '/v1/company',
        headers: italian,
        auth: `Basic ${Buffer.from(key).toString('base64')}`,
      }),
      'no colon',
      it_('auth.malformed'),
      401,
    );
    await expectItalian(
      await request({
        method: 'GET',
        path: '/v1/send?date_sent_from=2025-02-30T00:00:00Z',
        headers: italian,
      }),
      'impossible date',
      it_('query.dateTime', { parameter: 'date_sent_from' }),
      400,
    );
    await expectItalian(
      await request({
        method: 'GET',
        path: '/v1/company',
        headers: { ...italian, 'x-padding': 'p'.repeat(17 * 1024) },
      }),
      'long header',
      it_('request.headersTooLarge', { limit: 16 * 1024 }),
      431,
    );
    const xxe = await request({
      path: '/v1/send/xml',
      headers: { ...italian, 'content-type': 'application/xml' },
      body: xxeFile,
    });
    const problem = expectProblem(xxe, 'XXE', 422);
    expect(problem.title).toBe(it_('title.invalid'));
    expect(problem.errors?.[0]?.description).toBe(it_('invoice.dtd'));
    await expectHealthy('Italian');
  }, 60_000);
});

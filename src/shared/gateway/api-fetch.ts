import { HTTP_METHODS, type ApiRequest, type ApiResponse } from './channels.ts';

export class GatewayError extends Error {}

/** Headers the UI may not set: credentials are the host's business, and hop-by-hop ones are fetch's. */
const FORBIDDEN_HEADERS = new Set(['authorization', 'cookie', 'host', 'content-length', 'connection']);

/** The absolute URL for `request` under `baseUrl`, refusing anything that would leave it. */
export function apiUrl(baseUrl: string, request: ApiRequest): URL {
  const base = new URL(baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  if (typeof request.path !== 'string' || !/^\/(?!\/)/.test(request.path) || request.path.includes('..')) {
    throw new GatewayError(`Refused API path: ${String(request.path)}`);
  }
  const url = new URL(request.path.slice(1), base);
  if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname)) {
    throw new GatewayError(`Refused API path: ${request.path}`);
  }
  for (const [name, value] of Object.entries(request.query ?? {})) {
    if (value !== undefined) url.searchParams.set(name, String(value));
  }
  return url;
}

function isTextType(type: string): boolean {
  return type.startsWith('text/') || type.includes('xml') || type.includes('json');
}

/** Sends one API request with the given credentials and hands back the raw answer, body unread. */
export async function fetchApi(
  fetchImpl: typeof fetch,
  baseUrl: string,
  authorization: string | null,
  request: ApiRequest,
): Promise<Response> {
  if (!HTTP_METHODS.includes(request.method)) throw new GatewayError(`Refused method: ${request.method}`);
  const url = apiUrl(baseUrl, request);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers ?? {})) {
    if (!FORBIDDEN_HEADERS.has(name.toLowerCase())) headers[name.toLowerCase()] = String(value);
  }
  let body: string | undefined;
  if (typeof request.body === 'string') body = request.body;
  else if (request.body !== undefined) {
    body = JSON.stringify(request.body);
    headers['content-type'] ??= 'application/json';
  }
  if (authorization) headers.authorization = authorization;
  return fetchImpl(url, { method: request.method, headers, body });
}

/** Reads a whole answer into the gateway's transferable shape: JSON parsed, text as is, anything else Base64. */
export async function readApiResponse(response: Response): Promise<ApiResponse> {
  const responseHeaders: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') responseHeaders[name] = value;
  });
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    const text = await response.text();
    return {
      status: response.status,
      headers: responseHeaders,
      body: text ? JSON.parse(text) : null,
      encoding: 'json',
    };
  }
  if (type === '' || isTextType(type)) {
    return {
      status: response.status,
      headers: responseHeaders,
      body: await response.text(),
      encoding: 'text',
    };
  }
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { status: response.status, headers: responseHeaders, body: toBase64(bytes), encoding: 'base64' };
}

/** Sends one API request with the given credentials; shared by the Electron main process and the browser. */
export async function performApiRequest(
  fetchImpl: typeof fetch,
  baseUrl: string,
  authorization: string | null,
  request: ApiRequest,
): Promise<ApiResponse> {
  return readApiResponse(await fetchApi(fetchImpl, baseUrl, authorization, request));
}

/** Reports progress at most every this many bytes, so a fast local stream does not flood the UI with events. */
const PROGRESS_STEP = 256 * 1024;

/**
 * Streams a 200 answer chunk by chunk to `write`, reporting progress; any other answer is read whole and returned
 * as a failure, with nothing written.
 */
export async function streamApiDownload(
  response: Response,
  write: (chunk: Uint8Array) => Promise<void> | void,
  progress: (bytes: number, total: number | null) => void,
): Promise<{ ok: true; bytes: number } | { ok: false; response: ApiResponse }> {
  if (response.status !== 200 || !response.body)
    return { ok: false, response: await readApiResponse(response) };
  const length = Number(response.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  let bytes = 0;
  let reported = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    await write(value);
    bytes += value.byteLength;
    if (bytes - reported >= PROGRESS_STEP) {
      reported = bytes;
      progress(bytes, total);
    }
  }
  progress(bytes, total);
  return { ok: true, bytes };
}

/** The local sandbox's control API (`/_sandbox`) beside its `/v1`. */
export function sandboxControlBase(apiBase: string): string {
  return apiBase.replace(/\/v1\/?$/, '/_sandbox');
}

/** The simulated-SDI request for an invoice from an outside supplier to `toVat`. */
export function simulatedInvoiceRequest(toVat: string, format: 'FPR12' | 'FPA12' = 'FPR12'): ApiRequest {
  return { method: 'POST', path: '/inbound', body: { generate: { to_vat: String(toVat), format } } };
}

/** Submissions: what a live key turns into a real invoice sent to SDI. Validation-only calls are not. */
export function isSubmission(request: ApiRequest): boolean {
  return request.method === 'POST' && /^\/send(\/(xml|file|json))?\/?$/.test(request.path.split('?')[0]!);
}

/** Base64 without Node's Buffer, so the browser build can use it too. */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function basicAuthorization(key: string): string {
  return `Basic ${btoa(`${key}:`)}`;
}

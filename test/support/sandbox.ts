import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { Environment } from '../../src/shared/api/types.ts';
import {
  startSandboxServer,
  type SandboxOptions,
  type SandboxServer,
} from '../../src/sandbox-server/server.ts';
import { checkConformance, prepareConformance } from './openapi-conformance.ts';

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface CallOptions {
  query?: Record<string, string | number | boolean>;
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
  /** Skip the openapi.yml check, for deliberately odd requests whose answer it does not describe. */
  unchecked?: boolean;
}

/** A caller holding one API key; every JSON answer is checked against openapi.yml as it arrives. */
/**
 * `fetch`, asked again once when a reading (GET, HEAD) finds its kept-alive connection reset: the server closes a
 * connection idle for its keep-alive timeout, and on busy cores the client's pool can pick that connection at the
 * same instant (a race every keep-alive client has; HTTP clients retry idempotent requests for it). Anything else,
 * and any second failure, is the test's.
 */
async function fetchOnce(url: URL, init: RequestInit & { method: string }): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    if (
      (init.method !== 'GET' && init.method !== 'HEAD') ||
      (code !== 'ECONNRESET' && code !== 'UND_ERR_SOCKET')
    )
      throw error;
    return fetch(url, init);
  }
}

export class ApiCaller {
  constructor(
    readonly origin: string,
    readonly key: string | null,
    private readonly language?: string,
  ) {}

  withLanguage(language: string): ApiCaller {
    return new ApiCaller(this.origin, this.key, language);
  }

  async call<T = unknown>(method: string, path: string, options: CallOptions = {}): Promise<ApiResponse<T>> {
    const url = new URL(path, this.origin);
    for (const [name, value] of Object.entries(options.query ?? {}))
      url.searchParams.set(name, String(value));
    const headers: Record<string, string> = { ...options.headers };
    if (this.key !== null) headers.authorization = `Basic ${Buffer.from(`${this.key}:`).toString('base64')}`;
    if (this.language) headers['accept-language'] = this.language;
    let body = options.body;
    if (options.json !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(options.json);
    }
    if (!options.unchecked) await prepareConformance();
    const response = await fetchOnce(url, { method, headers, body });
    const text = await response.text();
    const type = response.headers.get('content-type') ?? '';
    const parsed = type.includes('json') && text !== '' ? (JSON.parse(text) as unknown) : text;
    if (type.includes('json') && !options.unchecked) {
      const failure = await checkConformance(method, url.pathname, response.status, parsed, type);
      expect(failure, 'response conforms to openapi.yml and /v1/openapi.json').toBeNull();
    }
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  get<T = unknown>(path: string, options?: CallOptions) {
    return this.call<T>('GET', path, options);
  }
  post<T = unknown>(path: string, options?: CallOptions) {
    return this.call<T>('POST', path, options);
  }
  put<T = unknown>(path: string, options?: CallOptions) {
    return this.call<T>('PUT', path, options);
  }
  delete<T = unknown>(path: string, options?: CallOptions) {
    return this.call<T>('DELETE', path, options);
  }
}

export interface TestSandbox {
  server: SandboxServer;
  dataDir: string;
  origin: string;
  /** A caller with a new key in the given account and environment (created on first use). */
  caller(account?: string, environment?: Environment): ApiCaller;
  anonymous(): ApiCaller;
  close(): Promise<void>;
}

/** The real server on a random loopback port with a real SQLite file in a new temp folder. */
export async function startTestSandbox(options: Partial<SandboxOptions> = {}): Promise<TestSandbox> {
  // Compiling the API descriptions holds the event loop for seconds on a busy machine: done before any
  // connection exists, so a kept-alive one cannot time out on the server while the client still means to reuse it.
  await prepareConformance();
  const dataDir = mkdtempSync(join(tmpdir(), 'scambio-test-'));
  const server = await startSandboxServer({ dataDir, port: 0, host: '127.0.0.1', ...options });
  const origin = server.baseUrl.replace(/\/v1$/, '');
  return {
    server,
    dataDir,
    origin,
    caller(account = 'alpha', environment: Environment = 'test') {
      const { key } = server.services.keys.create({ account, environment });
      return new ApiCaller(origin, key);
    },
    anonymous: () => new ApiCaller(origin, null),
    async close() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/*
 * The few web-platform globals that `src/shared` may use: the ones a browser and Node 20+ both have, with the
 * members this code calls. `src/shared` is compiled with neither the DOM library nor Node's types
 * (tsconfig.shared.json), so a `document`, a `localStorage` or a `node:fs` in shared code fails to compile; code
 * that needs more belongs to the renderer or to the server. Declared as interfaces the DOM and @types/node
 * versions satisfy, so the renderer and the server see their own, fuller types.
 */

/* eslint-disable no-var -- only `var` makes a declared global a property of globalThis, as it is at run time */

interface TextDecodeOptions {
  stream?: boolean;
}
declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean });
  readonly encoding: string;
  decode(input?: ArrayBufferView | ArrayBuffer, options?: TextDecodeOptions): string;
}
declare class TextEncoder {
  encode(input?: string): Uint8Array<ArrayBuffer>;
}

type ReadableStreamReadResult<T> = { done: false; value: T } | { done: true; value?: undefined };
interface ReadableStreamDefaultReader<T> {
  read(): Promise<ReadableStreamReadResult<T>>;
  cancel(reason?: unknown): Promise<void>;
  releaseLock(): void;
}
interface ReadableWritablePair<T, W> {
  readable: ReadableStream<T>;
  writable: unknown;
  /** Only here so that the pair keeps its input type. */
  readonly __input?: W;
}
interface ReadableStream<R = unknown> {
  getReader(): ReadableStreamDefaultReader<R>;
  cancel(reason?: unknown): Promise<void>;
  pipeThrough<T>(transform: ReadableWritablePair<T, R>): ReadableStream<T>;
}
declare class TextDecoderStream {
  constructor(label?: string);
  readonly readable: ReadableStream<string>;
  readonly writable: unknown;
}

declare class URL {
  constructor(url: string, base?: string | URL);
  static canParse(url: string, base?: string): boolean;
  href: string;
  origin: string;
  protocol: string;
  host: string;
  hostname: string;
  port: string;
  pathname: string;
  search: string;
  hash: string;
  readonly searchParams: URLSearchParams;
  toString(): string;
}
declare class URLSearchParams {
  constructor(init?: string | Record<string, string> | [string, string][]);
  append(name: string, value: string): void;
  set(name: string, value: string): void;
  get(name: string): string | null;
  toString(): string;
}

interface AbortSignal {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}
declare class AbortController {
  readonly signal: AbortSignal;
  abort(reason?: unknown): void;
}

interface Headers {
  get(name: string): string | null;
  forEach(callback: (value: string, name: string) => void): void;
}
interface Response {
  readonly status: number;
  readonly ok: boolean;
  readonly headers: Headers;
  readonly body: ReadableStream<Uint8Array> | null;
  text(): Promise<string>;
  json(): Promise<unknown>;
  arrayBuffer(): Promise<ArrayBuffer>;
}
interface RequestInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer> | null;
  signal?: AbortSignal | null;
  redirect?: 'follow' | 'error' | 'manual';
}
declare function fetch(input: string | URL, init?: RequestInit): Promise<Response>;

declare function atob(data: string): string;
declare function btoa(data: string): string;
declare function structuredClone<T>(value: T): T;
declare function setTimeout(handler: () => void, timeout?: number): unknown;
declare function clearTimeout(id: unknown): void;

interface CryptoKey {
  readonly type: string;
}
interface SubtleCrypto {
  digest(algorithm: string, data: ArrayBufferView | ArrayBuffer): Promise<ArrayBuffer>;
  importKey(
    format: 'raw',
    keyData: ArrayBufferView | ArrayBuffer,
    algorithm: { name: string; hash?: string },
    extractable: boolean,
    keyUsages: string[],
  ): Promise<CryptoKey>;
  sign(algorithm: string, key: CryptoKey, data: ArrayBufferView | ArrayBuffer): Promise<ArrayBuffer>;
  // The backup file's passphrase (backup/seal.ts): PBKDF2 to an AES-GCM key.
  deriveKey(
    algorithm: { name: 'PBKDF2'; hash: string; salt: ArrayBufferView | ArrayBuffer; iterations: number },
    baseKey: CryptoKey,
    derivedKeyType: { name: string; length: number },
    extractable: boolean,
    keyUsages: string[],
  ): Promise<CryptoKey>;
  encrypt(
    algorithm: { name: 'AES-GCM'; iv: ArrayBufferView | ArrayBuffer },
    key: CryptoKey,
    data: ArrayBufferView | ArrayBuffer,
  ): Promise<ArrayBuffer>;
  decrypt(
    algorithm: { name: 'AES-GCM'; iv: ArrayBufferView | ArrayBuffer },
    key: CryptoKey,
    data: ArrayBufferView | ArrayBuffer,
  ): Promise<ArrayBuffer>;
}
interface Crypto {
  readonly subtle: SubtleCrypto;
  getRandomValues<T extends ArrayBufferView>(array: T): T;
  randomUUID(): string;
}
declare var crypto: Crypto;

interface Console {
  log(...data: unknown[]): void;
  warn(...data: unknown[]): void;
  error(...data: unknown[]): void;
}
declare var console: Console;

import type { Send, SignatureMode } from '../api/types.ts';
import type { ApiRequest, ApiResponse } from '../gateway/channels.ts';
import { ApiProblem } from './problem.ts';
import type { Transport } from './transport.ts';

export interface SubmitOptions {
  /**
   * The submission's `Idempotency-Key`. Default: a new random one per call, reused for its retries. Give your
   * own (the invoice's id in your program) to be safe across restarts too: the server answers a repeated key
   * with the stored answer for 24 hours, and refuses the same key with another file (`422`).
   */
  idempotencyKey?: string;
  /** `validate=true`: refuse the invoice now (`422` with every problem) instead of letting SDI discard it. */
  validate?: boolean;
  /** `signature=None|Apply|Force|Auto` (default Auto: the service signs FPA12). */
  signature?: SignatureMode;
  /** `Sandbox-Scenario` (test keys only), e.g. `scarto=00404` or `deliver=ImpossibilitaDiRecapito`. */
  scenario?: string;
  /** Tries in all when the network fails, the server answers 5xx or 429 (same key every time). Default 3. */
  attempts?: number;
  /** Waits between tries; default: the server's Retry-After, else 0.5 s, 1 s, 2 s … */
  wait?: (milliseconds: number) => Promise<void>;
}

export interface Submitted {
  send: Send;
  /** The server answered from its stored response: an earlier try had already stored the invoice. */
  replayed: boolean;
  idempotencyKey: string;
}

/** A random key, from WebCrypto (Node ≥ 19 and every browser). */
function newKey(): string {
  return globalThis.crypto.randomUUID();
}

const sleep = (milliseconds: number) => new Promise<void>((resolve) => setTimeout(resolve, milliseconds));

function retriable(response: ApiResponse): boolean {
  return response.status === 429 || response.status >= 500;
}

/**
 * Submits under an Idempotency-Key and retries what is safe to retry: a lost connection or a 5xx/429 may hide
 * an invoice already stored, and the same key makes the server answer with that invoice instead of storing a
 * second one. A 4xx is final and thrown as an {@link ApiProblem}.
 */
export async function submitIdempotently(
  transport: Transport,
  request: ApiRequest,
  options: SubmitOptions = {},
): Promise<Submitted> {
  const idempotencyKey = options.idempotencyKey ?? newKey();
  const attempts = Math.max(1, options.attempts ?? 3);
  const wait = options.wait ?? sleep;
  const query: NonNullable<ApiRequest['query']> = { ...request.query };
  if (options.validate !== undefined) query.validate = options.validate;
  if (options.signature !== undefined) query.signature = options.signature;
  const headers: Record<string, string> = { ...request.headers, 'idempotency-key': idempotencyKey };
  if (options.scenario !== undefined) headers['sandbox-scenario'] = options.scenario;
  for (let attempt = 1; ; attempt++) {
    let response: ApiResponse;
    try {
      response = await transport.api({ ...request, query, headers });
    } catch (error) {
      if (attempt >= attempts) throw error;
      await wait(500 * 2 ** (attempt - 1));
      continue;
    }
    if (response.status === 201) {
      return {
        send: response.body as Send,
        replayed: response.headers['idempotent-replayed'] === 'true',
        idempotencyKey,
      };
    }
    const problem = new ApiProblem(response);
    if (!retriable(response) || attempt >= attempts) throw problem;
    await wait((problem.retryAfterSeconds ?? 0.5 * 2 ** (attempt - 1)) * 1000);
  }
}

import type { ProblemDetails, ValidationProblem } from '../api/types.ts';
import type { ApiResponse } from '../gateway/channels.ts';

/** What went wrong, by status, so callers branch on a name instead of a number. */
export type ProblemKind =
  | 'bad-request'
  | 'unauthorized'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'payload-too-large'
  | 'invalid'
  | 'rate-limited'
  | 'server'
  | 'unexpected';

const KINDS: Readonly<Record<number, ProblemKind>> = {
  400: 'bad-request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not-found',
  409: 'conflict',
  413: 'payload-too-large',
  422: 'invalid',
  429: 'rate-limited',
};

/** The RFC 9457 problem an answer carries, or null when its body is something else. */
export function problemOf(response: ApiResponse): ProblemDetails | null {
  const body = response.body;
  if (response.encoding !== 'json' || typeof body !== 'object' || body === null || Array.isArray(body))
    return null;
  return typeof (body as Partial<ProblemDetails>).title === 'string' ? (body as ProblemDetails) : null;
}

/**
 * An answer other than the one asked for, as a typed error: `kind` from the status, the problem+json body
 * (`application/problem+json`, in the language asked for) with every validation error, the request id to quote
 * and, on a 429, how long to wait.
 */
export class ApiProblem extends Error {
  readonly status: number;
  readonly kind: ProblemKind;
  /** Null when the answer was not problem+json (a proxy's page, an empty body). */
  readonly problem: ProblemDetails | null;

  constructor(readonly response: ApiResponse) {
    const problem = problemOf(response);
    super(problem?.detail || problem?.title || `HTTP ${response.status}`);
    this.name = 'ApiProblem';
    this.status = response.status;
    this.problem = problem;
    this.kind = KINDS[response.status] ?? (response.status >= 500 ? 'server' : 'unexpected');
  }

  /** Every problem found in a submitted invoice or body (422): SDI's code, description, hint and path. */
  get errors(): ValidationProblem[] {
    return this.problem?.errors ?? [];
  }

  get requestId(): string | null {
    return this.problem?.request_id ?? null;
  }

  /** Seconds to wait before trying again (`Retry-After`, else `RateLimit-Reset`), when the server said. */
  get retryAfterSeconds(): number | null {
    const value = this.response.headers['retry-after'] ?? this.response.headers['ratelimit-reset'];
    const seconds = Number(value);
    return value !== undefined && Number.isFinite(seconds) ? seconds : null;
  }
}

/** Narrows an unknown error to an ApiProblem, optionally of one kind: `if (isProblem(e, 'not-found'))`. */
export function isProblem(error: unknown, kind?: ProblemKind): error is ApiProblem {
  return error instanceof ApiProblem && (kind === undefined || error.kind === kind);
}

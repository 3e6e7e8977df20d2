import { createHash } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import type { Clocks } from '../clock.ts';
import { ServiceError } from '../domain/service-error.ts';
import type { StoredResponse } from '../store/idempotency.ts';
import type { Scope } from '../store/scope.ts';
import type { Store } from '../store/store.ts';
import { noteResource, scopeOf } from './context.ts';
import { PROBLEM_MEDIA_TYPE, problemBody } from './problem.ts';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
const REPLAY_WINDOW_MS = 24 * 3_600_000;
const KEY_MAX = 255;
/** Submission endpoints that honour Idempotency-Key (spec "Submission parameters"). */
const SUBMISSION_PATHS = new Set(['/send', '/send/xml', '/send/file', '/send/json']);

/** Where stored responses live; replaceable so tests can make it fail (spec rule 6). */
export interface IdempotencyStore {
  find(scope: Scope, key: string, now: string): StoredResponse | null;
  save(scope: Scope, key: string, response: StoredResponse, created: string, expires: string): void;
}

export interface SubmissionResponse {
  status: number;
  body: unknown;
  location: string | null;
}

/**
 * The spec's idempotency rules. A key is claimed in memory while its request is in flight (a retry then
 * gets 409); the stored response is written in the same transaction as the invoice, so after a crash at
 * any point there is either both or neither, and a retry replays or processes once — never twice.
 */
export class IdempotencyGuard {
  private readonly inFlight = new Set<string>();

  constructor(
    private readonly deps: { store: Store; clocks: Clocks; logger: Logger; responses: IdempotencyStore },
  ) {}

  /** Before the body is read: checks the header and refuses a key whose first request is still running. */
  readonly claim: RequestHandler = (req, res, next) => {
    const key = req.get(IDEMPOTENCY_HEADER);
    if (req.method !== 'POST' || !SUBMISSION_PATHS.has(req.path) || key === undefined) return next();
    if (key.length === 0 || key.length > KEY_MAX) {
      throw new ServiceError('bad-request', 'idempotency.keyLength', {}, { parameter: IDEMPOTENCY_HEADER });
    }
    const slot = this.slot(scopeOf(res), key);
    if (this.inFlight.has(slot)) throw new ServiceError('conflict', 'idempotency.inFlight');
    this.inFlight.add(slot);
    res.on('close', () => this.inFlight.delete(slot));
    next();
  };

  /**
   * Runs a submission under the request's Idempotency-Key, if any: replays a stored response, rejects a
   * different payload, or prepares the submission (reading, signing, validating: may wait on crypto) and
   * then commits it and stores its answer (201, or 422 for a rejected document) in one transaction.
   */
  async respond<Prepared>(
    req: Request,
    res: Response,
    payload: Uint8Array[],
    prepare: () => Promise<Prepared>,
    commit: (prepared: Prepared) => SubmissionResponse,
  ): Promise<void> {
    const key = req.get(IDEMPOTENCY_HEADER);
    const scope = scopeOf(res);
    const fingerprint = key === undefined ? null : this.fingerprint(req, payload);
    const replay = (): SubmissionResponse | null => {
      if (key === undefined || fingerprint === null) return null;
      const stored = this.lookup(scope, key);
      if (stored === null || stored === 'unavailable') return null;
      if (!stored.fingerprint.equals(fingerprint)) throw new ServiceError('invalid', 'idempotency.mismatch');
      res.set('Idempotent-Replayed', 'true');
      return { status: stored.status, body: JSON.parse(stored.body) as unknown, location: stored.location };
    };
    const earlier = replay();
    if (earlier) return send(res, earlier);

    let prepared: Prepared;
    try {
      prepared = await prepare();
    } catch (error) {
      const rejected = documentRejection(req, res, error);
      if (key !== undefined && fingerprint !== null) {
        this.deps.store.transaction(() => this.remember(scope, key, { ...rejected, fingerprint }));
      }
      return send(res, rejected);
    }
    // Committed with the other submissions of this moment: one commit for several callers (group-commit.ts).
    const answer = await this.deps.store.groupedTransaction(() => {
      // Another process sharing the data folder may have answered the same key meanwhile.
      const meanwhile = replay();
      if (meanwhile) return meanwhile;
      let fresh: SubmissionResponse;
      try {
        fresh = commit(prepared);
      } catch (error) {
        fresh = documentRejection(req, res, error);
      }
      if (key !== undefined && fingerprint !== null) this.remember(scope, key, { ...fresh, fingerprint });
      return fresh;
    });
    send(res, answer);
  }

  private lookup(scope: Scope, key: string): StoredResponse | null | 'unavailable' {
    try {
      return this.deps.responses.find(scope, key, this.deps.clocks.now(scope).toISOString());
    } catch (error) {
      this.deps.logger.warn(
        { err: error, req_id: 'idempotency' },
        'idempotency store unavailable; processing without protection',
      );
      return 'unavailable';
    }
  }

  private remember(scope: Scope, key: string, answer: SubmissionResponse & { fingerprint: Buffer }): void {
    const now = this.deps.clocks.now(scope);
    try {
      this.deps.responses.save(
        scope,
        key,
        {
          fingerprint: answer.fingerprint,
          status: answer.status,
          body: JSON.stringify(answer.body),
          location: answer.location,
        },
        now.toISOString(),
        new Date(now.getTime() + REPLAY_WINDOW_MS).toISOString(),
      );
    } catch (error) {
      // The invoice is stored; losing the replay record only loses protection for a later retry.
      this.deps.logger.warn({ err: error }, 'idempotency response not stored');
    }
  }

  /** Contract: SHA-256 of method, path, normalized query and body bytes. */
  private fingerprint(req: Request, payload: Uint8Array[]): Buffer {
    const url = new URL(req.originalUrl, 'http://local');
    const query = [...url.searchParams.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const hash = createHash('sha256').update(
      `${req.method}\n${url.pathname}\n${new URLSearchParams(query)}\n`,
    );
    for (const part of payload) hash.update(part);
    return hash.digest();
  }

  private slot(scope: Scope, key: string): string {
    return `${scope.accountId}:${scope.environment}:${key}`;
  }
}

/** A 422 for the document is an answer to replay like a 201 (spec rule 2); other errors propagate. */
function documentRejection(req: Request, res: Response, error: unknown): SubmissionResponse {
  if (error instanceof ServiceError && error.kind === 'invalid') {
    return { status: 422, body: problemBody(req, res, error), location: null };
  }
  throw error;
}

function send(res: Response, answer: SubmissionResponse): void {
  if (answer.status < 300) {
    const body = answer.body as { id?: number; company_id?: number };
    // A replay sends nothing new to SDI, so it is no new `send.add` either.
    const event = res.get('Idempotent-Replayed') ? undefined : 'send.add';
    noteResource(res, body.company_id ?? null, body.id ?? null, event);
  }
  if (answer.location) res.location(answer.location);
  res.status(answer.status);
  if (answer.status >= 400) res.type(PROBLEM_MEDIA_TYPE).send(JSON.stringify(answer.body));
  else res.json(answer.body);
}

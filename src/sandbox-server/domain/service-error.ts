import type { Language } from '../../shared/language.ts';
import type { MessageKey } from '../i18n/messages.ts';
import type { LinkedData } from '../../shared/api/types.ts';

/** What went wrong, independent of HTTP; the HTTP edge maps each kind to a status code. */
export type ErrorKind =
  | 'bad-request'
  | 'unauthorized'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'invalid'
  | 'too-large'
  | 'unsupported-media-type'
  | 'rate-limited';

export type MessageParams = Record<string, string | number>;

/** A problem inside a document or body, localized at the edge like the error itself. */
export type Problem = KeyedProblem | DescribedProblem;

/** Worded by this server's message catalogs. */
export interface KeyedProblem {
  code: string;
  key: MessageKey;
  params?: MessageParams;
  hint?: MessageKey;
  path: string | null;
}

/** Worded by the FatturaPA engine's own catalogs (shared with the UI), in the caller's language. */
export interface DescribedProblem {
  code: string;
  describe(language: Language): { description: string; hint: string | null };
  path: string | null;
}

export interface ServiceErrorExtras {
  problems?: Problem[];
  /** Problems found past the validators' bound: counted, not listed. */
  omitted?: number;
  linked?: LinkedData;
  parameter?: string;
}

export class ServiceError extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly key: MessageKey,
    readonly params: MessageParams = {},
    readonly extras: ServiceErrorExtras = {},
  ) {
    super(`${kind}: ${key}`);
    this.name = 'ServiceError';
  }
}

/** An unprocessable document or body with one or more located problems. */
export function invalid(problems: Problem[], key: MessageKey = 'body.invalid', omitted = 0): ServiceError {
  return new ServiceError('invalid', key, { count: problems.length + omitted }, { problems, omitted });
}

import type { Request, Response } from 'express';
import type { WebhookEventName } from '../../shared/api/types.ts';
import type { Language, Translate } from '../i18n/translator.ts';
import type { ApiKeyRecord } from '../store/accounts.ts';
import type { Scope } from '../store/scope.ts';
import type { FaultMark } from './faults/fault-spec.ts';

/** What the middleware learns about a request, kept on `res.locals` under one typed name. */
export interface RequestContext {
  requestId: string;
  language: Language;
  t: Translate;
  key?: ApiKeyRecord;
  scope?: Scope;
  /** Filled by handlers so the request's Event names the company and resource it touched. */
  companyId?: number | null;
  resourceId?: number | null;
  /** The webhook event this request caused, if it succeeds (contract "Webhooks"). */
  webhookEvent?: WebhookEventName;
  /** A test key's checked `Sandbox-Scenario` header on a submission (see `sandboxScenarioHeader`). */
  sandboxScenario?: string;
  /**
   * The first piece of a JSON body streamed out in pieces (a list page with payloads, responses.ts), set before
   * it is written: the request log keeps its beginning, as it does of a body sent whole.
   */
  streamedBeginning?: Buffer;
  /**
   * Strict mode (compatibility/public-fields.ts): one item of this answer's list cut to the public schema's fields,
   * for a page streamed item by item, which never passes through `res.send`.
   */
  publicItem?: (item: object) => object;
  /** The fault the sandbox injected into this request (faults/inject-faults.ts): the log marks its entry. */
  fault?: FaultMark;
  /**
   * Logs the request now, under this status, when it will get no answer (an injected hang or reset): set by the
   * request log, which otherwise records a request when its answer goes out.
   */
  logUnanswered?: (statusCode: number) => void;
}

export function context(res: Response): RequestContext {
  return res.locals as RequestContext;
}

/** The caller's scope; only called behind the authentication middleware. */
export function scopeOf(res: Response): Scope {
  return context(res).scope!;
}

export function noteResource(
  res: Response,
  companyId: number | null,
  resourceId: number | null,
  webhookEvent?: WebhookEventName,
): void {
  const ctx = context(res);
  ctx.companyId = companyId;
  ctx.resourceId = resourceId;
  if (webhookEvent) ctx.webhookEvent = webhookEvent;
}

export function pathParam(req: Request, name: string): string {
  return String(req.params[name]);
}

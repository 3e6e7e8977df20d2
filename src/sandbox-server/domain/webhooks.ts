import { randomBytes } from 'node:crypto';
import {
  API_VERSION,
  WEBHOOK_EVENTS,
  type WebHook,
  type WebhookEventName,
  type WebhookNotification,
} from '../../shared/api/types.ts';
import { WEBHOOK_RESPONSE_BODY_LIMIT } from '../../shared/api/webhook-delivery.ts';
import { SIGNATURE_HEADER, signServicePayload } from '../../shared/api/webhook-signature.ts';
import type { Clocks } from '../clock.ts';
import type { JobQueue, ScopedJobContext } from '../jobs/queue.ts';
import type { Scope } from '../store/scope.ts';
import type { Store } from '../store/store.ts';
import type { WebhookFields } from '../store/webhooks.ts';
import { WebHookInputSchema, WebHookUpdateSchema } from '../../shared/api/schemas.ts';
import { expectObject, fieldProblems, requiredProblem } from './body-check.ts';
import { invalid, ServiceError } from './service-error.ts';

export const DELIVERY_JOB = 'webhook.deliver';
/**
 * Deliveries run in a lane of their own (jobs/queue.ts), never in SDI's: up to 16 at once, at most 4 for one
 * account's environment and one for one webhook (its deliveries arrive in order), so receivers that hang hold up
 * neither SDI nor other accounts, nor the account's other webhooks (docs/webhooks.md).
 */
export const DELIVERY_CONCURRENCY = { total: 16, perScope: 4 } as const;
/** Webhooks one account may have in one environment (docs/webhooks.md); a 51st is refused with 422. */
export const MAX_WEBHOOKS_PER_ACCOUNT = 50;
/** Contract: a receiver has 10 s to answer; a slower one (or one that hangs) is a failed attempt. */
export const DELIVERY_TIMEOUT_MS = 10_000;
export const DELIVERY_TIMEOUT_ENV = 'SCAMBIO_WEBHOOK_TIMEOUT_MS';

/** The delivery timeout: `SCAMBIO_WEBHOOK_TIMEOUT_MS` may shorten it (tests, down to 100 ms), never lengthen it. */
export function deliveryTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env[DELIVERY_TIMEOUT_ENV]);
  return Number.isInteger(value) && value >= 100 && value < DELIVERY_TIMEOUT_MS ? value : DELIVERY_TIMEOUT_MS;
}
/** Contract: 1 min, 5 min, 30 min, 2 h, 6 h, then every 12 h; 7 days of failure disable the webhook. */
const RETRY_DELAYS_MS = [60_000, 300_000, 1_800_000, 7_200_000, 21_600_000];
const RETRY_AFTER_THAT_MS = 43_200_000;
const DISABLE_AFTER_MS = 7 * 86_400_000;
const ERROR_TEXT_MAX = 2000;

interface DeliveryPayload {
  webhookId: number;
  event: WebhookEventName;
  body: string;
  attempt: number;
}

interface DeliveryOutcome {
  statusCode: number;
  error: string | null;
  at: string;
  /** The receiver's answer, for the app's delivery history; null after a network error. */
  responseBody?: string | null;
  /** Real time from sending to the end of the answer or the failure. */
  durationMs?: number;
}

export interface WebhookInput extends WebhookFields {
  id?: number;
}

/** The events SDI causes on its own, with no API call of the account behind them. */
export type SdiEventName = Extract<WebhookEventName, 'update.add' | 'receive.add'>;

/** Where the resource of an SDI-originated event is read: the `endpoint` of its notification (see below). */
const SDI_EVENT_ENDPOINTS: Readonly<Record<SdiEventName, string>> = {
  'update.add': '/v1/update',
  'receive.add': '/v1/receive',
};

/** Told when a webhook is disabled after 7 days of failures: the moment the owner is told (failure_notified_at). */
export type WebhookDisabledListener = (scope: Scope, webhook: WebHook, at: string) => void;

/**
 * At most `limit` characters of an answer; the rest is never read (a receiver may answer with anything). The
 * status decides the outcome: a body cut short by the timeout leaves what had arrived.
 */
export async function readBeginning(response: Response, limit: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    while (text.length < limit) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    // Aborted or reset mid-body: keep what arrived.
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return text.slice(0, limit);
}

/** One webhook's deliveries go one at a time, in order; other webhooks' go meanwhile (migrations.ts says the same). */
function deliverySerial(webhookId: number): string {
  return `webhook:${webhookId}`;
}

function retryDelay(attempt: number): number {
  return RETRY_DELAYS_MS[attempt - 1] ?? RETRY_AFTER_THAT_MS;
}

/**
 * Checks a webhook body from a client against its definition (WebHookInputSchema, or WebHookUpdateSchema with the
 * id required), then what no schema says: an absolute http(s) URL. The company is checked by the service.
 */
export function parseWebhookInput(body: unknown, requireId: boolean): WebhookInput {
  const record = expectObject(body);
  const url = typeof record.url === 'string' ? record.url.trim() : record.url;
  const allowed = [...WEBHOOK_EVENTS, '*'];
  const problems = fieldProblems(
    requireId ? WebHookUpdateSchema : WebHookInputSchema,
    { ...record, url },
    {
      events: () => ({
        code: 'events',
        key: 'webhook.events',
        params: { allowed: allowed.join(', ') },
        path: 'events',
      }),
      // An id that cannot name a webhook is as good as none.
      id: requiredProblem,
    },
  );
  let parsed: URL | null = null;
  if (typeof url === 'string' && url !== '') {
    parsed = URL.canParse(url) ? new URL(url) : null;
    if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
      problems.unshift({
        code: 'url',
        key: 'webhook.url',
        params: { value: String(record.url) },
        path: 'url',
      });
    } else if (parsed.username !== '' || parsed.password !== '') {
      // A user name or password would be stored, listed and logged in clear with the URL (SECURITY.md): refused,
      // and not repeated in the answer. The Service-Signature header is how a receiver knows who is calling.
      problems.unshift({ code: 'url', key: 'webhook.urlCredentials', params: {}, path: 'url' });
    }
  }
  if (problems.length > 0 || !parsed) throw invalid(problems);
  return {
    id: typeof record.id === 'number' ? record.id : undefined,
    url: parsed.toString(),
    company_id: (record.company_id as number | null | undefined) ?? null,
    enabled: record.enabled === undefined ? true : record.enabled === true,
    description: (record.description as string | null | undefined) ?? null,
    events: (record.events as string[] | null | undefined) ?? null,
  };
}

/**
 * Webhooks (contract "Webhooks"): subscriptions, signed notifications delivered from the durable job queue's
 * webhook lane on the account's clock, a history row per attempt, retries with backoff, disabling after 7 failing
 * days. Notifications are queued inside the transaction of what caused them and never block that request.
 */
export class WebhookService {
  private readonly disabledListeners: WebhookDisabledListener[] = [];

  constructor(
    private readonly store: Store,
    private readonly clocks: Clocks,
    /** The webhook lane of the job queue. */
    private readonly queue: JobQueue,
    /** The headers a delivery's signature goes in: the specification's, and the live service's name too with `--compat live`. */
    readonly signatureHeaders: readonly string[] = [SIGNATURE_HEADER],
  ) {}

  /** Deliveries as jobs of the durable queue's webhook lane (wired in composition.ts). */
  registerJobs(queue: JobQueue): void {
    queue.registerScoped<DeliveryPayload, DeliveryOutcome | null>(DELIVERY_JOB, {
      prepare: (payload, job) => this.post(job, payload),
      run: (payload, job, outcome) => this.record(job.scope, payload, outcome),
    });
  }

  /** Called inside the transaction that disabled the webhook. */
  onDisabled(listener: WebhookDisabledListener): void {
    this.disabledListeners.push(listener);
  }

  create(scope: Scope, input: WebhookInput): WebHook {
    return this.store.transaction(() => {
      this.assertCompany(scope, input.company_id);
      if (this.store.webhooks.count(scope) >= MAX_WEBHOOKS_PER_ACCOUNT) {
        throw new ServiceError('invalid', 'webhook.limit', { max: MAX_WEBHOOKS_PER_ACCOUNT });
      }
      const secret = `wh_sec_${randomBytes(24).toString('base64url')}`;
      const webhook = this.store.webhooks.insert(
        scope,
        { ...input, enabled: true },
        secret,
        this.clocks.now(scope).toISOString(),
      );
      return { ...webhook, secret };
    });
  }

  update(scope: Scope, input: WebhookInput): WebHook {
    return this.store.transaction(() => {
      const id = input.id!;
      if (!this.store.webhooks.get(scope, id))
        throw new ServiceError('not-found', 'notFound.webhook', { id });
      this.assertCompany(scope, input.company_id);
      return this.store.webhooks.update(scope, id, input);
    });
  }

  require(scope: Scope, id: number): WebHook {
    const webhook = this.store.webhooks.get(scope, id);
    if (!webhook) throw new ServiceError('not-found', 'notFound.webhook', { id });
    return webhook;
  }

  delete(scope: Scope, id: number): WebHook {
    const webhook = this.require(scope, id);
    this.store.webhooks.delete(scope, id);
    return webhook;
  }

  /**
   * Queues a notification for every webhook listening to it. Call inside the causing transaction. The first
   * attempt is due when the event happened (an SDI step run late by a clock move is dated at its own time), so
   * a webhook's calls keep the order of its events and each retry follows the schedule from there.
   */
  notify(scope: Scope, notification: WebhookNotification): void {
    const body = JSON.stringify(notification);
    const now = this.clocks.now(scope).getTime();
    const happened = Date.parse(notification.date_time);
    const due = new Date(Number.isNaN(happened) ? now : Math.min(happened, now));
    for (const webhook of this.store.webhooks.listeners(scope, notification.company_id)) {
      const events = webhook.events ?? [];
      if (events.length > 0 && !events.includes('*') && !events.includes(notification.event)) continue;
      const payload: DeliveryPayload = { webhookId: webhook.id, event: notification.event, body, attempt: 1 };
      this.queue.enqueue(DELIVERY_JOB, payload, due, scope, deliverySerial(webhook.id));
    }
  }

  /**
   * A notification for something SDI did on its own (a new state of a sent invoice, an invoice received), dated
   * when it happened on the account's clock. No request of the account is behind it, yet openapi.yml's Event has
   * `id`, `method`, `endpoint` and `status_code` never null (a generated client fails on null). So the body
   * describes the call that did bring the news, SDI's own (SDICoop delivers every notification and invoice to the
   * service as an incoming call), which creates the resource: `POST` to the collection it is read from, answered
   * `201`, as a `send.add` reads `POST /v1/send/xml 201`; `endpoint/resource_id` reads it. That call is in no log
   * of the account's: `id` is 0, the schema's value for an Event not stored, never a log id (they start at 1),
   * which tells a handler these apart. The live service, which builds every notification from an Event record,
   * most plausibly sends the same (docs/webhooks.md).
   */
  systemNotification(
    scope: Scope,
    event: SdiEventName,
    resourceId: number,
    companyId: number | null,
    at: Date,
  ): WebhookNotification {
    return {
      event,
      id: 0,
      resource_id: resourceId,
      company_id: companyId,
      user_id: scope.accountId,
      date_time: at.toISOString(),
      method: 'POST',
      endpoint: SDI_EVENT_ENDPOINTS[event],
      status_code: 201,
      success: true,
      api_version: API_VERSION,
    };
  }

  /**
   * When an attempt happens on the account's clock. A sandbox clock of its own can jump (`POST /_sandbox/clock`)
   * over the due times of several retries at once: each of them still happens at its own due time, one after the
   * other in due order (the queue's serial key), so the history shows the documented schedule, a retry that would
   * have succeeded then succeeds, and the 7 days count as they would have passed. Real time (live keys, a sandbox
   * whose clock never moved) never jumps: an attempt happens when it is sent, a wait for a free slot included.
   */
  private attemptTime(job: ScopedJobContext): Date {
    return this.clocks.ownsClock(job.scope) ? job.dueAt : job.now;
  }

  /** The HTTP POST: outside any transaction, never throws (a network failure is status 0 with its text). */
  private async post(job: ScopedJobContext, payload: DeliveryPayload): Promise<DeliveryOutcome | null> {
    const target = this.store.webhooks.target(job.scope, payload.webhookId);
    if (!target || !target.webhook.enabled) return null;
    const at = this.attemptTime(job);
    // Signed at the real time of the delivery, whatever the sandbox clock says: receivers reject stale signatures
    // by their own clock (docs/webhooks.md). The event's date_time and the history stay on the sandbox clock.
    const signedAt = Math.floor(this.clocks.base.now().getTime() / 1000);
    const signature = await signServicePayload(target.secret, payload.body, signedAt);
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    try {
      const response = await fetch(target.webhook.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...Object.fromEntries(this.signatureHeaders.map((name) => [name, signature])),
          'user-agent': 'Scambio-Webhooks/1',
        },
        body: payload.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(deliveryTimeoutMs()),
      });
      const ok = response.status >= 200 && response.status < 300;
      const body = await readBeginning(response, WEBHOOK_RESPONSE_BODY_LIMIT);
      const text = ok ? null : body.slice(0, ERROR_TEXT_MAX);
      return {
        statusCode: response.status,
        error: ok ? null : text || `HTTP ${response.status}`,
        at: at.toISOString(),
        responseBody: body,
        durationMs: elapsed(),
      };
    } catch (error) {
      const cause = (error as { cause?: { message?: string } }).cause?.message;
      const message = cause ?? (error as Error).message;
      return {
        statusCode: 0,
        error: message.slice(0, ERROR_TEXT_MAX),
        at: at.toISOString(),
        responseBody: null,
        durationMs: elapsed(),
      };
    }
  }

  /** Exactly once per attempt: the history row, the failure streak, and the next retry. */
  private record(scope: Scope, payload: DeliveryPayload, outcome: DeliveryOutcome | null): void {
    if (!outcome) return;
    const target = this.store.webhooks.target(scope, payload.webhookId);
    if (!target) return;
    const success = outcome.statusCode >= 200 && outcome.statusCode < 300;
    this.store.webhooks.insertHistory(scope, {
      webhookId: payload.webhookId,
      event: payload.event,
      statusCode: outcome.statusCode,
      error: outcome.error,
      dateTime: outcome.at,
      requestBody: payload.body,
      responseBody: outcome.responseBody ?? null,
      durationMs: outcome.durationMs ?? null,
    });
    const failingSince = success ? null : (target.failingSince ?? outcome.at);
    const disable =
      failingSince !== null && Date.parse(outcome.at) - Date.parse(failingSince) >= DISABLE_AFTER_MS;
    this.store.webhooks.recordOutcome(scope, payload.webhookId, success, outcome.at, disable);
    if (disable) {
      // The live service disables the webhook and emails the account's owner, recording when in
      // failure_notified_at (openapi.yml `WebHook`); the sandbox has no e-mail: it records the same instant and
      // tells its listeners (the server log).
      const webhook = this.store.webhooks.get(scope, payload.webhookId);
      if (webhook) for (const listener of this.disabledListeners) listener(scope, webhook, outcome.at);
    }
    if (!success && !disable) {
      const due = new Date(Date.parse(outcome.at) + retryDelay(payload.attempt));
      this.queue.enqueue(
        DELIVERY_JOB,
        { ...payload, attempt: payload.attempt + 1 },
        due,
        scope,
        deliverySerial(payload.webhookId),
      );
    }
  }

  private assertCompany(scope: Scope, companyId: number | null): void {
    if (companyId !== null && !this.store.companies.get(scope, companyId)) {
      throw new ServiceError('not-found', 'notFound.companyFilter', { id: companyId });
    }
  }
}

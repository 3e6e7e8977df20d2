import type { WebhookDelivery } from '../../shared/api/webhook-delivery.ts';
import type { ReceiverCheckReport } from '../../shared/api/webhook-tools.ts';
import type { Clocks } from '../clock.ts';
import { ServiceError } from '../domain/service-error.ts';
import { deliveryTimeoutMs } from '../domain/webhooks.ts';
import type { RandomSource } from '../random.ts';
import type { Scope } from '../store/scope.ts';
import type { Store } from '../store/store.ts';
import { checkReceiver } from './receiver-check.ts';
import { postSigned } from './signed-post.ts';

/** Longer error texts are cut, as the deliveries' own. */
const ERROR_TEXT_MAX = 2000;

/**
 * The local sandbox's webhook tools (docs/webhooks.md): check a webhook's receiver, send a past delivery again.
 * Both call the receiver at once, outside the delivery queue: they are a developer's hand, not the schedule.
 */
export class WebhookTools {
  constructor(
    private readonly deps: {
      store: Store;
      clocks: Clocks;
      random: RandomSource;
      /** The deliveries' signature headers: a check or a redelivery signs as they do. */
      signatureHeaders?: readonly string[];
    },
  ) {}

  /** The check suite against webhook `id`'s URL, signed with its secret. */
  async check(scope: Scope, id: number): Promise<ReceiverCheckReport> {
    const target = this.deps.store.webhooks.target(scope, id);
    if (!target) throw new ServiceError('not-found', 'notFound.webhook', { id });
    return checkReceiver({
      webhookId: id,
      url: target.webhook.url,
      secret: target.secret,
      accountId: scope.accountId,
      accountNow: this.deps.clocks.now(scope),
      realNow: this.deps.clocks.base.now(),
      timeoutMs: deliveryTimeoutMs(),
      random: this.deps.random,
      ...(this.deps.signatureHeaders ? { signatureHeaders: this.deps.signatureHeaders } : {}),
    });
  }

  /**
   * Sends delivery `id`'s body again to its webhook's URL, signed now with the webhook's secret, and records the
   * attempt in the history linked to the original (`redelivery_of`). One attempt: a failed redelivery is not
   * retried, and neither counts in the webhook's failure streak (the schedule's deliveries decide that).
   */
  async redeliver(scope: Scope, id: number): Promise<WebhookDelivery> {
    const { store, clocks } = this.deps;
    const original = store.webhooks.delivery(scope, id);
    if (!original) throw new ServiceError('not-found', 'notFound.webhookHistory', { id });
    if (original.request_body === null)
      throw new ServiceError('conflict', 'webhook.redeliveryNoBody', { id });
    const target = store.webhooks.target(scope, original.web_hook_id);
    if (!target) throw new ServiceError('not-found', 'notFound.webhookHistory', { id });
    const at = clocks.now(scope).toISOString();
    const answer = await postSigned({
      url: target.webhook.url,
      body: original.request_body,
      secret: target.secret,
      signedAt: Math.floor(clocks.base.now().getTime() / 1000),
      timeoutMs: deliveryTimeoutMs(),
      ...(this.deps.signatureHeaders ? { signatureHeaders: this.deps.signatureHeaders } : {}),
    });
    const ok = answer.status >= 200 && answer.status < 300;
    const newId = store.webhooks.insertHistory(scope, {
      webhookId: original.web_hook_id,
      event: original.event,
      statusCode: answer.status,
      error: ok ? null : (answer.text || `HTTP ${answer.status}`).slice(0, ERROR_TEXT_MAX),
      dateTime: at,
      requestBody: original.request_body,
      responseBody: answer.status === 0 ? null : answer.text,
      durationMs: answer.durationMs,
      redeliveryOf: id,
    });
    return store.webhooks.delivery(scope, newId)!;
  }
}

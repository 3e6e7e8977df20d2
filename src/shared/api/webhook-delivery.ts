import type { WebHookHistory } from './types.ts';

/**
 * One delivery attempt as the local sandbox keeps it (`GET /_sandbox/webhookhistory`): openapi.yml's
 * WebHookHistory, which has no room for more, plus what was sent, what came back and how long it took.
 */
export interface WebhookDelivery extends WebHookHistory {
  /** The signed JSON body, exactly as sent. */
  request_body: string | null;
  /** The receiver's answer (its beginning, see WEBHOOK_RESPONSE_BODY_LIMIT); null after a network error. */
  response_body: string | null;
  /** From sending the request to the end of the answer (or the failure), in milliseconds of real time. */
  duration_ms: number | null;
  /** The delivery this one sent again by hand (`POST /_sandbox/webhookhistory/{id}/redeliver`); null otherwise. */
  redelivery_of: number | null;
}

/** A receiver's answer is kept up to this many characters: enough to read an error page, not to store one. */
export const WEBHOOK_RESPONSE_BODY_LIMIT = 16 * 1024;

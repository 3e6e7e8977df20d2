import { API_VERSION, type WebhookEventName, type WebhookNotification } from '../../shared/api/types.ts';
import type {
  ReceiverCheckCase,
  ReceiverCheckCaseName,
  ReceiverCheckReport,
} from '../../shared/api/webhook-tools.ts';
import type { RandomSource } from '../random.ts';
import { postSigned, type PostAnswer, type SignedPost } from './signed-post.ts';

/** Older than the 5 minutes of tolerance the contract gives a signature's timestamp (docs/webhooks.md). */
const STALE_BY_SECONDS = 10 * 60;
/** Big for a notification (they are under 1 KB), small enough for a body parser's usual default (100 KB). */
export const LARGE_BODY_BYTES = 64 * 1024;
/** The slow body arrives over at most this long, and never over more than a quarter of the delivery timeout. */
const SLOW_READ_SPREAD_MS = 2000;
const SLOW_READ_CHUNKS = 8;

export interface ReceiverCheckInput {
  webhookId: number;
  url: string;
  secret: string;
  /** The account: the bodies' `user_id`. */
  accountId: number;
  /** The account's clock: the bodies' `date_time`. */
  accountNow: Date;
  /** Real time: the signatures' `t=`, which receivers compare with their own clock. */
  realNow: Date;
  timeoutMs: number;
  random: RandomSource;
  /** The deliveries' signature headers (WebhookService.signatureHeaders). */
  signatureHeaders?: readonly string[];
}

const success = (answer: PostAnswer) => answer.status >= 200 && answer.status < 300;
const refusal = (answer: PostAnswer) => answer.status >= 400 && answer.status < 500;

function answered(answer: PostAnswer): string {
  if (answer.status === 0) return `no answer (${answer.text})`;
  const text = answer.text.trim().replace(/\s+/g, ' ').slice(0, 200);
  return text ? `${answer.status}: ${text}` : String(answer.status);
}

/** A positive int32 from the random source: event ids that name no log entry and differ between checks. */
function randomId(random: RandomSource): number {
  const [a = 0, b = 0, c = 0, d = 0] = random(4);
  return 1_000_000_000 + ((((a << 24) | (b << 16) | (c << 8) | d) >>> 0) % 1_000_000_000);
}

/**
 * Sends a webhook's receiver the calls a safe receiver must tell apart (docs/webhooks.md "Check my receiver"),
 * one after the other, each signed with the real signer, and judges each answer. Bounded: every call has the
 * delivery timeout, and there are eight.
 */
export async function checkReceiver(input: ReceiverCheckInput): Promise<ReceiverCheckReport> {
  const signedAt = Math.floor(input.realNow.getTime() / 1000);
  const firstId = randomId(input.random);
  const resourceId = randomId(input.random);
  let nextId = firstId;
  const notification = (event: WebhookEventName, ageSeconds = 0): WebhookNotification => ({
    event,
    id: nextId++,
    resource_id: resourceId,
    company_id: null,
    user_id: input.accountId,
    date_time: new Date(input.accountNow.getTime() - ageSeconds * 1000).toISOString(),
    method: 'POST',
    endpoint: event === 'update.add' ? '/v1/update' : '/v1/send',
    status_code: 201,
    success: true,
    api_version: API_VERSION,
  });
  const send = (body: string, change: Partial<SignedPost> = {}) =>
    postSigned({
      url: input.url,
      body,
      secret: input.secret,
      signedAt,
      timeoutMs: input.timeoutMs,
      ...(input.signatureHeaders ? { signatureHeaders: input.signatureHeaders } : {}),
      ...change,
    });
  const cases: ReceiverCheckCase[] = [];
  const report = (
    name: ReceiverCheckCaseName,
    expected: ReceiverCheckCase['expected'],
    answer: PostAnswer,
    ok: boolean,
    detail: string,
  ) =>
    cases.push({
      case: name,
      ok,
      expected,
      status: answer.status,
      duration_ms: answer.durationMs,
      detail: `${detail}; answered ${answered(answer)}`,
    });

  const validBody = JSON.stringify(notification('send.add'));
  const valid = await send(validBody);
  report('valid', '2xx', valid, success(valid), 'A send.add signed with the webhook’s secret');

  const forged = `wh_sec_${Buffer.from(input.random(24)).toString('base64url')}`;
  const wrong = await send(JSON.stringify(notification('send.add')), { secret: forged });
  report(
    'wrong_signature',
    '4xx',
    wrong,
    refusal(wrong),
    'A send.add signed with another secret: a receiver must refuse it',
  );

  const stale = await send(JSON.stringify(notification('send.add')), {
    signedAt: signedAt - STALE_BY_SECONDS,
  });
  report(
    'stale_timestamp',
    '4xx',
    stale,
    refusal(stale),
    'A send.add correctly signed 10 minutes ago (t= outside the 5 minutes of tolerance): it may be a recorded call played back',
  );

  // The same event again, signed anew, as a retry after a lost answer arrives.
  const replay = await send(validBody);
  report(
    'replay',
    'same_as_first',
    replay,
    success(valid) && success(replay),
    `The first send.add again (event id ${firstId}): a receiver acknowledges a duplicate without acting twice (first answered ${valid.status})`,
  );

  const newer = await send(JSON.stringify(notification('update.add')));
  const older = await send(JSON.stringify(notification('update.add', 60)));
  report(
    'out_of_order',
    '2xx',
    older,
    success(newer) && success(older),
    `An update.add, then an older update.add of the same resource (newer answered ${newer.status}): a receiver acknowledges both and keeps the newer state by date_time`,
  );

  const large = JSON.stringify(notification('send.add'));
  const largeBody = large + ' '.repeat(Math.max(0, LARGE_BODY_BYTES - large.length));
  const big = await send(largeBody);
  report(
    'large_body',
    '2xx',
    big,
    success(big),
    `A send.add of ${LARGE_BODY_BYTES / 1024} KB (the event followed by JSON whitespace), signed as sent: a receiver verifies the raw body`,
  );

  const gapMs = Math.floor(Math.min(SLOW_READ_SPREAD_MS, input.timeoutMs / 4) / SLOW_READ_CHUNKS);
  const slow = await send(JSON.stringify(notification('send.add')), {
    slowly: { chunks: SLOW_READ_CHUNKS, gapMs },
  });
  report(
    'slow_read',
    '2xx',
    slow,
    success(slow),
    `A send.add whose body arrives in ${SLOW_READ_CHUNKS} pieces ${gapMs} ms apart: a receiver reads it all and answers within ${input.timeoutMs / 1000} s`,
  );

  return {
    webhook_id: input.webhookId,
    url: input.url,
    ok: cases.every((c) => c.ok),
    cases,
  };
}

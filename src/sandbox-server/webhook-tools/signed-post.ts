import { WEBHOOK_RESPONSE_BODY_LIMIT } from '../../shared/api/webhook-delivery.ts';
import { SIGNATURE_HEADER, signServicePayload } from '../../shared/api/webhook-signature.ts';
import { readBeginning } from '../domain/webhooks.ts';

/** As much of a receiver's answer as the delivery history keeps. */
const ANSWER_LIMIT = WEBHOOK_RESPONSE_BODY_LIMIT;

/** One signed call as the webhook tools send it; the body may come in slow chunks (`slow_read`). */
export interface SignedPost {
  url: string;
  /** Where the signature goes, as deliveries put it (default `Service-Signature`; `--compat live` adds a name). */
  signatureHeaders?: readonly string[];
  /** The exact bytes to send (and sign): a receiver must verify these, not a re-serialised copy. */
  body: string;
  /** The secret to sign with: the webhook's, or a wrong one on purpose. */
  secret: string;
  /** The signature's `t=`, in unix seconds of real time (receivers compare it with their own clock). */
  signedAt: number;
  timeoutMs: number;
  /** Send the body in this many pieces, this far apart, instead of at once. */
  slowly?: { chunks: number; gapMs: number };
}

export interface PostAnswer {
  /** 0 when no answer came (refused connection, timeout). */
  status: number;
  /** The answer's beginning, or why none came. */
  text: string;
  durationMs: number;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A body that arrives in `chunks` pieces `gapMs` apart, as from a slow network. */
function slowBody(body: string, chunks: number, gapMs: number): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(body);
  const size = Math.ceil(bytes.length / chunks);
  let offset = 0;
  return new ReadableStream({
    async pull(controller) {
      if (offset > 0) await pause(gapMs);
      controller.enqueue(bytes.subarray(offset, offset + size));
      offset += size;
      if (offset >= bytes.length) controller.close();
    },
  });
}

/**
 * POSTs a signed body the way deliveries do (same headers, no redirects followed, the delivery timeout). Never
 * throws: a network failure is status 0 with its text.
 */
export async function postSigned(post: SignedPost): Promise<PostAnswer> {
  const signature = await signServicePayload(post.secret, post.body, post.signedAt);
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const init: RequestInit & { duplex?: 'half' } = {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...Object.fromEntries((post.signatureHeaders ?? [SIGNATURE_HEADER]).map((name) => [name, signature])),
      'user-agent': 'Scambio-Webhooks/1',
    },
    body: post.slowly ? slowBody(post.body, post.slowly.chunks, post.slowly.gapMs) : post.body,
    redirect: 'manual',
    signal: AbortSignal.timeout(post.timeoutMs),
  };
  // A stream body goes out as it is produced (fetch requires saying so).
  if (post.slowly) init.duplex = 'half';
  try {
    const response = await fetch(post.url, init);
    const text = await readBeginning(response, ANSWER_LIMIT);
    return { status: response.status, text, durationMs: elapsed() };
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause?.message;
    return { status: 0, text: cause ?? (error as Error).message, durationMs: elapsed() };
  }
}

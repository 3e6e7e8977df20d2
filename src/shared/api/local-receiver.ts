import type { WebHook } from './types.ts';

/**
 * The built-in webhook receiver of the local sandbox (`/_sandbox/receiver`): a loopback endpoint the sandbox
 * hosts itself, so a developer sees signed deliveries arrive without writing a server first.
 */

/** The path every local-receiver webhook URL starts with: how the UI recognises such a webhook. */
export const LOCAL_RECEIVER_PATH = '/scambio-local-receiver/';

/** Whether a webhook points at a local receiver (this run's or a past run's). */
export function isLocalReceiverUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.hostname === '127.0.0.1' && parsed.pathname.startsWith(LOCAL_RECEIVER_PATH);
  } catch {
    return false;
  }
}

export type SignatureCheck = 'valid' | 'invalid';

/** One call the receiver got, with the result of checking its `Service-Signature` against the secret. */
export interface ReceivedDelivery {
  /** Increasing within a server run: `after=` asks for the ones after it. */
  seq: number;
  /** When it arrived, on the sandbox clock (the clock the signature's timestamp comes from). */
  received_at: string;
  webhook_id: number;
  /** The `event` field of the body, when the body is JSON with one. */
  event: string | null;
  signature: SignatureCheck;
  /** The `Service-Signature` header as received, or null when there was none. */
  signature_header: string | null;
  /** The raw body, exactly as received: what the signature covers. */
  body: string;
}

export interface LocalReceiverState {
  /** The receiver's webhook, or null when none is running for this account. */
  webhook: WebHook | null;
  /** The most recent calls first, at most RECEIVED_DELIVERIES_KEPT. */
  deliveries: ReceivedDelivery[];
  /** The highest `seq` so far (0 before any call): pass it as `after` to wait for the next ones. */
  last_seq: number;
  /** Only in the answer to `POST /_sandbox/receiver`, which creates the webhook: its secret, shown once. */
  secret?: string;
}

/** The longest a `GET /_sandbox/receiver?after=…&wait=…` waits for a new call before answering with none. */
export const RECEIVER_MAX_WAIT_SECONDS = 25;

/** The receiver keeps this many calls per account, in memory: it is a window on what arrives, not a store. */
export const RECEIVED_DELIVERIES_KEPT = 100;

/** Signatures older or newer than this, on the sandbox clock, fail the check (the docs' suggested tolerance). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

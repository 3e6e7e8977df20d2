/**
 * Webhook signatures (contract "Webhooks"): `Service-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256>` over
 * `"<t>.<raw body>"` with the webhook's secret. WebCrypto only, so the same code runs in Node and browsers.
 */

export const SIGNATURE_HEADER = 'Service-Signature';
/**
 * The live service's name for the same signature, after its `Invoicetronic-*` headers (the public OpenAPI names its
 * paging header `Invoicetronic-Total-Count` and no signature header): `--compat live` sends both, with one value.
 */
export const LIVE_SIGNATURE_HEADER = 'Invoicetronic-Signature';

const encoder = new TextEncoder();

async function hmacHex(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(message)));
  return Array.from(mac, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The header value for `rawBody` sent at `unixSeconds`. */
export async function signServicePayload(
  secret: string,
  rawBody: string,
  unixSeconds: number,
): Promise<string> {
  return `t=${unixSeconds},v1=${await hmacHex(secret, `${unixSeconds}.${rawBody}`)}`;
}

/** Compares without an early exit, so timing does not reveal how much of a forged signature was right. */
function equalText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/**
 * Whether `header` is a valid signature of `rawBody` (the body exactly as received, before any JSON parsing)
 * made with `secret` no more than `toleranceSeconds` away from `now`. Any of several `v1=` values may match,
 * which lets a sender sign with an old and a new secret while rotating.
 */
export async function verifyServiceSignature(
  header: string | null | undefined,
  rawBody: string,
  secret: string,
  toleranceSeconds: number,
  now: Date = new Date(),
): Promise<boolean> {
  if (!header) return false;
  const parts = header.split(',').map((part) => part.trim().split('='));
  const timestamp = parts.find(([name]) => name === 't')?.[1];
  const signatures = parts.filter(([name]) => name === 'v1').map(([, value]) => value ?? '');
  if (!timestamp || !/^\d+$/.test(timestamp) || signatures.length === 0) return false;
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > toleranceSeconds) return false;
  const expected = await hmacHex(secret, `${timestamp}.${rawBody}`);
  return signatures.some((signature) => equalText(signature, expected));
}

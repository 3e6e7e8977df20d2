import type { ReceivedDelivery } from '../../shared/api/local-receiver.ts';
import { SIGNATURE_TOLERANCE_SECONDS } from '../../shared/api/local-receiver.ts';

/** Where the snippet reads the secret: it is shown once and never written into code. */
export const SECRET_VARIABLE = 'SCAMBIO_WEBHOOK_SECRET';

/** The `t=` of a `Service-Signature` header, or null. */
function timestampOf(header: string | null): number | null {
  const t = header?.split(',').find((part) => part.trim().startsWith('t='));
  const value = Number(t?.trim().slice(2));
  return t && Number.isInteger(value) ? value : null;
}

/**
 * A Node.js program (an ES module, no dependencies) checking one delivery's signature exactly as it arrived:
 * the check a receiver makes (the function of docs/webhooks.md, in plain JavaScript), then the call on this
 * delivery's header and raw body (double quotes throughout, as JSON writes the two values). It is checked at the moment it was signed, since the sandbox clock that
 * signed it may be ahead of the developer's; a receiver of their own checks against the present.
 */
export function verifySnippet(delivery: Pick<ReceivedDelivery, 'signature_header' | 'body'>): string {
  const at = timestampOf(delivery.signature_header);
  return `// check-signature.mjs: run with ${SECRET_VARIABLE}=<the secret> node check-signature.mjs
import { createHmac, timingSafeEqual } from "node:crypto";

/** Whether a call comes from Scambio: its Service-Signature header over the body exactly as received. */
export function isFromScambio(header, rawBody, secret, toleranceSeconds = ${SIGNATURE_TOLERANCE_SECONDS}, now = Date.now() / 1000) {
  const fields = new Map(String(header ?? "").split(",").map((part) => part.trim().split("=")));
  const t = Number(fields.get("t"));
  const expected = createHmac("sha256", secret).update(\`\${t}.\${rawBody}\`).digest();
  const given = Buffer.from(fields.get("v1") ?? "", "hex");
  return (
    Number.isInteger(t) &&
    Math.abs(now - t) <= toleranceSeconds &&
    given.length === expected.length &&
    timingSafeEqual(given, expected)
  );
}

// This delivery, as it arrived.
const header = ${JSON.stringify(delivery.signature_header ?? '')};
const rawBody = ${JSON.stringify(delivery.body)};
const secret = process.env.${SECRET_VARIABLE};
if (!secret) throw new Error("Set ${SECRET_VARIABLE} to the webhook secret");
console.log(isFromScambio(header, rawBody, secret, ${SIGNATURE_TOLERANCE_SECONDS}, ${at ?? 'undefined'}) ? "valid" : "invalid");
`;
}

import { createHash } from 'node:crypto';

/**
 * How long the simulated SDI takes (docs/sandbox.md "SDI timing"):
 * - `fast` (the default): every step as soon as it falls due, so an outcome arrives within a second of the
 *   submission and DataOraConsegna equals DataOraRicezione;
 * - `realistic`: SDI's own rhythm, on the sandbox clock. The controls take a few minutes, delivery minutes
 *   to hours, a PA office that cannot be reached is retried for about 48 hours before the MC, and after an
 *   MC a late delivery (RC) may still come within the 10-day window. Every delay is drawn from a
 *   distribution seeded by the invoice's SDI identifier, so the same invoice always takes the same time.
 */
export type SdiTiming = 'fast' | 'realistic';
export const SDI_TIMINGS: readonly SdiTiming[] = ['fast', 'realistic'];

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** testsdi retries a PA office for 48 hours before the MC (sdi-rules.md §c, PA). */
export const PA_DELIVERY_ATTEMPTS_MS = 48 * HOUR_MS;

/** A number in [0, 1) that depends only on the identifier and what it is for. */
export function seededFraction(identifier: string, purpose: string): number {
  const digest = createHash('sha256').update(`${purpose}\u0000${identifier}`, 'utf8').digest();
  return digest.readUIntBE(0, 6) / 2 ** 48;
}

/** Log-uniform between `min` and `max`: short waits are common, long ones possible. */
function logUniform(fraction: number, min: number, max: number): number {
  return Math.round(min * (max / min) ** fraction);
}

/** From receipt to the end of the controls (and so to an NS): 1 to 15 minutes. */
export function checksDelayMs(identifier: string): number {
  return logUniform(seededFraction(identifier, 'checks'), MINUTE_MS, 15 * MINUTE_MS);
}

/** From the end of the controls to the first delivery attempt (RC, or B2B MC): 2 minutes to 6 hours. */
export function deliveryDelayMs(identifier: string): number {
  return logUniform(seededFraction(identifier, 'delivery'), 2 * MINUTE_MS, 6 * HOUR_MS);
}

/** From receipt to the MC of a PA invoice nobody could take: the 48 hours of attempts, and up to an hour. */
export function mancataConsegnaDelayMs(identifier: string): number {
  return PA_DELIVERY_ATTEMPTS_MS + Math.floor(seededFraction(identifier, 'mc') * HOUR_MS);
}

/**
 * After a PA MC: whether SDI's further attempts get through, and when. Half the invoices are delivered late,
 * between 1 hour and 9 days after the MC (before the AT, due 10 days after it); null for the others.
 */
export function lateDeliveryMs(identifier: string): number | null {
  if (seededFraction(identifier, 'late') >= 0.5) return null;
  return logUniform(seededFraction(identifier, 'late-at'), HOUR_MS, 9 * DAY_MS);
}

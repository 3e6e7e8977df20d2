/**
 * Per-key limits as numbers and as `--rate-limit` and `/_sandbox/limits` write them. Apart from the limiter
 * (rate-limits.ts) and the run-time settings (account-limits.ts), which both need them.
 */
export interface RateLimits {
  perSecond: number;
  perMinute: number;
  perDay: number;
}

/** The live service's published defaults (contract "Limits"). */
export const DEFAULT_RATE_LIMITS: RateLimits = { perSecond: 100, perMinute: 2_000, perDay: 100_000 };

/** `unlimited`, or e.g. `100/s,2000/m,100000/d` (any subset; missing windows keep their default). */
export function parseRateLimits(text: string): RateLimits | 'unlimited' | null {
  if (text.trim() === 'unlimited') return 'unlimited';
  const limits = { ...DEFAULT_RATE_LIMITS };
  for (const part of text.split(',')) {
    const match = /^\s*(\d+)\s*\/\s*([smd])\s*$/.exec(part);
    if (!match) return null;
    const value = Number(match[1]);
    if (value < 1) return null;
    if (match[2] === 's') limits.perSecond = value;
    if (match[2] === 'm') limits.perMinute = value;
    if (match[2] === 'd') limits.perDay = value;
  }
  return limits;
}

/** Limits as `--rate-limit` writes them: `100/s,2000/m,100000/d`, or `unlimited`. */
export function formatRateLimits(limits: RateLimits | 'unlimited'): string {
  if (limits === 'unlimited') return 'unlimited';
  return `${limits.perSecond}/s,${limits.perMinute}/m,${limits.perDay}/d`;
}

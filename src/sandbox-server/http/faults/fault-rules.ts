import type { Clock } from '../../clock.ts';
import type { RandomSource } from '../../random.ts';
import { formatFaultSpec, type FaultSpec } from './fault-spec.ts';

export interface FaultRule {
  id: number;
  /** A path as requested (`/v1/send/42`), `*` standing for any run of characters: `/v1/send*`. */
  path: string;
  /** An HTTP method, or null for any. */
  method: string | null;
  spec: FaultSpec;
  /** How many more times it injects (null: until it expires or is deleted). */
  remaining: number | null;
  /** Real time, epoch ms (null: never). */
  expiresAt: number | null;
  created: string;
  /** How many times it has injected. */
  hits: number;
}

export interface NewFaultRule {
  path: string;
  method: string | null;
  spec: FaultSpec;
  times: number | null;
  expiresInMs: number | null;
}

/**
 * Each account's fault rules, in memory: they are for the test run under way, like Toxiproxy's toxics, so a
 * restart or `POST /_sandbox/reset` starts without any. Expiry is on real time (the server's base clock), not the
 * sandbox clock: latency and hangs are real time by nature, and a clock move to age invoices must not drop them.
 */
export class FaultRules {
  private readonly byAccount = new Map<number, FaultRule[]>();
  private nextId = 1;

  constructor(
    private readonly clock: Clock,
    private readonly random: RandomSource,
  ) {}

  add(accountId: number, input: NewFaultRule): FaultRule {
    const now = this.clock.now().getTime();
    const rule: FaultRule = {
      id: this.nextId++,
      path: input.path,
      method: input.method,
      spec: input.spec,
      remaining: input.times,
      expiresAt: input.expiresInMs === null ? null : now + input.expiresInMs,
      created: new Date(now).toISOString(),
      hits: 0,
    };
    this.byAccount.set(accountId, [...this.live(accountId), rule]);
    return rule;
  }

  /** The account's rules still in force, oldest first. */
  list(accountId: number): FaultRule[] {
    return this.live(accountId);
  }

  remove(accountId: number, id: number): FaultRule | null {
    const rules = this.live(accountId);
    const rule = rules.find((r) => r.id === id) ?? null;
    if (rule)
      this.byAccount.set(
        accountId,
        rules.filter((r) => r !== rule),
      );
    return rule;
  }

  clear(accountId: number): number {
    const count = this.live(accountId).length;
    this.byAccount.delete(accountId);
    return count;
  }

  /**
   * The first rule in force for this request whose probability draw says yes, counted as used (a rule whose
   * `times` run out goes). A rule whose draw says no is not used up.
   */
  take(accountId: number, method: string, path: string): FaultRule | null {
    for (const rule of this.live(accountId)) {
      if (rule.method !== null && rule.method !== method) continue;
      if (!pathMatches(rule.path, path)) continue;
      if (!this.draw(rule.spec.probability)) continue;
      rule.hits++;
      if (rule.remaining !== null) {
        rule.remaining--;
        if (rule.remaining <= 0) this.remove(accountId, rule.id);
      }
      return rule;
    }
    return null;
  }

  /** True with the given probability, from the injected random source (tests make it deterministic). */
  draw(probability: number): boolean {
    if (probability >= 1) return true;
    if (probability <= 0) return false;
    const bytes = this.random(4);
    const value = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
    return value / 2 ** 32 < probability;
  }

  private live(accountId: number): FaultRule[] {
    const rules = this.byAccount.get(accountId);
    if (!rules) return [];
    const now = this.clock.now().getTime();
    const kept = rules.filter((r) => r.expiresAt === null || r.expiresAt > now);
    if (kept.length !== rules.length) this.byAccount.set(accountId, kept);
    return kept;
  }
}

function pathMatches(pattern: string, path: string): boolean {
  const regex = new RegExp(`^${pattern.split('*').map(escapeRegex).join('.*')}$`);
  return regex.test(path);
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A rule as `GET /_sandbox/faults` lists it. */
export function describeRule(rule: FaultRule) {
  return {
    id: rule.id,
    path: rule.path,
    method: rule.method,
    fault: formatFaultSpec(rule.spec),
    remaining: rule.remaining,
    expires_at: rule.expiresAt === null ? null : new Date(rule.expiresAt).toISOString(),
    hits: rule.hits,
    created: rule.created,
  };
}

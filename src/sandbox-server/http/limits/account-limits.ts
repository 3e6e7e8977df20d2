import type { Scope } from '../../store/scope.ts';
import type { RateLimits } from './rate-limit-text.ts';

/**
 * The per-key limits in force: the server's (`--rate-limit`, for every key) unless an account changed its own at
 * run time (`PUT /_sandbox/limits`), which then hold for that account's test keys, each key still counted on its
 * own. Live keys always keep the server's: a sandbox test must not slow a live-like key. In memory, like fault
 * rules: a restart or a reset goes back to the server's limits.
 */
export class RateLimitSettings {
  private readonly changed = new Map<number, RateLimits | 'unlimited'>();

  constructor(readonly server: RateLimits | 'unlimited') {}

  of(scope: Scope): RateLimits | 'unlimited' {
    return scope.environment === 'test' ? (this.changed.get(scope.accountId) ?? this.server) : this.server;
  }

  /** Whether the account's test keys run under limits of its own. */
  isChanged(accountId: number): boolean {
    return this.changed.has(accountId);
  }

  set(accountId: number, limits: RateLimits | 'unlimited'): void {
    this.changed.set(accountId, limits);
  }

  /** Back to the server's limits. */
  restore(accountId: number): void {
    this.changed.delete(accountId);
  }
}

import type { AccountStatus } from '../../shared/api/types.ts';
import type { Scope } from '../store/scope.ts';
import type { Store } from '../store/store.ts';
import { ServiceError } from './service-error.ts';

/** What a live account may use (contract "Operations and status"). */
export interface LiveQuota {
  operations: number;
  signatures: number;
}

export const DEFAULT_LIVE_QUOTA: LiveQuota = { operations: 1000, signatures: 100 };

/**
 * Operations and signatures left. Every environment counts them, so a developer sees in the sandbox what
 * their code would use live, but only live keys are refused once the quota is used up.
 */
export class QuotaService {
  constructor(
    private readonly store: Store,
    private readonly quota: LiveQuota,
  ) {}

  status(scope: Scope): AccountStatus {
    return {
      operation_left: this.operationsLeft(scope),
      signature_left: Math.max(0, this.quota.signatures - this.store.operations.signaturesUsed(scope)),
      // The local server has no Desk seats and no sub-keys.
      has_active_seat: false,
      is_sub_key: false,
    };
  }

  /** Before the service signs an invoice: `403` for a live account with no signatures left. */
  assertSignaturesLeft(scope: Scope): void {
    if (
      scope.environment === 'live' &&
      this.store.operations.signaturesUsed(scope) >= this.quota.signatures
    ) {
      throw new ServiceError('forbidden', 'quota.signatures', { quota: this.quota.signatures });
    }
  }

  /** Before storing or validating an invoice: `403` for a live account with no operations left. */
  assertOperationsLeft(scope: Scope): void {
    if (scope.environment === 'live' && this.operationsLeft(scope) <= 0) {
      throw new ServiceError('forbidden', 'quota.operations', { quota: this.quota.operations });
    }
  }

  private operationsLeft(scope: Scope): number {
    return Math.max(0, this.quota.operations - this.store.operations.used(scope));
  }
}

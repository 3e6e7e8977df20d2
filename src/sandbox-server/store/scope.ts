import type { Environment } from '../../shared/api/types.ts';

/** Every row belongs to one account and one environment; every query is made within one scope. */
export interface Scope {
  accountId: number;
  environment: Environment;
}

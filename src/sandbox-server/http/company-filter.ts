import { ServiceError } from '../domain/service-error.ts';
import type { Scope } from '../store/scope.ts';
import type { Store } from '../store/store.ts';
import type { QueryReader } from './query.ts';

/** The `company_id` filter of a list; contract "Lists": naming no company of the caller is a 404, not []. */
export function readCompanyFilter(query: QueryReader, store: Store, scope: Scope): number | undefined {
  const companyId = query.integer('company_id');
  if (companyId !== undefined && !store.companies.get(scope, companyId)) {
    throw new ServiceError('not-found', 'notFound.companyFilter', { id: companyId });
  }
  return companyId;
}

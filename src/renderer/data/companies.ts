import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Company } from '../../shared/api/types.ts';
import { clientOf } from './api.ts';
import { useGateway } from '../gateway/gateway-context.ts';
import { queryKeys } from './keys.ts';

/**
 * Every company of the account, by name, all pages (no silent cap at the API's 200 a page), read once for every
 * screen that names or picks companies; null until read. A failed read is the query's error.
 */
export function useCompaniesQuery() {
  const gateway = useGateway();
  return useQuery({
    queryKey: queryKeys.companies,
    queryFn: async () => (await clientOf(gateway).companies.readAll({ sort: 'name' })).items,
  });
}

export function useCompanies(): Company[] | null {
  return useCompaniesQuery().data ?? null;
}

/** Company names by id. */
export function useCompanyNames(): Map<number, string> {
  const companies = useCompanies();
  return useMemo(() => new Map((companies ?? []).map((c) => [c.id, c.name])), [companies]);
}

/** After a company was created, changed or deleted: every list of companies is read again. */
export function useCompaniesChanged(): () => Promise<void> {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: queryKeys.companies });
}

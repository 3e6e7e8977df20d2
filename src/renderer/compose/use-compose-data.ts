/**
 * What the composer reads from the server before a draft opens: the active profile (whose drafts, suppliers and
 * customers this machine keeps, draft-store.ts) and the companies, to choose the supplier from and to find
 * customers among.
 */
import { useEffect, useState } from 'react';
import type { Company } from '../../shared/api/types.ts';
import type { Gateway } from '../../shared/gateway/channels.ts';
import { listCompanies } from '../api.ts';

export function useComposeData(gateway: Gateway): { profile: string | null; companies: Company[] } {
  const [profile, setProfile] = useState<string | null>(null);
  const [companies, setCompanies] = useState<Company[]>([]);

  useEffect(() => {
    void gateway.profiles.list().then((view) => setProfile(view.activeId));
    void listCompanies(gateway, { page_size: 200, sort: 'name' })
      .then((page) => setCompanies(page.items))
      .catch(() => setCompanies([]));
  }, [gateway]);

  return { profile, companies };
}

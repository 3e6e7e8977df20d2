/**
 * What the composer reads from the server before a draft opens: the active profile (whose drafts, suppliers and
 * customers this machine keeps, draft-store.ts) and the companies, to choose the supplier from and to find
 * customers among. Both are the shared queries every screen uses (data/), so a composer opened from a list
 * finds them already read.
 */
import type { Company } from '../../shared/api/types.ts';
import { useCompanies } from '../data/companies.ts';
import { useActiveProfileId } from '../data/profiles.ts';

/** Until the companies are read: the same empty list each render. */
const NO_COMPANIES: Company[] = [];

export function useComposeData(): { profile: string | null; companies: Company[] } {
  const profile = useActiveProfileId();
  const companies = useCompanies() ?? NO_COMPANIES;
  return { profile, companies };
}

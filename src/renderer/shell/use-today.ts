/**
 * The day it is for the books and the recurring invoices, 'YYYY-MM-DD' in Italy: the sandbox clock's day on the
 * local sandbox (moved in the console, the drafts follow), the real day elsewhere.
 */
import { useActiveProfile } from '../data/profiles.ts';
import { italianDay } from '../format/italian-day.ts';
import { useSandboxTime } from './sandbox-clock.tsx';

export function useToday(refreshKey: unknown = 'today'): string {
  const time = useSandboxTime(useActiveProfile(), refreshKey);
  return italianDay((time?.now ?? new Date()).getTime())!;
}

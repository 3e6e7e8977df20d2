import type { TFunction } from 'i18next';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * A span of time as a person says it, to its two largest units ("15 days 2 hours", "3 minutes 5 seconds"): enough
 * for a clock offset or a due time, never a wall of units.
 */
export function formatDuration(ms: number, t: TFunction): string {
  const abs = Math.abs(ms);
  const units: [string, number][] = [
    ['console.days', Math.floor(abs / DAY)],
    ['console.hours', Math.floor((abs % DAY) / HOUR)],
    ['console.minutes', Math.floor((abs % HOUR) / MINUTE)],
    ['console.seconds', Math.floor((abs % MINUTE) / SECOND)],
  ];
  const first = units.findIndex(([, n]) => n > 0);
  if (first === -1) return t('console.seconds', { count: 0 });
  return units
    .slice(first, first + 2)
    .filter(([, n]) => n > 0)
    .map(([key, count]) => t(key, { count }))
    .join(' ');
}

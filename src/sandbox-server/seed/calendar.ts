import { formatRomeDate } from '../sdi/notifications/index.ts';

/**
 * Italian office days and times. Seeded invoices are written on working days during office hours, in Italian
 * time (daylight saving included), and August and Christmas are quiet, as in any Italian business.
 */

const DAY_MS = 86_400_000;

/** YYYY-MM-DD of an instant, in Italy. */
export const romeDate = formatRomeDate;

const offsetFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Europe/Rome',
  timeZoneName: 'longOffset',
});

/** Minutes Rome is ahead of UTC at `instant` (60 or 120). */
function romeOffsetMinutes(instant: Date): number {
  const name = offsetFormat.formatToParts(instant).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
}

/** The instant of `date` at `hour:minute` Italian time. */
export function romeInstant(date: string, hour: number, minute: number): Date {
  const asUtc = Date.parse(`${date}T00:00:00Z`) + (hour * 60 + minute) * 60_000;
  // The offset at the guess is right except within an hour of a change, where the second reading corrects it.
  const first = asUtc - romeOffsetMinutes(new Date(asUtc)) * 60_000;
  return new Date(asUtc - romeOffsetMinutes(new Date(first)) * 60_000);
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T12:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Fixed national holidays (MM-DD); Easter Monday is computed. */
const HOLIDAYS = new Set([
  '01-01',
  '01-06',
  '04-25',
  '05-01',
  '06-02',
  '08-15',
  '11-01',
  '12-08',
  '12-25',
  '12-26',
]);

/** Easter Sunday (Gregorian, anonymous algorithm) as YYYY-MM-DD. */
function easter(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function isWorkingDay(date: string): boolean {
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  if (HOLIDAYS.has(date.slice(5))) return false;
  return date !== addDays(easter(Number(date.slice(0, 4))), 1);
}

/** How busy a working day is compared with an ordinary one: August and the Christmas weeks are slow. */
export function activity(date: string): number {
  const month = date.slice(5, 7);
  const day = Number(date.slice(8, 10));
  if (month === '08') return day >= 5 && day <= 25 ? 0.15 : 0.6;
  if ((month === '12' && day >= 22) || (month === '01' && day <= 6)) return 0.3;
  return 1;
}

/** Every date from `first` to `last`, both included. */
export function* datesBetween(first: string, last: string): Generator<string> {
  for (let date = first; date <= last; date = addDays(date, 1)) yield date;
}

/** The working day on or after `date`. */
export function nextWorkingDay(date: string): string {
  let day = date;
  while (!isWorkingDay(day)) day = addDays(day, 1);
  return day;
}

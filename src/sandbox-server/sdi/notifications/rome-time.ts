/**
 * SdI writes its timestamps in Italian local time with an explicit offset
 * (`2018-11-13T16:47:26.000+01:00`). The offset is derived from the IANA zone through Intl, which ships
 * the DST rules, instead of hard-coding "last Sunday of March/October".
 */

const ROME = 'Europe/Rome';

const romeParts = new Intl.DateTimeFormat('en-US', {
  timeZone: ROME,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  numberingSystem: 'latn',
});

interface LocalTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
  offsetMinutes: number;
}

function romeLocalTime(date: Date): LocalTime {
  const time = date.getTime();
  if (Number.isNaN(time)) throw new RangeError('Invalid Date');
  const parts: Record<string, number> = {};
  for (const part of romeParts.formatToParts(date)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const year = parts.year ?? 0;
  const month = parts.month ?? 1;
  const day = parts.day ?? 1;
  const hour = parts.hour ?? 0;
  const minute = parts.minute ?? 0;
  const second = parts.second ?? 0;
  const millisecond = ((time % 1000) + 1000) % 1000;
  const asUtc = new Date(0);
  asUtc.setUTCFullYear(year, month - 1, day);
  asUtc.setUTCHours(hour, minute, second, millisecond);
  return {
    year,
    month,
    day,
    hour,
    minute,
    second,
    millisecond,
    offsetMinutes: Math.round((asUtc.getTime() - time) / 60_000),
  };
}

/** Minutes east of UTC in Rome at that instant: 60 in winter, 120 in summer. */
export function romeOffsetMinutes(date: Date): number {
  return romeLocalTime(date).offsetMinutes;
}

/** xs:dateTime in Rome time with milliseconds and offset, e.g. `2026-11-22T10:00:00.000+01:00`. */
export function formatRomeDateTime(date: Date): string {
  const t = romeLocalTime(date);
  const sign = t.offsetMinutes < 0 ? '-' : '+';
  const offset = Math.abs(t.offsetMinutes);
  return (
    `${formatYmd(t)}T${pad(t.hour)}:${pad(t.minute)}:${pad(t.second)}.${pad(t.millisecond, 3)}` +
    `${sign}${pad(Math.floor(offset / 60))}:${pad(offset % 60)}`
  );
}

/** xs:date of the Rome calendar day containing that instant, e.g. `2026-11-22`. */
export function formatRomeDate(date: Date): string {
  return formatYmd(romeLocalTime(date));
}

function formatYmd(t: LocalTime): string {
  return `${pad(t.year, 4)}-${pad(t.month)}-${pad(t.day)}`;
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

/**
 * A date as a person types it, read day first: the order of all three UI languages (Italian and German, and the
 * app's British English, src/renderer/format.ts). The app's date inputs (src/renderer/inputs/date-field.tsx)
 * show a date the way the lists do (`27/11/2026`, `27.11.2026`, `27 Nov 2026`) and keep the ISO date
 * (`2026-11-27`), whatever the browser's own language.
 *
 * Accepted, blanks around ignored:
 * - day, month, year as numbers with `/`, `.`, `-` or blanks between them: `27/11/2026`, `27.11.2026`, `7-3-26`;
 * - the same without separators, two digits each: `27112026`, `271126`;
 * - the day, a month's name or its first three letters or more in Italian, English or German, the year:
 *   `27 nov 2026`, `27 Nov 2026`, `27. November 2026`, `27 settembre 2026`; and English's `Nov 27, 2026`;
 * - the ISO form itself, year first: `2026-11-27`.
 * A two-digit year is in this century (`26` is 2026): invoices are not dated in the last one. A month-first
 * date (`11/27/2026`) is not read: its month 27 does not exist, and the field says so. A date that is not on
 * the calendar (`31/02/2026`) is refused, never moved to the next valid day.
 */

export type TypedDate =
  | { kind: 'empty' }
  | { kind: 'ok'; iso: string }
  /** 'form': not a date written any accepted way; 'no-such-day': a day the month does not have. */
  | { kind: 'invalid'; reason: 'form' | 'no-such-day' };

const MONTHS = [
  // Italian, English, German (with the Austrian Jänner); the first three letters or more of any is enough.
  ['gennaio', 'january', 'januar', 'jänner'],
  ['febbraio', 'february', 'februar'],
  ['marzo', 'march', 'märz', 'mrz'],
  ['aprile', 'april'],
  ['maggio', 'may', 'mai'],
  ['giugno', 'june', 'juni'],
  ['luglio', 'july', 'juli'],
  ['agosto', 'august'],
  ['settembre', 'september'],
  ['ottobre', 'october', 'oktober'],
  ['novembre', 'november'],
  ['dicembre', 'december', 'dezember'],
];

/** 1–12 for a month's name or abbreviation (`nov`, `Sept.`, `März`), null when none or several fit. */
function monthOf(word: string): number | null {
  const name = word.toLowerCase().replace(/\.$/, '');
  if (name.length < 3) return null;
  const found = new Set<number>();
  MONTHS.forEach((names, i) => {
    if (names.some((n) => n.startsWith(name))) found.add(i + 1);
  });
  return found.size === 1 ? [...found][0]! : null;
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function dateOf(day: number, month: number, yearText: string): TypedDate {
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  if (yearText.length !== 2 && yearText.length !== 4) return { kind: 'invalid', reason: 'form' };
  if (month < 1 || month > 12 || day < 1) return { kind: 'invalid', reason: 'form' };
  if (year < 1000 || day > daysIn(year, month)) return { kind: 'invalid', reason: 'no-such-day' };
  return { kind: 'ok', iso: `${pad(year, 4)}-${pad(month)}-${pad(day)}` };
}

const NUMERIC = /^(\d{1,2})\s*[/.\-\s]\s*(\d{1,2})\s*[/.\-\s]\s*(\d+)$/;
const COMPACT = /^(\d{2})(\d{2})(\d{2}|\d{4})$/;
const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const LETTER = '[a-zA-ZäÄ]';
const DAY_MONTH_YEAR = new RegExp(`^(\\d{1,2})\\.?[\\s/\\-]*(${LETTER}+\\.?)[\\s/\\-,]*(\\d+)$`);
const MONTH_DAY_YEAR = new RegExp(`^(${LETTER}+\\.?)\\s*(\\d{1,2}),?\\s+(\\d+)$`);

/** The text read as a calendar date, day first: its ISO form, or why it is none. */
export function readTypedDate(text: string): TypedDate {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'empty' };
  let match = ISO.exec(trimmed);
  if (match) return dateOf(Number(match[3]), Number(match[2]), match[1]!);
  match = NUMERIC.exec(trimmed) ?? COMPACT.exec(trimmed);
  if (match) return dateOf(Number(match[1]), Number(match[2]), match[3]!);
  match = DAY_MONTH_YEAR.exec(trimmed);
  if (match) {
    const month = monthOf(match[2]!);
    return month === null ? { kind: 'invalid', reason: 'form' } : dateOf(Number(match[1]), month, match[3]!);
  }
  match = MONTH_DAY_YEAR.exec(trimmed);
  if (match) {
    const month = monthOf(match[1]!);
    return month === null ? { kind: 'invalid', reason: 'form' } : dateOf(Number(match[2]), month, match[3]!);
  }
  return { kind: 'invalid', reason: 'form' };
}

export type TypedDateTime =
  | { kind: 'empty' }
  /** Local date and time, `2026-11-27T10:05:00` (no zone: the user's own clock). */
  | { kind: 'ok'; iso: string }
  | { kind: 'invalid'; reason: 'form' | 'no-such-day' | 'no-such-time' };

const TIME = /^(.*?)(?:[\sT,]+)(\d{1,2})[:.](\d{2})(?:[:.](\d{2}))?$/;

/**
 * A date and a time of day (24-hour, `10:05` or `10:05:07`, `.` accepted for `:`) after it: `27/11/2026 10:05`,
 * `27 Nov 2026, 10:05:07`, `2026-11-27T10:05`. A date alone is its midnight.
 */
export function readTypedDateTime(text: string): TypedDateTime {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'empty' };
  const match = TIME.exec(trimmed);
  const date = readTypedDate(match ? match[1]! : trimmed);
  if (date.kind === 'empty') return { kind: 'invalid', reason: 'form' };
  if (date.kind === 'invalid') return date;
  const [hours, minutes, seconds] = match ? [match[2], match[3], match[4] ?? '0'].map(Number) : [0, 0, 0];
  if (hours! > 23 || minutes! > 59 || seconds! > 59) return { kind: 'invalid', reason: 'no-such-time' };
  return { kind: 'ok', iso: `${date.iso}T${pad(hours!)}:${pad(minutes!)}:${pad(seconds!)}` };
}

/**
 * Numbers, amounts and dates as an accountant of each UI language writes them:
 *
 * | language | amount       | date         | date and time          |
 * | -------- | ------------ | ------------ | ---------------------- |
 * | it       | `1.800,00 €` | `24/11/2026` | `24/11/2026, 10:05:07` |
 * | de       | `1.800,00 €` | `24.11.2026` | `24.11.2026, 10:05:07` |
 * | en       | `€1,800.00`  | `24 Nov 2026`| `24 Nov 2026, 10:05:07`|
 *
 * Amounts are always grouped (Intl's Italian leaves 4-digit numbers ungrouped by default: `1800,00 €`), years
 * always have four digits, and English dates name the month so nobody wonders which number is the day. Foreign
 * currencies keep their own code or symbol.
 */

/** The Intl locale for a UI language: English dates the British way (day, month, year; 24-hour clock). */
function intlLocale(language: string): string {
  return language.startsWith('en') ? 'en-GB' : language;
}

/**
 * One Intl formatter per language and options, made once: building a DateTimeFormat or NumberFormat costs far
 * more than formatting with it (a list of a hundred rows with two dates built two hundred of them on each draw).
 */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function dateFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d|${language}|${JSON.stringify(options)}`;
  let format = formatters.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) formatters.set(key, (format = new Intl.DateTimeFormat(intlLocale(language), options)));
  return format;
}

/** Throws, like the constructor, for a currency Intl does not know (formatAmount relies on it). */
function numberFormat(language: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n|${language}|${JSON.stringify(options)}`;
  let format = formatters.get(key) as Intl.NumberFormat | undefined;
  if (!format) formatters.set(key, (format = new Intl.NumberFormat(intlLocale(language), options)));
  return format;
}

function dateParts(language: string): Intl.DateTimeFormatOptions {
  return language.startsWith('en')
    ? { day: '2-digit', month: 'short', year: 'numeric' }
    : { day: '2-digit', month: '2-digit', year: 'numeric' };
}

/** A calendar date with no time: formatted in UTC so no time zone moves it to the day before. */
export function formatDate(value: string | null | undefined, language: string): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return dateFormat(language, { ...dateParts(language), timeZone: 'UTC' }).format(date);
}

/** A moment (an SDI update, a reception), in the user's own time zone, to the minute. */
export function formatDateTime(value: string | null | undefined, language: string): string {
  return formatMoment(value, language, false);
}

/** A moment where order matters (the API log, the SDI history): to the second. */
export function formatDateTimeSeconds(value: string | null | undefined, language: string): string {
  return formatMoment(value, language, true);
}

/** A moment a developer compares with others close to it (API calls, webhook deliveries): to the millisecond. */
export function formatDateTimeMillis(value: string | null | undefined, language: string): string {
  return formatMoment(value, language, true, true);
}

function formatMoment(
  value: string | null | undefined,
  language: string,
  seconds: boolean,
  millis = false,
): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return dateFormat(language, {
    ...dateParts(language),
    hour: '2-digit',
    minute: '2-digit',
    ...(seconds ? { second: '2-digit' } : {}),
    ...(millis ? { fractionalSecondDigits: 3 } : {}),
    hourCycle: 'h23',
  }).format(date);
}

/**
 * An amount in its currency, from its plain decimal text (`-1506.09`: what a file states, what the composer
 * computes, what cents.ts writes): Intl formats a decimal string exactly, with no float on the way. Money never
 * goes through a JavaScript number in the renderer.
 */
export function formatAmount(amount: string, currency: string, language: string): string {
  const decimal = amount as `${number}`;
  try {
    return numberFormat(language, { style: 'currency', currency, useGrouping: 'always' }).format(decimal);
  } catch {
    // Not an ISO 4217 code Intl knows: the number, then the code as the invoice wrote it.
    return `${formatNumber(decimal, language, 2)} ${currency}`;
  }
}

/** A plain number with the language's separators, always grouped; `fractionDigits` fixes the decimals. */
export function formatNumber(value: number | `${number}`, language: string, fractionDigits?: number): string {
  return numberFormat(language, {
    useGrouping: 'always',
    ...(fractionDigits === undefined
      ? {}
      : { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }),
  }).format(value);
}

export function formatCount(value: number, language: string): string {
  return formatNumber(value, language);
}

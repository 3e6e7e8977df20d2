/**
 * The draft of one occurrence of a recurring invoice: the template dated on the occurrence, its other dates (the
 * lines' service periods, the payment terms and due dates) moved by as many months, and the words that name the
 * period filled in. The number stays blank: it is given when the draft is sent, the next of its year.
 */
import type { InvoiceDraft } from '../fatturapa/compose/draft.ts';
import { monthsBetween, shiftByMonths } from './schedule.ts';
import type { RecurringTemplate } from './template.ts';

/**
 * Words a description or a causale may hold, filled per occurrence: the month's name in the word's language, the
 * year, and the quarter (1–4). `Canone {mese} {anno}` on 1 December 2026 reads `Canone dicembre 2026`.
 */
export const PERIOD_TOKENS = {
  '{mese}': 'it',
  '{month}': 'en',
  '{monat}': 'de',
  '{anno}': 'year',
  '{year}': 'year',
  '{jahr}': 'year',
  '{trimestre}': 'quarter',
  '{quarter}': 'quarter',
  '{quartal}': 'quarter',
} as const;

const TOKEN = /\{(mese|month|monat|anno|year|jahr|trimestre|quarter|quartal)\}/gi;

function monthName(date: string, locale: 'it' | 'en' | 'de'): string {
  const month = Number(date.slice(5, 7)) - 1;
  return new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2000, month, 1)),
  );
}

/** A text with its period words filled for the occurrence on `date`; `{Mese}` gives `Dicembre`. */
export function fillPeriodWords(text: string, date: string): string {
  return text.replace(TOKEN, (word) => {
    const meaning = PERIOD_TOKENS[word.toLowerCase() as keyof typeof PERIOD_TOKENS];
    if (meaning === 'year') return date.slice(0, 4);
    if (meaning === 'quarter') return String(Math.ceil(Number(date.slice(5, 7)) / 3));
    const name = monthName(date, meaning);
    return /[A-Z]/.test(word.charAt(1)) ? name.charAt(0).toUpperCase() + name.slice(1) : name;
  });
}

const MONTH_TOKENS = [
  ['it', '{mese}'],
  ['en', '{month}'],
  ['de', '{monat}'],
] as const;

/**
 * The invoice's own month written in a text turned into period words: `Canone novembre 2026` on an invoice of
 * November 2026 reads `Canone {mese} {anno}`, so each occurrence names its own month. The year is replaced only
 * right after the month's name: elsewhere a number like 2026 may be anything.
 */
export function periodWordsOf(text: string, date: string): string {
  const year = date.slice(0, 4);
  let result = text;
  for (const [locale, token] of MONTH_TOKENS) {
    const name = monthName(date, locale);
    const yearToken = locale === 'it' ? '{anno}' : locale === 'en' ? '{year}' : '{jahr}';
    const words = new RegExp(`(^|[^\\p{L}])(${name})(\\s+${year})?(?![\\p{L}])`, 'giu');
    result = result.replace(words, (_all, before: string, month: string, withYear?: string) => {
      const capital = month.charAt(0) === month.charAt(0).toUpperCase();
      const monthToken = capital ? `{${token.charAt(1).toUpperCase()}${token.slice(2)}` : token;
      return `${before}${monthToken}${withYear ? ` ${yearToken}` : ''}`;
    });
  }
  return result;
}

/** The draft of the occurrence on `date`, with its own ProgressivoInvio. */
export function draftForOccurrence(
  template: RecurringTemplate,
  date: string,
  progressive: string,
): InvoiceDraft {
  const draft = structuredClone(template.draft);
  const months = monthsBetween(draft.document.date, date);
  const shift = (value: string) => shiftByMonths(value, months);
  draft.document.date = date;
  draft.document.number = '';
  draft.transmission.progressive = progressive;
  draft.document.reasons = draft.document.reasons.map((reason) => fillPeriodWords(reason, date));
  for (const line of draft.lines) {
    line.description = fillPeriodWords(line.description, date);
    line.periodStart = shift(line.periodStart);
    line.periodEnd = shift(line.periodEnd);
  }
  for (const payment of draft.payments)
    for (const detail of payment.details) {
      detail.termsStart = shift(detail.termsStart);
      detail.due = shift(detail.due);
      detail.earlyPaymentLimit = shift(detail.earlyPaymentLimit);
      detail.penaltyFrom = shift(detail.penaltyFrom);
    }
  return draft;
}

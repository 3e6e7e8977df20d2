/**
 * The Italian calendar day of a moment: the day that counts for SDI and the VAT register (2026-03-31T23:30:00Z is
 * 1 April in Rome). One formatter serves every call: building one costs far more than formatting.
 */
const ROME_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Rome',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** 'YYYY-MM-DD' in Italy of a moment (an ISO time or epoch milliseconds); null when it is none. */
export function italianDay(moment: string | number | null | undefined): string | null {
  if (moment === null || moment === undefined || moment === '') return null;
  const time = typeof moment === 'number' ? moment : Date.parse(moment);
  return Number.isNaN(time) ? null : ROME_DAY.format(time);
}

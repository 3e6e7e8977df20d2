/** A calendar date with no time: formatted in UTC so no time zone moves it to the day before. */
export function formatDate(value: string | null | undefined, language: string): string {
  return value ? new Date(value).toLocaleDateString(language, { timeZone: 'UTC' }) : '';
}

/** A moment (an SDI update, a reception), in the user's own time zone. */
export function formatDateTime(value: string | null | undefined, language: string): string {
  return value ? new Date(value).toLocaleString(language, { dateStyle: 'short', timeStyle: 'short' }) : '';
}

export function formatAmount(amount: number, currency: string, language: string): string {
  try {
    return new Intl.NumberFormat(language, { style: 'currency', currency }).format(amount);
  } catch {
    // Not an ISO 4217 code Intl knows: the number, then the code as the invoice wrote it.
    return `${new Intl.NumberFormat(language, { minimumFractionDigits: 2 }).format(amount)} ${currency}`;
  }
}

export function formatCount(value: number, language: string): string {
  return new Intl.NumberFormat(language).format(value);
}

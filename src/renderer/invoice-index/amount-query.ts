/**
 * An amount typed into a search box, as cents, however the user's language writes it: `1.506,09`, `1506,09`,
 * `1,506.09`, `1506.09`, `€ 1.506,09`, `1506`. The last separator followed by one or two digits is the decimal
 * one; separators followed by three digits group thousands. Null for anything that is not an amount.
 */
export function parseAmountQuery(text: string): number | null {
  const bare = text.replace(/[€\s\u00a0]|eur/gi, '');
  if (!/^\d[\d.,']*$/.test(bare)) return null;
  const decimal = /[.,](\d{1,2})$/.exec(bare);
  const whole = decimal ? bare.slice(0, decimal.index) : bare;
  if (!/^\d{1,3}([.,']\d{3})*$|^\d+$/.test(whole)) return null;
  const units = Number(whole.replace(/[.,']/g, ''));
  const fraction = decimal ? Number(decimal[1]!.padEnd(2, '0')) : 0;
  return units * 100 + fraction;
}

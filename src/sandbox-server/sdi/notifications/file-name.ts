import type { NotificationType } from './types.ts';

const BASE36 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DECIMAL_MAX = 999;
/** 001…999, then every 3-character base-36 string containing a letter: 36³ − 1 names in all. */
export const MAX_NOTIFICATION_PROGRESSIVE = 36 ** 3 - 1;

/**
 * `<invoice file stem>_<type>_<nnn>.xml`, e.g. `IT01234567890_11111_RC_001.xml` for
 * `IT01234567890_11111.xml.p7m`.
 */
export function notificationFileName(
  invoiceFileName: string,
  type: NotificationType,
  progressive: number,
): string {
  return `${invoiceFileStem(invoiceFileName)}_${type}_${notificationProgressive(progressive)}.xml`;
}

/** The invoice file name without directories and without `.xml`, `.xml.p7m` or `.zip`. */
export function invoiceFileStem(invoiceFileName: string): string {
  // The result becomes a file name on disk and in ZIPs: it must never carry a directory part.
  const base = invoiceFileName.slice(
    Math.max(invoiceFileName.lastIndexOf('/'), invoiceFileName.lastIndexOf('\\')) + 1,
  );
  const stem = base.replace(/\.(?:xml\.p7m|xml|zip)$/i, '');
  if (stem === '') throw new RangeError(`no file stem in "${invoiceFileName}"`);
  return stem;
}

/**
 * The 3-character progressive. Past 999 a plain base-36 rendering would collide with the decimal names
 * (base-36 "100" is 1296), so the sequence continues with the base-36 strings that contain at least one
 * letter, in ascending order: 1000 → "00A", 1001 → "00B", …
 */
export function notificationProgressive(progressive: number): string {
  if (!Number.isInteger(progressive) || progressive < 1 || progressive > MAX_NOTIFICATION_PROGRESSIVE) {
    throw new RangeError(`notification progressive must be an integer in 1..${MAX_NOTIFICATION_PROGRESSIVE}`);
  }
  if (progressive <= DECIMAL_MAX) return String(progressive).padStart(3, '0');
  let rank = progressive - DECIMAL_MAX - 1;
  let result = '';
  let hasLetter = false;
  for (let position = 2; position >= 0; position--) {
    for (let digit = 0; digit < 36; digit++) {
      const withLetter: boolean = hasLetter || digit >= 10;
      // How many letter-containing completions start with this digit at this position.
      const count = withLetter ? 36 ** position : 36 ** position - 10 ** position;
      if (rank < count) {
        result += BASE36[digit];
        hasLetter = withLetter;
        break;
      }
      rank -= count;
    }
  }
  return result;
}

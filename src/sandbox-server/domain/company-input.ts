import type { CompanyInput } from '../../shared/api/types.ts';
import { checkVatNumber, isValidCodiceFiscale, isValidPartitaIva } from '../../shared/fatturapa/index.ts';
import { invalid, type Problem } from './service-error.ts';

const NAME_MAX = 80;

function requiredText(body: Record<string, unknown>, field: string, problems: Problem[]): string | null {
  const value = body[field];
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
    problems.push({ code: 'required', key: 'field.required', params: { field }, path: field });
    return null;
  }
  if (typeof value !== 'string') {
    problems.push({ code: 'type', key: 'field.string', params: { field }, path: field });
    return null;
  }
  return value.trim();
}

function checkVat(vat: string, problems: Problem[]): void {
  const verdict = checkVatNumber(vat);
  const key =
    verdict === 'missing-country'
      ? 'field.vatMissingCountry'
      : verdict === 'bad-format'
        ? 'field.vatFormat'
        : verdict === 'bad-check-digit'
          ? 'field.vatCheckDigit'
          : null;
  if (key) problems.push({ code: 'vat', key, params: { value: vat }, hint: 'hint.vat', path: 'vat' });
}

function checkFiscalCode(fiscalCode: string, vat: string | null, problems: Problem[]): void {
  // "In most cases it's the same as the vat number": accept the VAT itself, country code included.
  if (vat !== null && fiscalCode === vat) return;
  const italian = vat === null || vat.startsWith('IT');
  if (italian) {
    const valid = /^\d{11}$/.test(fiscalCode)
      ? isValidPartitaIva(fiscalCode)
      : isValidCodiceFiscale(fiscalCode);
    if (!valid) {
      const params = { value: fiscalCode };
      problems.push({
        code: 'fiscal_code',
        key: 'field.fiscalCode',
        params,
        hint: 'hint.fiscalCode',
        path: 'fiscal_code',
      });
    }
  } else if (!/^[A-Z0-9]{1,28}$/.test(fiscalCode)) {
    problems.push({
      code: 'fiscal_code',
      key: 'field.fiscalCodeForeign',
      params: { value: fiscalCode },
      path: 'fiscal_code',
    });
  }
}

/**
 * Checks a company body from a client and normalizes it (upper-case identifiers, trimmed text).
 * Collects every problem before failing, so the caller can fix them all at once.
 */
export function parseCompanyInput(body: unknown, requireId: boolean): CompanyInput {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw invalid([], 'body.expectedObject');
  const record = body as Record<string, unknown>;
  const problems: Problem[] = [];
  const vat = requiredText(record, 'vat', problems)?.toUpperCase().replace(/\s+/g, '') ?? null;
  const fiscalCode = requiredText(record, 'fiscal_code', problems)?.toUpperCase().replace(/\s+/g, '') ?? null;
  const name = requiredText(record, 'name', problems);
  if (vat !== null) checkVat(vat, problems);
  if (fiscalCode !== null) checkFiscalCode(fiscalCode, vat, problems);
  if (name !== null && name.length > NAME_MAX)
    problems.push({
      code: 'length',
      key: 'field.tooLong',
      params: { field: 'name', max: NAME_MAX },
      path: 'name',
    });
  const id = wholeNumber(record, 'id', requireId, problems);
  const version = wholeNumber(record, 'version', false, problems);
  if (problems.length > 0 || vat === null || fiscalCode === null || name === null) throw invalid(problems);
  return { id: id ?? undefined, version: version ?? undefined, vat, fiscal_code: fiscalCode, name };
}

function wholeNumber(
  record: Record<string, unknown>,
  field: string,
  required: boolean,
  problems: Problem[],
): number | null {
  const value = record[field];
  if (value === undefined || value === null) {
    if (required) problems.push({ code: 'required', key: 'field.required', params: { field }, path: field });
    return null;
  }
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 2_147_483_647) {
    problems.push({ code: 'type', key: 'field.integer', params: { field }, path: field });
    return null;
  }
  return value;
}

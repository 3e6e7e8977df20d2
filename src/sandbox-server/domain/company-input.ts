import { CompanyInputSchema, CompanyUpdateSchema } from '../../shared/api/schemas.ts';
import type { CompanyInput } from '../../shared/api/types.ts';
import { checkVatNumber, isValidCodiceFiscale, isValidPartitaIva } from '../../shared/fatturapa/index.ts';
import { expectObject, fieldProblems } from './body-check.ts';
import { invalid, type Problem } from './service-error.ts';

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

/** Upper case without blanks, as identifiers are stored; anything that is not text is left for the check. */
function identifier(value: unknown): unknown {
  return typeof value === 'string' ? value.trim().toUpperCase().replace(/\s+/g, '') : value;
}

/**
 * Checks a company body from a client against its definition (CompanyInputSchema, or CompanyUpdateSchema with
 * the id required) and the identity rules no schema can express, and normalizes it (upper-case identifiers,
 * trimmed text). Collects every problem before failing, so the caller can fix them all at once.
 */
export function parseCompanyInput(body: unknown, requireId: boolean): CompanyInput {
  const record = expectObject(body);
  const normalized = {
    ...record,
    vat: identifier(record.vat),
    fiscal_code: identifier(record.fiscal_code),
    name: typeof record.name === 'string' ? record.name.trim() : record.name,
  };
  const definition = requireId ? CompanyUpdateSchema : CompanyInputSchema;
  const problems = fieldProblems(definition, normalized);
  const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
  const vat = text(normalized.vat);
  const fiscalCode = text(normalized.fiscal_code);
  const name = text(normalized.name);
  if (vat !== null) checkVat(vat, problems);
  if (fiscalCode !== null) checkFiscalCode(fiscalCode, vat, problems);
  if (problems.length > 0 || vat === null || fiscalCode === null || name === null) throw invalid(problems);
  const whole = (value: unknown) => (typeof value === 'number' ? value : undefined);
  return { id: whole(record.id), version: whole(record.version), vat, fiscal_code: fiscalCode, name };
}

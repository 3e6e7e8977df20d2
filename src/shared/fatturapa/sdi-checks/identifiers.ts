import { isValidCodiceFiscale, isValidPartitaIva } from '../identifiers.ts';
import { buyerIds, fiscalId, header, isSimplified, sellerIds, vatOf } from './invoice-view.ts';
import type { PartyIds, VatRef } from './invoice-view.ts';
import { problem } from './problem.ts';
import type { CheckInput, SdiCheck, SdiCheckCode, SdiCheckContext, SdiProblem } from './types.ts';
import { child, descend, text } from './xml-access.ts';
import type { NodeRef, TextRef } from './xml-access.ts';

/**
 * SdI checks these identifiers against the tax register; offline we can only check their shape and check
 * digit. A wrong shape is always an error; a wrong check digit becomes a warning with `lenientIds`.
 */
type IdOutcome = 'ok' | 'format' | 'check-digit';

const PERSONAL_CODE =
  /^[A-Z]{6}[0-9LMNPQRSTUV]{2}[ABCDEHLMPRST][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/;

function partitaIva(code: string): IdOutcome {
  if (!/^[0-9]{11}$/.test(code)) return 'format';
  return isValidPartitaIva(code) ? 'ok' : 'check-digit';
}

/** A codice fiscale: 11 digits (companies, same check as the Partita IVA) or 16 characters (persons). */
function codiceFiscale(code: string): IdOutcome {
  const upper = code.toUpperCase();
  if (/^[0-9]{11}$/.test(upper)) return partitaIva(upper);
  if (!PERSONAL_CODE.test(upper)) return 'format';
  return isValidCodiceFiscale(upper) ? 'ok' : 'check-digit';
}

function report(
  code: SdiCheckCode,
  id: TextRef,
  outcome: IdOutcome,
  context: SdiCheckContext,
  extra: Record<string, string> = {},
): SdiProblem[] {
  if (outcome === 'ok') return [];
  const severity = outcome === 'check-digit' && context.lenientIds === true ? 'warning' : 'error';
  return [problem(code, id.path, { value: id.value, reason: outcome, ...extra }, severity)];
}

/** Only Italian VAT numbers have a structure we can verify; foreign ones are left to the schema. */
function checkVat(code: SdiCheckCode, vat: VatRef | undefined, context: SdiCheckContext): SdiProblem[] {
  if (vat === undefined || vat.country.value !== 'IT') return [];
  return report(code, vat.code, partitaIva(vat.code.value), context);
}

function checkFiscalCode(
  code: SdiCheckCode,
  id: TextRef | undefined,
  context: SdiCheckContext,
): SdiProblem[] {
  return id === undefined ? [] : report(code, id, codiceFiscale(id.value), context);
}

export const transmitterId: SdiCheck = {
  name: 'transmitterId',
  codes: ['00300'],
  run({ doc, context }) {
    const id = vatOf(descend(header(doc), 'DatiTrasmissione', 'IdTrasmittente'));
    // For IT the transmitter is identified by its codice fiscale, which may be a person's 16-character code.
    if (id === undefined || id.country.value !== 'IT') return [];
    return report('00300', id.code, codiceFiscale(id.code.value), context);
  },
};

export const sellerVat: SdiCheck = {
  name: 'sellerVat',
  codes: ['00301'],
  run: ({ doc, context }) => checkVat('00301', sellerIds(doc).vat, context),
};

export const sellerFiscalCode: SdiCheck = {
  name: 'sellerFiscalCode',
  codes: ['00302'],
  run: ({ doc, context }) => checkFiscalCode('00302', sellerIds(doc).fiscalCode, context),
};

/** The seller's fiscal representative (header block 1.3) and the buyer's representative (1.4.4). */
function representatives({ doc }: CheckInput): { seller: NodeRef | undefined; buyer: NodeRef | undefined } {
  if (isSimplified(doc)) return { seller: undefined, buyer: undefined };
  return {
    seller: descend(header(doc), 'RappresentanteFiscale', 'DatiAnagrafici'),
    buyer: descend(header(doc), 'CessionarioCommittente', 'RappresentanteFiscale'),
  };
}

export const representativeVat: SdiCheck = {
  name: 'representativeVat',
  codes: ['00303'],
  run(input) {
    const { seller, buyer } = representatives(input);
    return [
      ...checkVat('00303', vatOf(child(seller, 'IdFiscaleIVA')), input.context),
      ...checkVat('00303', vatOf(child(buyer, 'IdFiscaleIVA')), input.context),
    ];
  },
};

export const representativeFiscalCode: SdiCheck = {
  name: 'representativeFiscalCode',
  codes: ['00304'],
  run(input) {
    const { seller } = representatives(input);
    return checkFiscalCode('00304', text(seller, 'CodiceFiscale'), input.context);
  },
};

export const buyerVat: SdiCheck = {
  name: 'buyerVat',
  codes: ['00305'],
  run: ({ doc, context }) => checkVat('00305', buyerIds(doc).vat, context),
};

export const buyerFiscalCode: SdiCheck = {
  name: 'buyerFiscalCode',
  codes: ['00306'],
  run: ({ doc, context }) => checkFiscalCode('00306', buyerIds(doc).fiscalCode, context),
};

/**
 * Whether a VAT number and a fiscal code belong to the same subject is a tax-register fact; the hook answers
 * it when the server knows. Without an answer, the only signal in the file is two different 11-digit numbers
 * for an Italian subject: normal for VAT-group members and for entities registered before their VAT number,
 * so it is only a warning.
 */
function coherence(code: SdiCheckCode, ids: PartyIds, context: SdiCheckContext): SdiProblem[] {
  const vat = fiscalId(ids.vat);
  const fiscalCode = ids.fiscalCode;
  if (vat === null || fiscalCode === undefined) return [];
  const params = { vat: `${vat.country}${vat.code}`, fiscalCode: fiscalCode.value };
  const answer = context.fiscalIdsCoherent?.(vat, fiscalCode.value);
  if (answer === true) return [];
  if (answer === false) return [problem(code, fiscalCode.path, { ...params, reason: 'register' })];
  const differentNumbers =
    vat.country === 'IT' &&
    /^[0-9]{11}$/.test(vat.code) &&
    /^[0-9]{11}$/.test(fiscalCode.value) &&
    vat.code !== fiscalCode.value;
  return differentNumbers
    ? [problem(code, fiscalCode.path, { ...params, reason: 'differs' }, 'warning')]
    : [];
}

export const sellerIdsCoherence: SdiCheck = {
  name: 'sellerIdsCoherence',
  codes: ['00320'],
  run: ({ doc, context }) => coherence('00320', sellerIds(doc), context),
};

export const buyerIdsCoherence: SdiCheck = {
  name: 'buyerIdsCoherence',
  codes: ['00324'],
  run: ({ doc, context }) => coherence('00324', buyerIds(doc), context),
};

export const identifierChecks: readonly SdiCheck[] = [
  transmitterId,
  sellerVat,
  sellerFiscalCode,
  representativeVat,
  representativeFiscalCode,
  buyerVat,
  buyerFiscalCode,
  sellerIdsCoherence,
  buyerIdsCoherence,
];

/**
 * The header's parties besides supplier and customer: the supplier's RappresentanteFiscale and the
 * TerzoIntermediarioOSoggettoEmittente. Both are only their DatiAnagrafici; the first always has a VAT number.
 */
import type { DraftParty } from '../draft.ts';
import { datiAnagrafici } from './parties.ts';
import type { Json, Trace } from './trace.ts';

export function supplierRappresentanteFiscale(
  representative: DraftParty | null,
  trace: Trace,
): Json | undefined {
  return representative === null
    ? undefined
    : { DatiAnagrafici: datiAnagrafici(representative, 'supplierRepresentative', true, trace) };
}

export function terzoIntermediario(intermediary: DraftParty | null, trace: Trace): Json | undefined {
  return intermediary === null
    ? undefined
    : { DatiAnagrafici: datiAnagrafici(intermediary, 'intermediary', false, trace) };
}

/** What every party of the header shares: its identifiers, its name and, for supplier and customer, addresses. */
import type { DraftAddress, DraftParty } from '../draft.ts';
import type { Json, Trace } from './trace.ts';
import { optional } from './values.ts';

/** Sede or StabileOrganizzazione (IndirizzoType). */
export function indirizzo(a: DraftAddress, path: string, trace: Trace): Json {
  const country = a.country.trim() === '' ? 'IT' : a.country.trim().toUpperCase();
  // Foreign addresses have no Italian CAP; the AdE instructions ask for 00000 then.
  const postcode = a.postcode.trim() === '' && country !== 'IT' ? '00000' : a.postcode.trim();
  return trace.node(
    {
      Indirizzo: a.street.trim(),
      NumeroCivico: optional(a.number),
      CAP: postcode,
      Comune: a.town.trim(),
      Provincia: optional(a.province)?.toUpperCase(),
      Nazione: country,
    },
    path,
    {
      Indirizzo: `${path}.street`,
      NumeroCivico: `${path}.number`,
      CAP: `${path}.postcode`,
      Comune: `${path}.town`,
      Provincia: `${path}.province`,
      Nazione: `${path}.country`,
    },
  );
}

/** IdFiscaleIVA; left out when the party has no VAT number and the element is not `always` required. */
export function idFiscaleIva(p: DraftParty, path: string, always: boolean, trace: Trace): Json | undefined {
  if (!always && p.vat.code.trim() === '') return undefined;
  return trace.node(
    { IdPaese: p.vat.country.trim().toUpperCase(), IdCodice: p.vat.code.trim() },
    `${path}.vat`,
    { IdPaese: `${path}.vat`, IdCodice: `${path}.vat` },
  );
}

/** Denominazione, or Nome + Cognome when the name is blank and a first or last name is given. */
export function nameFields(p: DraftParty, path: string, trace: Trace): Json {
  const person = p.name.trim() === '' && (p.firstName.trim() !== '' || p.lastName.trim() !== '');
  return person
    ? { Nome: p.firstName.trim(), Cognome: p.lastName.trim() }
    : trace.node({ Denominazione: p.name.trim() }, '', { Denominazione: `${path}.name` });
}

function anagrafica(p: DraftParty, path: string, trace: Trace): Json {
  return trace.node(
    { ...nameFields(p, path, trace), Titolo: optional(p.title), CodEORI: optional(p.eori) },
    `${path}.name`,
    {
      Denominazione: `${path}.name`,
      Nome: `${path}.firstName`,
      Cognome: `${path}.lastName`,
      Titolo: `${path}.title`,
      CodEORI: `${path}.eori`,
    },
  );
}

/** DatiAnagrafici: identifiers and Anagrafica; the supplier adds its register and regime (supplier.ts). */
export function datiAnagrafici(p: DraftParty, path: string, vatRequired: boolean, trace: Trace): Json {
  return trace.node(
    {
      IdFiscaleIVA: idFiscaleIva(p, path, vatRequired, trace),
      CodiceFiscale: optional(p.fiscalCode)?.toUpperCase(),
      Anagrafica: anagrafica(p, path, trace),
    },
    path,
    { CodiceFiscale: `${path}.fiscalCode` },
  );
}

/**
 * The subjects of an invoice and its transmission data, from the model's JSON. The party-name rule lives here
 * once: partyName works on the JSON and on the generic parse alike, so every module can share it.
 */
import type {
  CedentePrestatoreJson,
  CessionarioCommittenteJson,
  DatiTrasmissioneJson,
  SimplifiedHeaderJson,
} from '../model/json-types.ts';
import type { Address, Contacts, FiscalId, Party, RegisterEntry, Transmission } from './types.ts';
import { one, text } from './values.ts';

/** Anything that may carry a Denominazione or a Nome and Cognome: Anagrafica, FSM10 parties, representatives. */
export interface NameHolder {
  Denominazione?: unknown;
  Nome?: unknown;
  Cognome?: unknown;
}

/**
 * THE party-name rule: Denominazione when present, else "Nome Cognome" (either alone when the other is
 * missing); null when the holder names nobody. Titolo is not part of the name.
 */
export function partyName(holder: NameHolder | null | undefined): string | null {
  if (!holder) return null;
  const denomination = text(holder.Denominazione);
  if (denomination !== null) return denomination;
  const parts = [text(holder.Nome), text(holder.Cognome)].filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join(' ') : null;
}

/** IdFiscaleIVA or IdTrasmittente: the country upper-cased, the code as written; null without both. */
export function fiscalId(id: { IdPaese?: unknown; IdCodice?: unknown } | null | undefined): FiscalId | null {
  const country = text(id?.IdPaese);
  const code = text(id?.IdCodice);
  return country !== null && code !== null ? { country: country.toUpperCase(), code } : null;
}

/** IdFiscaleIVA as one string, country code upper-cased: "IT01234567890". */
export function vatId(id: { IdPaese?: unknown; IdCodice?: unknown } | null | undefined): string | null {
  const parts = fiscalId(id);
  return parts === null ? null : `${parts.country}${parts.code}`;
}

interface IndirizzoLike {
  Indirizzo?: unknown;
  NumeroCivico?: unknown;
  CAP?: unknown;
  Comune?: unknown;
  Provincia?: unknown;
  Nazione?: unknown;
}

export function readAddress(sede: IndirizzoLike | null | undefined): Address | null {
  if (!sede) return null;
  const address = {
    street: text(sede.Indirizzo) ?? '',
    streetNumber: text(sede.NumeroCivico),
    postcode: text(sede.CAP) ?? '',
    town: text(sede.Comune) ?? '',
    province: text(sede.Provincia),
    country: text(sede.Nazione) ?? '',
  };
  return { ...address, text: addressText(address) };
}

/** "Via Roma 1, 00100 Roma (RM), IT". */
export function addressText(address: Omit<Address, 'text'>): string {
  const street = [address.street, address.streetNumber].filter(Boolean).join(' ');
  const town = [address.postcode, address.town, address.province ? `(${address.province})` : null]
    .filter(Boolean)
    .join(' ');
  return [street, town, address.country].filter(Boolean).join(', ');
}

function readContacts(
  contacts: { Telefono?: unknown; Fax?: unknown; Email?: unknown } | null | undefined,
): Contacts | null {
  if (!contacts) return null;
  const read = { phone: text(contacts.Telefono), fax: text(contacts.Fax), email: text(contacts.Email) };
  return read.phone || read.fax || read.email ? read : null;
}

function emptyParty(): Party {
  return {
    name: '',
    denomination: null,
    firstName: null,
    lastName: null,
    title: null,
    eori: null,
    vat: null,
    fiscalCode: null,
    address: null,
    permanentEstablishment: null,
    fiscalRegime: null,
    rea: null,
    professionalRegister: null,
    contacts: null,
    administrationReference: null,
  };
}

interface AnagraficaLike extends NameHolder {
  Titolo?: unknown;
  CodEORI?: unknown;
}

function naming(anagrafica: AnagraficaLike | null | undefined) {
  return {
    name: partyName(anagrafica) ?? '',
    denomination: text(anagrafica?.Denominazione),
    firstName: text(anagrafica?.Nome),
    lastName: text(anagrafica?.Cognome),
    title: text(anagrafica?.Titolo),
    eori: text(anagrafica?.CodEORI),
  };
}

function registerEntry(rea: Record<string, unknown> | null | undefined): RegisterEntry | null {
  if (!rea) return null;
  return {
    office: text(rea.Ufficio) ?? '',
    number: text(rea.NumeroREA) ?? '',
    shareCapital: text(rea.CapitaleSociale),
    soleShareholder: text(rea.SocioUnico),
    liquidation: text(rea.StatoLiquidazione) ?? '',
  };
}

export function readTransmission(data: DatiTrasmissioneJson | undefined): Transmission {
  const contacts = data && 'ContattiTrasmittente' in data ? data.ContattiTrasmittente : undefined;
  return {
    transmitter: fiscalId(one(data?.IdTrasmittente)),
    progressive: text(data?.ProgressivoInvio),
    format: text(data?.FormatoTrasmissione),
    recipientCode: text(data?.CodiceDestinatario),
    pec: text(data?.PECDestinatario),
    contacts: readContacts(one(contacts)),
  };
}

export function readSupplier(cedente: CedentePrestatoreJson | undefined): Party {
  const data = one(cedente?.DatiAnagrafici);
  const albo = text(data?.AlboProfessionale);
  return {
    ...emptyParty(),
    ...naming(one(data?.Anagrafica)),
    vat: vatId(one(data?.IdFiscaleIVA)),
    fiscalCode: text(data?.CodiceFiscale),
    address: readAddress(one(cedente?.Sede)),
    permanentEstablishment: readAddress(one(cedente?.StabileOrganizzazione)),
    fiscalRegime: text(data?.RegimeFiscale),
    rea: registerEntry(one(cedente?.IscrizioneREA)),
    professionalRegister:
      albo === null
        ? null
        : {
            name: albo,
            province: text(data?.ProvinciaAlbo),
            number: text(data?.NumeroIscrizioneAlbo),
            date: text(data?.DataIscrizioneAlbo),
          },
    contacts: readContacts(one(cedente?.Contatti)),
    administrationReference: text(cedente?.RiferimentoAmministrazione),
  };
}

export function readCustomer(cessionario: CessionarioCommittenteJson | undefined): Party {
  const data = one(cessionario?.DatiAnagrafici);
  return {
    ...emptyParty(),
    ...naming(one(data?.Anagrafica)),
    vat: vatId(one(data?.IdFiscaleIVA)),
    fiscalCode: text(data?.CodiceFiscale),
    address: readAddress(one(cessionario?.Sede)),
    permanentEstablishment: readAddress(one(cessionario?.StabileOrganizzazione)),
  };
}

/**
 * A fiscal representative or the third-party issuer: identifiers and name only. The supplier's and the
 * intermediary's wrap them in DatiAnagrafici/Anagrafica; the customer's representative and the FSM10 ones
 * carry them directly.
 */
export function readRepresentative(holder: unknown): Party | null {
  if (typeof holder !== 'object' || holder === null) return null;
  const record = holder as Record<string, unknown>;
  const data = (one(record.DatiAnagrafici as Record<string, unknown> | undefined) ?? record) as Record<
    string,
    unknown
  >;
  const anagrafica = (one(data.Anagrafica as AnagraficaLike | undefined) ?? data) as AnagraficaLike;
  return {
    ...emptyParty(),
    ...naming(anagrafica),
    vat: vatId(one(data.IdFiscaleIVA as { IdPaese?: unknown; IdCodice?: unknown } | undefined)),
    fiscalCode: text(data.CodiceFiscale),
  };
}

/** FSM10 flattens the supplier's data. */
export function readSimplifiedSupplier(
  cedente: SimplifiedHeaderJson['CedentePrestatore'] | undefined,
): Party {
  return {
    ...emptyParty(),
    ...naming(cedente),
    vat: vatId(one(cedente?.IdFiscaleIVA)),
    fiscalCode: text(cedente?.CodiceFiscale),
    address: readAddress(one(cedente?.Sede)),
    permanentEstablishment: readAddress(one(cedente?.StabileOrganizzazione)),
    fiscalRegime: text(cedente?.RegimeFiscale),
    rea: registerEntry(one(cedente?.IscrizioneREA)),
  };
}

/** FSM10 splits the customer into fiscal identifiers and, optionally, the other data. */
export function readSimplifiedCustomer(
  cessionario: SimplifiedHeaderJson['CessionarioCommittente'] | undefined,
): Party {
  const ids = one(cessionario?.IdentificativiFiscali);
  const other = one(cessionario?.AltriDatiIdentificativi);
  return {
    ...emptyParty(),
    ...naming(other),
    vat: vatId(one(ids?.IdFiscaleIVA)),
    fiscalCode: text(ids?.CodiceFiscale),
    address: readAddress(one(other?.Sede)),
    permanentEstablishment: readAddress(one(other?.StabileOrganizzazione)),
  };
}

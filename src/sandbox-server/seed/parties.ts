import type { DraftAddress, DraftDelivery } from '../../shared/fatturapa/compose/index.ts';
import { ibanCheckDigits } from '../../shared/fatturapa/compose/index.ts';
import { partitaIvaCheckDigit } from '../../shared/fatturapa/index.ts';
import {
  BANKS,
  CUSTOMER_NAMES,
  FOREIGN_CUSTOMER_NAMES,
  PUBLIC_BODIES,
  SURNAMES,
  type Sector,
  type SupplierKind,
} from './businesses.ts';
import { FOREIGN_PLACES, STREETS, TOWNS, type Town } from './places.ts';
import type { SeededRandom } from './random.ts';

/** Who is on an invoice: a company of the account, a customer, a supplier or a public administration. */
export interface Party {
  name: string;
  /** IdFiscaleIVA; null for a public administration identified by its fiscal code only. */
  vat: { country: string; code: string } | null;
  /** CodiceFiscale: the VAT digits for an Italian company, the entity's own code for a public body. */
  fiscalCode: string;
  address: DraftAddress;
  /** How SDI reaches it as a customer. */
  delivery: DraftDelivery;
  /** Where it is paid, as a supplier. */
  bank: { name: string; iban: string };
}

/** `IT` + the digits, as the API shows a VAT number. */
export function vatText(party: Party): string | null {
  return party.vat === null ? null : `${party.vat.country}${party.vat.code}`;
}

/**
 * An Italian VAT number with a valid check digit, made as real ones are: seven digits of taxpayer number, the
 * provincial office (001–100) and the check digit.
 */
export function italianVatCode(random: SeededRandom): string {
  const taxpayer = String(random.int(1, 9_999_999)).padStart(7, '0');
  const office = String(random.int(1, 100)).padStart(3, '0');
  const first10 = `${taxpayer}${office}`;
  return `${first10}${partitaIvaCheckDigit(first10)}`;
}

/** A public body's numeric fiscal code (they start with 8 or 9 for bodies without a VAT number). */
function publicFiscalCode(random: SeededRandom): string {
  const first10 = `${random.pick(['8', '9'])}${String(random.int(0, 999_999_999)).padStart(9, '0')}`;
  return `${first10}${partitaIvaCheckDigit(first10)}`;
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

function code(random: SeededRandom, length: number, prefix = ''): string {
  let out = prefix;
  while (out.length < length) out += ALPHANUMERIC[random.int(0, ALPHANUMERIC.length - 1)];
  return out;
}

/**
 * An Italian IBAN with both checks right: the CIN letter over ABI, CAB and account (the same odd/even tables as
 * the fiscal code's check character) and the ISO 7064 check digits.
 */
export function italianIban(random: SeededRandom): string {
  const abi = String(random.int(1000, 9999)).padStart(5, '0');
  const cab = String(random.int(10000, 99999));
  const account = String(random.int(0, 999_999_999)).padStart(12, '0');
  const bban = `${abi}${cab}${account}`;
  const cin = cinOf(bban);
  return `IT${ibanCheckDigits('IT', `${cin}${bban}`)}${cin}${bban}`;
}

const ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];

/**
 * The CIN of an Italian BBAN (ABI + CAB + account): odd positions through the odd table of the fiscal code's
 * check character, even ones at face value, the sum mod 26 as a letter.
 */
function cinOf(bban: string): string {
  let sum = 0;
  for (let i = 0; i < bban.length; i++) {
    const value = Number(bban[i]);
    sum += i % 2 === 0 ? ODD[value]! : value;
  }
  return String.fromCharCode(65 + (sum % 26));
}

function address(random: SeededRandom, town: Town): DraftAddress {
  return {
    street: random.pick(STREETS),
    number: String(random.int(1, 160)),
    postcode: town.postcode,
    town: town.name,
    province: town.province,
    country: 'IT',
  };
}

function fill(template: string, random: SeededRandom, town: Town): string {
  const [first, second] = random.sample(SURNAMES, 2);
  return template
    .replaceAll('{surname2}', second!)
    .replaceAll('{surname}', first!)
    .replaceAll('{town}', town.name);
}

function bank(random: SeededRandom, town: Town): Party['bank'] {
  return { name: random.pick(BANKS).replaceAll('{town}', town.name), iban: italianIban(random) };
}

function italianCompany(random: SeededRandom, template: string, delivery: DraftDelivery): Party {
  const town = random.pick(TOWNS);
  const vat = italianVatCode(random);
  return {
    name: fill(template, random, town),
    vat: { country: 'IT', code: vat },
    fiscalCode: vat,
    address: address(random, town),
    delivery,
    bank: bank(random, town),
  };
}

function slug(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/s\.(r\.l|p\.a|n\.c)\.?/g, '')
    .replace(/[^a-z0-9]+/g, '')
    .slice(0, 24);
}

/** A company of the account: it receives through the sandbox's own channel, like every Scambio user. */
export function ownCompany(random: SeededRandom, sector: Sector): Party {
  return italianCompany(random, random.pick(sector.names), { channel: 'code', code: 'SCAMBIO', pec: '' });
}

/** How a business customer receives, weighted as in practice: a channel code, a PEC address, or nothing. */
export type CustomerReach = 'code' | 'pec' | 'none';

export function businessCustomer(random: SeededRandom, reach: CustomerReach): Party {
  const party = italianCompany(random, random.pick(CUSTOMER_NAMES), { channel: 'none', code: '', pec: '' });
  if (reach === 'code') party.delivery = { channel: 'code', code: code(random, 7), pec: '' };
  if (reach === 'pec')
    party.delivery = { channel: 'pec', code: '', pec: `amministrazione@pec.${slug(party.name)}.it` };
  return party;
}

export function foreignCustomer(random: SeededRandom): Party {
  const place = random.pick(FOREIGN_PLACES);
  const digits = Array.from({ length: place.vatDigits }, () => random.int(0, 9)).join('');
  return {
    name: FOREIGN_CUSTOMER_NAMES[place.country] ?? 'Foreign Customer Ltd',
    vat: { country: place.country, code: `${place.vatPrefix}${digits}` },
    fiscalCode: '',
    address: {
      street: place.street,
      number: String(random.int(1, 90)),
      postcode: '',
      town: place.town,
      province: '',
      country: place.country,
    },
    delivery: { channel: 'foreign', code: '', pec: '' },
    bank: { name: '', iban: '' },
  };
}

/** A public body: fiscal code only, and its IPA office code (FPA12 invoices go there). */
export function publicBody(random: SeededRandom): Party {
  const town = random.pick(TOWNS);
  return {
    name: random.pick(PUBLIC_BODIES).replaceAll('{town}', town.name),
    vat: null,
    fiscalCode: publicFiscalCode(random),
    address: address(random, town),
    delivery: { channel: 'pa', code: code(random, 6, 'UF'), pec: '' },
    bank: { name: '', iban: '' },
  };
}

export function supplier(random: SeededRandom, kind: SupplierKind): Party {
  return italianCompany(random, random.pick(kind.names), { channel: 'none', code: '', pec: '' });
}

import { COMMON_SUPPLIERS, SECTORS, type Sector, type SupplierKind } from './businesses.ts';
import {
  businessCustomer,
  foreignCustomer,
  ownCompany,
  publicBody,
  supplier,
  type CustomerReach,
  type Party,
} from './parties.ts';
import type { SeededRandom } from './random.ts';

/** A customer of one company, with how often it buys and how long it takes to pay. */
export interface Customer {
  party: Party;
  kind: 'business' | 'public' | 'foreign' | 'sister';
  /** Relative share of the company's invoices. */
  weight: number;
  /** Payment terms in days (end of month). */
  paymentDays: number;
  /** For a sister company: its index among the account's companies (its invoices arrive in the inbox). */
  sister?: number;
}

export interface Supplier {
  party: Party;
  kind: SupplierKind;
  /** Day of the month a monthly supplier bills on. */
  billingDay: number;
}

/** One of the account's companies and the world around it. */
export interface CastCompany {
  party: Party;
  sector: Sector;
  customers: Customer[];
  suppliers: Supplier[];
}

/**
 * The account's companies, each in its own sector, with the customers and suppliers it deals with: a mix of
 * channels as in practice (mostly a channel code, some PEC, the odd customer without either), a foreign buyer
 * for the sectors that export, a public administration for the sectors that serve one, and now and then an
 * invoice between two companies of the account (it arrives in the inbox through the simulated SDI).
 */
export function castCompanies(random: SeededRandom, count: number): CastCompany[] {
  // The sectors with a public customer first: the demo shows every PA state even with few companies.
  const ordered = [
    ...random.sample(
      SECTORS.filter((s) => s.publicCustomer !== null),
      SECTORS.length,
    ),
    ...random.sample(
      SECTORS.filter((s) => s.publicCustomer === null),
      SECTORS.length,
    ),
  ].slice(0, count);
  const companies = ordered.map((sector): CastCompany => ({
    party: ownCompany(random, sector),
    sector,
    customers: [],
    suppliers: [],
  }));
  companies.forEach((company, index) => {
    const reaches: CustomerReach[] = ['code', 'code', 'code', 'pec', 'code', 'pec', 'none'];
    for (const reach of reaches) {
      company.customers.push({
        party: businessCustomer(random, reach),
        kind: 'business',
        weight: reach === 'none' ? 1 : random.int(2, 6),
        paymentDays: random.pick([30, 30, 60, 90]),
      });
    }
    if (['workshop', 'furniture', 'food', 'printing'].includes(company.sector.id)) {
      company.customers.push({
        party: foreignCustomer(random),
        kind: 'foreign',
        weight: 1,
        paymentDays: 30,
      });
    }
    if (company.sector.publicCustomer !== null) {
      company.customers.push({ party: publicBody(random), kind: 'public', weight: 2, paymentDays: 30 });
    }
    const sister = companies[(index + 1) % companies.length]!;
    if (sister !== company) {
      company.customers.push({
        party: sister.party,
        kind: 'sister',
        weight: 1,
        paymentDays: 30,
        sister: (index + 1) % companies.length,
      });
    }
    for (const kind of [...COMMON_SUPPLIERS, ...company.sector.supplies]) {
      company.suppliers.push({ party: supplier(random, kind), kind, billingDay: random.int(1, 12) });
    }
  });
  return companies;
}

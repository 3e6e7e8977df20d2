import type { Company, CompanyInput } from '../../shared/api/types.ts';
import type { Clocks } from '../clock.ts';
import type { Scope } from '../store/scope.ts';
import type { Store } from '../store/store.ts';
import { ServiceError } from './service-error.ts';

/** Called inside the transaction that created a company, e.g. to deliver invoices held for it. */
export type CompanyCreatedHook = (scope: Scope, company: Company) => void;

export class CompanyService {
  private readonly createdHooks: CompanyCreatedHook[] = [];

  constructor(
    private readonly store: Store,
    private readonly clocks: Clocks,
  ) {}

  onCreated(hook: CompanyCreatedHook): void {
    this.createdHooks.push(hook);
  }

  /** `x` is an id when it looks like one (contract: digits only, ≤ 10, no leading zero, ≤ int32), else a VAT. */
  find(scope: Scope, x: string): Company | null {
    const id = parseResourceId(x);
    if (id !== null) return this.store.companies.get(scope, id);
    return this.store.companies.getByVat(scope, normalizeVat(x));
  }

  require(scope: Scope, x: string): Company {
    const company = this.find(scope, x);
    if (!company) throw new ServiceError('not-found', 'notFound.company', { id: x });
    return company;
  }

  create(scope: Scope, input: CompanyInput): Company {
    return this.store.transaction(() => {
      this.assertVatFree(scope, input.vat, null);
      return this.insert(scope, input);
    });
  }

  update(scope: Scope, input: CompanyInput): Company {
    return this.store.transaction(() => {
      const id = input.id!;
      const current = this.store.companies.get(scope, id);
      if (!current) throw new ServiceError('not-found', 'notFound.company', { id });
      if (input.version !== undefined && input.version !== 0 && input.version !== current.version) {
        throw new ServiceError('conflict', 'company.versionMismatch', {
          given: input.version,
          current: current.version,
        });
      }
      if (input.vat !== current.vat) this.assertVatFree(scope, input.vat, id);
      return this.store.companies.update(scope, id, input);
    });
  }

  delete(scope: Scope, x: string, force: boolean): Company {
    return this.store.transaction(() => {
      const company = this.require(scope, x);
      const linked = this.store.companies.linked(company.id);
      if (!force && (linked.send > 0 || linked.receive > 0)) {
        throw new ServiceError('conflict', 'company.linked', { id: company.id, ...linked }, { linked });
      }
      this.store.companies.delete(scope, company.id);
      return company;
    });
  }

  /**
   * The caller's company for a party named in an invoice, created from the invoice data when it does not
   * exist yet (spec: companies are created automatically). `null` when another account owns the VAT.
   */
  ensureForParty(
    scope: Scope,
    party: { vat: string; fiscalCode: string | null; name: string | null },
  ): Company | null {
    const owner = this.store.companies.ownerOfVat(scope.environment, party.vat);
    if (owner) return owner.user_id === scope.accountId ? owner : null;
    return this.insert(scope, {
      vat: party.vat,
      fiscal_code: party.fiscalCode ?? party.vat.slice(2),
      name: party.name ?? party.vat,
    });
  }

  private insert(scope: Scope, input: CompanyInput): Company {
    const company = this.store.companies.insert(
      scope,
      { vat: input.vat, fiscal_code: input.fiscal_code, name: input.name },
      this.clocks.now(scope).toISOString(),
    );
    for (const hook of this.createdHooks) hook(scope, company);
    return company;
  }

  private assertVatFree(scope: Scope, vat: string, exceptId: number | null): void {
    const owner = this.store.companies.ownerOfVat(scope.environment, vat);
    if (!owner || owner.id === exceptId) return;
    if (owner.user_id === scope.accountId) {
      throw new ServiceError('conflict', 'company.vatRegistered', { vat, id: owner.id });
    }
    throw new ServiceError('conflict', 'company.vatOwnedElsewhere', { vat });
  }
}

const INT32_MAX = 2_147_483_647;

/** Resource ids in paths: digits only, at most 10, no leading zero, within int32 (contract "Routing ambiguities"). */
export function parseResourceId(x: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(x)) return null;
  const id = Number(x);
  return id <= INT32_MAX ? id : null;
}

/** A VAT as stored: upper case, no spaces; 11 bare digits are an Italian VAT (contract). */
export function normalizeVat(vat: string): string {
  const compact = vat.toUpperCase().replace(/\s+/g, '');
  return /^\d{11}$/.test(compact) ? `IT${compact}` : compact;
}

import type { Company, Environment, LinkedData } from '../../shared/api/types.ts';
import type { Db } from './database.ts';
import { Filter, listRows, type ListResult, type Paging, type Sorting } from './list-query.ts';
import type { Scope } from './scope.ts';
import { prepared } from './statements.ts';

interface CompanyRow {
  id: number;
  account_id: number;
  environment: Environment;
  vat: string;
  fiscal_code: string;
  name: string;
  created: string;
  version: number;
}

export interface CompanyFields {
  vat: string;
  fiscal_code: string;
  name: string;
}

export interface CompanyListQuery {
  q?: string;
  sorting: Sorting | null;
  paging: Paging;
}

export const COMPANY_SORT_COLUMNS = ['id', 'created', 'name', 'vat', 'fiscal_code'] as const;

function toCompany(row: CompanyRow): Company {
  return {
    id: row.id,
    created: row.created,
    version: row.version,
    user_id: row.account_id,
    vat: row.vat,
    fiscal_code: row.fiscal_code,
    name: row.name,
  };
}

export class CompanyRepository {
  constructor(private readonly db: Db) {}

  get(scope: Scope, id: number): Company | null {
    const row = prepared(
      this.db,
      'SELECT * FROM companies WHERE id = ? AND account_id = ? AND environment = ?',
    ).get(id, scope.accountId, scope.environment) as CompanyRow | undefined;
    return row ? toCompany(row) : null;
  }

  getByVat(scope: Scope, vat: string): Company | null {
    const owner = this.ownerOfVat(scope.environment, vat);
    return owner && owner.user_id === scope.accountId ? owner : null;
  }

  /** The company with this VAT in any account of the environment: a VAT belongs to one account at most. */
  ownerOfVat(environment: Environment, vat: string): Company | null {
    const row = prepared(this.db, 'SELECT * FROM companies WHERE environment = ? AND vat = ?').get(
      environment,
      vat,
    ) as CompanyRow | undefined;
    return row ? toCompany(row) : null;
  }

  /** A company of the environment identified by its fiscal code (how a PA recipient is known). */
  findByFiscalCode(environment: Environment, fiscalCode: string): Company | null {
    const row = prepared(
      this.db,
      'SELECT * FROM companies WHERE environment = ? AND fiscal_code = ? LIMIT 1',
    ).get(environment, fiscalCode) as CompanyRow | undefined;
    return row ? toCompany(row) : null;
  }

  list(scope: Scope, query: CompanyListQuery): ListResult<Company> {
    const filter = new Filter(scope).search('companies_fts', ['name', 'vat', 'fiscal_code'], query.q);
    const result = listRows<CompanyRow>(this.db, 'companies', filter, query.sorting, query.paging);
    return { rows: result.rows.map(toCompany), total: result.total };
  }

  insert(scope: Scope, fields: CompanyFields, now: string): Company {
    const id = Number(
      prepared(
        this.db,
        'INSERT INTO companies (account_id, environment, vat, fiscal_code, name, created) VALUES (?, ?, ?, ?, ?, ?)',
      ).run(scope.accountId, scope.environment, fields.vat, fields.fiscal_code, fields.name, now)
        .lastInsertRowid,
    );
    return this.get(scope, id)!;
  }

  update(scope: Scope, id: number, fields: CompanyFields): Company {
    prepared(
      this.db,
      `UPDATE companies SET vat = ?, fiscal_code = ?, name = ?, version = version + 1
       WHERE id = ? AND account_id = ? AND environment = ?`,
    ).run(fields.vat, fields.fiscal_code, fields.name, id, scope.accountId, scope.environment);
    return this.get(scope, id)!;
  }

  linked(id: number): LinkedData {
    const count = (sql: string): number => (prepared(this.db, sql).get(id) as { n: number }).n;
    return {
      send: count('SELECT count(*) AS n FROM sends WHERE company_id = ?'),
      receive: count('SELECT count(*) AS n FROM receives WHERE company_id = ?'),
      update: count('SELECT count(*) AS n FROM updates WHERE company_id = ?'),
      webhook: count('SELECT count(*) AS n FROM webhooks WHERE company_id = ?'),
      log: count('SELECT count(*) AS n FROM events WHERE company_id = ?'),
    };
  }

  /** Removes the company; its invoices, updates and events go with it (ON DELETE CASCADE). */
  delete(scope: Scope, id: number): void {
    prepared(this.db, 'DELETE FROM companies WHERE id = ? AND account_id = ? AND environment = ?').run(
      id,
      scope.accountId,
      scope.environment,
    );
  }
}

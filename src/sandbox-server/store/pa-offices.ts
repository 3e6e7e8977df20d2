import type { PaOffice } from '../../shared/api/types.ts';
import type { Db } from './database.ts';
import { prepared } from './statements.ts';

interface PaOfficeRow {
  code: string;
  name: string;
  active: number;
}

function toOffice(row: PaOfficeRow): PaOffice {
  return { code: row.code, name: row.name, active: row.active === 1 };
}

/**
 * The sandbox's directory of public administration offices (its IPA): one per data folder, shared by its
 * accounts, as the real IPA is one for everybody. Test keys keep it through `/_sandbox/pa-offices`.
 */
export class PaOfficeRepository {
  constructor(private readonly db: Db) {}

  list(): PaOffice[] {
    return (
      prepared(this.db, 'SELECT code, name, active FROM pa_offices ORDER BY code').all() as PaOfficeRow[]
    ).map(toOffice);
  }

  get(code: string): PaOffice | null {
    const row = prepared(this.db, 'SELECT code, name, active FROM pa_offices WHERE code = ?').get(code) as
      PaOfficeRow | undefined;
    return row ? toOffice(row) : null;
  }

  /** Office code → active: what the checks of one file need, read in one query. */
  statuses(): Record<string, boolean> {
    const rows = prepared(this.db, 'SELECT code, active FROM pa_offices').all() as PaOfficeRow[];
    return Object.fromEntries(rows.map((row) => [row.code, row.active === 1]));
  }

  /** Adds the office, or replaces the name and state of the one with its code; says which. */
  put(office: PaOffice): { office: PaOffice; created: boolean } {
    return this.db.transaction(() => {
      const created = this.get(office.code) === null;
      prepared(
        this.db,
        `INSERT INTO pa_offices (code, name, active) VALUES (?, ?, ?)
         ON CONFLICT (code) DO UPDATE SET name = excluded.name, active = excluded.active`,
      ).run(office.code, office.name, office.active ? 1 : 0);
      return { office, created };
    })();
  }

  /** Removes the office; the one removed, or null when there was none. */
  remove(code: string): PaOffice | null {
    return this.db.transaction(() => {
      const office = this.get(code);
      if (office !== null) prepared(this.db, 'DELETE FROM pa_offices WHERE code = ?').run(code);
      return office;
    })();
  }
}

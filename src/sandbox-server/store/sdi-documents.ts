import type { Environment } from '../../shared/api/types.ts';
import type { Db } from './database.ts';
import { prepared } from './statements.ts';

/** The identifying data of one invoice body, as SDI's duplicate check (00404) compares them (see `accepted`). */
export interface DocumentKey {
  /** Supplier VAT with its country code. */
  seller: string;
  tipo: string | null;
  /** YYYY-MM-DD */
  data: string | null;
  numero: string | null;
}

/** Every invoice body the simulated SDI accepted, so a second file with the same body is a duplicate. */
export class SdiDocumentRepository {
  constructor(private readonly db: Db) {}

  insert(environment: Environment, sendId: number, keys: readonly DocumentKey[]): void {
    const insert = prepared(
      this.db,
      'INSERT INTO sdi_documents (send_id, environment, seller, tipo, data, numero) VALUES (?, ?, ?, ?, ?, ?)',
    );
    for (const key of keys) insert.run(sendId, environment, key.seller, key.tipo, key.data, key.numero);
  }

  /**
   * Whether SDI accepted a body with the same key: seller, number, type and the **year** of the date
   * (sdi-rules.md, 00404: "seller, year of the date, number"; the type is kept, see docs/sdi-checks.md). The
   * full date is stored; only its year is compared, so a number reused later in the same year is a duplicate.
   */
  accepted(environment: Environment, key: DocumentKey): boolean {
    return (
      prepared(
        this.db,
        `SELECT 1 FROM sdi_documents
         WHERE environment = ? AND seller = ? AND numero IS ? AND substr(data, 1, 4) IS ? AND tipo IS ?
         LIMIT 1`,
      ).get(environment, key.seller, key.numero, key.data?.slice(0, 4) ?? null, key.tipo) !== undefined
    );
  }
}

import type { Environment } from '../../shared/api/types.ts';
import type { Db } from './database.ts';
import { prepared } from './statements.ts';

/** The identifying data of one invoice body, as SDI's duplicate check (00404) compares them. */
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

  accepted(environment: Environment, key: DocumentKey): boolean {
    return (
      prepared(
        this.db,
        `SELECT 1 FROM sdi_documents WHERE environment = ? AND seller = ? AND numero IS ? AND data IS ? AND tipo IS ?
         LIMIT 1`,
      ).get(environment, key.seller, key.numero, key.data, key.tipo) !== undefined
    );
  }
}

import type { Environment, PayloadEncoding } from '../../shared/api/types.ts';
import type { SecretBox } from '../crypto/secret-box.ts';
import type { Db } from './database.ts';
import type { Scope } from './scope.ts';
import { prepared } from './statements.ts';

export interface HeldInvoice {
  id: number;
  environment: Environment;
  /** The account that sent it (through the simulated SDI or `/_sandbox/inbound`); null once that account is gone. */
  senderAccountId: number | null;
  recipient: string;
  fileName: string;
  identifier: string;
  payload: Buffer;
  encoding: PayloadEncoding;
  created: string;
}

interface HeldRow {
  id: number;
  environment: Environment;
  sender_account_id: number | null;
  recipient: string;
  file_name: string;
  identifier: string;
  payload: Buffer;
  encoding: PayloadEncoding;
  created: string;
}

/** Inbound invoices waiting for their recipient company to be registered. */
const PAYLOAD = 'held_invoices.payload';

export class HeldInvoiceRepository {
  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
  ) {}

  insert(invoice: Omit<HeldInvoice, 'id'>): number {
    return Number(
      prepared(
        this.db,
        `INSERT INTO held_invoices
           (environment, sender_account_id, recipient, file_name, identifier, payload, encoding, created)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        invoice.environment,
        invoice.senderAccountId,
        invoice.recipient,
        invoice.fileName,
        invoice.identifier,
        this.box.seal(invoice.payload, PAYLOAD),
        invoice.encoding,
        invoice.created,
      ).lastInsertRowid,
    );
  }

  forRecipients(environment: Environment, recipients: readonly string[]): HeldInvoice[] {
    if (recipients.length === 0) return [];
    const rows = prepared(
      this.db,
      `SELECT * FROM held_invoices WHERE environment = ? AND recipient IN (${recipients.map(() => '?').join(',')})
       ORDER BY id`,
    ).all(environment, ...recipients) as HeldRow[];
    return rows.map((row) => ({ ...toHeld(row), payload: this.box.open(row.payload, PAYLOAD) }));
  }

  /**
   * What the scope's account holds for unregistered recipients (it sent them, or made them arrive through
   * `/_sandbox/inbound`), oldest first, without opening the payloads. Other accounts' held invoices are theirs:
   * their file names, identifiers and recipients are never listed here.
   */
  listSentBy(scope: Scope): Omit<HeldInvoice, 'payload'>[] {
    const rows = prepared(
      this.db,
      `SELECT id, environment, sender_account_id, recipient, file_name, identifier, encoding, created
       FROM held_invoices WHERE sender_account_id = ? AND environment = ? ORDER BY id`,
    ).all(scope.accountId, scope.environment) as Omit<HeldRow, 'payload'>[];
    return rows.map(toHeld);
  }

  delete(id: number): void {
    prepared(this.db, 'DELETE FROM held_invoices WHERE id = ?').run(id);
  }
}

/** A row's fields but the payload, which only callers that deliver the invoice open. */
function toHeld(row: Omit<HeldRow, 'payload'>): Omit<HeldInvoice, 'payload'> {
  return {
    id: row.id,
    environment: row.environment,
    senderAccountId: row.sender_account_id,
    recipient: row.recipient,
    fileName: row.file_name,
    identifier: row.identifier,
    encoding: row.encoding,
    created: row.created,
  };
}

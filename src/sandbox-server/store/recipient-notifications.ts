import type { ReceiveNotification } from '../../shared/api/types.ts';
import type { SecretBox } from '../crypto/secret-box.ts';
import type { Db } from './database.ts';
import type { Scope } from './scope.ts';
import { prepared } from './statements.ts';

/**
 * Which invoice a file to its recipient is about: a Receive of the recipient's account, or, for a public
 * administration outside the sandbox (the caller plays it with `/_sandbox/send/{id}/esito`), the caller's Send.
 */
export type RecipientOf = { receiveId: number } | { sendId: number };

export interface NewRecipientNotification {
  about: RecipientOf;
  type: ReceiveNotification['type'];
  fileName: string;
  messageId: string;
  xml: string;
  at: string;
}

interface FileRow {
  file_name: string;
  notification: Buffer;
}

const NOTIFICATION = 'recipient_notifications.notification';

/**
 * The files SDI sends the recipient of an invoice besides the invoice (the metadata file with it, the refusal
 * of an outcome), sealed like the transmitter's notifications (store/updates.ts). They go with their invoice.
 */
export class RecipientNotificationRepository {
  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
  ) {}

  insert(scope: Scope, file: NewRecipientNotification): void {
    const { receiveId, sendId } = owner(file.about);
    prepared(
      this.db,
      `INSERT INTO recipient_notifications
         (account_id, environment, receive_id, send_id, type, file_name, message_id, created, notification)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      scope.accountId,
      scope.environment,
      receiveId,
      sendId,
      file.type,
      file.fileName,
      file.messageId,
      file.at,
      this.box.seal(Buffer.from(file.xml, 'utf8'), NOTIFICATION),
    );
  }

  /** How many files SDI has sent this recipient about the invoice: the next file's progressive is this + 1. */
  count(about: RecipientOf): number {
    const sql =
      'receiveId' in about
        ? 'SELECT count(*) AS n FROM recipient_notifications WHERE receive_id = ?'
        : 'SELECT count(*) AS n FROM recipient_notifications WHERE send_id = ?';
    const id = 'receiveId' in about ? about.receiveId : about.sendId;
    return (prepared(this.db, sql).get(id) as { n: number }).n;
  }

  /** The files about a received invoice, oldest first, without their content. */
  forReceive(scope: Scope, receiveId: number): ReceiveNotification[] {
    return prepared(
      this.db,
      `SELECT type, file_name, message_id, created FROM recipient_notifications
       WHERE receive_id = ? AND account_id = ? AND environment = ? ORDER BY id`,
    ).all(receiveId, scope.accountId, scope.environment) as ReceiveNotification[];
  }

  /** One file about a received invoice, by its name; null when SDI sent none by that name. */
  fileOfReceive(scope: Scope, receiveId: number, fileName: string): { fileName: string; xml: Buffer } | null {
    return this.opened(
      prepared(
        this.db,
        `SELECT file_name, notification FROM recipient_notifications
         WHERE receive_id = ? AND account_id = ? AND environment = ? AND file_name = ?`,
      ).get(receiveId, scope.accountId, scope.environment, fileName) as FileRow | undefined,
    );
  }

  /** The metadata file (MT) that came with a received invoice; null for one delivered before they were kept. */
  metadataOfReceive(scope: Scope, receiveId: number): { fileName: string; xml: Buffer } | null {
    return this.opened(
      prepared(
        this.db,
        `SELECT file_name, notification FROM recipient_notifications
         WHERE receive_id = ? AND account_id = ? AND environment = ? AND type = 'MT' ORDER BY id LIMIT 1`,
      ).get(receiveId, scope.accountId, scope.environment) as FileRow | undefined,
    );
  }

  private opened(row: FileRow | undefined): { fileName: string; xml: Buffer } | null {
    return row ? { fileName: row.file_name, xml: this.box.open(row.notification, NOTIFICATION) } : null;
  }
}

function owner(about: RecipientOf): { receiveId: number | null; sendId: number | null } {
  return 'receiveId' in about
    ? { receiveId: about.receiveId, sendId: null }
    : { receiveId: null, sendId: about.sendId };
}

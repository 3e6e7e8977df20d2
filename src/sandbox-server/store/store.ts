import { randomBytes } from 'node:crypto';
import type { DataKeySource } from '../crypto/data-key.ts';
import { createAesGcmSecretBox, DataKeyError, type SecretBox } from '../crypto/secret-box.ts';
import { AccountRepository } from './accounts.ts';
import { CompanyRepository } from './companies.ts';
import { openDatabase, type Db } from './database.ts';
import { GroupCommit } from './group-commit.ts';
import { EventRepository } from './events.ts';
import { HeldInvoiceRepository } from './held-invoices.ts';
import { IdempotencyRepository } from './idempotency.ts';
import { JobRepository } from './jobs.ts';
import { OperationRepository } from './operations.ts';
import { PaOfficeRepository } from './pa-offices.ts';
import { ReceiveRepository } from './receives.ts';
import { RecipientNotificationRepository } from './recipient-notifications.ts';
import { RetentionRepository } from './retention.ts';
import { SandboxClockRepository } from './sandbox-clocks.ts';
import { registerSealedTextFunction, sealLegacyColumns } from './sealed-columns.ts';
import { SdiDocumentRepository } from './sdi-documents.ts';
import { SendRepository } from './sends.ts';
import { SettingsRepository } from './settings.ts';
import { WebhookRepository } from './webhooks.ts';
import { UpdateRepository } from './updates.ts';

/** One repository per resource; route handlers and domain code never write SQL themselves. */
export interface Store {
  readonly db: Db;
  /** Seals what is stored encrypted (payloads, notifications, event bodies, secrets, sealed-columns.ts). */
  readonly box: SecretBox;
  readonly accounts: AccountRepository;
  readonly companies: CompanyRepository;
  readonly sends: SendRepository;
  readonly receives: ReceiveRepository;
  /** The files SDI sends the recipient of an invoice besides the invoice (MT, SE). */
  readonly recipientNotifications: RecipientNotificationRepository;
  readonly events: EventRepository;
  readonly held: HeldInvoiceRepository;
  readonly operations: OperationRepository;
  readonly idempotency: IdempotencyRepository;
  readonly settings: SettingsRepository;
  readonly webhooks: WebhookRepository;
  readonly updates: UpdateRepository;
  readonly jobs: JobRepository;
  readonly sdiDocuments: SdiDocumentRepository;
  readonly retention: RetentionRepository;
  /** The accounts' sandbox clocks (clock.ts). */
  readonly sandboxClocks: SandboxClockRepository;
  /** The sandbox's directory of public administration offices (00311/00312 of test keys' FPA12). */
  readonly paOffices: PaOfficeRepository;
  /** Runs `work` in one transaction: all its writes land, or none do. */
  transaction<T>(work: () => T): T;
  /**
   * Runs `work` in one transaction as well, committed with the others queued in the same event-loop turn
   * (group-commit.ts); settles after the commit.
   */
  groupedTransaction<T>(work: () => T): Promise<T>;
  close(): void;
}

const KEY_CHECK = 'data_key_check';

/**
 * The data key must be the one the folder's data was sealed with: a sealed random value proves it at
 * start, so a wrong or missing key is a clear error here instead of garbage or a crash on first read.
 */
function unlock(settings: SettingsRepository, source: DataKeySource): SecretBox {
  const check = settings.get(KEY_CHECK);
  let key = source.existing();
  if (!key) {
    if (check) {
      throw new DataKeyError(
        'missing',
        `This data folder holds encrypted data, but its data key is missing (expected in ${source.description}).`,
      );
    }
    key = source.create();
  }
  const box = createAesGcmSecretBox(key);
  if (!check) {
    settings.set(KEY_CHECK, box.seal(randomBytes(16), KEY_CHECK));
    return box;
  }
  try {
    box.open(check, KEY_CHECK);
  } catch {
    throw new DataKeyError(
      'wrong',
      `The data key from ${source.description} is not the key of this data folder.`,
    );
  }
  return box;
}

export function openStore(file: string, keySource: DataKeySource): Store {
  const db = openDatabase(file);
  const settings = new SettingsRepository(db);
  let box: SecretBox;
  try {
    box = unlock(settings, keySource);
    registerSealedTextFunction(db, box);
    // The data migration that needs the key: clear values of now-sealed columns (sealed-columns.ts).
    sealLegacyColumns(db, box, settings);
  } catch (error) {
    db.close();
    throw error;
  }
  const groupCommit = new GroupCommit(db);
  const sends = new SendRepository(db, box);
  return {
    db,
    box,
    accounts: new AccountRepository(db),
    companies: new CompanyRepository(db),
    sends,
    receives: new ReceiveRepository(db, box),
    recipientNotifications: new RecipientNotificationRepository(db, box),
    events: new EventRepository(db, box),
    held: new HeldInvoiceRepository(db, box),
    operations: new OperationRepository(db),
    idempotency: new IdempotencyRepository(db, box),
    settings,
    webhooks: new WebhookRepository(db, box),
    updates: new UpdateRepository(db, box, sends),
    jobs: new JobRepository(db),
    sdiDocuments: new SdiDocumentRepository(db),
    retention: new RetentionRepository(db),
    sandboxClocks: new SandboxClockRepository(db),
    paOffices: new PaOfficeRepository(db),
    transaction: <T>(work: () => T): T => db.transaction(work)(),
    groupedTransaction: <T>(work: () => T): Promise<T> => groupCommit.run(work),
    close: () => db.close(),
  };
}

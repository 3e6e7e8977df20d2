import { AccountRepository } from './accounts.ts';
import { CompanyRepository } from './companies.ts';
import { openDatabase, type Db } from './database.ts';
import { EventRepository } from './events.ts';
import { HeldInvoiceRepository } from './held-invoices.ts';
import { OperationRepository } from './operations.ts';
import { ReceiveRepository } from './receives.ts';
import { SendRepository } from './sends.ts';

/** One repository per resource; route handlers and domain code never write SQL themselves. */
export interface Store {
  readonly db: Db;
  readonly accounts: AccountRepository;
  readonly companies: CompanyRepository;
  readonly sends: SendRepository;
  readonly receives: ReceiveRepository;
  readonly events: EventRepository;
  readonly held: HeldInvoiceRepository;
  readonly operations: OperationRepository;
  /** Runs `work` in one transaction: all its writes land, or none do. */
  transaction<T>(work: () => T): T;
  close(): void;
}

export function openStore(file: string): Store {
  const db = openDatabase(file);
  return {
    db,
    accounts: new AccountRepository(db),
    companies: new CompanyRepository(db),
    sends: new SendRepository(db),
    receives: new ReceiveRepository(db),
    events: new EventRepository(db),
    held: new HeldInvoiceRepository(db),
    operations: new OperationRepository(db),
    transaction: <T>(work: () => T): T => db.transaction(work)(),
    close: () => db.close(),
  };
}

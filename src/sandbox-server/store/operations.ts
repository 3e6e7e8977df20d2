import type { Db } from './database.ts';
import type { Scope } from './scope.ts';
import { prepared } from './statements.ts';

/** Billing units used per account and environment (spec: some reads count as operations). */
export class OperationRepository {
  constructor(private readonly db: Db) {}

  add(scope: Scope, operations: number, signatures = 0): void {
    if (operations === 0 && signatures === 0) return;
    prepared(
      this.db,
      `INSERT INTO operation_counts (account_id, environment, operations, signatures) VALUES (?, ?, ?, ?)
       ON CONFLICT (account_id, environment) DO UPDATE SET operations = operations + excluded.operations,
         signatures = signatures + excluded.signatures`,
    ).run(scope.accountId, scope.environment, operations, signatures);
  }

  used(scope: Scope): number {
    const row = prepared(
      this.db,
      'SELECT operations FROM operation_counts WHERE account_id = ? AND environment = ?',
    ).get(scope.accountId, scope.environment) as { operations: number } | undefined;
    return row?.operations ?? 0;
  }

  signaturesUsed(scope: Scope): number {
    const row = prepared(
      this.db,
      'SELECT signatures FROM operation_counts WHERE account_id = ? AND environment = ?',
    ).get(scope.accountId, scope.environment) as { signatures: number } | undefined;
    return row?.signatures ?? 0;
  }
}

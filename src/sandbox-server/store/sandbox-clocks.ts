import type { Db } from './database.ts';
import { prepared } from './statements.ts';

/** An account's sandbox clock as kept: an offset from real time, or an instant it is frozen at (ms). */
export interface SavedSandboxClock {
  accountId: number;
  offsetMs: number;
  frozenAt: number | null;
}

/**
 * The sandbox clocks of the accounts that have moved theirs (`POST /_sandbox/clock`, seeding). An account without
 * a row runs on real time; queries that must tell the two apart (the job queue's due jobs, retention) read this
 * table in SQL as well, so a row exists exactly when the account's clock is its own.
 */
export class SandboxClockRepository {
  constructor(private readonly db: Db) {}

  all(): SavedSandboxClock[] {
    return (
      prepared(
        this.db,
        'SELECT account_id, offset_ms, frozen_at FROM sandbox_clocks ORDER BY account_id',
      ).all() as {
        account_id: number;
        offset_ms: number;
        frozen_at: number | null;
      }[]
    ).map((row) => ({ accountId: row.account_id, offsetMs: row.offset_ms, frozenAt: row.frozen_at }));
  }

  get(accountId: number): SavedSandboxClock | null {
    const row = prepared(this.db, 'SELECT offset_ms, frozen_at FROM sandbox_clocks WHERE account_id = ?').get(
      accountId,
    ) as { offset_ms: number; frozen_at: number | null } | undefined;
    return row ? { accountId, offsetMs: row.offset_ms, frozenAt: row.frozen_at } : null;
  }

  save(clock: SavedSandboxClock): void {
    prepared(
      this.db,
      `INSERT INTO sandbox_clocks (account_id, offset_ms, frozen_at) VALUES (?, ?, ?)
       ON CONFLICT (account_id) DO UPDATE SET offset_ms = excluded.offset_ms, frozen_at = excluded.frozen_at`,
    ).run(clock.accountId, clock.offsetMs, clock.frozenAt);
  }
}

/**
 * The rows timed on real time, in a table with `account_id` and `environment`: the live environment's, the
 * server's own (no account), and those of every sandbox whose account never moved its clock.
 */
export const ON_REAL_TIME = `(environment IS NOT 'test' OR account_id NOT IN (SELECT account_id FROM sandbox_clocks))`;

/** Whose data runs on one clock: everything on real time, or one account's sandbox on its own clock. */
export type ClockGroup = 'real-time' | { sandboxOf: number };

/** The condition selecting a clock group's rows (a table with `account_id` and `environment`). */
export function clockGroupWhere(group: ClockGroup): { sql: string; params: number[] } {
  return group === 'real-time'
    ? { sql: ON_REAL_TIME, params: [] }
    : { sql: `(account_id = ? AND environment = 'test')`, params: [group.sandboxOf] };
}

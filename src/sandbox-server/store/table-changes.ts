import type { Statement } from 'better-sqlite3';
import type { Db } from './database.ts';

/**
 * Which tables changed, per connection, so that a value read from them can be kept in memory and used for as
 * long as they have not: list totals and pages (list-query.ts), the API key a request authenticates with
 * (accounts.ts). Each table has a generation number. Changes through this connection bump it through
 * temporary triggers (which only call back into memory); a commit by another connection (`npm run sandbox --
 * keys revoke` on the folder of a running server) is seen by `PRAGMA data_version` and bumps every table.
 * Inside an open transaction nothing may be kept or reused: that transaction may still roll back.
 *
 * `PRAGMA data_version` is asked once per synchronous run (a request's authentication and its list read share
 * one answer): a commit by another process during that run is seen by the next one, as if the run had happened
 * just before it. This connection's own changes are always seen at once, through the triggers.
 */
export class TableChanges {
  private readonly generations = new Map<string, number>();
  private readonly watched = new Set<string>();
  private readonly dataVersion: Statement;
  private lastDataVersion = -1;
  private checkedInThisRun = false;

  private constructor(private readonly db: Db) {
    this.dataVersion = db.prepare('PRAGMA data_version').pluck();
    db.function('scambio_table_changed', { deterministic: false }, (table: unknown) => {
      this.bump(String(table));
      return null;
    });
  }

  private static readonly perConnection = new WeakMap<Db, TableChanges>();

  static of(db: Db): TableChanges {
    let changes = TableChanges.perConnection.get(db);
    if (!changes) {
      changes = new TableChanges(db);
      TableChanges.perConnection.set(db, changes);
    }
    return changes;
  }

  /**
   * The tables' state now, as a string equal to an earlier one exactly when none of them changed in between;
   * null inside a transaction, when nothing read may be kept or reused.
   */
  stamp(tables: readonly string[]): string | null {
    if (this.db.inTransaction) return null;
    this.watch(tables);
    this.checkOtherConnections();
    return tables.map((t) => this.generations.get(t) ?? 0).join(',');
  }

  private bump(table: string): void {
    this.generations.set(table, (this.generations.get(table) ?? 0) + 1);
  }

  private checkOtherConnections(): void {
    if (this.checkedInThisRun) return;
    this.checkedInThisRun = true;
    queueMicrotask(() => (this.checkedInThisRun = false));
    const version = this.dataVersion.get() as number;
    if (version === this.lastDataVersion) return;
    this.lastDataVersion = version;
    // Another connection committed: it may have changed any table.
    for (const table of this.watched) this.bump(table);
  }

  private watch(tables: readonly string[]): void {
    for (const table of tables) {
      if (this.watched.has(table)) continue;
      for (const change of ['INSERT', 'UPDATE', 'DELETE']) {
        this.db.exec(
          `CREATE TEMP TRIGGER IF NOT EXISTS scambio_changed_${table}_${change.toLowerCase()}
           AFTER ${change} ON main.${table} BEGIN SELECT scambio_table_changed('${table}'); END`,
        );
      }
      this.watched.add(table);
    }
  }
}

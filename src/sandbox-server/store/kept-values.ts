import { TableChanges } from './table-changes.ts';
import type { Db } from './database.ts';

/**
 * Values read from some tables, kept in memory for as long as none of those tables changes (table-changes.ts),
 * up to `max` of them (the oldest kept goes first). What is not found (null) is never kept, so a flood of
 * lookups of things that do not exist keeps nothing. Nothing read inside a transaction is kept: it may roll back.
 */
export class KeptValues<Value> {
  private readonly kept = new Map<string, { stamp: string; value: Value }>();
  private readonly changes: TableChanges;

  constructor(
    db: Db,
    private readonly tables: readonly string[],
    private readonly max: number,
  ) {
    this.changes = TableChanges.of(db);
  }

  /** The value kept for `key` if its tables are unchanged since, else what `read` finds now (and keeps). */
  get(key: string, read: () => Value | null): Value | null {
    // Stamped before reading: a change made while reading makes the next stamp differ.
    const stamp = this.changes.stamp(this.tables);
    const kept = this.kept.get(key);
    if (kept !== undefined && kept.stamp === stamp) return kept.value;
    const value = read();
    if (value !== null && stamp !== null) {
      this.kept.delete(key);
      if (this.kept.size >= this.max) this.kept.delete(this.kept.keys().next().value!);
      this.kept.set(key, { stamp, value });
    }
    return value;
  }
}

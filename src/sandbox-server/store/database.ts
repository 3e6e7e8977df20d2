import type BetterSqlite3 from 'better-sqlite3';
import { MIGRATIONS } from './migrations.ts';
import { Database } from './sqlite-driver.ts';

export type Db = BetterSqlite3.Database;

export function openDatabase(file: string): Db {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // NORMAL is durable across application crashes in WAL mode; only an OS crash can lose the last commits.
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  // A write inside a transaction keeps the pages it changes in a statement journal, so that it alone can be
  // undone. Past 16 pages SQLite moves that journal to a temporary file, and inserting an invoice changes more
  // (its row, a dozen indexes, the search index): a file created, written and deleted per insert, 60-80 µs of
  // a submission's ~1.3 ms (bench/results.md). In memory it costs nothing of the kind. Set after the migrations,
  // whose single statements may rewrite whole tables; bulk deletions go in bounded chunks (retention.ts).
  db.pragma('temp_store = MEMORY');
  return db;
}

function migrate(db: Db): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  for (const [index, migration] of MIGRATIONS.entries()) {
    const version = index + 1;
    if (version <= current) continue;
    if (typeof migration === 'string') {
      db.transaction(() => {
        db.exec(migration);
        db.pragma(`user_version = ${version}`);
      })();
      continue;
    }
    if (migration.foreignKeysOff) db.pragma('foreign_keys = OFF');
    try {
      db.transaction(() => {
        migration.run(db);
        if (migration.foreignKeysOff) {
          const broken = db.pragma('foreign_key_check') as unknown[];
          if (broken.length > 0)
            throw new Error(`migration ${version}: ${broken.length} broken foreign keys`);
        }
        db.pragma(`user_version = ${version}`);
      })();
    } finally {
      if (migration.foreignKeysOff) db.pragma('foreign_keys = ON');
    }
  }
}

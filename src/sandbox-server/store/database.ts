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

import type { Statement } from 'better-sqlite3';
import type { Db } from './database.ts';

const caches = new WeakMap<Db, Map<string, Statement>>();

/** Prepares each distinct SQL text once per connection; list queries are built from a small set of shapes. */
export function prepared(db: Db, sql: string): Statement {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  let statement = cache.get(sql);
  if (!statement) {
    statement = db.prepare(sql);
    cache.set(sql, statement);
  }
  return statement;
}

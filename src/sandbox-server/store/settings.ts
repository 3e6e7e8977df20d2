import type { Db } from './database.ts';
import { prepared } from './statements.ts';

/** Server-wide named values. */
export class SettingsRepository {
  constructor(private readonly db: Db) {}

  get(key: string): Buffer | null {
    const row = prepared(this.db, 'SELECT value FROM settings WHERE key = ?').get(key) as
      { value: Buffer } | undefined;
    return row ? Buffer.from(row.value) : null;
  }

  set(key: string, value: Uint8Array | string): void {
    prepared(
      this.db,
      'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    ).run(key, typeof value === 'string' ? Buffer.from(value, 'utf8') : value);
  }
}

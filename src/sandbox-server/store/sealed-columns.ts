import type { SecretBox } from '../crypto/secret-box.ts';
import type { Db } from './database.ts';
import type { SettingsRepository } from './settings.ts';

/**
 * Text columns stored sealed (AES-256-GCM, see SECURITY.md). Each value is sealed with its column's label, so a
 * value copied elsewhere does not open. Columns created before sealing held clear text: `openText` still reads
 * those, and `sealLegacyColumns` seals them once, at the first start with this code.
 */
export const SEALED_COLUMNS = [
  { table: 'sends', column: 'meta_data', label: 'sends.meta_data' },
  { table: 'events', column: 'query', label: 'events.query' },
  { table: 'events', column: 'error', label: 'events.error' },
  { table: 'events', column: 'user_agent', label: 'events.user_agent' },
  { table: 'webhook_history', column: 'error', label: 'webhook_history.error' },
  { table: 'webhook_history', column: 'request_body', label: 'webhook_history.request_body' },
  { table: 'webhook_history', column: 'response_body', label: 'webhook_history.response_body' },
] as const;

export type SealedLabel = (typeof SEALED_COLUMNS)[number]['label'];

export function sealText(box: SecretBox, value: string | null, label: SealedLabel): Buffer | null {
  return value === null ? null : box.seal(Buffer.from(value, 'utf8'), label);
}

export function openText(
  box: SecretBox,
  value: Uint8Array | string | null,
  label: SealedLabel,
): string | null {
  if (value === null) return null;
  if (typeof value === 'string') return value; // not yet sealed (written before sealing; see sealLegacyColumns)
  return box.open(value, label).toString('utf8');
}

/**
 * `sealed_text(column, 'label')` in SQL: the clear text of a sealed column, so that substring filters (the log's
 * `user_agent` and `query`) still run in the database. Only filters use it, never indexes or sorting.
 */
export function registerSealedTextFunction(db: Db, box: SecretBox): void {
  db.function('sealed_text', { deterministic: true }, (value: unknown, label: unknown) => {
    if (value === null || value === undefined) return null;
    if (typeof value === 'string') return value;
    return box.open(value as Buffer, String(label)).toString('utf8');
  });
}

const SEALED_VERSION_KEY = 'sealed_columns_version';
const SEALED_VERSION = 1;

/** Seals the clear values left by older versions, in one transaction; runs once per data folder. */
export function sealLegacyColumns(db: Db, box: SecretBox, settings: SettingsRepository): number {
  const done = settings.get(SEALED_VERSION_KEY);
  if (done && Number(done.toString('utf8')) >= SEALED_VERSION) return 0;
  let sealed = 0;
  db.transaction(() => {
    for (const { table, column, label } of SEALED_COLUMNS) {
      const update = db.prepare(`UPDATE ${table} SET ${column} = ? WHERE rowid = ?`);
      const rows = db
        .prepare(`SELECT rowid AS id, ${column} AS value FROM ${table} WHERE typeof(${column}) = 'text'`)
        .all() as { id: number; value: string }[];
      for (const row of rows) {
        update.run(sealText(box, row.value, label), row.id);
        sealed++;
      }
    }
    settings.set(SEALED_VERSION_KEY, String(SEALED_VERSION));
  })();
  return sealed;
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/sandbox-server/store/database.ts';
import { MIGRATIONS } from '../../../src/sandbox-server/store/migrations.ts';
import { Database } from '../../../src/sandbox-server/store/sqlite-driver.ts';

const dir = mkdtempSync(join(tmpdir(), 'scambio-ids-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const NOW = '2026-01-01T00:00:00.000Z';

describe('the AUTOINCREMENT migration', () => {
  it('keeps existing rows, ids, links and search, and never gives a purged id again', () => {
    const file = join(dir, 'old.db');
    // A data folder from before the migration: every earlier migration applied, some data in it.
    const old = new Database(file);
    old.pragma('foreign_keys = ON');
    // The AUTOINCREMENT migration: the only one that is code, not SQL; later ones may follow it.
    const last = MIGRATIONS.findIndex((migration) => typeof migration !== 'string');
    for (const [index, migration] of MIGRATIONS.entries()) {
      if (index === last) break;
      expect(typeof migration).toBe('string');
      old.exec(migration as string);
      old.pragma(`user_version = ${index + 1}`);
    }
    old.exec(`
      INSERT INTO accounts (id, name, created) VALUES (1, 'a', '${NOW}');
      INSERT INTO companies (id, account_id, environment, vat, fiscal_code, name, created)
        VALUES (7, 1, 'test', 'IT01234567897', '01234567897', 'Acme Srl', '${NOW}');
      INSERT INTO sends (id, account_id, environment, company_id, file_name, encoding, payload, committente, created)
        VALUES (40, 1, 'test', 7, 'IT01234567897_00001.xml', 'Xml', x'00', 'IT09876543210', '${NOW}'),
               (41, 1, 'test', 7, 'IT01234567897_00002.xml', 'Xml', x'00', 'IT09876543210', '${NOW}');
      INSERT INTO updates (id, account_id, environment, company_id, send_id, state, last_update, created)
        VALUES (90, 1, 'test', 7, 41, 'Inviato', '${NOW}', '${NOW}');
    `);
    old.close();

    const db = openDatabase(file);
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.prepare('SELECT id FROM sends ORDER BY id').pluck().all()).toEqual([40, 41]);
    expect(db.prepare('SELECT send_id FROM updates WHERE id = 90').pluck().get()).toBe(41);
    expect(
      db
        .prepare(`SELECT rowid FROM sends_fts WHERE sends_fts MATCH '"0987654"' ORDER BY rowid`)
        .pluck()
        .all(),
    ).toEqual([40, 41]);
    // The cascade still works (the foreign keys point at the rebuilt table).
    db.prepare('DELETE FROM sends WHERE id = 41').run();
    expect(db.prepare('SELECT count(*) FROM updates').pluck().get()).toBe(0);
    const next = db
      .prepare(
        `INSERT INTO sends (account_id, environment, company_id, file_name, encoding, payload, created)
         VALUES (1, 'test', 7, 'IT01234567897_00003.xml', 'Xml', x'00', '${NOW}')`,
      )
      .run().lastInsertRowid;
    expect(Number(next)).toBe(42);
    db.close();
  });
});

/**
 * Schema migrations, applied in order at start; `PRAGMA user_version` records how many ran.
 * Never edit a migration that has shipped: add a new one.
 *
 * Times are stored as ISO 8601 UTC strings with milliseconds so that text order is time order.
 *
 * Data migrations that need the data key (sealing columns that were stored in clear) cannot run here, before
 * the key is known: they run in `openStore` once it is unlocked (sealed-columns.ts, `sealLegacyColumns`).
 */
import type BetterSqlite3 from 'better-sqlite3';

/**
 * A migration is SQL, or code for what SQL alone cannot do. `foreignKeysOff` runs it with foreign key
 * enforcement off (the pragma is ignored inside a transaction, so the runner sets it around the
 * transaction), as SQLite's table rebuild procedure requires; the runner checks the keys before committing.
 */
export type Migration = string | { readonly foreignKeysOff: boolean; run(db: BetterSqlite3.Database): void };

/**
 * Tables whose ids the API shows. SQLite gives a plain INTEGER PRIMARY KEY the largest id + 1, so after
 * retention purged the newest rows (or all of them) new rows got ids that had named other resources; with
 * AUTOINCREMENT an id is never given twice.
 */
const EXPOSED_ID_TABLES = [
  'companies',
  'sends',
  'receives',
  'updates',
  'events',
  'webhooks',
  'webhook_history',
] as const;

/**
 * Rebuilds `table` with `id INTEGER PRIMARY KEY AUTOINCREMENT` (SQLite's 12-step procedure): same columns,
 * rows and ids, its indexes and triggers recreated from their stored SQL. The FTS tables keep working: they
 * refer to the table by name and to the rows by id.
 */
function rebuildWithAutoincrement(db: BetterSqlite3.Database, table: string): void {
  const definition = db
    .prepare<[string], { sql: string }>(`SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?`)
    .get(table);
  if (!definition) throw new Error(`migration: no table ${table}`);
  if (/AUTOINCREMENT/i.test(definition.sql)) return;
  const pattern = new RegExp(`^CREATE TABLE\\s+"?${table}"?\\s*\\(\\s*id INTEGER PRIMARY KEY,`);
  if (!pattern.test(definition.sql)) throw new Error(`migration: unexpected definition of ${table}`);
  const rebuilt = definition.sql.replace(
    pattern,
    `CREATE TABLE ${table}_rebuilt (\n    id INTEGER PRIMARY KEY AUTOINCREMENT,`,
  );
  const dependents = db
    .prepare<[string], { sql: string }>(
      `SELECT sql FROM sqlite_master WHERE type IN ('index', 'trigger') AND tbl_name = ? AND sql IS NOT NULL
       ORDER BY type, name`,
    )
    .all(table);
  db.exec(rebuilt);
  db.exec(`INSERT INTO ${table}_rebuilt SELECT * FROM ${table}`);
  db.exec(`DROP TABLE ${table}`);
  db.exec(`ALTER TABLE ${table}_rebuilt RENAME TO ${table}`);
  for (const { sql } of dependents) db.exec(sql);
  // Copying the rows left sqlite_sequence at the largest id kept (renamed along with the table). Ids of
  // rows purged before this ran are not remembered anywhere; from here on none is given twice.
}

export const MIGRATIONS: readonly Migration[] = [
  `
  CREATE TABLE accounts (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    created TEXT NOT NULL
  );

  CREATE TABLE api_keys (
    id INTEGER PRIMARY KEY,
    account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    environment TEXT NOT NULL CHECK (environment IN ('test', 'live')),
    key_hash BLOB NOT NULL UNIQUE,
    hint TEXT NOT NULL,
    origins TEXT NOT NULL DEFAULT '[]',
    created TEXT NOT NULL,
    revoked TEXT
  );

  CREATE TABLE companies (
    id INTEGER PRIMARY KEY,
    account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    environment TEXT NOT NULL,
    vat TEXT NOT NULL,
    fiscal_code TEXT NOT NULL,
    name TEXT NOT NULL,
    created TEXT NOT NULL,
    version INTEGER NOT NULL DEFAULT 1,
    UNIQUE (environment, vat)
  );
  CREATE INDEX companies_owner ON companies (account_id, environment, id);
  CREATE INDEX companies_fiscal_code ON companies (environment, fiscal_code);

  CREATE TABLE sends (
    id INTEGER PRIMARY KEY,
    account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    environment TEXT NOT NULL,
    company_id INTEGER NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    identifier TEXT UNIQUE,
    file_name TEXT NOT NULL,
    format TEXT,
    encoding TEXT NOT NULL,
    payload BLOB NOT NULL,
    committente TEXT,
    prestatore TEXT,
    nome_committente TEXT,
    document_number TEXT,
    document_date TEXT,
    documents TEXT NOT NULL DEFAULT '[]',
    meta_data TEXT,
    latest_state TEXT,
    date_sent TEXT,
    last_update TEXT,
    created TEXT NOT NULL,
    version INTEGER NOT NULL DEFAULT 1
  );
  CREATE INDEX sends_owner ON sends (account_id, environment, id);
  CREATE INDEX sends_company ON sends (company_id, id);
  CREATE INDEX sends_committente ON sends (account_id, environment, committente);
  CREATE INDEX sends_prestatore ON sends (account_id, environment, prestatore);
  CREATE INDEX sends_file_name ON sends (environment, file_name);
  CREATE INDEX sends_document_number ON sends (account_id, environment, document_number);
  CREATE INDEX sends_document_date ON sends (account_id, environment, document_date);
  CREATE INDEX sends_date_sent ON sends (account_id, environment, date_sent);
  CREATE INDEX sends_last_update ON sends (account_id, environment, last_update);
  CREATE INDEX sends_created ON sends (account_id, environment, created);
  CREATE INDEX sends_latest_state ON sends (account_id, environment, latest_state);

  CREATE TABLE receives (
    id INTEGER PRIMARY KEY,
    account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    environment TEXT NOT NULL,
    company_id INTEGER NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    identifier TEXT,
    message_id TEXT,
    file_name TEXT NOT NULL,
    format TEXT,
    encoding TEXT NOT NULL,
    payload BLOB NOT NULL,
    committente TEXT,
    prestatore TEXT,
    nome_prestatore TEXT,
    document_number TEXT,
    document_date TEXT,
    documents TEXT NOT NULL DEFAULT '[]',
    is_read INTEGER NOT NULL DEFAULT 0,
    date_sent TEXT,
    last_update TEXT,
    created TEXT NOT NULL,
    version INTEGER NOT NULL DEFAULT 1
  );
  CREATE INDEX receives_owner ON receives (account_id, environment, id);
  CREATE INDEX receives_company ON receives (company_id, id);
  CREATE INDEX receives_identifier ON receives (account_id, environment, identifier);
  CREATE INDEX receives_unread ON receives (account_id, environment, is_read, id);
  CREATE INDEX receives_committente ON receives (account_id, environment, committente);
  CREATE INDEX receives_prestatore ON receives (account_id, environment, prestatore);
  CREATE INDEX receives_file_name ON receives (account_id, environment, file_name);
  CREATE INDEX receives_document_number ON receives (account_id, environment, document_number);
  CREATE INDEX receives_document_date ON receives (account_id, environment, document_date);
  CREATE INDEX receives_date_sent ON receives (account_id, environment, date_sent);
  CREATE INDEX receives_last_update ON receives (account_id, environment, last_update);
  CREATE INDEX receives_created ON receives (account_id, environment, created);

  -- SDI status updates of sent invoices; the simulated SDI writes them.
  CREATE TABLE updates (
    id INTEGER PRIMARY KEY,
    account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    environment TEXT NOT NULL,
    company_id INTEGER NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    send_id INTEGER NOT NULL REFERENCES sends(id) ON DELETE CASCADE,
    state TEXT NOT NULL,
    description TEXT,
    message_id TEXT,
    errors TEXT,
    is_read INTEGER NOT NULL DEFAULT 0,
    last_update TEXT NOT NULL,
    created TEXT NOT NULL,
    version INTEGER NOT NULL DEFAULT 1
  );
  CREATE INDEX updates_send ON updates (send_id, id);
  CREATE INDEX updates_company ON updates (company_id);

  -- Inbound invoices addressed to a recipient nobody has registered yet (spec: "no invoice is lost").
  CREATE TABLE held_invoices (
    id INTEGER PRIMARY KEY,
    environment TEXT NOT NULL,
    recipient TEXT NOT NULL,
    file_name TEXT NOT NULL,
    identifier TEXT NOT NULL,
    payload BLOB NOT NULL,
    encoding TEXT NOT NULL,
    created TEXT NOT NULL
  );
  CREATE INDEX held_invoices_recipient ON held_invoices (environment, recipient);

  CREATE TABLE events (
    id INTEGER PRIMARY KEY,
    account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    environment TEXT NOT NULL,
    api_key_id INTEGER NOT NULL,
    company_id INTEGER REFERENCES companies(id) ON DELETE CASCADE,
    method TEXT NOT NULL,
    endpoint TEXT NOT NULL,
    api_version INTEGER NOT NULL,
    status_code INTEGER NOT NULL,
    success INTEGER NOT NULL,
    date_time TEXT NOT NULL,
    error TEXT,
    resource_id INTEGER,
    user_agent TEXT,
    query TEXT,
    response_body BLOB,
    created TEXT NOT NULL,
    version INTEGER NOT NULL DEFAULT 1
  );
  CREATE INDEX events_owner ON events (account_id, environment, id);
  CREATE INDEX events_company ON events (company_id);
  CREATE INDEX events_date_time ON events (account_id, environment, date_time);
  CREATE INDEX events_status ON events (account_id, environment, status_code);

  CREATE TABLE operation_counts (
    account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    environment TEXT NOT NULL,
    operations INTEGER NOT NULL DEFAULT 0,
    signatures INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (account_id, environment)
  );

  -- Free-text search (q): trigram tokens give case-insensitive substring matches from an index.
  CREATE VIRTUAL TABLE sends_fts USING fts5(
    committente, prestatore, identifier, file_name, nome_committente,
    content='sends', content_rowid='id', tokenize='trigram'
  );
  CREATE TRIGGER sends_fts_insert AFTER INSERT ON sends BEGIN
    INSERT INTO sends_fts (rowid, committente, prestatore, identifier, file_name, nome_committente)
    VALUES (new.id, new.committente, new.prestatore, new.identifier, new.file_name, new.nome_committente);
  END;
  CREATE TRIGGER sends_fts_delete AFTER DELETE ON sends BEGIN
    INSERT INTO sends_fts (sends_fts, rowid, committente, prestatore, identifier, file_name, nome_committente)
    VALUES ('delete', old.id, old.committente, old.prestatore, old.identifier, old.file_name, old.nome_committente);
  END;
  CREATE TRIGGER sends_fts_update AFTER UPDATE OF committente, prestatore, identifier, file_name, nome_committente ON sends BEGIN
    INSERT INTO sends_fts (sends_fts, rowid, committente, prestatore, identifier, file_name, nome_committente)
    VALUES ('delete', old.id, old.committente, old.prestatore, old.identifier, old.file_name, old.nome_committente);
    INSERT INTO sends_fts (rowid, committente, prestatore, identifier, file_name, nome_committente)
    VALUES (new.id, new.committente, new.prestatore, new.identifier, new.file_name, new.nome_committente);
  END;

  CREATE VIRTUAL TABLE receives_fts USING fts5(
    committente, prestatore, identifier, file_name, nome_prestatore,
    content='receives', content_rowid='id', tokenize='trigram'
  );
  CREATE TRIGGER receives_fts_insert AFTER INSERT ON receives BEGIN
    INSERT INTO receives_fts (rowid, committente, prestatore, identifier, file_name, nome_prestatore)
    VALUES (new.id, new.committente, new.prestatore, new.identifier, new.file_name, new.nome_prestatore);
  END;
  CREATE TRIGGER receives_fts_delete AFTER DELETE ON receives BEGIN
    INSERT INTO receives_fts (receives_fts, rowid, committente, prestatore, identifier, file_name, nome_prestatore)
    VALUES ('delete', old.id, old.committente, old.prestatore, old.identifier, old.file_name, old.nome_prestatore);
  END;
  CREATE TRIGGER receives_fts_update AFTER UPDATE OF committente, prestatore, identifier, file_name, nome_prestatore ON receives BEGIN
    INSERT INTO receives_fts (receives_fts, rowid, committente, prestatore, identifier, file_name, nome_prestatore)
    VALUES ('delete', old.id, old.committente, old.prestatore, old.identifier, old.file_name, old.nome_prestatore);
    INSERT INTO receives_fts (rowid, committente, prestatore, identifier, file_name, nome_prestatore)
    VALUES (new.id, new.committente, new.prestatore, new.identifier, new.file_name, new.nome_prestatore);
  END;

  CREATE VIRTUAL TABLE companies_fts USING fts5(
    name, vat, fiscal_code, content='companies', content_rowid='id', tokenize='trigram'
  );
  CREATE TRIGGER companies_fts_insert AFTER INSERT ON companies BEGIN
    INSERT INTO companies_fts (rowid, name, vat, fiscal_code) VALUES (new.id, new.name, new.vat, new.fiscal_code);
  END;
  CREATE TRIGGER companies_fts_delete AFTER DELETE ON companies BEGIN
    INSERT INTO companies_fts (companies_fts, rowid, name, vat, fiscal_code)
    VALUES ('delete', old.id, old.name, old.vat, old.fiscal_code);
  END;
  CREATE TRIGGER companies_fts_update AFTER UPDATE OF name, vat, fiscal_code ON companies BEGIN
    INSERT INTO companies_fts (companies_fts, rowid, name, vat, fiscal_code)
    VALUES ('delete', old.id, old.name, old.vat, old.fiscal_code);
    INSERT INTO companies_fts (rowid, name, vat, fiscal_code) VALUES (new.id, new.name, new.vat, new.fiscal_code);
  END;
  `,
  `
  -- Small server-wide values: the data-key check, the sandbox clock setting.
  CREATE TABLE settings (
    key TEXT PRIMARY KEY,
    value BLOB NOT NULL
  );

  -- Stored responses of submissions made with an Idempotency-Key (spec "Idempotency rules").
  CREATE TABLE idempotency_keys (
    account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    environment TEXT NOT NULL,
    key TEXT NOT NULL,
    fingerprint BLOB NOT NULL,
    status INTEGER NOT NULL,
    body BLOB NOT NULL,
    location TEXT,
    created TEXT NOT NULL,
    expires TEXT NOT NULL,
    PRIMARY KEY (account_id, environment, key)
  );
  CREATE INDEX idempotency_keys_expires ON idempotency_keys (expires);
  `,
  `
  -- The simulated SDI's durable work queue, driven by the sandbox clock. A job runs in the transaction that
  -- marks it done, so it happens exactly once even across a kill -9.
  CREATE TABLE jobs (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    payload TEXT NOT NULL,
    due_at TEXT NOT NULL,
    state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'done', 'failed')),
    attempts INTEGER NOT NULL DEFAULT 0,
    last_error TEXT,
    created TEXT NOT NULL,
    finished_at TEXT,
    -- Whose invoice the job is about (for the sandbox queue view and reset); NULL for server-wide jobs.
    account_id INTEGER REFERENCES accounts(id) ON DELETE CASCADE,
    environment TEXT
  );
  CREATE INDEX jobs_due ON jobs (state, due_at, id);
  CREATE INDEX jobs_owner ON jobs (account_id, environment, state);

  -- Every Update keeps the notification file SDI issued for it, sealed like payloads.
  ALTER TABLE updates ADD COLUMN notification_name TEXT;
  ALTER TABLE updates ADD COLUMN notification BLOB;
  CREATE INDEX updates_owner ON updates (account_id, environment, id);
  CREATE INDEX updates_last_update ON updates (account_id, environment, last_update);
  CREATE INDEX updates_unread ON updates (account_id, environment, is_read, id);

  -- Identifying data of every invoice body SDI accepted, for its duplicate check (00404).
  CREATE TABLE sdi_documents (
    send_id INTEGER NOT NULL REFERENCES sends(id) ON DELETE CASCADE,
    environment TEXT NOT NULL,
    seller TEXT NOT NULL,
    tipo TEXT,
    data TEXT,
    numero TEXT
  );
  CREATE INDEX sdi_documents_key ON sdi_documents (environment, seller, numero);
  CREATE INDEX sdi_documents_send ON sdi_documents (send_id);

  -- Retention purges scan by age.
  CREATE INDEX sends_retention ON sends (environment, last_update);
  CREATE INDEX receives_retention ON receives (environment, created);
  CREATE INDEX events_retention ON events (created);
  `,
  `
  -- Webhook subscriptions and their delivery attempts (contract "Webhooks").
  CREATE TABLE webhooks (
    id INTEGER PRIMARY KEY,
    account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    environment TEXT NOT NULL,
    company_id INTEGER REFERENCES companies(id) ON DELETE CASCADE,
    url TEXT NOT NULL,
    enabled INTEGER NOT NULL DEFAULT 1,
    secret BLOB NOT NULL,
    description TEXT,
    events TEXT,
    failing_since TEXT,
    failure_notified_at TEXT,
    created TEXT NOT NULL,
    version INTEGER NOT NULL DEFAULT 1
  );
  CREATE INDEX webhooks_owner ON webhooks (account_id, environment, id);
  CREATE INDEX webhooks_company ON webhooks (company_id);

  CREATE TABLE webhook_history (
    id INTEGER PRIMARY KEY,
    webhook_id INTEGER NOT NULL REFERENCES webhooks(id) ON DELETE CASCADE,
    account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    environment TEXT NOT NULL,
    event TEXT,
    status_code INTEGER NOT NULL,
    error TEXT,
    date_time TEXT NOT NULL,
    success INTEGER NOT NULL,
    created TEXT NOT NULL,
    version INTEGER NOT NULL DEFAULT 1
  );
  CREATE INDEX webhook_history_owner ON webhook_history (account_id, environment, id);
  CREATE INDEX webhook_history_webhook ON webhook_history (webhook_id, id);
  `,
  `
  -- Keys made for one server process (the desktop run key, the browser UI's session key) remember that process,
  -- so a later start can revoke the ones a killed process never did.
  ALTER TABLE api_keys ADD COLUMN session_pid INTEGER;
  CREATE INDEX api_keys_sessions ON api_keys (session_pid) WHERE session_pid IS NOT NULL AND revoked IS NULL;
  `,
  `
  -- Who sent a held invoice, so that a sandbox reset takes back what the caller left waiting.
  ALTER TABLE held_invoices ADD COLUMN sender_account_id INTEGER REFERENCES accounts(id) ON DELETE SET NULL;
  CREATE INDEX held_invoices_sender ON held_invoices (sender_account_id, environment);
  `,
  `
  -- Free-text search (q) finds an invoice by its number too (e.g. FT/2015/0008): the indexes are rebuilt with it.
  DROP TRIGGER sends_fts_insert;
  DROP TRIGGER sends_fts_delete;
  DROP TRIGGER sends_fts_update;
  DROP TABLE sends_fts;
  CREATE VIRTUAL TABLE sends_fts USING fts5(
    committente, prestatore, identifier, file_name, nome_committente, document_number,
    content='sends', content_rowid='id', tokenize='trigram'
  );
  CREATE TRIGGER sends_fts_insert AFTER INSERT ON sends BEGIN
    INSERT INTO sends_fts (rowid, committente, prestatore, identifier, file_name, nome_committente, document_number)
    VALUES (new.id, new.committente, new.prestatore, new.identifier, new.file_name, new.nome_committente, new.document_number);
  END;
  CREATE TRIGGER sends_fts_delete AFTER DELETE ON sends BEGIN
    INSERT INTO sends_fts (sends_fts, rowid, committente, prestatore, identifier, file_name, nome_committente, document_number)
    VALUES ('delete', old.id, old.committente, old.prestatore, old.identifier, old.file_name, old.nome_committente, old.document_number);
  END;
  CREATE TRIGGER sends_fts_update AFTER UPDATE OF committente, prestatore, identifier, file_name, nome_committente, document_number ON sends BEGIN
    INSERT INTO sends_fts (sends_fts, rowid, committente, prestatore, identifier, file_name, nome_committente, document_number)
    VALUES ('delete', old.id, old.committente, old.prestatore, old.identifier, old.file_name, old.nome_committente, old.document_number);
    INSERT INTO sends_fts (rowid, committente, prestatore, identifier, file_name, nome_committente, document_number)
    VALUES (new.id, new.committente, new.prestatore, new.identifier, new.file_name, new.nome_committente, new.document_number);
  END;
  INSERT INTO sends_fts (sends_fts) VALUES ('rebuild');

  DROP TRIGGER receives_fts_insert;
  DROP TRIGGER receives_fts_delete;
  DROP TRIGGER receives_fts_update;
  DROP TABLE receives_fts;
  CREATE VIRTUAL TABLE receives_fts USING fts5(
    committente, prestatore, identifier, file_name, nome_prestatore, document_number,
    content='receives', content_rowid='id', tokenize='trigram'
  );
  CREATE TRIGGER receives_fts_insert AFTER INSERT ON receives BEGIN
    INSERT INTO receives_fts (rowid, committente, prestatore, identifier, file_name, nome_prestatore, document_number)
    VALUES (new.id, new.committente, new.prestatore, new.identifier, new.file_name, new.nome_prestatore, new.document_number);
  END;
  CREATE TRIGGER receives_fts_delete AFTER DELETE ON receives BEGIN
    INSERT INTO receives_fts (receives_fts, rowid, committente, prestatore, identifier, file_name, nome_prestatore, document_number)
    VALUES ('delete', old.id, old.committente, old.prestatore, old.identifier, old.file_name, old.nome_prestatore, old.document_number);
  END;
  CREATE TRIGGER receives_fts_update AFTER UPDATE OF committente, prestatore, identifier, file_name, nome_prestatore, document_number ON receives BEGIN
    INSERT INTO receives_fts (receives_fts, rowid, committente, prestatore, identifier, file_name, nome_prestatore, document_number)
    VALUES ('delete', old.id, old.committente, old.prestatore, old.identifier, old.file_name, old.nome_prestatore, old.document_number);
    INSERT INTO receives_fts (rowid, committente, prestatore, identifier, file_name, nome_prestatore, document_number)
    VALUES (new.id, new.committente, new.prestatore, new.identifier, new.file_name, new.nome_prestatore, new.document_number);
  END;
  INSERT INTO receives_fts (receives_fts) VALUES ('rebuild');
  `,
  {
    foreignKeysOff: true,
    run(db) {
      for (const table of EXPOSED_ID_TABLES) rebuildWithAutoincrement(db, table);
    },
  },
  `
  -- List filters by company or by file name within an account: with only the owner index (account, environment,
  -- id) and company_id's or file_name's own, the planner walked every invoice of the account (bench/million.ts).
  CREATE INDEX sends_owner_company ON sends (account_id, environment, company_id, id);
  CREATE INDEX sends_owner_file_name ON sends (account_id, environment, file_name);
  CREATE INDEX receives_owner_company ON receives (account_id, environment, company_id, id);
  `,
  `
  -- What a webhook delivery sent and got back, and how long it took, for the app's delivery history
  -- (GET /_sandbox/webhookhistory); openapi.yml's WebHookHistory has no room for them. Bodies are sealed.
  ALTER TABLE webhook_history ADD COLUMN request_body BLOB;
  ALTER TABLE webhook_history ADD COLUMN response_body BLOB;
  ALTER TABLE webhook_history ADD COLUMN duration_ms INTEGER;
  `,
  `
  -- Free-text search (q) at scale checks its candidate rows against the text column by column (list-query.ts,
  -- fullTextClause). Read from the table, each row costs a page of its own (the sealed payload makes a row
  -- ~2.7 KB); read from these indexes, keyed as the owner index is, a candidate costs about a fifth of that:
  -- 2,000 matches among a million sends in ~3.5 ms instead of ~15 (bench/results.md).
  CREATE INDEX sends_search_text ON sends (account_id, environment, id,
    committente, prestatore, identifier, file_name, nome_committente, document_number);
  CREATE INDEX receives_search_text ON receives (account_id, environment, id,
    committente, prestatore, identifier, file_name, nome_prestatore, document_number);
  -- company_id with latest_state: each alone had an index, the two together walked every invoice of the
  -- company (~194 ms p50 at a million sends). Row ids follow the two columns, so a page in id order is a range.
  CREATE INDEX sends_owner_company_state ON sends (account_id, environment, company_id, latest_state);
  `,
  `
  -- Each account's sandbox has a clock of its own: a move by one account's test key changes nothing of another
  -- account's, nor any live data, which follows real time. Only accounts that moved theirs have a row (instants in
  -- ms since the epoch). The one server-wide clock of earlier versions becomes each existing account's.
  CREATE TABLE sandbox_clocks (
    account_id INTEGER PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
    offset_ms INTEGER NOT NULL DEFAULT 0,
    frozen_at INTEGER
  );
  INSERT INTO sandbox_clocks (account_id, offset_ms, frozen_at)
    SELECT accounts.id,
      coalesce(json_extract(CAST(settings.value AS TEXT), '$.offsetMs'), 0),
      json_extract(CAST(settings.value AS TEXT), '$.frozenAt')
    FROM accounts, settings
    WHERE settings.key = 'sandbox_clock' AND json_valid(CAST(settings.value AS TEXT));
  DELETE FROM settings WHERE key = 'sandbox_clock';

  -- Jobs run in lanes: SDI's steps and the server's upkeep in one, webhook deliveries (which wait on other
  -- people's servers) in another, so a receiver that never answers cannot hold up SDI or other accounts.
  ALTER TABLE jobs ADD COLUMN lane TEXT NOT NULL DEFAULT 'sdi';
  UPDATE jobs SET lane = 'webhook' WHERE kind = 'webhook.deliver';
  -- Jobs with the same serial key run one at a time, in due order (one webhook's deliveries); others meanwhile.
  ALTER TABLE jobs ADD COLUMN serial TEXT;
  UPDATE jobs SET serial = 'webhook:' || json_extract(payload, '$.webhookId') WHERE kind = 'webhook.deliver';
  DROP INDEX jobs_due;
  CREATE INDEX jobs_due ON jobs (lane, state, due_at, id);
  CREATE INDEX jobs_owner_due ON jobs (account_id, environment, lane, state, due_at, id);
  `,
  `
  -- The sandbox's directory of public administration offices (its IPA), one for the data folder: an FPA12 sent
  -- with a test key to an office code it does not list is discarded with 00311, to an inactive one with 00312.
  -- Test keys keep it through /_sandbox/pa-offices. It starts with the offices of the reference samples and the
  -- sandbox's own codes (docs/sandbox.md "Public administration offices").
  CREATE TABLE pa_offices (
    code TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1))
  ) WITHOUT ROWID;
  INSERT INTO pa_offices (code, name) VALUES
    ('AAAAAA', 'Pubblica Amministrazione di prova (esempi ufficiali FatturaPA FPA01-FPA03)'),
    ('UFPQ1O', 'Ufficio degli esempi reali FPA12 della documentazione di riferimento'),
    ('UFSBX1', 'Ufficio Sandbox delle fatture generate (sample --pa, /_sandbox/inbound)'),
    ('SBXACC', 'Ufficio Sandbox che accetta le fatture (EC01)'),
    ('SBXRIF', 'Ufficio Sandbox che rifiuta le fatture (EC02)'),
    ('SBXNCO', 'Ufficio Sandbox non raggiungibile (NonConsegnato)');
  `,
  `
  -- The files SDI sends the recipient of an invoice besides the invoice: the metadata file (MT) that comes with it,
  -- the refusal (SE) of an outcome SDI could not admit. Sealed like the notifications of updates. One about an
  -- invoice to a public administration outside the sandbox, which the sender plays, is kept with the Send.
  CREATE TABLE recipient_notifications (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    environment TEXT NOT NULL,
    receive_id INTEGER REFERENCES receives(id) ON DELETE CASCADE,
    send_id INTEGER REFERENCES sends(id) ON DELETE CASCADE,
    type TEXT NOT NULL,
    file_name TEXT NOT NULL,
    message_id TEXT NOT NULL,
    created TEXT NOT NULL,
    notification BLOB NOT NULL,
    CHECK ((receive_id IS NULL) <> (send_id IS NULL))
  );
  -- Also what the cascades look up when invoices go (retention deletes them by the thousand).
  CREATE INDEX recipient_notifications_receive ON recipient_notifications (receive_id, id);
  CREATE INDEX recipient_notifications_send ON recipient_notifications (send_id, id);
  `,
  `
  -- A fault the sandbox injected into a request (Sandbox-Fault header or a fault rule, http/faults/): its kind and
  -- source as JSON, shown by the log view (/_sandbox/log) and the console's API log; null for every other entry.
  ALTER TABLE events ADD COLUMN fault TEXT;
  `,
  `
  -- A delivery sent again by hand (POST /_sandbox/webhookhistory/{id}/redeliver) names the one it repeats.
  ALTER TABLE webhook_history ADD COLUMN redelivery_of INTEGER REFERENCES webhook_history(id) ON DELETE SET NULL;
  `,
];

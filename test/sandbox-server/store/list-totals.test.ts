import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSandboxStore } from '../../../src/sandbox-server/server.ts';
import { Database } from '../../../src/sandbox-server/store/sqlite-driver.ts';
import type { Store } from '../../../src/sandbox-server/store/store.ts';
import type { JsonListResult } from '../../../src/sandbox-server/store/list-query.ts';
import type { SendListQuery } from '../../../src/sandbox-server/store/sends.ts';
import type { UpdateListQuery } from '../../../src/sandbox-server/store/updates.ts';
import { storedInvoice } from '../../support/stored-invoices.ts';

/**
 * List totals (`Service-Total-Count`) and serialized pages are kept between calls until a table they read
 * changes (list-query.ts, ListCache): whatever changes the rows, through this connection, another one, a
 * rollback or a subquery's table, the next answer must be the database's.
 */
const dir = mkdtempSync(join(tmpdir(), 'scambio-list-totals-'));
const NOW = '2026-01-01T00:00:00.000Z';
let store: Store;
let scope: { accountId: number; environment: 'test' };
let companyId: number;
let numbered = 0;

beforeAll(() => {
  store = openSandboxStore(dir);
  scope = { accountId: store.accounts.ensure('a', NOW), environment: 'test' };
  companyId = store.companies.insert(
    scope,
    { vat: 'IT01234567897', fiscal_code: '01234567897', name: 'Acme Srl' },
    NOW,
  ).id;
});
afterAll(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

function addSend(customer = 'Cliente Rossi'): number {
  const n = numbered++;
  return store.sends.insert(scope, {
    ...storedInvoice(n, companyId, { created: NOW }),
    nomeCommittente: customer,
    metaData: null,
  }).id;
}

function trueCount(where = '1'): number {
  return (
    store.db
      .prepare(`SELECT count(*) AS n FROM sends WHERE account_id = ? AND environment = ? AND ${where}`)
      .get(scope.accountId, scope.environment) as { n: number }
  ).n;
}

/** A full first page of 2, so the total comes from a count (a page that is not full ends the list). */
const firstPage = (extra: Partial<SendListQuery> = {}): SendListQuery => ({
  sorting: null,
  paging: { page: 1, pageSize: 2 },
  ...extra,
});

/** A serialized page as the text a client reads. */
const text = (page: JsonListResult) => page.bytes.toString('utf8');

/** The next event-loop turn: where the next request would be read. */
const nextRun = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('list totals and pages', () => {
  it('follow inserts, deletes and updates through this connection', () => {
    for (let i = 0; i < 5; i++) addSend();
    expect(store.sends.listJson(scope, firstPage()).total).toBe(5);
    expect(store.sends.listJson(scope, firstPage()).total).toBe(5);
    const sixth = addSend();
    expect(store.sends.listJson(scope, firstPage()).total).toBe(6);
    store.db.prepare('DELETE FROM sends WHERE id = ?').run(sixth);
    expect(store.sends.listJson(scope, firstPage()).total).toBe(5);
    const byState = firstPage({ latest_state: 'Consegnato' });
    store.sends.recordSdi(scope, 1, { latestState: 'Consegnato', lastUpdate: NOW });
    store.sends.recordSdi(scope, 2, { latestState: 'Consegnato', lastUpdate: NOW });
    expect(store.sends.listJson(scope, byState).total).toBe(2);
    store.sends.recordSdi(scope, 3, { latestState: 'Consegnato', lastUpdate: NOW });
    expect(store.sends.listJson(scope, byState).total).toBe(trueCount("latest_state = 'Consegnato'"));
    expect(store.sends.listJson(scope, byState).total).toBe(3);
  });

  it('follow commits by another connection to the same file', async () => {
    const before = store.sends.listJson(scope, firstPage()).total;
    const other = new Database(join(dir, 'scambio.sqlite'));
    try {
      const id = addSend();
      expect(store.sends.listJson(scope, firstPage()).total).toBe(before + 1);
      other.prepare('DELETE FROM sends WHERE id = ?').run(id);
    } finally {
      other.close();
    }
    // Another process's commit is seen from the next synchronous run on (store/table-changes.ts), as by the
    // next request.
    await nextRun();
    expect(store.sends.listJson(scope, firstPage()).total).toBe(before);
  });

  it('are not kept from inside a transaction that rolls back', () => {
    const before = store.sends.listJson(scope, firstPage()).total;
    expect(() =>
      store.transaction(() => {
        addSend();
        expect(store.sends.listJson(scope, firstPage()).total).toBe(before + 1);
        throw new Error('roll back');
      }),
    ).toThrow('roll back');
    expect(store.sends.listJson(scope, firstPage()).total).toBe(before);
    expect(trueCount()).toBe(before);
  });

  it('of a search follow the rows the search finds', () => {
    const search = firstPage({ q: 'Bianchi' });
    addSend('Studio Bianchi');
    addSend('Bianchi Srl');
    expect(store.sends.listJson(scope, search).total).toBe(2);
    // Cached now: a later page is cut from the same total.
    expect(store.sends.listJson(scope, { ...search, paging: { page: 2, pageSize: 1 } }).total).toBe(2);
    addSend('Bianchi e Figli');
    expect(store.sends.listJson(scope, search).total).toBe(3);
    store.db
      .prepare("UPDATE sends SET nome_committente = 'Verdi' WHERE nome_committente = 'Bianchi Srl'")
      .run();
    expect(store.sends.listJson(scope, search).total).toBe(2);
  });

  it('of updates filtered through their invoices follow changes to the invoices', () => {
    const [first, second] = [addSend(), addSend()];
    for (const sendId of [first, first, first, second, second]) {
      store.updates.insert(scope, {
        sendId: sendId!,
        companyId,
        state: 'Consegnato',
        description: null,
        messageId: null,
        errors: null,
        notification: null,
        at: NOW,
      });
    }
    const query: UpdateListQuery = {
      committente: 'IT09876543210',
      sorting: null,
      paging: { page: 1, pageSize: 2 },
    };
    expect(store.updates.list(scope, query).total).toBe(5);
    // Only the invoices change, not the updates: the total still follows.
    store.db.prepare("UPDATE sends SET committente = 'IT00000000000' WHERE id = ?").run(second);
    expect(store.updates.list(scope, query).total).toBe(3);
  });

  it('serve a page as it is now, after any change to one of its rows', async () => {
    const query = firstPage();
    const before = store.sends.listJson(scope, query);
    expect(store.sends.listJson(scope, query)).toBe(before); // the same page, kept
    const [first] = JSON.parse(text(before)) as { id: number; nome_committente: string }[];
    store.db.prepare("UPDATE sends SET nome_committente = 'Gialli' WHERE id = ?").run(first!.id);
    expect(JSON.parse(text(store.sends.listJson(scope, query)))[0].nome_committente).toBe('Gialli');
    const other = new Database(join(dir, 'scambio.sqlite'));
    try {
      other.prepare("UPDATE sends SET nome_committente = 'Neri' WHERE id = ?").run(first!.id);
    } finally {
      other.close();
    }
    await nextRun();
    const after = store.sends.listJson(scope, query);
    expect(JSON.parse(text(after))[0].nome_committente).toBe('Neri');
    // And exactly what list() builds from the rows.
    expect(text(after)).toBe(JSON.stringify(store.sends.list(scope, query).rows));
  });

  it('of deep pages, started from rows earlier pages remembered, are the pages OFFSET gives', () => {
    store.transaction(() => {
      for (let i = 0; i < 2500; i++) addSend(`Deep ${i % 7}`);
    });
    const orders = [
      { sql: 'id ASC', sorting: null },
      { sql: 'id DESC', sorting: { column: 'id', descending: true } },
      { sql: 'created DESC, id DESC', sorting: { column: 'created', descending: true } },
      { sql: 'company_id ASC, id ASC', sorting: { column: 'company_id', descending: false } },
    ];
    const direct = (order: string, page: number) =>
      store.db
        .prepare(
          `SELECT id FROM sends WHERE account_id = ? AND environment = ? ORDER BY ${order} LIMIT 100 OFFSET ?`,
        )
        .pluck()
        .all(scope.accountId, scope.environment, (page - 1) * 100);
    const listed = (sorting: SendListQuery['sorting'], page: number) =>
      (
        JSON.parse(text(store.sends.listJson(scope, { sorting, paging: { page, pageSize: 100 } }))) as {
          id: number;
        }[]
      ).map((r) => r.id);
    for (const { sql, sorting } of orders) {
      // Out of order, and again after a change, so later pages start from anchors of earlier ones.
      for (const page of [12, 20, 15, 26, 13, 21, 25, 11])
        expect(listed(sorting, page), `${sql} ${page}`).toEqual(direct(sql, page));
      store.db
        .prepare('DELETE FROM sends WHERE id = (SELECT min(id) FROM sends WHERE nome_committente = ?)')
        .run('Deep 3');
      for (const page of [14, 22, 19])
        expect(listed(sorting, page), `${sql} ${page}`).toEqual(direct(sql, page));
    }
  });

  it('of a page that is not full come from the page itself, past the end from a count', () => {
    const total = trueCount();
    const last = Math.ceil(total / 2);
    const lastPage = store.sends.listJson(scope, { sorting: null, paging: { page: last, pageSize: 2 } });
    expect(lastPage.total).toBe(total);
    const beyond = store.sends.listJson(scope, { sorting: null, paging: { page: last + 5, pageSize: 2 } });
    expect(beyond.total).toBe(total);
    expect(beyond.bytes.toString('utf8')).toBe('[]');
  });
});

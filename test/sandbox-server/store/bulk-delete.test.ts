import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSandboxStore } from '../../../src/sandbox-server/server.ts';
import { RetentionRepository } from '../../../src/sandbox-server/store/retention.ts';
import { finishedStates } from '../../../src/sandbox-server/sdi/transitions.ts';
import type { Store } from '../../../src/sandbox-server/store/store.ts';
import { italianVat } from '../../support/invoices.ts';
import { storedInvoice } from '../../support/stored-invoices.ts';

/**
 * Statement journals live in memory (database.ts), so bulk deletions run in chunks of rows (retention.ts). The
 * chunks must add up to what one DELETE did: every matching row, counted once, the search index kept in step,
 * and nothing of another account touched. A chunk of 4 rows makes the edges (an exact multiple, a remainder)
 * easy to reach.
 */
const dir = mkdtempSync(join(tmpdir(), 'scambio-bulk-delete-'));
const OLD = '2025-01-01T00:00:00.000Z';
const NEW = '2026-06-01T00:00:00.000Z';
let store: Store;
let numbered = 0;

type Scope = { accountId: number; environment: 'test' };

function account(name: string): { scope: Scope; companyId: number } {
  const scope: Scope = { accountId: store.accounts.ensure(name, OLD), environment: 'test' };
  const vat = italianVat(7_000 + numbered++);
  const companyId = store.companies.insert(
    scope,
    { vat, fiscal_code: vat.slice(2), name: `${name} Srl` },
    OLD,
  ).id;
  return { scope, companyId };
}

/** The next stored invoice of a company, with an SDI identifier of its own. */
function invoice(companyId: number, created: string) {
  const n = numbered++;
  return storedInvoice(n, companyId, { identifier: String(100_000 + n), created });
}

function addSends(owner: { scope: Scope; companyId: number }, count: number): void {
  for (let i = 0; i < count; i++) {
    store.sends.insert(owner.scope, {
      ...invoice(owner.companyId, OLD),
      nomeCommittente: 'Cliente Bulk',
      metaData: null,
    });
  }
}

function addReceives(owner: { scope: Scope; companyId: number }, count: number, created: string): void {
  for (let i = 0; i < count; i++) {
    store.receives.insert(owner.scope, {
      ...invoice(owner.companyId, created),
      nomePrestatore: 'Fornitore Bulk',
      messageId: String(numbered),
    });
  }
}

function rows(table: 'sends' | 'receives' | 'companies', scope: Scope): number {
  return (
    store.db
      .prepare(`SELECT count(*) AS n FROM ${table} WHERE account_id = ? AND environment = ?`)
      .get(scope.accountId, scope.environment) as { n: number }
  ).n;
}

function searchHits(text: string): number {
  return (
    store.db.prepare('SELECT count(*) AS n FROM sends_fts WHERE sends_fts MATCH ?').get(`"${text}"`) as {
      n: number;
    }
  ).n;
}

beforeAll(() => {
  store = openSandboxStore(dir);
});
afterAll(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('bulk deletions in chunks', () => {
  it('keeps statement journals in memory, where a write touching many pages no longer makes a file', () => {
    expect(store.db.pragma('temp_store', { simple: true })).toBe(2);
  });

  it('resets one account across several chunks, counts each row once and leaves the other account alone', () => {
    const a = account('bulk-a');
    const b = account('bulk-b');
    addSends(a, 23);
    addReceives(a, 8, OLD);
    addSends(b, 5);
    const retention = new RetentionRepository(store.db, 4);

    const counts = store.transaction(() => retention.resetScope(a.scope));

    expect(counts).toMatchObject({ send: 23, receive: 8, company: 1 });
    expect([rows('sends', a.scope), rows('receives', a.scope), rows('companies', a.scope)]).toEqual([
      0, 0, 0,
    ]);
    expect([rows('sends', b.scope), rows('companies', b.scope)]).toEqual([5, 1]);
    // The search index follows: b's five remain findable, and the index agrees with its table.
    expect(searchHits('Cliente Bulk')).toBe(5);
    expect(() => store.db.exec("INSERT INTO sends_fts (sends_fts) VALUES ('integrity-check')")).not.toThrow();
  });

  it('purges by age in chunks, an exact multiple of the chunk included, and keeps the recent ones', () => {
    const c = account('bulk-c');
    addReceives(c, 8, OLD);
    addReceives(c, 3, NEW);
    const retention = new RetentionRepository(store.db, 4);

    const cutoff = '2025-06-01T00:00:00.000Z';
    const purged = store.transaction(() =>
      retention.purgeAged(
        'test',
        'real-time',
        { sends: cutoff, receives: cutoff, events: cutoff },
        finishedStates(),
      ),
    );

    expect(purged.receive).toBe(8);
    expect(rows('receives', c.scope)).toBe(3);
  });
});

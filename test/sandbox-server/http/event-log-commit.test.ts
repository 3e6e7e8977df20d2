import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database } from '../../../src/sandbox-server/store/sqlite-driver.ts';
import type { NewEvent } from '../../../src/sandbox-server/store/events.ts';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.ts';
import { startSandboxProcess } from '../../support/sandbox-process.ts';

/**
 * The request log commits entries in groups (one transaction per event-loop turn, store/events.ts), and a
 * response leaves only after its entry's group committed (http/event-log.ts): whatever a client saw answered is
 * in the database file, for any other connection (or the next process) to read.
 */
let sandbox: TestSandbox;
let key: string;

beforeAll(async () => {
  sandbox = await startTestSandbox({ rateLimits: 'unlimited', sdiDelayMs: 3_600_000 });
  key = sandbox.server.services.keys.create({ account: 'group-commit', environment: 'test' }).key;
});
afterAll(() => sandbox.close());

function event(overrides: Partial<NewEvent> = {}): NewEvent {
  return {
    apiKeyId: 1,
    companyId: null,
    method: 'GET',
    endpoint: '/v1/unit',
    apiVersion: 1,
    statusCode: 200,
    dateTime: new Date().toISOString(),
    error: null,
    resourceId: null,
    userAgent: null,
    query: null,
    responseBody: '{}',
    ...overrides,
  };
}

describe('the request log under concurrent requests', () => {
  it('has every answered request committed by the time its answer arrives', async () => {
    const reader = new Database(join(sandbox.dataDir, 'scambio.sqlite'), { readonly: true });
    const committed = reader.prepare('SELECT count(*) AS n FROM events WHERE endpoint = ?').pluck();
    try {
      // Many at once, so that several finish in the same turn and share a commit.
      const base = 700_000 + Math.floor(Math.random() * 100_000);
      const seen = await Promise.all(
        Array.from({ length: 40 }, async (_, i) => {
          const res = await request(`${sandbox.origin}/v1/send/${base + i}`, {
            headers: { authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}` },
          });
          await res.body.dump();
          // Read through another connection the moment the answer is in: it must already be on disk.
          return { status: res.statusCode, logged: committed.get(`/v1/send/${base + i}`) as number };
        }),
      );
      expect(seen.map((s) => s.status)).toEqual(seen.map(() => 404));
      expect(seen.map((s) => s.logged)).toEqual(seen.map(() => 1));
    } finally {
      reader.close();
    }
  });
});

describe('a response waiting for its commit', () => {
  it('does not leave while the database cannot commit, and leaves logged once it can', async () => {
    // The server in its own process, so this one can hold the database's write lock while the server answers.
    const dataDir = mkdtempSync(join(tmpdir(), 'scambio-group-commit-'));
    const server = await startSandboxProcess(dataDir, ['--rate-limit', 'unlimited', '--sdi-delay', '24h']);
    const file = join(dataDir, 'scambio.sqlite');
    const lock = new Database(file);
    const reader = new Database(file, { readonly: true });
    try {
      const origin = server.url.replace(/\/v1$/, '');
      const authorization = `Basic ${Buffer.from(`${server.firstKey}:`).toString('base64')}`;
      const get = (path: string) =>
        request(`${origin}${path}`, { headers: { authorization } }).then(async (res) => {
          await res.body.dump();
          return res.statusCode;
        });
      expect(await get('/v1/send/1')).toBe(404); // warm: the key's account exists, the routes are loaded
      const logged = reader.prepare('SELECT count(*) AS n FROM events WHERE endpoint = ?').pluck();
      lock.exec('BEGIN IMMEDIATE');
      let locked = true;
      const answers = await Promise.all([
        ...Array.from({ length: 10 }, async (_, i) => {
          const status = await get(`/v1/send/${900_000 + i}`);
          return { status, whileLocked: locked, logged: logged.get(`/v1/send/${900_000 + i}`) as number };
        }),
        new Promise<null>((resolve) =>
          setTimeout(() => {
            locked = false;
            lock.exec('ROLLBACK');
            resolve(null);
          }, 500),
        ),
      ]);
      const received = answers.filter((a) => a !== null);
      expect(received.map((a) => a.whileLocked)).toEqual(received.map(() => false));
      expect(received.map((a) => [a.status, a.logged])).toEqual(received.map(() => [404, 1]));
    } finally {
      if (lock.inTransaction) lock.exec('ROLLBACK');
      lock.close();
      reader.close();
      server.child.kill('SIGTERM');
      await server.exited;
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('a group commit', () => {
  it('commits the entries queued in one turn together, each told its id once', async () => {
    const store = sandbox.server.store;
    const scope = {
      accountId: store.accounts.ensure('unit-group', new Date().toISOString()),
      environment: 'test' as const,
    };
    const told: ({ id: number } | { error: unknown })[] = [];
    for (let i = 0; i < 5; i++)
      store.events.record(scope, event({ endpoint: `/v1/unit/${i}` }), (o) => told.push(o));
    expect(told).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(told).toHaveLength(5);
    const ids = told.map((o) => ('id' in o ? o.id : -1));
    expect(ids.every((id) => id > 0)).toBe(true);
    expect(new Set(ids).size).toBe(5);
    for (const [i, id] of ids.entries()) expect(store.events.get(scope, id)?.endpoint).toBe(`/v1/unit/${i}`);
  });

  it('loses only the entry that cannot be stored, not the others of its group', async () => {
    const store = sandbox.server.store;
    const scope = {
      accountId: store.accounts.ensure('unit-bad', new Date().toISOString()),
      environment: 'test' as const,
    };
    const told: ({ id: number } | { error: unknown })[] = [];
    store.events.record(scope, event({ endpoint: '/v1/unit/before' }), (o) => told.push(o));
    // A company that does not exist (deleted by its own request, say): the foreign key refuses the row.
    store.events.record(scope, event({ endpoint: '/v1/unit/bad', companyId: 987_654_321 }), (o) =>
      told.push(o),
    );
    store.events.record(scope, event({ endpoint: '/v1/unit/after' }), (o) => told.push(o));
    store.events.flush();
    expect(told.map((o) => ('id' in o ? 'id' : 'error'))).toEqual(['id', 'error', 'id']);
    const [before, , after] = told as { id: number }[];
    expect(store.events.get(scope, before!.id)?.endpoint).toBe('/v1/unit/before');
    expect(store.events.get(scope, after!.id)?.endpoint).toBe('/v1/unit/after');
  });

  it('stores a body logged again and again (a polled list) each time whole, each sealed on its own', () => {
    const store = sandbox.server.store;
    const scope = {
      accountId: store.accounts.ensure('unit-repeat', new Date().toISOString()),
      environment: 'test' as const,
    };
    const page = JSON.stringify(Array.from({ length: 60 }, (_, i) => ({ id: i, name: `Cliente ${i} Srl` })));
    // More different bodies than the deflated forms kept, then the first again: every one reads back whole.
    const bodies = [page, ...Array.from({ length: 40 }, (_, i) => `${page}${' '.repeat(i + 1)}`), page, page];
    const ids = bodies.map((responseBody) => store.events.insert(scope, event({ responseBody })));
    for (const [i, id] of ids.entries()) expect(store.events.get(scope, id)?.response_body).toBe(bodies[i]);
    const reader = new Database(join(sandbox.dataDir, 'scambio.sqlite'), { readonly: true });
    try {
      const sealed = reader
        .prepare(`SELECT response_body FROM events WHERE id IN (${ids.slice(-2).join(',')})`)
        .pluck()
        .all() as Buffer[];
      expect(sealed).toHaveLength(2);
      expect(sealed[0]!.equals(sealed[1]!)).toBe(false);
    } finally {
      reader.close();
    }
  });
});

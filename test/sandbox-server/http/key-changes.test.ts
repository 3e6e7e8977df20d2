import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliCommand } from '../../support/sandbox-process.ts';
import { ApiCaller, startTestSandbox, type TestSandbox } from '../../support/sandbox.ts';

/**
 * The server keeps the keys requests authenticate with in memory (store/accounts.ts) until the key tables
 * change. A change made anywhere must count from the next request: by the CLI on the folder of the running
 * server (another process, another connection), by the server itself, or not at all when it rolled back.
 */
let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

function cli(args: string[]): string {
  return execFileSync(process.execPath, [...cliCommand(), ...args, '--data-dir', sandbox.dataDir], {
    encoding: 'utf8',
  });
}

function newKey(account: string): { key: string; caller: ApiCaller } {
  const { key } = sandbox.server.services.keys.create({ account, environment: 'test' });
  return { key, caller: new ApiCaller(sandbox.origin, key) };
}

describe('a key the server has already seen', () => {
  it('is refused on the next request once the CLI revokes it on the running server’s folder', async () => {
    const { key, caller } = newKey('revoked-by-cli');
    for (let i = 0; i < 3; i++) expect((await caller.get('/v1/company')).status).toBe(200);
    cli(['keys', 'revoke', key]);
    expect((await caller.get('/v1/company', { unchecked: true })).status).toBe(401);
    // Another key of the same server, untouched, still works.
    expect((await newKey('untouched').caller.get('/v1/company')).status).toBe(200);
  });

  it('gets the browser origins the CLI gave it on the next preflight-free request', async () => {
    const { key, caller } = newKey('origins-by-cli');
    const fromApp = { origin: 'https://app.example' };
    const before = await caller.get('/v1/company', { headers: fromApp, unchecked: true });
    expect(before.status).toBe(403);
    cli(['keys', 'origins', key, '--origins', 'https://app.example']);
    const after = await caller.get('/v1/company', { headers: fromApp });
    expect(after.status).toBe(200);
    expect(after.headers.get('access-control-allow-origin')).toBe('https://app.example');
  });

  it('keeps working when a revocation inside a transaction rolled back', async () => {
    const { key, caller } = newKey('rolled-back');
    expect((await caller.get('/v1/company')).status).toBe(200);
    const { store, services } = sandbox.server;
    expect(() =>
      store.transaction(() => {
        expect(services.keys.revoke(key)).toBe(true);
        expect(services.keys.authenticate(key)).toBeNull();
        throw new Error('roll back');
      }),
    ).toThrow('roll back');
    expect((await caller.get('/v1/company')).status).toBe(200);
  });

  it('is found once created, after requests with it were refused while it did not exist', async () => {
    const unknown = new ApiCaller(sandbox.origin, `ik_test_${'C'.repeat(40)}`);
    expect((await unknown.get('/v1/company', { unchecked: true })).status).toBe(401);
    const { caller } = newKey('created-later');
    expect((await caller.get('/v1/company')).status).toBe(200);
  });
});

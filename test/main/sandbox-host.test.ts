import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { launchSandboxHost, type HostChild } from '../../src/main/sandbox-host/launch.ts';
import type { HostToMain } from '../../src/main/sandbox-host/protocol.ts';
import { SandboxSupervisor } from '../../src/main/sandbox-host/supervisor.ts';
import { forkSandboxHost } from '../../src/main/sandbox-host/node-child.ts';
import { openSandboxStore } from '../../src/sandbox-server/server.ts';
import { fixedDataKeySource } from '../../src/sandbox-server/crypto/data-key.ts';

const auth = (key: string) => ({ authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}` });

describe('the sandbox host process', () => {
  const dirs: string[] = [];
  const newDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'scambio-host-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('serves the sandbox on loopback with a run-only key, and closes cleanly on stop', async () => {
    const dataDir = newDir();
    const keychainKey = Buffer.alloc(32, 9);
    const host = await launchSandboxHost(forkSandboxHost(), {
      dataDir,
      keychainDataKey: keychainKey.toString('base64'),
      logLevel: 'silent',
    });
    expect(host.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    const created = await fetch(`${host.baseUrl}/company`, {
      method: 'POST',
      headers: { ...auth(host.sessionKey), 'content-type': 'application/json' },
      body: JSON.stringify({ vat: 'IT01234567897', fiscal_code: '01234567897', name: 'Host Srl' }),
    });
    expect(created.status).toBe(201);
    await host.stop();

    // Closed: nothing listens, and the data opens with the keychain's key, not a file.
    await expect(fetch(`${host.baseUrl}/company`, { headers: auth(host.sessionKey) })).rejects.toThrow();
    const store = openSandboxStore(dataDir, fixedDataKeySource(keychainKey));
    try {
      expect(store.db.prepare('select count(*) as n from companies').get()).toEqual({ n: 1 });
      // The run's key was revoked at stop: it does not outlive the app.
      expect(store.db.prepare('select count(*) as n from api_keys where revoked is null').get()).toEqual({
        n: 0,
      });
    } finally {
      store.close();
    }
  }, 60_000);

  it('keeps the data key in a 0600 file when there is no keychain', async () => {
    const dataDir = newDir();
    const env = { ...process.env };
    delete env.SCAMBIO_MASTER_KEY;
    const host = await launchSandboxHost(forkSandboxHost(env), {
      dataDir,
      keychainDataKey: null,
      logLevel: 'silent',
    });
    await host.stop();
    expect(statSync(join(dataDir, 'master.key')).mode & 0o777).toBe(0o600);
  }, 60_000);

  it('reports a start failure instead of hanging', async () => {
    const dataDir = newDir();
    const host = launchSandboxHost(forkSandboxHost(), {
      dataDir,
      keychainDataKey: Buffer.alloc(31).toString('base64'),
      logLevel: 'silent',
    });
    await expect(host).rejects.toThrow(/32 bytes|key/i);
  }, 60_000);

  it('leaves no usable key behind when killed: the next start revokes it', async () => {
    const dataDir = newDir();
    const keychainDataKey = Buffer.alloc(32, 5).toString('base64');
    const child = forkSandboxHost();
    const host = await launchSandboxHost(child, { dataDir, keychainDataKey, logLevel: 'silent' });
    child.kill();
    await expect(fetch(`${host.baseUrl}/company`, { headers: auth(host.sessionKey) })).rejects.toThrow();

    const next = await launchSandboxHost(forkSandboxHost(), { dataDir, keychainDataKey, logLevel: 'silent' });
    try {
      const stale = await fetch(`${next.baseUrl}/company`, { headers: auth(host.sessionKey) });
      expect(stale.status).toBe(401);
      const fresh = await fetch(`${next.baseUrl}/company`, { headers: auth(next.sessionKey) });
      expect(fresh.status).toBe(200);
    } finally {
      await next.stop();
    }
  }, 60_000);

  it("is started again on the same data when it dies unasked; the dead run's key stops working", async () => {
    const dataDir = newDir();
    const children: HostChild[] = [];
    const exits: { code: number | null; restarting: boolean }[] = [];
    const supervisor = new SandboxSupervisor(
      () => {
        const child = forkSandboxHost();
        children.push(child);
        return child;
      },
      { dataDir, keychainDataKey: Buffer.alloc(32, 3).toString('base64'), logLevel: 'silent' },
      { onExit: (event) => exits.push(event) },
    );
    await supervisor.launch();
    const first = supervisor.credentials();
    const created = await fetch(`${first.baseUrl}/company`, {
      method: 'POST',
      headers: { ...auth(first.key), 'content-type': 'application/json' },
      body: JSON.stringify({ vat: 'IT01234567897', fiscal_code: '01234567897', name: 'Crash Srl' }),
    });
    expect(created.status).toBe(201);

    children[0]!.kill();
    const deadline = Date.now() + 30_000;
    while (children.length < 2 || !supervisor.isRunning()) {
      if (Date.now() > deadline) throw new Error('the host was not started again');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    try {
      const second = supervisor.credentials();
      expect(second.key).not.toBe(first.key);
      expect(exits).toEqual([{ code: null, restarting: true }]);
      const companies = await fetch(`${second.baseUrl}/company`, { headers: auth(second.key) });
      expect(((await companies.json()) as { name: string }[]).map((c) => c.name)).toEqual(['Crash Srl']);
      const stale = await fetch(`${second.baseUrl}/company`, { headers: auth(first.key) });
      expect(stale.status).toBe(401);
    } finally {
      await supervisor.stop();
    }
    // Asked to stop: no restart.
    expect(children).toHaveLength(2);
  }, 60_000);

  it('gives up after too many deaths in a row instead of looping', async () => {
    const exits: { restarting: boolean }[] = [];
    let spawned = 0;
    // A host that reports ready and dies at once, as one with a broken data folder might.
    const dying = (): HostChild => {
      spawned++;
      let exit: (code: number | null) => void = () => {};
      let message: (m: HostToMain) => void = () => {};
      return {
        postMessage: () => {
          message({ type: 'ready', baseUrl: 'http://127.0.0.1:9/v1', sessionKey: `ik_test_${spawned}` });
          setTimeout(() => exit(1), 5);
        },
        onMessage: (listener) => void (message = listener),
        onExit: (listener) => {
          const previous = exit;
          exit = (code) => {
            previous(code);
            listener(code);
          };
        },
        kill: () => exit(null),
      };
    };
    const supervisor = new SandboxSupervisor(
      dying,
      { dataDir: '/nowhere', keychainDataKey: null, logLevel: 'silent' },
      { maxRestarts: 2, onExit: (event) => exits.push(event) },
    );
    await supervisor.launch();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(spawned).toBe(3);
    expect(exits.map((e) => e.restarting)).toEqual([true, true, false]);
    expect(supervisor.isRunning()).toBe(false);
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ClockState } from '../../../src/sandbox-server/clock.ts';
import { startSandboxServer, type SandboxServer } from '../../../src/sandbox-server/server.ts';
import type { Send } from '../../../src/shared/api/types.ts';
import type { Update } from '../../../src/shared/api/types.ts';
import { invoiceXml, italianVat } from '../../support/invoices.ts';
import { ApiCaller } from '../../support/sandbox.ts';
import { basicAuth, startSandboxProcess, type SandboxProcess } from '../../support/sandbox-process.ts';

const dirs: string[] = [];
const servers: SandboxServer[] = [];
const processes: SandboxProcess[] = [];
afterEach(async () => {
  for (const p of processes.splice(0)) p.child.kill('SIGKILL');
  for (const server of servers.splice(0)) await server.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'scambio-sdi-restart-'));
  dirs.push(dir);
  return dir;
}

async function start(dataDir: string, sdiDelayMs: number): Promise<SandboxServer> {
  const server = await startSandboxServer({ dataDir, port: 0, host: '127.0.0.1', sdiDelayMs });
  servers.push(server);
  return server;
}

async function stop(server: SandboxServer): Promise<void> {
  servers.splice(servers.indexOf(server), 1);
  await server.close();
}

/** Every invoice went through SDI exactly once: one Inviato, one outcome, distinct identifiers. */
function expectEachProcessedOnce(updates: Update[], sends: Send[]): void {
  for (const send of sends) {
    expect(updates.filter((u) => u.send_id === send.id).map((u) => u.state)).toEqual([
      'Inviato',
      'ImpossibilitaDiRecapito',
    ]);
  }
  const identifiers = new Set(updates.map((u) => u.send.identifier));
  expect(identifiers.size).toBe(sends.length);
}

describe('the job queue across restarts', () => {
  it('keeps the sandbox clock and every pending job through a restart, and runs each once', async () => {
    const dataDir = tempDir();
    const first = await start(dataDir, 3_600_000);
    const key = first.services.keys.create({ account: 'acme', environment: 'test' }).key;
    let caller = new ApiCaller(first.baseUrl.replace(/\/v1$/, ''), key);
    const moved = await caller.post<ClockState>('/_sandbox/clock', {
      json: { advance: '10d' },
      unchecked: true,
    });
    const sends: Send[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await caller.post<Send>('/v1/send/xml', {
        body: invoiceXml({ supplierVat: italianVat(1000 + i) }),
        // The first three fall due before the slow job below, the others after it.
        headers: { 'content-type': 'application/xml', ...(i < 3 ? { 'Sandbox-Scenario': 'delay=10m' } : {}) },
      });
      sends.push(res.body);
    }
    const { jobs } = first.services;
    let slowStarted: () => void = () => {};
    const started = new Promise<void>((resolve) => (slowStarted = resolve));
    jobs.register('test.slow', {
      prepare: async () => {
        slowStarted();
        await new Promise((resolve) => setTimeout(resolve, 300));
      },
      run: () => {},
    });
    // On the account's sandbox clock, among its invoices' steps.
    const scope = { accountId: first.store.accounts.idOf('acme')!, environment: 'test' as const };
    const clock = first.services.clocks.sandbox(scope.accountId);
    first.store.transaction(() =>
      jobs.enqueue('test.slow', null, new Date(clock.now().getTime() + 1_800_000), scope),
    );
    clock.advance(3_600_000);
    void jobs.runDue(scope);
    await started;
    await stop(first); // waits for the slow job, then stops before the next one

    const second = await start(dataDir, 3_600_000);
    caller = new ApiCaller(second.baseUrl.replace(/\/v1$/, ''), key);
    const after = await caller.get<ClockState>('/_sandbox/clock', { unchecked: true });
    expect(after.body.offset_seconds).toBeGreaterThanOrEqual(moved.body.offset_seconds + 3600);
    await caller.post('/_sandbox/clock', { json: { advance: 0 }, unchecked: true });
    expectEachProcessedOnce(
      (await caller.get<Update[]>('/v1/update', { query: { sort: 'id' } })).body,
      sends,
    );
  });

  it('loses nothing and duplicates nothing when the process is killed (SIGKILL) mid-queue', async () => {
    const dataDir = tempDir();
    const first = await startSandboxProcess(dataDir, ['--sdi-delay', '0', '--rate-limit', 'unlimited']);
    processes.push(first);
    const key = first.firstKey!;
    const uploads = Array.from({ length: 40 }, (_, i) =>
      fetch(`${first.url}/send/xml`, {
        method: 'POST',
        body: invoiceXml({ supplierVat: italianVat(1100 + i) }),
        headers: { ...basicAuth(key), 'content-type': 'application/xml' },
      })
        .then(async (res) => (res.status === 201 ? ((await res.json()) as Send) : null))
        // Uploads cut off by the kill simply fail; what was answered 201 must survive.
        .catch(() => null),
    );
    // Kill while uploads and SDI jobs are still going on.
    const stored = (await Promise.all(uploads.slice(0, 20))).filter((s): s is Send => s !== null);
    first.child.kill('SIGKILL');
    await first.exited;
    await Promise.all(uploads);

    const second = await startSandboxProcess(dataDir, ['--sdi-delay', '0']);
    processes.push(second);
    const caller = new ApiCaller(second.url.replace(/\/v1$/, ''), key);
    await caller.post('/_sandbox/clock', { json: { advance: 0 }, unchecked: true });
    const sends = (await caller.get<Send[]>('/v1/send', { query: { page_size: 200 } })).body;
    expect(sends.length).toBeGreaterThanOrEqual(stored.length);
    for (const send of stored) expect(sends.map((s) => s.id)).toContain(send.id);
    const updates = (await caller.get<Update[]>('/v1/update', { query: { sort: 'id', page_size: 200 } }))
      .body;
    expectEachProcessedOnce(updates, sends);
  });
});

import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, spawnNpmSandbox } from '../../support/npm-sandbox.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { hashApiKey } from '../../../src/sandbox-server/domain/api-keys.ts';
import { openSandboxStore, SHUTDOWN_GRACE_MS } from '../../../src/sandbox-server/server.ts';
import { invoiceXml, italianVat } from '../../support/invoices.ts';
import { basicAuth } from '../../support/sandbox-process.ts';

/**
 * A terminal's Ctrl-C, or `kill -TERM -- -PGID`, signals every process of the group: npm and the server. npm
 * forwards the signal to the server as well, so the server receives it twice, a few milliseconds apart. Those
 * two are one request to stop; only a later, separate signal means "stop now".
 */
/** The grace period, plus the CLI's own last-resort margin: a bound on the exit, not a speed claim. */
const EXIT_DEADLINE_MS = SHUTDOWN_GRACE_MS + 5_000;

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

async function groupGoneWithin(pgid: number, ms: number): Promise<boolean> {
  for (let waited = 0; waited <= ms; waited += 100) {
    if (!groupAlive(pgid)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

interface Started {
  pgid: number;
  origin: string;
  dataDir: string;
  key: string;
  log: () => string;
}

/** `npm run sandbox -- serve` as the README gives it, in a process group of its own (a terminal's job). */
async function startInItsOwnGroup(): Promise<Started> {
  const dataDir = mkdtempSync(join(tmpdir(), 'scambio-group-'));
  // A stand-in for the built renderer, so that /app/ hands out the page's session key.
  const uiDir = mkdtempSync(join(tmpdir(), 'scambio-group-ui-'));
  writeFileSync(join(uiDir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  const port = await freePort();
  const sandbox = spawnNpmSandbox([
    ...['--port', String(port), '--data-dir', dataDir, '--ui-dir', uiDir, '--log-level', 'warn'],
  ]);
  const pgid = sandbox.pid;
  cleanups.push(() => {
    sandbox.kill();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(uiDir, { recursive: true, force: true });
  });
  for (let waited = 0; !/shown once\): (\S+)/.test(sandbox.log()); waited += 100) {
    if (waited > 30_000 || sandbox.exitCode() !== null)
      throw new Error(`npm run sandbox did not start: ${sandbox.log()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const log = sandbox.log;
  const key = /shown once\): (\S+)/.exec(log())![1]!;
  return { pgid, origin: `http://127.0.0.1:${port}`, dataDir, key, log };
}

/** The key the browser page gets from /app/, checked to work. */
async function pageKey(origin: string): Promise<string> {
  const page = await fetch(`${origin}/app/`);
  expect(page.status).toBe(200);
  const key = /name="scambio-session" content="([^"]+)"/.exec(await page.text())?.[1];
  expect(key).toBeDefined();
  expect((await fetch(`${origin}/v1/company`, { headers: basicAuth(key!) })).status).toBe(200);
  return key!;
}

/**
 * A valid invoice uploaded in 8 pieces, one every 500 ms (about 4 s in all). Resolves with the status, or with
 * the error that ended the connection. `started` resolves once the headers and the first piece have reached
 * the server.
 */
function slowUpload(
  origin: string,
  key: string,
): { started: Promise<void>; answer: Promise<number | string> } {
  const body = Buffer.from(invoiceXml({ supplierVat: italianVat(8800), number: 'GS-1' }));
  const pieces = 8;
  const size = Math.ceil(body.length / pieces);
  let begun!: () => void;
  const started = new Promise<void>((resolve) => (begun = resolve));
  const answer = new Promise<number | string>((resolve) => {
    const req = request(`${origin}/v1/send/xml`, {
      method: 'POST',
      agent: false,
      headers: { ...basicAuth(key), 'content-type': 'application/xml', 'content-length': body.length },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    let sent = 0;
    const next = () => {
      if (req.destroyed) return;
      const first = sent === 0;
      req.write(body.subarray(sent * size, (sent + 1) * size), () => {
        // Flushed; a moment more, and the server has read the request's head.
        if (first) setTimeout(begun, 300);
      });
      sent++;
      if (sent < pieces) setTimeout(next, 500);
      else req.end();
    };
    next();
  });
  return { started, answer };
}

/** Checked after the exit: a write-ahead log with content would mean the database was not closed cleanly. */
function walLeftOver(dataDir: string): number {
  const wal = join(dataDir, 'scambio.sqlite-wal');
  return existsSync(wal) ? readFileSync(wal).length : 0;
}

function keyRevoked(dataDir: string, key: string): boolean {
  const store = openSandboxStore(dataDir);
  try {
    const record = store.accounts.findKeyByHash(hashApiKey(key));
    expect(record).toBeDefined();
    return record!.revoked !== null;
  } finally {
    store.close();
  }
}

describe('a signal to the whole process group (Ctrl-C in a terminal, kill -- -PGID)', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`${signal} lets an upload in flight finish with 201, then closes the database and revokes the page key`, async () => {
      const started = await startInItsOwnGroup();
      const page = await pageKey(started.origin);
      const upload = slowUpload(started.origin, started.key);
      await upload.started;

      process.kill(-started.pgid, signal);
      expect(await upload.answer, started.log()).toBe(201);
      expect(await groupGoneWithin(started.pgid, EXIT_DEADLINE_MS), started.log()).toBe(true);
      expect(started.log()).toContain(`${signal}: shutting down`);
      expect(started.log()).not.toContain('stopping now');
      expect(walLeftOver(started.dataDir)).toBe(0);
      expect(keyRevoked(started.dataDir, page)).toBe(true);
    }, 60_000);
  }

  it('a later, separate signal stops at once, and still closes the database and revokes the page key', async () => {
    const started = await startInItsOwnGroup();
    const page = await pageKey(started.origin);
    const upload = slowUpload(started.origin, started.key);
    await upload.started;

    process.kill(-started.pgid, 'SIGTERM');
    await new Promise((r) => setTimeout(r, 1500));
    expect(groupAlive(started.pgid)).toBe(true);
    process.kill(-started.pgid, 'SIGTERM');
    // The upload still had pieces to send: it is cut rather than waited for.
    expect(typeof (await upload.answer), started.log()).toBe('string');
    expect(await groupGoneWithin(started.pgid, EXIT_DEADLINE_MS), started.log()).toBe(true);
    expect(started.log()).toContain('SIGTERM: stopping now');
    expect(walLeftOver(started.dataDir)).toBe(0);
    expect(keyRevoked(started.dataDir, page)).toBe(true);
  }, 60_000);
});

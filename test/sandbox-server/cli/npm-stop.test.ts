import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, spawnNpmSandbox } from '../../support/npm-sandbox.ts';
import { afterEach, describe, expect, it } from 'vitest';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

async function answers(port: number): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${port}/v1/health`, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}

/** Every process on this machine whose command line names the data folder (the server, and any wrapper). */
function processesUsing(dataDir: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(dataDir);
      } catch {
        return false;
      }
    })
    .map(Number);
}

/**
 * A QA script's way of running and stopping the sandbox: `npm run sandbox` in its own process group, then a
 * signal to the PID it launched, which is npm's. Nothing may be left running and the port must be free.
 */
async function startThroughNpm(): Promise<{ pid: number; port: number; dataDir: string; log: () => string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'scambio-npm-stop-'));
  const port = await freePort();
  const sandbox = spawnNpmSandbox(['--port', String(port), '--data-dir', dataDir]);
  const { pid, log } = sandbox;
  cleanups.push(() => {
    sandbox.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });
  for (let waited = 0; !(await answers(port)); waited += 100) {
    if (waited > 30_000) throw new Error(`npm run sandbox did not start: ${log()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { pid, port, dataDir, log };
}

async function stoppedWithin(ms: number, port: number, dataDir: string): Promise<boolean> {
  for (let waited = 0; waited <= ms; waited += 100) {
    if (!(await answers(port)) && processesUsing(dataDir).length === 0) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

describe('stopping `npm run sandbox` the way a QA script does', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`${signal} to npm's PID stops the server within 3 s, leaving no process and a free port`, async () => {
      const started = await startThroughNpm();
      process.kill(started.pid, signal);
      expect(await stoppedWithin(3000, started.port, started.dataDir), started.log()).toBe(true);
      expect(started.log()).toContain(`${signal}: shutting down`);
      // The database was closed cleanly: its write-ahead log was checkpointed away.
      const wal = join(started.dataDir, 'scambio.sqlite-wal');
      expect(!existsSync(wal) || readFileSync(wal).length === 0).toBe(true);
    }, 60_000);
  }

  it('npm dying without a signal (SIGKILL) still stops the server within 3 s', async () => {
    const started = await startThroughNpm();
    process.kill(started.pid, 'SIGKILL');
    expect(await stoppedWithin(3000, started.port, started.dataDir), started.log()).toBe(true);
  }, 60_000);
});

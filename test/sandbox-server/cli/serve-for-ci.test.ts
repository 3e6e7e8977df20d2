import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { basicAuth, cliCommand } from '../../support/sandbox-process.ts';

/**
 * What a CI script asks of `serve` (docs/qa.md "The sandbox in CI"): a key it already knows (`--key` or
 * SCAMBIO_SANDBOX_KEY), one line of JSON to read the address from (`--json`), and a busy port said in one line.
 */

const repo = new URL('../../../', import.meta.url).pathname;
const CI_KEY = `ik_test_${'ci'.repeat(20)}`;

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'scambio-ci-serve-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

interface Run {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

function run(args: string[], env: Record<string, string> = {}): Run {
  const child = spawn(process.execPath, [...cliCommand(), ...args], {
    cwd: repo,
    env: { ...process.env, ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  cleanups.push(() => child.exitCode === null && child.kill('SIGKILL'));
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

/** The first line of standard output, once the process has written it (bounded by the test's own limit). */
async function firstLine(proc: Run): Promise<string> {
  while (!proc.stdout().includes('\n')) {
    if (proc.child.exitCode !== null) throw new Error(`exited early: ${proc.stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return proc.stdout().split('\n')[0]!;
}

interface Ready {
  url: string;
  api: string;
  ui: string;
  key: string | null;
  data_dir: string;
  pid: number;
}

describe('serve for CI', () => {
  it('makes a known key valid and says where it listens in one line of JSON, and nothing else on stdout', async () => {
    const dir = dataDir();
    const serve = ['serve', '--port', '0', '--data-dir', dir, '--log-level', 'silent', '--json'];
    const first = run([...serve, '--key', CI_KEY]);
    const ready = JSON.parse(await firstLine(first)) as Ready;
    expect(ready).toMatchObject({ key: CI_KEY, data_dir: dir, pid: first.child.pid });
    expect(ready.api).toBe(`${ready.url}/v1`);
    expect(ready.ui).toBe(`${ready.url}/app/`);
    const companies = await fetch(`${ready.api}/company`, { headers: basicAuth(CI_KEY) });
    expect(companies.status).toBe(200);
    expect((await fetch(`${ready.api}/health`)).status).toBe(200);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    // The shutdown's words went to stderr: stdout is the JSON line alone.
    expect(first.stdout()).toBe(`${JSON.stringify(ready)}\n`);
    expect(first.stderr()).toContain('SIGTERM');

    // The same key again, from the environment, on the same folder: still valid, no second account or key.
    const again = run(serve, { SCAMBIO_SANDBOX_KEY: CI_KEY });
    const readyAgain = JSON.parse(await firstLine(again)) as Ready;
    expect(readyAgain.key).toBe(CI_KEY);
    expect((await fetch(`${readyAgain.api}/company`, { headers: basicAuth(CI_KEY) })).status).toBe(200);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  });

  it('refuses a key of the wrong form before starting', async () => {
    const bad = run(['serve', '--port', '0', '--data-dir', dataDir(), '--key', 'ik_test_short']);
    expect(await bad.exited).toBe(2);
    expect(bad.stderr()).toContain('at least 32 letters or digits');
    expect(bad.stdout()).toBe('');
  });

  it('says in one line that the port is taken and how to choose another, and exits', async () => {
    const busy: Server = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => busy.close());
    const port = (busy.address() as { port: number }).port;
    const taken = run(['serve', '--port', String(port), '--data-dir', dataDir(), '--log-level', 'silent']);
    expect(await taken.exited).toBe(1);
    const lines = taken.stderr().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`Port ${port} on 127.0.0.1 is already in use`);
    expect(lines[0]).toContain('npm start -- --port N');
  });
});

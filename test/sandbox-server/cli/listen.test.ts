import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebHook } from '../../../src/shared/api/types.ts';
import { italianVat } from '../../support/invoices.ts';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.ts';
import { cliCommand } from '../../support/sandbox-process.ts';
import { TestReceiver } from '../webhook-tools/safe-receivers.ts';

/**
 * `listen --forward-to` as a real child process against a real server, forwarding to a real receiver on loopback
 * that verifies signatures with the secret the command printed.
 */

let sandbox: TestSandbox;
const app = new TestReceiver(true);
let appUrl: string;

beforeAll(async () => {
  sandbox = await startTestSandbox({ sdiDelayMs: 0, rateLimits: 'unlimited' });
  appUrl = await app.start();
});
afterAll(async () => {
  await sandbox.close();
  await app.close();
});

async function until(what: string, check: () => boolean, output: () => string): Promise<void> {
  for (let waited = 0; !check(); waited += 50) {
    if (waited > 20_000) throw new Error(`${what} did not happen: ${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('scambio-sandbox listen --forward-to', () => {
  it('forwards the account’s events signed with the secret it prints, and SIGTERM deletes its webhook', async () => {
    const caller = sandbox.caller('listen-a');
    const child = spawn(
      process.execPath,
      [
        ...cliCommand(),
        'listen',
        '--api',
        `${sandbox.origin}/v1`,
        '--key',
        caller.key!,
        '--forward-to',
        appUrl,
        '--events',
        'company.add',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      const output = () => stdout + stderr;
      await until('the ready line', () => /Signing secret: (\S+)/.test(stdout), output);
      app.secret = /Signing secret: (\S+)/.exec(stdout)![1]!;
      const listed = await caller.get<WebHook[]>('/v1/webhook');
      const temporary = listed.body.filter((w) => w.description === 'scambio-sandbox listen');
      expect(temporary).toHaveLength(1);
      expect(temporary[0]!.events).toEqual(['company.add']);

      const vat = italianVat(931);
      await caller.post('/v1/company', { json: { vat, fiscal_code: vat.slice(2), name: 'Inoltro Srl' } });
      await app.waitFor(1, 20_000);
      expect(app.calls[0]!.verified).toBe(true);
      expect(JSON.parse(app.calls[0]!.body)).toMatchObject({ event: 'company.add' });
      await until('the forward line', () => stdout.includes('--> company.add [200]'), output);

      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(stderr).toContain(`webhook ${temporary[0]!.id} deleted`);
      expect((await caller.get<WebHook[]>('/v1/webhook')).body).toEqual([]);
      expect(() => process.kill(child.pid!, 0)).toThrow();
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  });

  it('says what is missing when --forward-to or the key is not given', async () => {
    const child = spawn(process.execPath, [...cliCommand(), 'listen', '--key', 'x'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
    expect(code).not.toBe(0);
    expect(stderr).toContain('--forward-to');
  });
});

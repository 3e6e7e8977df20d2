import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Send } from '../../../src/shared/api/types.ts';
import { isValidPartitaIva } from '../../../src/shared/fatturapa/identifiers.ts';
import { startSandboxProcess, type SandboxProcess } from '../../support/sandbox-process.ts';

const run = promisify(execFile);
const repo = new URL('../../../', import.meta.url).pathname;
let dataDir: string;
let sandbox: SandboxProcess;

/** The README's commands, as a newcomer types them: through npm, naming the server's data folder. */
async function npmSandbox(...args: string[]): Promise<{ stdout: string; stderr: string }> {
  return run('npm', ['run', '--silent', 'sandbox', '--', ...args, '--data-dir', dataDir], { cwd: repo });
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'scambio-sample-'));
  sandbox = await startSandboxProcess(dataDir);
}, 60_000);

afterAll(async () => {
  sandbox?.child.kill('SIGTERM');
  await sandbox?.exited;
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run sandbox -- sample', () => {
  it('prints a valid invoice that a key of the same folder sends to Consegnato', async () => {
    const key = (await npmSandbox('keys', 'create')).stdout.trim();
    expect(key).toMatch(/^ik_test_/);
    const sample = await npmSandbox('sample');
    const fileName = sample.stderr.trim().split('\n').pop()!;
    expect(fileName).toMatch(/^IT\d{11}_[0-9A-Za-z]{5}\.xml$/);
    const vat = /<IdCodice>(\d{11})<\/IdCodice>/.exec(sample.stdout)![1]!;
    expect(isValidPartitaIva(vat)).toBe(true);
    const auth = { authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}` };

    const sent = await fetch(`${sandbox.url}/send/xml`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/xml' },
      body: sample.stdout,
    });
    expect(sent.status).toBe(201);
    const { id } = (await sent.json()) as Send;
    let state: string | null = null;
    // The default SDI delay is one second of sandbox time; the bound only keeps a broken run from hanging.
    for (let i = 0; i < 100 && state !== 'Consegnato'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      state = ((await (await fetch(`${sandbox.url}/send/${id}`, { headers: auth })).json()) as Send)
        .latest_state;
    }
    expect(state).toBe('Consegnato');
  }, 60_000);

  it('gives a new number and ProgressivoInvio at every call, and a PA invoice with --pa', async () => {
    const progressive = (xml: string) => /<ProgressivoInvio>(\w+)</.exec(xml)![1];
    const first = (await npmSandbox('sample')).stdout;
    const second = (await npmSandbox('sample', '--pa', '--to', 'IT01234567897')).stdout;
    expect(progressive(first)).not.toBe(progressive(second));
    expect(second).toContain('versione="FPA12"');
    expect(second).toContain('<IdCodice>01234567897</IdCodice>');
  }, 60_000);
});

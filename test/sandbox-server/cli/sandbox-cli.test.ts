import { execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import http from 'node:http';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { signWith, testCa, testSigner } from '../../support/certificates.ts';
import { invoiceXml } from '../../support/invoices.ts';
import { basicAuth as basic, cliCommand, startSandboxProcess } from '../../support/sandbox-process.ts';

const repo = new URL('../../../', import.meta.url).pathname;
const KEY = /^ik_(test|live)_[A-Za-z0-9]{40}$/;

const dirs: string[] = [];
function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'scambio-cli-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Runs the CLI in one Node process (the bundled CLI), so signals reach the server itself. */
function cli(args: string[]): string {
  return execFileSync(process.execPath, [...cliCommand(), ...args], { cwd: repo, encoding: 'utf8' });
}

describe('npm run sandbox -- keys', () => {
  it('prints only the new key, exactly as the npm script is documented', () => {
    const dir = dataDir();
    const out = execFileSync(
      'npm',
      [
        'run',
        '--silent',
        'sandbox',
        '--',
        'keys',
        'create',
        '--data-dir',
        dir,
        '--env',
        'live',
        '--account',
        'acme',
      ],
      {
        cwd: repo,
        encoding: 'utf8',
        env: { ...process.env, npm_config_loglevel: 'silent' },
      },
    );
    expect(out.trim()).toMatch(KEY);
    expect(out.trim().startsWith('ik_live_')).toBe(true);
    expect(out.trim().split('\n')).toHaveLength(1);
  });

  it('lists keys by hint only and revokes them', () => {
    const dir = dataDir();
    const key = cli([
      'keys',
      'create',
      '--data-dir',
      dir,
      '--origins',
      'https://a.example, https://b.example',
    ]).trim();
    const listing = cli(['keys', 'list', '--data-dir', dir]);
    expect(listing).not.toContain(key);
    expect(listing).toContain(key.slice(0, 12));
    expect(listing).toContain('https://a.example,https://b.example');
    cli(['keys', 'revoke', key, '--data-dir', dir]);
    expect(cli(['keys', 'list', '--data-dir', dir])).toContain('revoked');
  });

  it('fails with usage help on a bad command', () => {
    expect(() => cli(['keys', 'rotate', '--data-dir', dataDir()])).toThrow(
      /keys needs create, list, origins KEY or revoke KEY/,
    );
  });
});

describe('npm run sandbox -- serve', () => {
  let child: ChildProcess | null = null;
  afterEach(() => child?.kill('SIGKILL'));

  async function start(dir: string) {
    const started = await startSandboxProcess(dir);
    child = started.child;
    return started;
  }

  it('creates a default account with a key on the first run of a new data folder, and only then', async () => {
    const dir = dataDir();
    const first = await start(dir);
    expect(first.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect(first.firstKey).toMatch(KEY);
    const res = await fetch(`${first.url}/company`, { headers: basic(first.firstKey!) });
    expect(res.status).toBe(200);
    child!.kill('SIGTERM');
    await new Promise((r) => child!.once('exit', r));
    const second = await start(dir);
    expect(second.firstKey).toBeNull();
  });

  it('takes the invoice size limit from --max-invoice-bytes', async () => {
    const started = await startSandboxProcess(dataDir(), ['--max-invoice-bytes', '2048']);
    child = started.child;
    const res = await fetch(`${started.url}/send/xml`, {
      method: 'POST',
      headers: { ...basic(started.firstKey!), 'content-type': 'application/xml' },
      body: `<?xml version="1.0"?><x>${'y'.repeat(3000)}</x>`,
    });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { errors: { code: string }[] }).errors[0]!.code).toBe('00003');
  });

  it('takes --lenient-ipa and --trust-ca FILE.pem: an FPA12 to an unlisted office, signed by that CA, passes', async () => {
    const ca = testCa('CA di un fornitore di firma');
    const pem = join(dataDir(), 'provider-ca.pem');
    writeFileSync(pem, ca.pem);
    const started = await startSandboxProcess(dataDir(), ['--lenient-ipa', '--trust-ca', pem]);
    child = started.child;
    const xml = invoiceXml({ supplierVat: 'IT12345678903', format: 'FPA12', codiceDestinatario: 'ZZZZZZ' });
    const p7m = signWith(testSigner('Firmatario Srl', { issuer: ca }), xml, new Date());
    const res = await fetch(`${started.url}/send/validate`, {
      method: 'POST',
      headers: { ...basic(started.firstKey!), 'content-type': 'application/json' },
      body: JSON.stringify({ payload: Buffer.from(p7m).toString('base64') }),
    });
    expect(res.status, await res.clone().text()).toBe(204);
  });

  it('refuses a --trust-ca file that holds no certificate, before it starts', () => {
    const dir = dataDir();
    const notPem = join(dir, 'not-a-ca.pem');
    writeFileSync(notPem, 'not a certificate');
    let stderr = '';
    try {
      execFileSync(
        process.execPath,
        [...cliCommand(), 'serve', '--data-dir', dir, '--port', '0', '--trust-ca', notPem],
        {
          cwd: repo,
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'pipe'],
          // Were the file taken, the server would start and never return: the test fails instead of hanging.
          timeout: 60_000,
        },
      );
    } catch (error) {
      stderr = String((error as { stderr?: string }).stderr);
      expect((error as { status?: number }).status).toBe(2);
    }
    expect(stderr).toContain(
      `invalid --trust-ca ${notPem}: it holds something that is not an X.509 certificate`,
    );
  });

  it('finishes the request in flight on SIGTERM, then closes the database and exits 0', async () => {
    const dir = dataDir();
    const { url, firstKey, output } = await start(dir);
    // An upload whose body is still arriving when the signal comes is a request in flight.
    const body = JSON.stringify({ vat: 'IT12345678903', fiscal_code: '12345678903', name: 'In flight Srl' });
    const request = http.request(`${url}/company`, {
      method: 'POST',
      headers: { ...basic(firstKey!), 'content-type': 'application/json', 'content-length': body.length },
    });
    const response = new Promise<number>((resolve, reject) => {
      request.on('response', (res) => {
        res.resume();
        resolve(res.statusCode!);
      });
      request.on('error', reject);
    });
    request.write(body.slice(0, 10));
    await new Promise((r) => setTimeout(r, 200));
    child!.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 200));
    request.end(body.slice(10));
    const exit = new Promise<number | null>((r) => child!.once('exit', (code) => r(code)));
    expect(await response).toBe(201);
    expect(await exit).toBe(0);
    expect(output()).toContain('SIGTERM: shutting down');
    // A cleanly closed SQLite database in WAL mode leaves no -wal file behind.
    expect(existsSync(join(dir, 'scambio.sqlite-wal'))).toBe(false);
  });
});

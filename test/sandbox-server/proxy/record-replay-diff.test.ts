import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cassette } from '../../../src/sandbox-server/proxy/cassette.ts';
import type { DiffReport } from '../../../src/sandbox-server/proxy/diff.ts';
import { invoiceXml, italianVat } from '../../support/invoices.ts';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.ts';
import { basicAuth, cliCommand } from '../../support/sandbox-process.ts';

/**
 * Sandbox A plays the live service. A recording proxy (the real CLI) forwards a short working session to it, a
 * replaying one answers the same session from the cassette, and `diff` replays the cassette against sandbox B,
 * the same but for one planted difference (a smaller invoice size limit), and against C, the same in all.
 */
const repo = new URL('../../../', import.meta.url).pathname;
const LOCAL_KEY = `ik_test_${'l'.repeat(32)}`;
/** A submission waits an hour for the simulated SDI, so no answer changes while the session runs. */
const HOUR = 3_600_000;

let live: TestSandbox;
let liveKey: string;
let folder: string;
let cassetteFile: string;
const running: ChildProcess[] = [];

interface Answer {
  status: number;
  contentType: string | null;
  text: string;
}

/** The session a client has with the API: through the recorder first, then against the replay. */
const supplier = italianVat(4101);
const session: { method: string; path: string; body?: string; type?: string; language?: string }[] = [
  {
    method: 'POST',
    path: '/company',
    type: 'application/json',
    body: JSON.stringify({ vat: supplier, fiscal_code: supplier.slice(2), name: 'Registrata Srl' }),
  },
  {
    method: 'POST',
    path: '/send/xml',
    type: 'application/xml',
    body: invoiceXml({ supplierVat: supplier, number: 'R-1' }),
  },
  // Over 4 KiB: the planted difference makes sandbox B refuse it.
  {
    method: 'POST',
    path: '/send/xml',
    type: 'application/xml',
    body: invoiceXml({ supplierVat: supplier, number: 'R-2', description: 'x'.repeat(5000) }),
  },
  { method: 'GET', path: '/send?per_page=10' },
  { method: 'GET', path: '/send/SEND_ID' },
  { method: 'GET', path: '/send/999999', language: 'it' },
  {
    method: 'POST',
    path: '/webhook',
    type: 'application/json',
    body: JSON.stringify({ url: 'https://hooks.example.com/scambio' }),
  },
];

async function play(api: string): Promise<Answer[]> {
  const answers: Answer[] = [];
  let sendId = '';
  for (const step of session) {
    const headers: Record<string, string> = { ...basicAuth(LOCAL_KEY) };
    if (step.type) headers['content-type'] = step.type;
    if (step.language) headers['accept-language'] = step.language;
    const response = await fetch(`${api}${step.path.replace('SEND_ID', sendId)}`, {
      method: step.method,
      headers,
      ...(step.body === undefined ? {} : { body: step.body }),
    });
    const text = await response.text();
    if (answers.length === 1) sendId = String((JSON.parse(text) as { id: number }).id);
    answers.push({ status: response.status, contentType: response.headers.get('content-type'), text });
  }
  return answers;
}

/** Runs the CLI; resolves with its exit code and standard output once it ends. */
function cli(args: string[]): {
  child: ChildProcess;
  done: Promise<{ code: number | null; stdout: string; stderr: string }>;
} {
  const child = spawn(process.execPath, [...cliCommand(), ...args], { cwd: repo });
  running.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, stdout, stderr })),
  );
  return { child, done };
}

/** `serve` with proxy options and --json: the API address from its ready line. */
async function serveProxy(args: string[]): Promise<{ api: string; stop(): Promise<number | null> }> {
  const { child, done } = cli(['serve', '--port', '0', '--host', '127.0.0.1', '--json', ...args]);
  let line = '';
  child.stdout!.on('data', (chunk: Buffer) => (line += chunk.toString()));
  for (let waited = 0; !line.includes('\n'); waited += 50) {
    if (waited > 30_000 || child.exitCode !== null)
      throw new Error(`proxy did not start: ${(await done).stderr}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const { api } = JSON.parse(line) as { api: string };
  return {
    api,
    async stop() {
      child.kill('SIGTERM');
      return (await done).code;
    },
  };
}

beforeAll(async () => {
  live = await startTestSandbox({ sdiDelayMs: HOUR });
  liveKey = live.server.services.keys.create({ account: 'live', environment: 'test' }).key;
  folder = mkdtempSync(join(tmpdir(), 'scambio-cassette-'));
  cassetteFile = join(folder, 'session.json');
});
afterAll(async () => {
  for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
  await live.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('record, replay and diff against a second sandbox', () => {
  let recorded: Answer[];

  it('records a session forwarded to the live API, with no key or secret in the cassette', async () => {
    const proxy = await serveProxy([
      '--proxy-to',
      live.server.baseUrl,
      '--proxy-key',
      liveKey,
      '--record',
      cassetteFile,
    ]);
    recorded = await play(proxy.api);
    expect(await proxy.stop()).toBe(0);

    expect(recorded.map((a) => a.status)).toEqual([201, 201, 201, 200, 200, 404, 201]);
    // The live service's answers came through: the webhook's secret reached the caller.
    const secret = (JSON.parse(recorded[6]!.text) as { secret: string }).secret;
    expect(secret).toMatch(/.{16,}/);

    const text = readFileSync(cassetteFile, 'utf8');
    const cassette = JSON.parse(text) as Cassette;
    expect(cassette).toMatchObject({ version: 1, target: live.server.baseUrl });
    expect(cassette.entries.map((e) => `${e.request.method} ${e.request.path}`)).toEqual([
      'POST /v1/company',
      'POST /v1/send/xml',
      'POST /v1/send/xml',
      'GET /v1/send',
      `GET /v1/send/${JSON.parse(recorded[1]!.text).id}`,
      'GET /v1/send/999999',
      'POST /v1/webhook',
    ]);
    expect(cassette.entries[3]!.request.query).toEqual([['per_page', '10']]);
    expect(cassette.entries[3]!.response.headers['service-total-count']).toBe('2');
    for (const leak of [liveKey, LOCAL_KEY, secret, 'authorization', 'Basic '])
      expect(text).not.toContain(leak);
    expect(JSON.parse(cassette.entries[6]!.response.body!.data)).toMatchObject({ secret: '[redacted]' });
  });

  it('replays the cassette: the same session gets the same answers, and an unrecorded call a clear miss', async () => {
    const replay = await serveProxy(['--replay', cassetteFile]);
    try {
      const replayed = await play(replay.api);
      // The one difference by design: the webhook's secret is redacted in the cassette.
      expect(replayed.slice(0, 6)).toEqual(recorded.slice(0, 6));
      expect(replayed[6]!.status).toBe(201);

      const miss = await fetch(`${replay.api}/company?name=Altra`, { headers: { 'accept-language': 'it' } });
      expect(miss.status).toBe(501);
      expect(miss.headers.get('content-type')).toContain('application/problem+json');
      const problem = (await miss.json()) as { type: string; detail: string };
      expect(problem.type).toBe('/problems/cassette-miss');
      expect(problem.detail).toBe(
        'La cassetta non contiene una risposta a GET /v1/company?name=Altra. Richiesta registrata più vicina: POST /v1/company.',
      );
      const elsewhere = await fetch(`${replay.api.replace(/\/v1$/, '')}/_sandbox/clock`);
      expect(elsewhere.status).toBe(404);
    } finally {
      expect(await replay.stop()).toBe(0);
    }
  });

  it('diff reports exactly the planted difference of a sandbox with a smaller invoice limit, and exits 1', async () => {
    const planted = await startTestSandbox({ sdiDelayMs: HOUR, maxInvoiceBytes: 4096 });
    try {
      const key = planted.server.services.keys.create({ account: 'b', environment: 'test' }).key;
      const { code, stdout } = await cli([
        'diff',
        cassetteFile,
        '--api',
        planted.server.baseUrl,
        '--key',
        key,
        '--json',
      ]).done;
      expect(code).toBe(1);
      const report = JSON.parse(stdout) as DiffReport;
      expect(report.requests).toBe(7);
      expect(report.drifts).toEqual([
        {
          entry: 3,
          request: 'POST /v1/send/xml',
          kind: 'status',
          differences: ['status 201 recorded, 422 now'],
        },
      ]);
    } finally {
      await planted.close();
    }
  });

  it('diff finds no drift against a sandbox like the recorded one, ids mapped, and exits 0', async () => {
    const same = await startTestSandbox({ sdiDelayMs: HOUR });
    try {
      // Another account's invoices first, so this sandbox's ids are not the recorded ones.
      const other = same.caller('other');
      await other.post('/v1/send/xml', {
        body: invoiceXml({ supplierVat: italianVat(4102) }),
        headers: { 'content-type': 'application/xml' },
      });
      const key = same.server.services.keys.create({ account: 'c', environment: 'test' }).key;
      const { code, stdout } = await cli(['diff', cassetteFile, '--api', same.server.baseUrl, '--key', key])
        .done;
      expect(stdout).toContain('No drift: every answer has the recorded status, headers and shape.');
      expect(code).toBe(0);
    } finally {
      await same.close();
    }
  });

  it('diff without --api replays against a new sandbox of its own, which it removes', async () => {
    const ownFolders = () => readdirSync(tmpdir()).filter((name) => name.startsWith('scambio-diff-'));
    const before = ownFolders();
    const { code, stdout } = await cli(['diff', cassetteFile]).done;
    expect(ownFolders()).toEqual(before);
    expect(stdout).toMatch(
      /^Replayed 7 recorded requests \(recorded from http:\/\/127\.0\.0\.1:\d+\/v1\) against http:\/\/127\.0\.0\.1:\d+\/v1\.\nNo drift/,
    );
    expect(code).toBe(0);
  });
});

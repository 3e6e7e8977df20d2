import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProblemDetails } from '../../../src/shared/api/types.ts';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/** The @redocly/cli entry point, or null when the package is not installed (it is a devDependency). */
function redoclyCli(): string | null {
  try {
    const require = createRequire(join(root, 'package.json'));
    const manifest = require.resolve('@redocly/cli/package.json');
    const { bin } = require(manifest) as { bin: Record<string, string> };
    return join(dirname(manifest), bin.redocly!);
  } catch {
    return null;
  }
}

interface LintReport {
  totals: { errors: number; warnings: number; ignored: number };
  problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
}

const cli = redoclyCli();

describe('/v1/openapi.json as generators and linters read it', () => {
  let sandbox: TestSandbox;
  let folder: string;

  beforeAll(async () => {
    sandbox = await startTestSandbox({ sdiDelayMs: 0, rateLimits: 'unlimited' });
    folder = mkdtempSync(join(tmpdir(), 'scambio-openapi-lint-'));
  });
  afterAll(async () => {
    await sandbox?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it.skipIf(cli === null)(
    'passes `redocly lint` (recommended rules, redocly.yaml) with no error and no warning',
    async () => {
      const res = await fetch(`${sandbox.origin}/v1/openapi.json`);
      expect(res.status).toBe(200);
      const file = join(folder, 'openapi.json');
      writeFileSync(file, await res.text());
      const run = spawnSync(
        process.execPath,
        [cli!, 'lint', '--config', join(root, 'redocly.yaml'), '--format=json', file],
        {
          cwd: folder,
          encoding: 'utf8',
          timeout: 120_000,
          env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        },
      );
      expect(run.error).toBeUndefined();
      const report = JSON.parse(run.stdout.slice(run.stdout.indexOf('{'))) as LintReport;
      expect(
        report.problems.map((p) => `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`),
      ).toEqual([]);
      expect(report.totals).toEqual({ errors: 0, warnings: 0, ignored: 0 });
      expect(run.status).toBe(0);
    },
    150_000,
  );

  it('answers the 4xx it documents for itself: a body announced over the limit, an unknown charset', async () => {
    const big = await rawGet('/v1/openapi.json', { 'content-length': '100000000' });
    expect(big.status).toBe(413);
    const charset = await rawGet(
      '/v1/openapi.json',
      { 'content-type': 'application/json; charset=klingon', 'content-length': '2' },
      '{}',
    );
    expect(charset.status).toBe(415);
    for (const answer of [big, charset]) {
      expect(answer.type).toMatch(/^application\/problem\+json/);
      expect((JSON.parse(answer.text) as ProblemDetails).status).toBe(answer.status);
    }
    const served = (await (await fetch(`${sandbox.origin}/v1/openapi.json`)).json()) as {
      paths: Record<string, { get?: { responses: Record<string, unknown> } }>;
    };
    expect(Object.keys(served.paths['/v1/openapi.json']!.get!.responses)).toEqual(
      expect.arrayContaining(['413', '415']),
    );
  });

  /** A GET with a body, which fetch refuses to send. */
  function rawGet(
    path: string,
    headers: Record<string, string>,
    body?: string,
  ): Promise<{ status: number; type: string; text: string }> {
    return new Promise((resolve, reject) => {
      const req = request(new URL(path, sandbox.origin), { method: 'GET', headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode!, type: String(res.headers['content-type']), text }),
        );
      });
      req.on('error', reject);
      // The announced body is not sent: the answer comes before it is read, and the socket is closed after.
      if (body !== undefined) req.end(body);
      else req.flushHeaders();
    });
  }
});

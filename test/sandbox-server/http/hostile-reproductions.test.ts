import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProblemDetails, Send } from '../../../src/shared/api/types.ts';
import { MAX_PROBLEMS_PER_FILE } from '../../../src/shared/fatturapa/problem-limit.ts';
import { basicAuth, startSandboxProcess, type SandboxProcess } from '../../support/sandbox-process.ts';
import {
  manyAttributesXml,
  manyEmptyElementsXml,
  maxEmptyElements,
} from '../../shared/fatturapa/hostile-inputs.ts';

/**
 * The hardening issue's reproductions against the real CLI server in its own process: files that once
 * killed the sandbox (out of memory) or froze every account (quadratic attribute checks on the only event
 * loop). The server must survive each, keep answering other callers while it works, and stay under 500 MB
 * at its peak (VmHWM). Times are printed by `npm run bench`, never asserted here.
 */
let sandbox: SandboxProcess;
let dataDir: string;
let hostileKey: Record<string, string>;
let bystanderKey: Record<string, string>;

function peakRssMb(): number {
  const status = readFileSync(`/proc/${sandbox.child.pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

async function createKey(account: string): Promise<Record<string, string>> {
  const { main } = await import('../../../src/sandbox-server/cli/sandbox.ts');
  let printed = '';
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((chunk: string) => ((printed += chunk), true)) as typeof process.stdout.write;
  try {
    await main(['keys', 'create', '--account', account, '--data-dir', dataDir]);
  } finally {
    process.stdout.write = write;
  }
  return basicAuth(printed.trim());
}

/** Another account's cheap request, timed only by whether it finishes before the hostile work does. */
async function bystanderAnswersWhile(hostile: Promise<unknown>): Promise<number> {
  let done = false;
  void hostile.finally(() => (done = true));
  let answeredDuringHostileWork = 0;
  for (let i = 0; i < 500 && !done; i++) {
    const response = await fetch(`${sandbox.url}/company`, { headers: bystanderKey });
    expect(response.status).toBe(200);
    if (!done) answeredDuringHostileWork++;
    await new Promise((r) => setTimeout(r, 20));
  }
  await hostile;
  return answeredDuringHostileWork;
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'scambio-hostile-'));
  sandbox = await startSandboxProcess(dataDir, ['--rate-limit', 'unlimited', '--sdi-delay', '0']);
  hostileKey = basicAuth(sandbox.firstKey!);
  bystanderKey = await createKey('bystander');
}, 60_000);

afterAll(async () => {
  sandbox?.child.kill('SIGTERM');
  await sandbox?.exited;
  rmSync(dataDir, { recursive: true, force: true });
});

describe('hostile files against the running sandbox', () => {
  it('three 5 MB files of 1.24 M empty elements, in parallel: bounded 422s, others served, memory bounded', async () => {
    const xml = manyEmptyElementsXml(maxEmptyElements());
    const validate = () =>
      fetch(`${sandbox.url}/send/validate/xml`, {
        method: 'POST',
        headers: { ...hostileKey, 'content-type': 'application/xml' },
        body: xml,
      }).then(async (r) => ({ status: r.status, text: await r.text() }));
    const hostile = Promise.all([validate(), validate(), validate()]);
    const served = await bystanderAnswersWhile(hostile);
    for (const answer of await hostile) {
      expect(answer.status).toBe(422);
      // 319 MB before the bound; now a page of problems and a count.
      expect(answer.text.length).toBeLessThan(200_000);
      const problem = JSON.parse(answer.text) as ProblemDetails;
      expect(problem.errors!.length).toBeLessThanOrEqual(MAX_PROBLEMS_PER_FILE);
      expect(problem.errors_omitted).toBeGreaterThan(1_000_000);
    }
    expect(served).toBeGreaterThan(0);
    expect(peakRssMb()).toBeLessThan(500);
  }, 120_000);

  it('200,000 attributes on the root through /send/xml: taken, discarded by SDI, nobody frozen', async () => {
    const hostile = (async () => {
      const response = await fetch(`${sandbox.url}/send/xml`, {
        method: 'POST',
        headers: { ...hostileKey, 'content-type': 'application/xml' },
        body: manyAttributesXml(200_000),
      });
      return { status: response.status, body: (await response.json()) as Send | ProblemDetails };
    })();
    const served = await bystanderAnswersWhile(hostile);
    const answer = await hostile;
    expect(served).toBeGreaterThan(0);
    if (answer.status === 201) {
      // Accepted for delivery as SDI would; its checks then discard it, without blocking anyone meanwhile.
      const id = (answer.body as Send).id;
      let state: string | null = null;
      for (let i = 0; i < 300 && state !== 'Scartato'; i++) {
        const send = (await (
          await fetch(`${sandbox.url}/send/${id}`, { headers: hostileKey })
        ).json()) as Send;
        state = send.latest_state ?? null;
        if (state !== 'Scartato') await new Promise((r) => setTimeout(r, 100));
      }
      expect(state).toBe('Scartato');
    } else {
      expect(answer.status).toBe(422);
    }
    expect((await fetch(`${sandbox.url}/health`)).status).toBe(200);
    expect(peakRssMb()).toBeLessThan(500);
  }, 120_000);
});

import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScambioClient, isProblem } from 'scambio/client';
import { SEND_STATES } from '../../../src/shared/api/types.ts';
import { decodeXmlBytes, isValidPartitaIva, unwrapP7m } from '../../../src/shared/fatturapa/index.ts';
import { startSandboxServer } from '../../../src/sandbox-server/server.ts';
import { cliCommand } from '../../support/sandbox-process.ts';
import { startTestSandbox } from '../../support/sandbox.ts';

const run = promisify(execFile);
const repo = new URL('../../../', import.meta.url).pathname;
/** A Monday morning: the seeded weeks end here, and the data folders' sandbox clocks are set to it. */
const UNTIL = '2026-03-02T09:00:00.000Z';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** `npm run sandbox -- seed` into a new data folder, as one Node process (the CLI bundled for the run). */
async function seedWithCli(seed: number): Promise<{ dir: string; stdout: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'scambio-seed-'));
  dirs.push(dir);
  const args = ['seed', '--data-dir', dir, '--profile', 'qa', '--seed', String(seed), '--until', UNTIL];
  const { stdout } = await run(process.execPath, [...cliCommand(), ...args], {
    cwd: repo,
    timeout: 120_000,
  });
  return { dir, stdout };
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

/**
 * A file as the API serves it, with the one part that must differ between two data folders taken off: the
 * sandbox signs FPA12 invoices with a key of each folder's own CA, so a `.p7m` is compared by the XML it carries.
 */
function comparable(payload: string, fileName: string | null): string {
  if (!fileName?.endsWith('.p7m')) return payload;
  return decodeXmlBytes(unwrapP7m(Uint8Array.from(Buffer.from(payload, 'base64'))));
}

/** Every answer a client of the seeded account sees, read through the typed client from a real server. */
async function apiAnswers(dir: string) {
  const server = await startSandboxServer({ dataDir: dir, port: 0, uiDir: null });
  try {
    const { key } = server.services.keys.create({ account: 'default', environment: 'test' });
    const api = ScambioClient.connect({ baseUrl: server.baseUrl, apiKey: key, language: 'en' });
    const answers = {
      companies: await collect(api.companies.all({ sort: 'id' })),
      sent: await collect(api.sent.all({ sort: 'id' })),
      received: await collect(api.received.all({ sort: 'id' })),
      updates: await collect(api.updates.all({ sort: 'id' })),
      webhooks: await collect(api.webhooks.all({ sort: 'id' })),
      history: await collect(api.webhooks.history.all({ sort: 'id' })),
      status: await api.status(),
      sentFiles: [] as string[],
      receivedFiles: [] as string[],
    };
    for (const send of answers.sent)
      answers.sentFiles.push(comparable(await api.sent.payload(send.id), send.file_name));
    // Read last: reading a received file marks it read.
    for (const receive of answers.received) {
      answers.receivedFiles.push(comparable(await api.received.payload(receive.id), receive.file_name));
    }
    return answers;
  } finally {
    await server.close();
  }
}

describe('npm run sandbox -- seed', () => {
  let first: { dir: string; stdout: string };
  let firstAnswers: Awaited<ReturnType<typeof apiAnswers>>;

  beforeAll(async () => {
    first = await seedWithCli(42);
    firstAnswers = await apiAnswers(first.dir);
  }, 240_000);

  it('gives identical API answers for the same seed, and other data for another', async () => {
    const again = await seedWithCli(42);
    expect(await apiAnswers(again.dir)).toEqual(firstAnswers);
    const other = await apiAnswers((await seedWithCli(43)).dir);
    expect(other.companies.map((c) => c.vat)).not.toEqual(firstAnswers.companies.map((c) => c.vat));
  }, 240_000);

  it('makes realistic Italian data through the SDI pipeline: every state, real discards, unread invoices', () => {
    const { companies, sent, received, updates, webhooks, history } = firstAnswers;
    expect(first.stdout).toMatch(/New sandbox API key \(shown once\): ik_test_/);
    expect(companies).toHaveLength(3);
    for (const company of companies) expect(isValidPartitaIva(company.vat.slice(2))).toBe(true);
    // Every state a sent invoice can be in, each reached by the simulated SDI on the sandbox clock.
    expect(new Set(sent.map((s) => s.latest_state))).toEqual(new Set(SEND_STATES));
    expect(sent.every((s) => s.date_sent! < UNTIL && s.identifier !== null)).toBe(true);
    // Discards carry SDI's real codes for real mistakes (a VAT typo, a date ahead, a duplicate), not a forced one.
    const discards = updates.filter((u) => u.state === 'Scartato');
    expect(discards.length).toBeGreaterThan(0);
    for (const discard of discards) {
      expect(discard.errors![0]!.code).toMatch(/^00(305|403|404|102)$/);
      expect(discard.description).not.toMatch(/simulat/i);
    }
    expect(received.some((r) => !r.is_read)).toBe(true);
    expect(received.some((r) => r.is_read)).toBe(true);
    // Webhooks with a history: deliveries that worked, failures with their answer, one webhook given up on.
    expect(history.some((h) => h.success)).toBe(true);
    expect(history.some((h) => !h.success && h.status_code >= 400 && h.error)).toBe(true);
    expect(webhooks.map((w) => w.enabled).sort()).toEqual([false, true]);
    // The enabled one was down for a while: it failed with 503, then the retries got through.
    const erp = history.filter((h) => h.web_hook_id === webhooks.find((w) => w.enabled)!.id);
    expect(erp.some((h) => h.status_code === 503)).toBe(true);
    expect(erp.at(-1)!.success).toBe(true);
  });

  it('refuses an account that already has data, and leaves it as it was', async () => {
    const error = await run(
      process.execPath,
      [...cliCommand(), 'seed', '--data-dir', first.dir, '--profile', 'qa', '--seed', '7'],
      { cwd: repo, timeout: 120_000 },
    ).catch((e: { code: number; stderr: string }) => e);
    expect(error).toMatchObject({ code: 1 });
    expect((error as { stderr: string }).stderr).toMatch(/Nothing seeded: the account already has data/);
    const answers = await apiAnswers(first.dir);
    expect(answers.sent).toEqual(firstAnswers.sent);
  }, 120_000);
});

describe('POST /_sandbox/seed (the app\'s "Load demo data")', () => {
  it('fills an empty sandbox account through the running server, once', async () => {
    const sandbox = await startTestSandbox({ sdiDelayMs: 0 });
    try {
      const { key } = sandbox.server.services.keys.create({ account: 'default', environment: 'test' });
      const api = ScambioClient.connect({ baseUrl: sandbox.server.baseUrl, apiKey: key, language: 'it' });
      const before = await api.sandbox.clock();
      const outcome = await api.sandbox.seed({ profile: 'qa', seed: 5 });
      expect(outcome.environments.map((e) => e.environment)).toEqual(['test']);
      const sent = await api.sent.page({ page_size: 1 });
      expect(sent.total).toBe(outcome.environments[0]!.sent);
      expect((await api.companies.page()).items.map((c) => c.name).sort()).toEqual(
        outcome.companies.map((c) => c.name).sort(),
      );
      // The clock is back where it was: seeding moved it through the past weeks and then returned.
      const after = await api.sandbox.clock();
      expect(Math.abs(after.offset_seconds - before.offset_seconds)).toBeLessThan(5);
      const again = await api.sandbox.seed().catch((e: unknown) => e);
      expect(isProblem(again, 'conflict')).toBe(true);
      expect((again as Error).message).toMatch(/contiene già dei dati/);
      const invalid = await api.sandbox.seed({ profile: 'huge' as 'qa' }).catch((e: unknown) => e);
      expect(isProblem(invalid, 'invalid')).toBe(true);
    } finally {
      await sandbox.close();
    }
  }, 180_000);
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { LogEvent, Send } from '../../../src/shared/api/types.ts';
import { Database } from '../../../src/sandbox-server/store/sqlite-driver.ts';
import { invoiceXml, italianVat } from '../../support/invoices.ts';
import { basicAuth, startSandboxProcess, type SandboxProcess } from '../../support/sandbox-process.ts';

/**
 * kill -9 in the middle of a stream of keyed submissions (the scenario of idempotency-crash.test.ts, at scale):
 * 500 submissions with an Idempotency-Key from 20 concurrent clients, the real CLI server killed three times and
 * restarted on the same data folder and port. Clients retry whatever got no answer, with the same key.
 */
const SUBMISSIONS = 500;
const CLIENTS = 20;
const KILL_AFTER = [90, 200, 320]; // acknowledged submissions before each kill

const dirs: string[] = [];
const running: SandboxProcess[] = [];
afterEach(() => {
  for (const p of running.splice(0)) if (p.child.exitCode === null) p.child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function start(dir: string, port?: number): Promise<SandboxProcess> {
  const extra = ['--rate-limit', 'unlimited'];
  if (port !== undefined) extra.push('--port', String(port));
  const p = await startSandboxProcess(dir, extra);
  running.push(p);
  return p;
}

async function killHard(p: SandboxProcess): Promise<void> {
  p.child.kill('SIGKILL');
  await p.exited;
}

interface Submission {
  key: string;
  number: string;
  body: string;
}

async function all<T>(url: string, key: string, path: string, query = ''): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page++) {
    const res = await fetch(`${url}${path}?page_size=200&page=${page}&sort=id${query}`, {
      headers: basicAuth(key),
    });
    expect(res.status).toBe(200);
    const batch = (await res.json()) as T[];
    rows.push(...batch);
    if (batch.length < 200) return rows;
  }
}

describe('kill -9 during keyed submissions', () => {
  it('loses nothing, duplicates nothing, and logs every acknowledged submission', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'scambio-kill-'));
    dirs.push(dir);
    let server = await start(dir);
    const url = server.url;
    const port = Number(new URL(url).port);
    const apiKey = server.firstKey!;
    const auth = basicAuth(apiKey);

    const submissions: Submission[] = Array.from({ length: SUBMISSIONS }, (_, i) => ({
      key: `kill-${i}`,
      number: `KR-${i}`,
      body: invoiceXml({ supplierVat: italianVat(7000), customerVat: italianVat(7001), number: `KR-${i}` }),
    }));
    const acknowledged = new Map<string, number>(); // key → invoice id of the 201 the client saw
    let lostAnswers = 0;
    let next = 0;
    const kills: Promise<void>[] = [];
    let killsDone = 0;

    const client = async () => {
      while (next < submissions.length) {
        const item = submissions[next++]!;
        for (let attempt = 0; ; attempt++) {
          expect(attempt, `retries of ${item.key}`).toBeLessThan(200);
          let res: Response;
          try {
            res = await fetch(`${url}/send/xml`, {
              method: 'POST',
              body: item.body,
              headers: { ...auth, 'content-type': 'application/xml', 'idempotency-key': item.key },
            });
          } catch {
            // The server died under this request: its answer is lost; retry with the same key once it is back.
            lostAnswers++;
            await new Promise((r) => setTimeout(r, 100));
            continue;
          }
          if (res.status === 409) {
            // The same key still in flight on this server (our own retry racing a dying connection): retry.
            await res.body?.cancel();
            await new Promise((r) => setTimeout(r, 50));
            continue;
          }
          const text = await res.text().catch(() => null);
          if (text === null) {
            lostAnswers++;
            continue;
          }
          expect(res.status, text).toBe(201);
          acknowledged.set(item.key, (JSON.parse(text) as Send).id);
          if (killsDone < KILL_AFTER.length && acknowledged.size >= KILL_AFTER[killsDone]!) {
            killsDone++;
            kills.push(
              (async () => {
                await killHard(server);
                server = await start(dir, port);
              })(),
            );
          }
          break;
        }
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, client));
    await Promise.all(kills);
    expect(killsDone).toBe(3);
    expect(acknowledged.size).toBe(SUBMISSIONS);

    // Every key maps to exactly one invoice: a retry of each replays the very answer the client kept.
    for (const item of submissions) {
      const res = await fetch(`${url}/send/xml`, {
        method: 'POST',
        body: item.body,
        headers: { ...auth, 'content-type': 'application/xml', 'idempotency-key': item.key },
      });
      expect(res.status).toBe(201);
      expect(res.headers.get('idempotent-replayed')).toBe('true');
      expect(((await res.json()) as Send).id).toBe(acknowledged.get(item.key));
    }
    // Nothing lost, nothing twice.
    const sends = await all<Send>(url, apiKey, '/send');
    expect(sends.length).toBe(SUBMISSIONS);
    expect(new Set(sends.map((s) => s.document_number))).toEqual(new Set(submissions.map((s) => s.number)));
    expect(new Set(sends.map((s) => s.id))).toEqual(new Set(acknowledged.values()));

    // Every SDI step completes: the sandbox clock moves on until SDI has nothing left to do for any invoice.
    const sandboxUrl = url.replace(/\/v1$/, '/_sandbox');
    const sdiJobsLeft = async () =>
      (
        (await (await fetch(`${sandboxUrl}/queue`, { headers: auth })).json()) as { send_id: number | null }[]
      ).filter((job) => job.send_id !== null).length;
    for (let round = 0; (await sdiJobsLeft()) > 0; round++) {
      expect(round, 'SDI did not finish').toBeLessThan(20);
      const moved = await fetch(`${sandboxUrl}/clock`, {
        method: 'POST',
        body: JSON.stringify({ advance: '1h' }),
        headers: { ...auth, 'content-type': 'application/json' },
      });
      expect(moved.status).toBe(200);
    }
    // The same invoice to the same recipient: every copy went through SDI to the same final state.
    const states = new Set((await all<Send>(url, apiKey, '/send')).map((s) => s.latest_state));
    expect(states.size).toBe(1);
    expect([...states][0]).not.toBeNull();

    // Every acknowledged submission is in the request log, committed before its answer left.
    const logged = await all<LogEvent>(url, apiKey, '/log', '&endpoint=/v1/send/xml&status_code=201');
    const loggedIds = new Set(logged.map((e) => e.resource_id));
    const missing = [...acknowledged.values()].filter((id) => !loggedIds.has(id));
    expect(missing).toEqual([]);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const db = new Database(join(dir, 'scambio.sqlite'), { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(db.pragma('foreign_key_check')).toEqual([]);
      const stuck = db.prepare("SELECT count(*) AS n FROM jobs WHERE state = 'failed'").get() as {
        n: number;
      };
      expect(stuck.n).toBe(0);
    } finally {
      db.close();
    }
    // At least some answers were lost to the kills: the retries above were exercised, not just the happy path.
    expect(lostAnswers).toBeGreaterThan(0);
  }, 60_000);
});

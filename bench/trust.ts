/**
 * Retries and load: 200 concurrent clients uploading with 10% deliberate retries under the same
 * Idempotency-Key (no invoice may be stored twice), and a 60-second soak at the rate limit (memory flat).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { invoiceXml, italianVat } from '../test/support/invoices.ts';
import { percentile } from './http-client.ts';
import type { Figure } from './report.ts';
import { startBenchServer } from './sandbox-process.ts';
import { createApiKey, openSandboxStore } from '../src/sandbox-server/index.ts';

const CLIENTS = 200;
const UPLOADS = 6_000;
const RETRY_SHARE = 0.1;
const SOAK_SECONDS = 60;
const WARM_UP_SECONDS = 15;
const SAMPLE_SECONDS = 10;

async function newKey(dataDir: string): Promise<string> {
  const store = await openSandboxStore(dataDir);
  try {
    return (await createApiKey(store, { account: 'bench', environment: 'test' })).key;
  } finally {
    store.close();
  }
}

export async function benchTrust(): Promise<Figure[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'scambio-bench-trust-'));
  try {
    const key = await newKey(dataDir);
    const figures = [...(await concurrentRetries(dataDir, key)), ...(await soak(dataDir, key))];
    return figures;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function concurrentRetries(dataDir: string, key: string): Promise<Figure[]> {
  const server = await startBenchServer(dataDir, ['--rate-limit', 'unlimited']);
  const agent = new Agent({ connections: CLIENTS });
  const authorization = `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
  const sent: { key: string; body: string }[] = [];
  const latency: number[] = [];
  let replays = 0;
  let conflicts = 0;
  let next = 0;
  try {
    const started = process.hrtime.bigint();
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (next < UPLOADS) {
          const n = next++;
          const retry = sent.length > 0 && n % Math.round(1 / RETRY_SHARE) === 0;
          const attempt = retry
            ? sent[Math.floor(Math.random() * sent.length)]!
            : {
                key: `bench-${n}`,
                body: invoiceXml({ supplierVat: italianVat(9_100_001), number: `B-${n}` }),
              };
          const t0 = process.hrtime.bigint();
          const res = await request(`${server.origin}/v1/send/xml`, {
            method: 'POST',
            dispatcher: agent,
            headers: { authorization, 'content-type': 'application/xml', 'idempotency-key': attempt.key },
            body: attempt.body,
          });
          await res.body.dump();
          latency.push(Number(process.hrtime.bigint() - t0) / 1e6);
          if (res.statusCode === 409) conflicts++;
          else if (res.statusCode !== 201) throw new Error(`upload answered ${res.statusCode}`);
          if (res.headers['idempotent-replayed'] === 'true') replays++;
          if (!retry) sent.push(attempt);
        }
      }),
    );
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const list = await request(`${server.origin}/v1/send?page_size=1`, {
      dispatcher: agent,
      headers: { authorization },
    });
    await list.body.dump();
    const stored = Number(list.headers['service-total-count']);
    latency.sort((a, b) => a - b);
    return [
      {
        name: `POST /send/xml, ${CLIENTS} clients, ${UPLOADS} requests (${replays} replays, ${conflicts} 409)`,
        value: UPLOADS / seconds,
        unit: '/s',
      },
      { name: 'POST /send/xml p99 under that load', value: percentile(latency, 99), unit: 'ms' },
      { name: 'invoices stored twice (must be 0)', value: stored - sent.length, unit: '' },
    ];
  } finally {
    await agent.close();
    await server.stop();
  }
}

/** Drives one key just over its per-second limit for a minute; the server's memory must not grow. */
async function soak(dataDir: string, key: string): Promise<Figure[]> {
  const server = await startBenchServer(dataDir);
  const agent = new Agent({ connections: 8 });
  const authorization = `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
  let ok = 0;
  let limited = 0;
  try {
    const call = async () => {
      const res = await request(`${server.origin}/v1/send?page_size=10`, {
        dispatcher: agent,
        headers: { authorization },
      });
      await res.body.dump();
      if (res.statusCode === 429) limited++;
      else ok++;
    };
    // 8 callers, 60 ms apart each: about 130 requests a second against a limit of 100.
    const drive = (seconds: number) => {
      const stopAt = Date.now() + seconds * 1000;
      return Promise.all(
        Array.from({ length: 8 }, async () => {
          while (Date.now() < stopAt) {
            await call();
            await new Promise((r) => setTimeout(r, 60));
          }
        }),
      );
    };
    await drive(WARM_UP_SECONDS); // the heap and SQLite's page cache reach their working size first
    const samples = [server.rssMb()];
    for (let elapsed = 0; elapsed < SOAK_SECONDS; elapsed += SAMPLE_SECONDS) {
      await drive(SAMPLE_SECONDS);
      samples.push(server.rssMb());
    }
    return [
      { name: `soak ${SOAK_SECONDS}s at the limit: requests answered`, value: ok, unit: '' },
      { name: `soak ${SOAK_SECONDS}s at the limit: requests refused with 429`, value: limited, unit: '' },
      { name: 'server RSS at soak start', value: samples[0]!, unit: 'MB' },
      {
        name: `server RSS every ${SAMPLE_SECONDS}s: ${samples.map((m) => m.toFixed(0)).join(' → ')}`,
        value: Math.max(...samples),
        unit: 'MB max',
      },
      { name: 'server RSS at soak end', value: samples.at(-1)!, unit: 'MB' },
    ];
  } finally {
    await agent.close();
    await server.stop();
  }
}

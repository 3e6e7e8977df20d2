/**
 * Event-loop responsiveness under hostile validation: the sandbox (its own process, as `npm run sandbox`)
 * validates hostile 5 MB files for one account while another account's cheap request is timed every 20 ms.
 * `/v1/health` is limited to 12 requests a minute per address, so the probe is `GET /v1/company` with the
 * second account's key (rate limits off). Set SCAMBIO_SANDBOX_WORKERS=0 to measure without worker threads.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import {
  manyAttributesXml,
  manyEmptyElementsXml,
  maxEmptyElements,
} from '../test/shared/fatturapa/hostile-inputs.ts';
import { percentile } from './http-client.ts';
import type { Figure } from './report.ts';
import { startBenchServer } from './sandbox-process.ts';
import { createApiKey, openSandboxStore } from '../src/sandbox-server/index.ts';

const POLL_MS = 20;

async function seedKeys(dataDir: string): Promise<{ hostile: string; probe: string }> {
  const store = await openSandboxStore(dataDir);
  const hostile = (await createApiKey(store, { account: 'hostile', environment: 'test' })).key;
  const probe = (await createApiKey(store, { account: 'probe', environment: 'test' })).key;
  store.close();
  return { hostile, probe };
}

function auth(key: string): string {
  return `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
}

function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+)/.exec(status)![1]) / 1024;
}

export async function benchEventLoopUnderHostileLoad(): Promise<Figure[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'scambio-bench-hostile-'));
  const { hostile, probe } = await seedKeys(dataDir);
  const server = await startBenchServer(dataDir, ['--rate-limit', 'unlimited']);
  const agent = new Agent({ connections: 8 });
  try {
    const call = async (key: string, method: 'GET' | 'POST', path: string, body?: string) => {
      const response = await request(`${server.origin}${path}`, {
        method,
        dispatcher: agent,
        headers: { authorization: auth(key), ...(body ? { 'content-type': 'application/xml' } : {}) },
        body,
        headersTimeout: 600_000,
        bodyTimeout: 600_000,
      });
      await response.body.dump();
      return response.statusCode;
    };
    for (let i = 0; i < 5; i++) await call(probe, 'GET', '/v1/company'); // warm-up
    const files = [
      ...Array.from({ length: 3 }, () => manyEmptyElementsXml(maxEmptyElements())),
      manyAttributesXml(200_000),
    ];
    const started = Date.now();
    let hostileDone = 0;
    const hostileStatuses: number[] = [];
    const hostileRequests = files.map((xml) =>
      call(hostile, 'POST', '/v1/send/validate/xml', xml).then(
        (status) => (hostileStatuses.push(status), hostileDone++),
        () => (hostileStatuses.push(0), hostileDone++),
      ),
    );
    const samples: number[] = [];
    while (hostileDone < files.length) {
      const sent = performance.now();
      const status = await call(probe, 'GET', '/v1/company');
      if (status !== 200) throw new Error(`probe answered ${status}`);
      samples.push(performance.now() - sent);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    await Promise.all(hostileRequests);
    const seconds = (Date.now() - started) / 1000;
    samples.sort((a, b) => a - b);
    const sizes = files.map((f) => (f.length / 1e6).toFixed(2)).join('+');
    return [
      {
        name: `hostile validations (${sizes} MB, statuses ${hostileStatuses.join(',')}) wall`,
        value: seconds,
        unit: 's',
      },
      {
        name: `probe GET /v1/company p50 (${samples.length} samples)`,
        value: percentile(samples, 50),
        unit: 'ms',
      },
      { name: 'probe GET /v1/company p99', value: percentile(samples, 99), unit: 'ms', target: { max: 100 } },
      { name: 'probe GET /v1/company max', value: samples.at(-1) ?? NaN, unit: 'ms' },
      {
        name: 'server RSS peak (VmHWM)',
        value: peakRssMb(server.child.pid!),
        unit: 'MB',
        target: { max: 500 },
      },
    ];
  } finally {
    await agent.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

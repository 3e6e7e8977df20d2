/**
 * One account's webhooks that never answer, against another account's invoice (issue 25): account B has 50
 * webhooks pointing at a receiver that holds every call (each delivery lasts until its 10 s timeout) and sends
 * invoices, so hundreds of its deliveries wait; meanwhile account A's invoices are timed from submission to their
 * final SDI state, and A's clock moves are timed. The sandbox runs in its own process, as `npm run sandbox`.
 * `tsx bench/webhook-isolation.ts` runs it alone and writes its section of bench/results.md.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { createApiKey, openSandboxStore } from '../src/sandbox-server/index.ts';
import { invoiceXml, italianVat } from '../test/support/invoices.ts';
import { percentile } from './http-client.ts';
import { report, type Figure } from './report.ts';
import { writeResultsSection } from './results-file.ts';
import { keyedCaller, startBenchServer } from './sandbox-process.ts';

const HANGING_WEBHOOKS = 50;
const B_INVOICES = 4;
const A_INVOICES = 8;
const FINAL_STATES = new Set(['Consegnato', 'ImpossibilitaDiRecapito', 'Scartato']);

/** Holds every call open until closed: a receiver that never answers. */
async function hangingReceiver(): Promise<{ url: string; held: () => number; close: () => Promise<void> }> {
  let held = 0;
  const server: Server = createServer((req) => {
    held++;
    req.resume();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    held: () => held,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

export async function benchWebhookIsolation(): Promise<Figure[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'scambio-bench-webhooks-'));
  const store = await openSandboxStore(dataDir);
  const b = (await createApiKey(store, { account: 'hangs', environment: 'test' })).key;
  const a = (await createApiKey(store, { account: 'goes-on', environment: 'test' })).key;
  store.close();
  const server = await startBenchServer(dataDir, ['--rate-limit', 'unlimited']);
  const receiver = await hangingReceiver();
  const agent = new Agent({ connections: 8 });
  const call = keyedCaller(server.origin, agent);
  const submit = async (key: string, seed: number) =>
    (
      await call(
        key,
        'POST',
        '/v1/send/xml',
        invoiceXml({ supplierVat: italianVat(seed) }),
        'application/xml',
      )
    ).id as number;
  try {
    for (let i = 0; i < HANGING_WEBHOOKS; i++) {
      await call(
        b,
        'POST',
        '/v1/webhook',
        JSON.stringify({ url: receiver.url, events: ['*'] }),
        'application/json',
      );
    }
    for (let i = 0; i < B_INVOICES; i++) await submit(b, 8100 + i);
    // B's deliveries hang from here on: hundreds of them wait their turn, each up to its 10 s timeout.
    while (receiver.held() === 0) await new Promise((resolve) => setTimeout(resolve, 20));

    const reached: number[] = [];
    for (let i = 0; i < A_INVOICES; i++) {
      const started = performance.now();
      const id = await submit(a, 8200 + i);
      for (;;) {
        const send = await call(a, 'GET', `/v1/send/${id}`);
        if (FINAL_STATES.has(String(send.latest_state))) break;
        if (performance.now() - started > 60_000) throw new Error(`A's invoice ${id} not final after 60 s`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      reached.push(performance.now() - started);
    }
    const moves: number[] = [];
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      await call(a, 'POST', '/_sandbox/clock', JSON.stringify({ advance: '1h' }), 'application/json');
      moves.push(performance.now() - started);
    }
    const health = await request(`${server.origin}/v1/health`, { dispatcher: agent });
    const checks = (await health.body.json()) as { checks: Record<string, { status: string }> };
    console.log(`  webhook deliveries' health meanwhile: ${checks.checks.webhook_deliveries?.status}`);
    return [
      {
        name: `A's invoice to its final state, p50 (B: ${HANGING_WEBHOOKS} hanging webhooks)`,
        value:
          percentile(
            [...reached].sort((x, y) => x - y),
            50,
          ) / 1000,
        unit: 's',
        target: { max: 3 },
      },
      {
        name: `A's invoice to its final state, slowest of ${A_INVOICES}`,
        value: Math.max(...reached) / 1000,
        unit: 's',
        target: { max: 3 },
      },
      {
        name: "A's clock move (advance 1h), slowest of 3",
        value: Math.max(...moves) / 1000,
        unit: 's',
        target: { max: 3 },
      },
      { name: 'B deliveries held by its receiver meanwhile', value: receiver.held(), unit: '' },
    ];
  } finally {
    await server.stop();
    await receiver.close();
    await agent.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The figures as bench/results.md keeps them. */
export function webhookIsolationSection(figures: Figure[]): string {
  const rows = figures.map(
    (f) =>
      `| ${f.name} | ${f.value.toFixed(2)} ${f.unit} | ${f.target?.max !== undefined ? `< ${f.target.max} ${f.unit}` : ''} | ${
        f.target?.max === undefined ? '' : f.value < f.target.max ? 'met' : 'MISSED'
      } |`,
  );
  return [
    '# One account’s hanging webhooks against another’s invoice (`tsx bench/webhook-isolation.ts`)',
    '',
    `- date: ${new Date().toISOString()}; Node ${process.version}; the CLI server in its own process, SDI delay 1 s (the default)`,
    `- account B: ${HANGING_WEBHOOKS} webhooks to a receiver that holds every call, ${B_INVOICES} invoices (3 events each, so ${HANGING_WEBHOOKS * B_INVOICES * 3} deliveries, each up to its 10 s timeout); account A: ${A_INVOICES} invoices one after the other, polled every 20 ms`,
    '',
    '| figure | value | target | verdict |',
    '| --- | ---: | --- | --- |',
    ...rows,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await benchWebhookIsolation();
  report('Webhook isolation', figures);
  writeResultsSection('webhook-isolation', webhookIsolationSection(figures));
}

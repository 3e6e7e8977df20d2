/**
 * The simulated SDI end to end: submissions over real HTTP to the sandbox in its own process, SDI delay 0,
 * each followed to its final state (Consegnato) as a client sees it, through `GET /update?unread=true`.
 *
 * Two loads: 10,000 invoices from 16 clients as fast as the server takes them (throughput; the latency then
 * is mostly time waiting in the queue behind earlier invoices), and a paced load the server keeps up with
 * (the latency of the pipeline itself).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent } from 'undici';
import { invoiceXml, italianVat } from '../test/support/invoices.ts';
import { percentile } from './http-client.ts';
import type { Figure } from './report.ts';
import { keyedCaller, startBenchServer, type KeyedCall } from './sandbox-process.ts';
import { createApiKey, openSandboxStore } from '../src/sandbox-server/index.ts';

const SATURATING = { invoices: 10_000, clients: 16 };
const PACED = { invoices: 1_000, perSecond: 50 };
/** One invoice in five goes to a company registered in another account: a Receive is created there. */
const LOCAL_SHARE = 5;
const POLL_MS = 20;
const DEADLINE_MS = 600_000;

type Call = KeyedCall;

interface RunResult {
  seconds: number;
  /** Milliseconds from the start of each submission to the moment its Consegnato was seen, sorted. */
  latencies: number[];
}

async function keys(dataDir: string): Promise<{ sender: string; recipient: string }> {
  const store = await openSandboxStore(dataDir);
  try {
    return {
      sender: (await createApiKey(store, { account: 'sender', environment: 'test' })).key,
      recipient: (await createApiKey(store, { account: 'recipient', environment: 'test' })).key,
    };
  } finally {
    store.close();
  }
}

/**
 * Submits `count` invoices (at most `clients` at a time, no faster than `perSecond` when given) and watches
 * the updates until every one has reached Consegnato.
 */
async function run(
  call: Call,
  key: string,
  localVat: string,
  first: number,
  load: { count: number; clients: number; perSecond?: number },
): Promise<RunResult> {
  const submittedAt = new Map<number, number>();
  const deliveredAt = new Map<number, number>();
  let next = 0;
  let submitting = true;
  const started = performance.now();

  // A client watching its invoices: unread updates, each read once, as they arrive.
  const watcher = (async () => {
    const deadline = Date.now() + DEADLINE_MS;
    while (submitting || deliveredAt.size < submittedAt.size) {
      if (Date.now() > deadline) throw new Error(`only ${deliveredAt.size} invoices reached Consegnato`);
      const updates = await call<{ send_id: number }[]>(
        key,
        'GET',
        '/v1/update?unread=true&state=Consegnato&page_size=200',
      );
      const now = performance.now();
      for (const update of updates) deliveredAt.set(update.send_id, now);
      if (updates.length < 200) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  })();

  await Promise.all(
    Array.from({ length: load.clients }, async () => {
      while (next < load.count) {
        const n = next++;
        if (load.perSecond) {
          const wait = started + (n * 1000) / load.perSecond - performance.now();
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        }
        const xml = invoiceXml({
          supplierVat: italianVat(8_000_001),
          customerVat: n % LOCAL_SHARE === 0 ? localVat : italianVat(8_100_000 + (n % 500)),
          codiceDestinatario: 'M5UXCR1',
          number: `SDI-${first + n}`,
        });
        const begin = performance.now();
        const send = await call<{ id: number }>(key, 'POST', '/v1/send/xml', xml, 'application/xml');
        submittedAt.set(send.id, begin);
      }
    }),
  );
  submitting = false;
  await watcher;
  const latencies = [...submittedAt].map(([id, begin]) => deliveredAt.get(id)! - begin);
  return { seconds: (performance.now() - started) / 1000, latencies: latencies.sort((a, b) => a - b) };
}

export async function benchSdi(): Promise<Figure[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'scambio-bench-sdi-'));
  try {
    const { sender, recipient } = await keys(dataDir);
    const server = await startBenchServer(dataDir, ['--rate-limit', 'unlimited', '--sdi-delay', '0']);
    const agent = new Agent({ connections: SATURATING.clients + 1, pipelining: 1 });
    const call = keyedCaller(server.origin, agent);
    try {
      const localVat = italianVat(7_000_001);
      const company = { vat: localVat, fiscal_code: localVat.slice(2), name: 'Destinatario Srl' };
      await call(recipient, 'POST', '/v1/company', JSON.stringify(company), 'application/json');

      const full = await run(call, sender, localVat, 0, {
        count: SATURATING.invoices,
        clients: SATURATING.clients,
      });
      const paced = await run(call, sender, localVat, SATURATING.invoices, {
        count: PACED.invoices,
        clients: 4,
        perSecond: PACED.perSecond,
      });
      const count = (n: number) => n.toLocaleString('en');
      return [
        {
          name: `${count(SATURATING.invoices)} invoices, submission → Consegnato (${SATURATING.clients} clients)`,
          value: SATURATING.invoices / full.seconds,
          unit: '/s',
        },
        {
          name: '  submission → Consegnato p50 (queueing included)',
          value: percentile(full.latencies, 50),
          unit: 'ms',
        },
        {
          name: '  submission → Consegnato p99 (queueing included)',
          value: percentile(full.latencies, 99),
          unit: 'ms',
        },
        {
          name: `paced ${count(PACED.invoices)} invoices at ${PACED.perSecond}/s: submission → Consegnato p50`,
          value: percentile(paced.latencies, 50),
          unit: 'ms',
        },
        { name: '  submission → Consegnato p99 (paced)', value: percentile(paced.latencies, 99), unit: 'ms' },
        { name: 'server memory after both runs (RSS)', value: server.rssMb(), unit: 'MB' },
      ];
    } finally {
      await agent.close();
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

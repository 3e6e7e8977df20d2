/**
 * Server core: 100,000 stored sent invoices, then list/get latency and upload throughput over real HTTP
 * against the sandbox running in its own process (as `npm run sandbox` runs it).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { invoiceXml, italianVat } from '../test/support/invoices.ts';
import { BenchClient, latencies, percentile } from './http-client.ts';
import { startBenchServer } from './sandbox-process.ts';
import type { Figure } from './report.ts';
import { createApiKey, openSandboxStore } from '../src/sandbox-server/index.ts';

const STORED = 100_000;
const CUSTOMERS = 500;
const UPLOAD_SECONDS = 10;
const UPLOAD_CONCURRENCY = 8;

async function seed(dataDir: string): Promise<{ key: string; ids: number[] }> {
  const store = await openSandboxStore(dataDir);
  const { key, accountId } = await createApiKey(store, {
    account: 'bench',
    environment: 'test',
  });
  const scope = { accountId, environment: 'test' as const };
  const supplier = italianVat(9_000_001);
  const company = store.companies.insert(
    scope,
    { vat: supplier, fiscal_code: supplier.slice(2), name: 'Bench Srl' },
    new Date().toISOString(),
  );
  const payload = new TextEncoder().encode(invoiceXml({ supplierVat: supplier }));
  const ids: number[] = [];
  const base = Date.parse('2024-01-01T00:00:00Z');
  store.transaction(() => {
    for (let i = 0; i < STORED; i++) {
      const customer = i % CUSTOMERS;
      const date = new Date(base + (i % 365) * 86_400_000).toISOString();
      const send = store.sends.insert(scope, {
        companyId: company.id,
        identifier: String(100_000_000_000 + i),
        fileName: `IT${supplier.slice(2)}_${i.toString(36).padStart(5, '0')}.xml`,
        format: 'FPR12',
        encoding: 'Xml',
        payload,
        committente: italianVat(customer),
        prestatore: supplier,
        nomeCommittente: `Cliente ${customer} Ristorazione Srl`,
        documentNumber: String(i),
        documentDate: date,
        documents: [{ number: String(i), date }],
        metaData: null,
        dateSent: date,
        lastUpdate: null,
        created: date,
      });
      ids.push(send.id);
    }
  });
  store.close();
  return { key, ids };
}

export async function benchServerCore(): Promise<Figure[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'scambio-bench-'));
  try {
    const seedStart = Date.now();
    const { key, ids } = await seed(dataDir);
    const seedSeconds = (Date.now() - seedStart) / 1000;
    // The simulated SDI waits a day here: this measures the API itself; bench/sdi.ts measures the SDI.
    const server = await startBenchServer(dataDir, ['--rate-limit', 'unlimited', '--sdi-delay', '24h']);
    const client = new BenchClient(server.origin, key, UPLOAD_CONCURRENCY);
    try {
      await latencies(20, () => client.call('GET', '/v1/send?page_size=200')); // warm-up
      const list = await latencies(200, (i) =>
        client.call('GET', `/v1/send?page_size=200&page=${1 + (i % 50)}`),
      );
      const search = await latencies(200, (i) =>
        client.call(
          'GET',
          `/v1/send?page_size=200&q=${encodeURIComponent(`Cliente ${(i * 7) % CUSTOMERS} Rist`)}`,
        ),
      );
      const byId = await latencies(2000, (i) =>
        client.call('GET', `/v1/send/${ids[(i * 7919) % ids.length]}`),
      );

      const uploadXml = (n: number) => invoiceXml({ supplierVat: italianVat(9_000_001), number: `U-${n}` });
      let uploaded = 0;
      const stopAt = Date.now() + UPLOAD_SECONDS * 1000;
      const started = process.hrtime.bigint();
      await Promise.all(
        Array.from({ length: UPLOAD_CONCURRENCY }, async () => {
          while (Date.now() < stopAt && uploaded < 50_000) {
            const status = await client.call('POST', '/v1/send/xml', uploadXml(uploaded), 'application/xml');
            if (status !== 201) throw new Error(`upload answered ${status}`);
            uploaded++;
          }
        }),
      );
      const uploadSeconds = Number(process.hrtime.bigint() - started) / 1e9;
      return [
        {
          name: `seed ${STORED.toLocaleString('en')} sends (direct, one transaction)`,
          value: seedSeconds,
          unit: 's',
        },
        { name: 'GET /send?page_size=200 p50', value: percentile(list, 50), unit: 'ms', target: { max: 10 } },
        { name: 'GET /send?page_size=200 p99', value: percentile(list, 99), unit: 'ms' },
        {
          name: 'GET /send?page_size=200&q=… p50',
          value: percentile(search, 50),
          unit: 'ms',
          target: { max: 10 },
        },
        { name: 'GET /send?page_size=200&q=… p99', value: percentile(search, 99), unit: 'ms' },
        { name: 'GET /send/{id} p50', value: percentile(byId, 50), unit: 'ms', target: { max: 2 } },
        { name: 'GET /send/{id} p99', value: percentile(byId, 99), unit: 'ms' },
        {
          name: `POST /send/xml sustained (${UPLOAD_CONCURRENCY} clients, ${uploaded} uploads)`,
          value: uploaded / uploadSeconds,
          unit: '/s',
          target: { min: 300 },
        },
      ];
    } finally {
      await client.close();
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Export: 10,000 invoices as one streamed ZIP from the sandbox in its own process. Prints the time, the
 * throughput, and how far the server's memory rises over its idle size while it streams; the same for a
 * quarter of the invoices, to show whether that rise follows the number of files or stays flat.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { invoiceXml, italianVat } from '../test/support/invoices.ts';
import type { Figure } from './report.ts';
import { startBenchServer } from './sandbox-process.ts';
import { createApiKey, openSandboxStore } from '../src/sandbox-server/index.ts';

export const INVOICES = 10_000;
const SMALLER = 2_500;

interface Seeded {
  key: string;
  /** A company holding the first SMALLER invoices; the rest belong to a second one. */
  smallCompanyId: number;
}

/** 10,000 received invoices of January 2025 for `account` (the desktop bench uses the app's own account). */
export async function seedExport(dataDir: string, account = 'bench'): Promise<Seeded> {
  const store = await openSandboxStore(dataDir);
  try {
    const { key, accountId } = await createApiKey(store, {
      account,
      environment: 'test',
    });
    const scope = { accountId, environment: 'test' as const };
    const now = new Date().toISOString();
    const companies = [italianVat(9_200_001), italianVat(9_200_002)].map((vat) =>
      store.companies.insert(scope, { vat, fiscal_code: vat.slice(2), name: `Export ${vat}` }, now),
    );
    store.transaction(() => {
      for (let i = 0; i < INVOICES; i++) {
        const company = companies[i < SMALLER ? 0 : 1]!;
        const supplier = italianVat(9_300_000 + (i % 50));
        // Distinct files of realistic size: a few KB, some with long descriptions.
        const xml = invoiceXml({
          supplierVat: supplier,
          customerVat: company.vat,
          number: `X-${i}`,
          description: `Riga ${i} `.repeat(1 + (i % 40)),
        });
        store.receives.insert(scope, {
          companyId: company.id,
          identifier: String(200_000_000_000 + i),
          messageId: String(i),
          fileName: `IT${supplier.slice(2)}_${i.toString(36).padStart(5, '0')}.xml`,
          format: 'FPR12',
          encoding: 'Xml',
          payload: new TextEncoder().encode(xml),
          committente: company.vat,
          prestatore: supplier,
          nomePrestatore: 'Fornitore',
          documentNumber: `X-${i}`,
          documentDate: '2025-01-15T00:00:00.000Z',
          documents: [{ number: `X-${i}`, date: '2025-01-15T00:00:00.000Z' }],
          dateSent: now,
          lastUpdate: now,
          created: now,
        });
      }
    });
    return { key, smallCompanyId: companies[0]!.id };
  } finally {
    store.close();
  }
}

/** One export against a freshly started server: seconds, zip bytes, and RSS growth at its peak. */
async function exportOnce(dataDir: string, key: string, query: string) {
  const server = await startBenchServer(dataDir, ['--rate-limit', 'unlimited']);
  try {
    await new Promise((r) => setTimeout(r, 500));
    const idle = server.rssMb();
    let peak = idle;
    const sampler = setInterval(() => (peak = Math.max(peak, server.rssMb())), 25);
    const started = process.hrtime.bigint();
    const res = await request(`${server.origin}/v1/export?${query}`, {
      headers: { authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}` },
    });
    let bytes = 0;
    for await (const chunk of res.body) bytes += (chunk as Buffer).length;
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    clearInterval(sampler);
    if (res.statusCode !== 200) throw new Error(`export answered ${res.statusCode}`);
    return { seconds, bytes, idle, growth: peak - idle };
  } finally {
    await server.stop();
  }
}

export async function benchExport(): Promise<Figure[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'scambio-bench-export-'));
  try {
    const { key, smallCompanyId } = await seedExport(dataDir);
    const small = await exportOnce(
      dataDir,
      key,
      `type=receive&year=2025&month=1&company_id=${smallCompanyId}`,
    );
    const full = await exportOnce(dataDir, key, 'type=receive&year=2025&month=1');
    return [
      {
        name: `export of ${INVOICES.toLocaleString('en')} invoices (${(full.bytes / 1e6).toFixed(1)} MB zip)`,
        value: full.seconds,
        unit: 's',
      },
      { name: 'export throughput (zip bytes)', value: full.bytes / 1e6 / full.seconds, unit: 'MB/s' },
      {
        name: `server RSS growth over idle (${full.idle.toFixed(0)} MB) at peak`,
        value: full.growth,
        unit: 'MB',
        target: { max: 100 },
      },
      {
        name: `same for ${SMALLER.toLocaleString('en')} invoices (flat if memory does not follow the count)`,
        value: small.growth,
        unit: 'MB',
      },
    ];
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

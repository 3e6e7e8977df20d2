/**
 * A million invoices: 1,000,000 sent and 200,000 received invoices stored through the repositories' own insert
 * methods (triggers, full-text index and sealing included) in large transactions, then the sandbox started on
 * that folder as `npm run sandbox` starts it, and list, get, search and every `/send` filter timed over HTTP.
 * Minutes long: `npm run bench` runs it only with SCAMBIO_BENCH_MILLION=1; `tsx bench/million.ts` runs it alone.
 * SCAMBIO_MILLION_SENDS / SCAMBIO_MILLION_RECEIVES scale it down for a trial. SCAMBIO_MILLION_DIR names a data
 * folder to keep: seeded there on the first run, reused as it is by the next ones (seeding takes minutes).
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { invoiceXml, italianVat } from '../test/support/invoices.ts';
import type { SendState } from '../src/shared/api/types.ts';
import { chromiumInstalled } from '../test/support/chromium.ts';
import { BenchClient, latencies, percentile } from './http-client.ts';
import { report, type Figure } from './report.ts';
import { figuresTable, machineLine, writeResultsSection } from './results-file.ts';
import { openUiInChromium } from './ui-in-chromium.ts';
import { receiveRow, sendRow } from './seed-rows.ts';
import { startBenchServer } from './sandbox-process.ts';
import { createApiKey, DEFAULT_ACCOUNT, openSandboxStore } from '../src/sandbox-server/index.ts';

const SENDS = Number(process.env.SCAMBIO_MILLION_SENDS ?? 1_000_000);
const RECEIVES = Number(process.env.SCAMBIO_MILLION_RECEIVES ?? 200_000);
const BATCH = 50_000;
const CUSTOMERS = 500;
const COMPANIES = 10;
const RECENT_FROM = Date.now() - 10 * 86_400_000;
const STATES: SendState[] = ['Inviato', 'Consegnato', 'Scartato', 'NonConsegnato'];

interface Seeded {
  key: string;
  sendIds: number[];
  companyIds: number[];
  seconds: number;
}

/** What a kept folder remembers of its seeding (bench only: the key is a throwaway test key). */
const SEEDED_FILE = 'million-seeded.json';

export async function seedOrReuse(dataDir: string): Promise<Seeded> {
  const file = join(dataDir, SEEDED_FILE);
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Omit<Seeded, 'sendIds'>;
    const store = await openSandboxStore(dataDir);
    try {
      const sendIds = (
        store.db.prepare('SELECT id FROM sends ORDER BY id').pluck().all() as number[]
      ).slice();
      return { ...saved, sendIds };
    } finally {
      store.close();
    }
  }
  const seeded = await seed(dataDir);
  const { sendIds: _ids, ...saved } = seeded;
  writeFileSync(file, JSON.stringify(saved));
  return seeded;
}

async function seed(dataDir: string): Promise<Seeded> {
  const started = Date.now();
  const store = await openSandboxStore(dataDir);
  try {
    const { key, accountId } = await createApiKey(store, {
      // The account the headless UI's session key belongs to, so the UI figure lists these invoices too.
      account: DEFAULT_ACCOUNT,
      environment: 'test',
    });
    const scope = { accountId, environment: 'test' as const };
    const suppliers = Array.from({ length: COMPANIES }, (_, c) => italianVat(9_000_001 + c));
    const companyIds = suppliers.map(
      (vat, c) =>
        store.companies.insert(
          scope,
          { vat, fiscal_code: vat.slice(2), name: `Bench ${c} Srl` },
          new Date().toISOString(),
        ).id,
    );
    const payloads = suppliers.map((vat) => new TextEncoder().encode(invoiceXml({ supplierVat: vat })));
    const base = Date.parse('2024-01-01T00:00:00Z');
    // The sandbox purges invoices after 15 days (sends by last update, receives by arrival): those dates are
    // kept within the last ten days, so nothing is purged while the server runs.
    // Invoice `i` of company `i % COMPANIES`, dated over two years.
    const rowOf = (i: number) => ({
      companyId: companyIds[i % COMPANIES]!,
      companyVat: suppliers[i % COMPANIES]!,
      payload: payloads[i % COMPANIES]!,
      date: new Date(base + (i % 730) * 86_400_000).toISOString(),
      parties: CUSTOMERS,
    });
    const recent = (i: number) => new Date(RECENT_FROM + (i % 10) * 86_400_000).toISOString();
    const sendIds: number[] = [];
    for (let from = 0; from < SENDS; from += BATCH) {
      store.transaction(() => {
        for (let i = from; i < Math.min(SENDS, from + BATCH); i++) {
          const send = store.sends.insert(scope, sendRow(i, rowOf(i)));
          sendIds.push(send.id);
          // What the simulated SDI writes as the invoice moves on (every state change updates the row).
          store.sends.recordSdi(scope, send.id, {
            latestState: STATES[i % STATES.length]!,
            lastUpdate: recent(i),
          });
        }
      });
      process.stdout.write(`\rseeding sends ${Math.min(SENDS, from + BATCH)}/${SENDS}`);
    }
    for (let from = 0; from < RECEIVES; from += BATCH) {
      store.transaction(() => {
        for (let i = from; i < Math.min(RECEIVES, from + BATCH); i++) {
          // Received invoices are kept one day in the sandbox.
          const created = new Date(Date.now() - (i % 20) * 3_600_000).toISOString();
          store.receives.insert(scope, receiveRow(i, { ...rowOf(i), created }));
        }
      });
      process.stdout.write(`\rseeding receives ${Math.min(RECEIVES, from + BATCH)}/${RECEIVES}   `);
    }
    process.stdout.write('\n');
    return { key, sendIds, companyIds, seconds: (Date.now() - started) / 1000 };
  } finally {
    store.close();
  }
}

function folderBytes(dir: string): number {
  return readdirSync(dir)
    .filter((name) => name !== SEEDED_FILE)
    .reduce((sum, name) => sum + statSync(join(dir, name)).size, 0);
}

export async function benchMillion(): Promise<Figure[]> {
  const kept = process.env.SCAMBIO_MILLION_DIR;
  const dataDir = kept ?? mkdtempSync(join(tmpdir(), 'scambio-million-'));
  try {
    const { key, sendIds, companyIds, seconds } = await seedOrReuse(dataDir);
    const size = folderBytes(dataDir);
    const startedAt = Date.now();
    const server = await startBenchServer(dataDir, ['--rate-limit', 'unlimited', '--sdi-delay', '24h']);
    const startup = (Date.now() - startedAt) / 1000;
    const client = new BenchClient(server.origin, key, 4);
    const figures: Figure[] = [
      {
        name: `seed ${SENDS.toLocaleString('en')} sends + ${RECEIVES.toLocaleString('en')} receives (repositories)`,
        value: seconds,
        unit: 's',
      },
      { name: 'database folder on disk', value: size / 2 ** 20, unit: 'MiB' },
      {
        name: 'server start-up on that folder (spawn to listening)',
        value: startup,
        unit: 's',
        target: { max: 2 },
      },
    ];
    // The server keeps list totals and pages until the table changes (store/list-query.ts, ListCache): every
    // request below asks for something not asked before (another page, value or text), so each figure is the
    // server building the answer, with at most the filter's total already known. The very first request of each
    // (nothing known yet, the total counted too) is its own figure.
    for (let i = 0; i < 20; i++) await client.call('GET', '/v1/health');
    const timed = async (name: string, count: number, path: (i: number) => string, max?: number) => {
      const first = await latencies(1, () => client.call('GET', `/v1${path(0)}`));
      const l = await latencies(count, (i) => client.call('GET', `/v1${path(i + 1)}`));
      figures.push({ name: `${name}: first request`, value: first[0]!, unit: 'ms' });
      figures.push({
        name: `${name} p50`,
        value: percentile(l, 50),
        unit: 'ms',
        ...(max ? { target: { max } } : {}),
      });
      figures.push({ name: `${name} p99`, value: percentile(l, 99), unit: 'ms' });
    };
    try {
      const pages = Math.floor(SENDS / 100);
      await timed(
        'GET /send (page_size=100, pages across the list)',
        200,
        (i) => `/send?page_size=100&page=${1 + ((i * 97) % pages)}`,
        20,
      );
      await timed('GET /send/{id}', 1000, (i) => `/send/${sendIds[(i * 7919) % sendIds.length]}`, 2);
      await timed(
        'GET /send?q=… (a customer name)',
        100,
        (i) => `/send?page_size=100&q=${encodeURIComponent(`Cliente ${(i * 7) % CUSTOMERS} Rist`)}`,
        10,
      );
      await timed(
        'GET /send?q=… (an SDI identifier)',
        100,
        (i) => `/send?q=${100_000_000_000 + ((i * 7919) % SENDS)}`,
        10,
      );
      const filters: [string, (i: number) => string][] = [
        ['company_id', (i) => `company_id=${companyIds[i % COMPANIES]}`],
        ['identifier', (i) => `identifier=${100_000_000_000 + ((i * 7919) % SENDS)}`],
        ['committente', (i) => `committente=${italianVat((i * 7) % CUSTOMERS)}`],
        ['prestatore', (i) => `prestatore=${italianVat(9_000_001 + (i % COMPANIES))}`],
        [
          'file_name',
          (i) =>
            `file_name=IT${italianVat(9_000_001 + (i % COMPANIES)).slice(2)}_${i.toString(36).padStart(5, '0')}.xml`,
        ],
        ['document_number', (i) => `document_number=${encodeURIComponent(`FT/${(i * 7919) % SENDS}`)}`],
        ['latest_state', (i) => `latest_state=${STATES[i % STATES.length]}`],
        [
          'document_date range (one month)',
          (i) =>
            `document_date_from=2024-${String(1 + (i % 12)).padStart(2, '0')}-01T00:00:00Z&document_date_to=2024-${String(1 + (i % 12)).padStart(2, '0')}-28T23:59:59Z`,
        ],
        [
          'date_sent range (one month)',
          (i) =>
            `date_sent_from=2025-${String(1 + (i % 12)).padStart(2, '0')}-01T00:00:00Z&date_sent_to=2025-${String(1 + (i % 12)).padStart(2, '0')}-28T23:59:59Z`,
        ],
        [
          'last_update range (one day)',
          (i) => {
            const day = new Date(RECENT_FROM + (i % 10) * 86_400_000).toISOString().slice(0, 10);
            return `last_update_from=${day}T00:00:00Z&last_update_to=${day}T23:59:59Z`;
          },
        ],
        [
          'ids (100)',
          (i) =>
            `ids=${Array.from({ length: 100 }, (_, k) => sendIds[(i * 100 + k * 7919) % sendIds.length]).join(',')}`,
        ],
        ['sort=-document_date', () => `sort=-document_date`],
        [
          'company_id + latest_state',
          (i) => `company_id=${companyIds[i % COMPANIES]}&latest_state=Consegnato`,
        ],
      ];
      // The first page of each filter, as a list opens; a filter with few values (a state, a company) or none (a
      // sort) would ask the same page again, so the page size goes down by one each time instead (100 to 51).
      for (const [name, query] of filters)
        await timed(`GET /send?${name}`, 50, (i) => `/send?page_size=${100 - (i % 50)}&${query(i)}`, 20);
      await timed(
        'GET /receive (page_size=100)',
        100,
        (i) => `/receive?page_size=100&page=${1 + ((i * 97) % Math.floor(RECEIVES / 100))}`,
        20,
      );
    } finally {
      await client.close();
      await server.stop();
    }
    if (chromiumInstalled) figures.push(...(await uiFirstRows(dataDir)));
    return figures;
  } finally {
    if (!kept) rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The UI on that folder: the current renderer, built fresh, served by the sandbox at `/app/` (headless mode, the
 * sandbox in this process), opened in Chromium straight on the sent list; the time from navigation to its first
 * rows on screen, three times (a new browser context each: nothing cached but what the server keeps).
 */
async function uiFirstRows(dataDir: string): Promise<Figure[]> {
  const ui = await openUiInChromium(dataDir);
  try {
    const { browser, origin } = ui;
    const times: number[] = [];
    for (let run = 0; run < 3; run++) {
      const context = await browser.newContext({ locale: 'it-IT' });
      try {
        const page = await context.newPage();
        const started = Date.now();
        await page.goto(`${origin}/app/#/sent`, { timeout: 60_000 });
        await page.getByTestId('sent-table').locator('tbody tr').first().waitFor({ timeout: 60_000 });
        times.push(Date.now() - started);
      } finally {
        await context.close();
      }
    }
    times.sort((a, b) => a - b);
    return [
      {
        name: 'UI: sent list opened in Chromium, navigation to first rows (median of 3)',
        value: times[1]!,
        unit: 'ms',
      },
    ];
  } finally {
    await ui.close();
  }
}

/** The figures as a markdown section of bench/results.md. */
export function writeMillionResults(figures: Figure[]): void {
  // A smaller run (SCAMBIO_MILLION_SENDS, e.g. the issue's 100k for `q`) gets a section of its own.
  const full = SENDS === 1_000_000;
  writeResultsSection(
    full ? 'million' : `scale-${SENDS}`,
    [
      full
        ? `# A million invoices (\`tsx bench/million.ts\`, or \`SCAMBIO_BENCH_MILLION=1 npm run bench\`)`
        : `# ${SENDS.toLocaleString('en')} invoices (\`SCAMBIO_MILLION_SENDS=${SENDS} SCAMBIO_MILLION_RECEIVES=${RECEIVES} tsx bench/million.ts\`)`,
      '',
      `- ${machineLine()}`,
      `- data: ${SENDS.toLocaleString('en')} sends (each also moved to an SDI state) and ${RECEIVES.toLocaleString('en')} receives through the repositories' insert methods, ${BATCH.toLocaleString('en')} per transaction; requests one at a time over keep-alive HTTP to the CLI server`,
      `- the server keeps list totals and pages until the table changes; every timed request asks for something not asked before (another page, value or text), so p50/p99 are answers built by the server with at most the filter's total known, and "first request" is the first of each kind, its total counted too; filters are timed on their first page (page size 100 down to 51, so no page repeats), the list and the receives across their pages`,
      '',
      ...figuresTable(figures),
    ].join('\n'),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const figures = await benchMillion();
  report(
    `A million invoices (${SENDS.toLocaleString('en')} sent, ${RECEIVES.toLocaleString('en')} received)`,
    figures,
  );
  if (process.env.SCAMBIO_MILLION_WRITE !== '0') writeMillionResults(figures);
}

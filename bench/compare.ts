/**
 * `npm run bench:compare`: our sandbox against Prism (the OpenAPI mock server) on the same machine, in one
 * run, under the same load (autocannon, 10 connections, ≥ 10 s per case after a warm-up). Prints one table
 * and writes it to its section of bench/results.md (or `SCAMBIO_COMPARE_OUT`). `SCAMBIO_COMPARE_SECONDS` sets the measured
 * duration of each case (default 10).
 *
 * Prism answers every request with the spec's example (one item, whatever `page_size` asks), so a list
 * case costs it the same as a single get; ours reads real rows. Prism cannot take an XML body (the spec's
 * request body is JSON), so `POST /send/xml` runs against ours only.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { invoiceXml, italianVat } from '../test/support/invoices.ts';
import { RESULTS_FILE, writeResultsSection } from './results-file.ts';
import { startBenchServer } from './sandbox-process.ts';
import { createApiKey, openSandboxStore } from '../src/sandbox-server/index.ts';

const repo = new URL('../', import.meta.url).pathname;
const SPEC = join(repo, '../shared/reference/openapi.yml');
const SECONDS = Number(process.env.SCAMBIO_COMPARE_SECONDS ?? 10);
const WARMUP_SECONDS = 3;
/** Each server's measured time per case is split into this many rounds, alternating with the other's. */
const ROUNDS = 2;
const CONNECTIONS = 10;
const INVOICES = 500;
const CUSTOMERS = 50;
const SUPPLIER = italianVat(9_000_001);

interface Measure {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
}

interface Case {
  name: string;
  method: 'GET' | 'POST';
  /** Path under /v1 on ours, under / on Prism (the spec's paths). */
  path: string;
  /** Both servers, or ours alone (why not, printed). */
  prism: boolean | string;
  target: { kind: 'ratio'; min: number } | { kind: 'rps'; min: number };
  body?: () => string;
  contentType?: string;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function startPrism(): Promise<{ origin: string; child: ChildProcess; stop(): Promise<void> }> {
  const port = await freePort();
  const bin = join(repo, 'node_modules/@stoplight/prism-cli/dist/index.js');
  // Logging off, as ours runs with --log-level silent: Prism would otherwise print every request.
  const child = spawn(
    process.execPath,
    [bin, 'mock', '-h', '127.0.0.1', '-p', String(port), '--verboseLevel', 'silent', SPEC],
    { cwd: repo, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const origin = `http://127.0.0.1:${port}`;
  for (let waited = 0; ; waited += 200) {
    if (child.exitCode !== null) throw new Error(`prism exited: ${output}`);
    if (waited > 60_000) throw new Error(`prism did not start: ${output}`);
    try {
      const res = await fetch(`${origin}/health`, { headers: { authorization: basic('ik_test_prism') } });
      await res.arrayBuffer();
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return {
    origin,
    child,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

function basic(key: string): string {
  return `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
}

async function call(origin: string, key: string, method: string, path: string, body?: unknown) {
  const json = body !== undefined && typeof body !== 'string';
  const res = await fetch(`${origin}${path}`, {
    method,
    headers: {
      authorization: basic(key),
      ...(body === undefined ? {} : { 'content-type': json ? 'application/json' : 'application/xml' }),
    },
    body: body === undefined ? undefined : json ? JSON.stringify(body) : (body as string),
  });
  const text = await res.text();
  if (res.status >= 400) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as unknown;
}

/** 500 real invoices through the API itself: sends uploaded with validation, receives through SDI's inbound. */
async function seed(origin: string, key: string): Promise<{ sendId: number }> {
  let sendId = 0;
  for (let i = 0; i < INVOICES; i++) {
    const c = i % CUSTOMERS;
    const xml = invoiceXml({
      supplierVat: SUPPLIER,
      supplierName: 'Bench Srl',
      customerVat: italianVat(c + 10),
      customerName: `Cliente ${c} Ristorazione Srl`,
      number: `S-${i}`,
    });
    const send = (await call(origin, key, 'POST', '/v1/send/xml?validate=true', xml)) as { id: number };
    if (i === INVOICES / 2) sendId = send.id;
  }
  for (let i = 0; i < INVOICES; i++) {
    const c = i % CUSTOMERS;
    const xml = invoiceXml({
      supplierVat: italianVat(c + 1000),
      supplierName: `Fornitore ${c} Forniture Srl`,
      customerVat: SUPPLIER,
      customerName: 'Bench Srl',
      number: `R-${i}`,
    });
    await call(origin, key, 'POST', '/_sandbox/inbound', { payload: xml, encoding: 'Xml' });
  }
  return { sendId };
}

async function load(origin: string, key: string, c: Case, seconds: number): Promise<Measure> {
  const result = await autocannon({
    url: `${origin}${c.path}`,
    method: c.method,
    connections: CONNECTIONS,
    duration: seconds,
    headers: {
      authorization: basic(key),
      ...(c.contentType ? { 'content-type': c.contentType } : {}),
    },
    ...(c.body
      ? {
          requests: [
            {
              setupRequest: (req: autocannon.Request) => ({ ...req, body: c.body!() }),
            },
          ],
        }
      : {}),
  });
  const completed = result.requests.total;
  const seconds_ = result.duration;
  return {
    rps: completed / seconds_,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: completed,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** Rounds of one case on one server: throughput over all of them, latency percentiles averaged. */
function combine(rounds: Measure[]): Measure {
  const requests = rounds.reduce((n, r) => n + r.requests, 0);
  const seconds = rounds.reduce((n, r) => n + r.requests / r.rps, 0);
  const mean = (pick: (r: Measure) => number) => rounds.reduce((n, r) => n + pick(r), 0) / rounds.length;
  return {
    rps: requests / seconds,
    p50: mean((r) => r.p50),
    p99: mean((r) => r.p99),
    requests,
    errors: rounds.reduce((n, r) => n + r.errors, 0),
  };
}

function versionOf(pkg: string): string {
  return (
    JSON.parse(readFileSync(join(repo, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string }
  ).version;
}

function fmt(n: number, digits = 0): string {
  return n.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'scambio-compare-'));
  const started = new Date();
  const key = await createKey(dataDir);
  const ours = await startBenchServer(dataDir, ['--rate-limit', 'unlimited', '--sdi-delay', '24h']);
  const prism = await startPrism();
  const rows: string[] = [];
  const notes: string[] = [];
  let missed = 0;
  try {
    const seedStart = Date.now();
    const { sendId } = await seed(ours.origin, key);
    console.log(
      `seeded ${INVOICES} sends and ${INVOICES} receives through the API in ${(Date.now() - seedStart) / 1000} s`,
    );
    let uploads = 0;
    const cases: Case[] = [
      {
        name: 'GET /send?page_size=1',
        method: 'GET',
        path: '/send?page_size=1',
        prism: true,
        target: { kind: 'ratio', min: 1.5 },
      },
      {
        name: 'GET /send/{id}',
        method: 'GET',
        path: `/send/${sendId}`,
        prism: true,
        target: { kind: 'ratio', min: 1.5 },
      },
      {
        name: 'GET /send?page_size=100',
        method: 'GET',
        path: '/send?page_size=100',
        prism: true,
        target: { kind: 'ratio', min: 1.0 },
      },
      {
        name: 'GET /send?q=…',
        method: 'GET',
        path: `/send?q=${encodeURIComponent('Cliente 7 Rist')}`,
        prism: true,
        target: { kind: 'ratio', min: 1.5 },
      },
      {
        name: 'GET /receive?page_size=100',
        method: 'GET',
        path: '/receive?page_size=100',
        prism: true,
        target: { kind: 'ratio', min: 1.5 },
      },
      {
        name: 'POST /send/xml?validate=true',
        method: 'POST',
        path: '/send/xml?validate=true',
        prism: 'Prism cannot take an XML body (the spec declares JSON): ours only',
        target: { kind: 'rps', min: 1000 },
        contentType: 'application/xml',
        body: () =>
          invoiceXml({
            supplierVat: SUPPLIER,
            supplierName: 'Bench Srl',
            customerVat: italianVat((uploads % CUSTOMERS) + 10),
            customerName: `Cliente ${uploads % CUSTOMERS} Ristorazione Srl`,
            number: `U-${uploads++}`,
          }),
      },
    ];
    rows.push(
      '| case | ours req/s | ours p50 ms | ours p99 ms | Prism req/s | Prism p50 ms | Prism p99 ms | ratio (req/s) | target | verdict |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |',
    );
    for (const c of cases) {
      const oursCase = { ...c, path: `/v1${c.path}` };
      // Warm-up, then rounds alternating between the servers, so that a change in the machine's other load
      // falls on both alike.
      await load(ours.origin, key, oursCase, WARMUP_SECONDS);
      if (c.prism === true) await load(prism.origin, 'ik_test_prism', c, WARMUP_SECONDS);
      const oursRounds: Measure[] = [];
      const prismRounds: Measure[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        oursRounds.push(await load(ours.origin, key, oursCase, SECONDS / ROUNDS));
        if (c.prism === true)
          prismRounds.push(await load(prism.origin, 'ik_test_prism', c, SECONDS / ROUNDS));
      }
      const a = combine(oursRounds);
      const b = c.prism === true ? combine(prismRounds) : null;
      if (typeof c.prism === 'string') notes.push(`${c.name}: ${c.prism}.`);
      if (a.errors > 0)
        notes.push(`${c.name}: ours had ${a.errors} errors or non-2xx answers of ${a.requests}.`);
      if (b && b.errors > 0) notes.push(`${c.name}: Prism had ${b.errors} errors or non-2xx answers.`);
      const ratio = b ? a.rps / b.rps : null;
      const met = c.target.kind === 'ratio' ? ratio !== null && ratio >= c.target.min : a.rps >= c.target.min;
      if (!met) missed++;
      const target =
        c.target.kind === 'ratio' ? `≥ ${c.target.min.toFixed(1)}× Prism` : `≥ ${fmt(c.target.min)}/s`;
      rows.push(
        `| ${c.name} | ${fmt(a.rps)} | ${fmt(a.p50, 2)} | ${fmt(a.p99, 2)} | ${b ? fmt(b.rps) : '—'} | ${
          b ? fmt(b.p50, 2) : '—'
        } | ${b ? fmt(b.p99, 2) : '—'} | ${ratio === null ? '—' : `${ratio.toFixed(2)}×`} | ${target} | ${
          met ? 'met' : 'MISSED'
        } |`,
      );
      console.log(rows.at(-1));
    }
  } finally {
    await prism.stop();
    await ours.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const header = [
    '# Scambio sandbox vs Prism (`npm run bench:compare`)',
    '',
    `- date: ${started.toISOString()}`,
    `- Node ${process.version}; Prism ${versionOf('@stoplight/prism-cli')} (mock, static examples, serving openapi.yml); autocannon ${versionOf('autocannon')}; better-sqlite3 ${versionOf('better-sqlite3')}; express ${versionOf('express')}`,
    `- machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${fmt(totalmem() / 2 ** 30, 1)} GiB memory; shared with other work while this ran, so figures are noisy`,
    `- load: autocannon, ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up then ${SECONDS} s per case per server in ${ROUNDS} rounds alternating between the servers (p50/p99: mean of the rounds'); both servers and the load tool on the same 2 cores; ours: the CLI server (\`serve\`, --log-level silent, --rate-limit unlimited, --sdi-delay 24h), Prism: --verboseLevel silent`,
    `- data: ${INVOICES} sends uploaded through POST /send/xml?validate=true and ${INVOICES} receives through POST /_sandbox/inbound before the run; Prism returns the spec's one-item example for every list, whatever page_size asks`,
    `- ours keeps a list's total and serialized page until a table it reads changes (store/list-query.ts, ListCache), so each list case (the same URL again and again) measures an unchanged list read again, as a client polling it reads it; a page built afresh is in the notes below; every request, read or write, is in the request log, committed before its answer leaves (group commit, store/events.ts)`,
    '',
  ];
  const text = [
    ...header,
    ...rows,
    '',
    ...notes.map((n) => `- ${n}`),
    '',
    `${missed} target(s) missed.`,
    '',
  ].join('\n');
  const out = process.env.SCAMBIO_COMPARE_OUT ?? RESULTS_FILE;
  writeResultsSection('compare', text, out);
  console.log(`\n${text}\nwritten to ${out}`);
}

/** An API key in the fresh data folder, created by the key service as `keys create` does. */
async function createKey(dataDir: string): Promise<string> {
  const store = await openSandboxStore(dataDir);
  try {
    return (await createApiKey(store, { account: 'bench', environment: 'test' })).key;
  } finally {
    store.close();
  }
}

await main();

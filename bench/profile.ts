/**
 * Where a request's time goes: `tsx bench/profile.ts PATH [seconds] [invoices]` seeds a sandbox with sent and
 * received invoices, runs it under `node --cpu-prof`, loads PATH (under /v1; `POST:/send/xml?validate=true`
 * uploads invoices) with autocannon at 10 connections, then prints the heaviest functions by self time and
 * by total time (the profile itself is kept where SCAMBIO_PROFILE_OUT says). A diagnostic, not a benchmark:
 * profiling slows the server.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { invoiceXml, italianVat } from '../test/support/invoices.ts';
import { cliCommand } from '../test/support/sandbox-process.ts';
import { createApiKey, openSandboxStore } from '../src/sandbox-server/index.ts';

const [target = '/send?page_size=100', secondsArg = '10', invoicesArg = '500'] = process.argv.slice(2);
const SUPPLIER = italianVat(9_000_001);

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
  hitCount: number;
}

async function seed(dataDir: string, count: number): Promise<string> {
  const store = await openSandboxStore(dataDir);
  const { key, accountId } = await createApiKey(store, {
    account: 'bench',
    environment: 'test',
  });
  const scope = { accountId, environment: 'test' as const };
  const company = store.companies.insert(
    scope,
    { vat: SUPPLIER, fiscal_code: SUPPLIER.slice(2), name: 'Bench Srl' },
    new Date().toISOString(),
  );
  const payload = new TextEncoder().encode(invoiceXml({ supplierVat: SUPPLIER }));
  store.transaction(() => {
    for (let i = 0; i < count; i++) {
      const date = new Date(Date.parse('2024-01-01') + (i % 365) * 86_400_000).toISOString();
      const common = {
        companyId: company.id,
        format: 'FPR12',
        encoding: 'Xml' as const,
        payload,
        documentNumber: String(i),
        documentDate: date,
        documents: [{ number: String(i), date }],
        dateSent: date,
        lastUpdate: null,
        created: date,
      };
      store.sends.insert(scope, {
        ...common,
        identifier: String(100_000_000_000 + i),
        fileName: `IT${SUPPLIER.slice(2)}_${i.toString(36).padStart(5, '0')}.xml`,
        committente: italianVat(i % 50),
        prestatore: SUPPLIER,
        nomeCommittente: `Cliente ${i % 50} Ristorazione Srl`,
        metaData: null,
      });
      store.receives.insert(scope, {
        ...common,
        identifier: String(200_000_000_000 + i),
        fileName: `IT01234567890_${i.toString(36).padStart(5, '0')}.xml`,
        committente: SUPPLIER,
        prestatore: italianVat(i % 50),
        nomePrestatore: `Fornitore ${i % 50} Srl`,
        messageId: String(i),
      });
    }
  });
  store.close();
  return key;
}

function summarize(profile: { nodes: Node[]; samples: number[] }): void {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const label = (n: Node) =>
    `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(/^.*\/(node_modules|src)\//, '$1/')}:${n.callFrame.lineNumber + 1}`;
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let samples = 0;
  for (const n of profile.nodes) {
    if (n.hitCount === 0) continue;
    samples += n.hitCount;
    self.set(label(n), (self.get(label(n)) ?? 0) + n.hitCount);
    const seen = new Set<string>();
    for (let id: number | undefined = n.id; id !== undefined; id = parent.get(id)) {
      const l = label(byId.get(id)!);
      if (seen.has(l)) continue;
      seen.add(l);
      total.set(l, (total.get(l) ?? 0) + n.hitCount);
    }
  }
  const print = (title: string, map: Map<string, number>, n: number) => {
    console.log(`\n${title}`);
    for (const [l, c] of [...map].sort((a, b) => b[1] - a[1]).slice(0, n))
      console.log(`${((100 * c) / samples).toFixed(1).padStart(5)}%  ${l}`);
  };
  print('self time', self, 35);
  print('total time', total, 70);
}

const dataDir = mkdtempSync(join(tmpdir(), 'scambio-prof-'));
const profDir = mkdtempSync(join(tmpdir(), 'scambio-prof-out-'));
try {
  const key = await seed(dataDir, Number(invoicesArg));
  const child = spawn(
    process.execPath,
    [
      '--cpu-prof',
      `--cpu-prof-dir=${profDir}`,
      ...cliCommand(),
      'serve',
      '--port',
      '0',
      '--data-dir',
      dataDir,
      '--log-level',
      'silent',
      '--rate-limit',
      'unlimited',
      '--sdi-delay',
      '24h',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  while (!/listening on (\S+)/.test(output)) {
    if (child.exitCode !== null) throw new Error(output);
    await new Promise((r) => setTimeout(r, 50));
  }
  const origin = /listening on (\S+)/.exec(output)![1]!;
  const [method, path] = target.includes(':') ? (target.split(':') as ['POST', string]) : ['GET', target];
  let n = 0;
  const result = await autocannon({
    url: `${origin}${path}`,
    method: method as 'GET' | 'POST',
    connections: 10,
    duration: Number(secondsArg),
    headers: {
      authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}`,
      'content-type': 'application/xml',
    },
    ...(method === 'POST'
      ? {
          requests: [
            {
              setupRequest: (req: autocannon.Request) => ({
                ...req,
                body: invoiceXml({
                  supplierVat: SUPPLIER,
                  customerVat: italianVat(n % 50),
                  number: `P-${n++}`,
                }),
              }),
            },
          ],
        }
      : {}),
  });
  console.log(
    `${target}: ${(result.requests.total / result.duration).toFixed(0)} req/s, p50 ${result.latency.p50} ms, non-2xx ${result.non2xx}`,
  );
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
  const file = readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error('no profile written');
  // To look further (Chrome DevTools' Performance panel opens it): SCAMBIO_PROFILE_OUT=/tmp/x.cpuprofile.
  if (process.env.SCAMBIO_PROFILE_OUT) copyFileSync(join(profDir, file), process.env.SCAMBIO_PROFILE_OUT);
  summarize(JSON.parse(readFileSync(join(profDir, file), 'utf8')) as { nodes: Node[]; samples: number[] });
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(profDir, { recursive: true, force: true });
}

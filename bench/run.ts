/** `npm run bench`: performance figures and their ratios to our targets. Never part of `npm test`. */
import { benchArchiveImport } from './archive-import.ts';
import { benchBooks } from './books.ts';
import { benchDesktop } from './desktop.ts';
import { benchExport } from './export.ts';
import { benchEventLoopUnderHostileLoad } from './event-loop-under-hostile-load.ts';
import { benchFatturapa } from './fatturapa.ts';
import { benchHostileXml } from './hostile-xml.ts';
import { benchLargeBodies } from './large-bodies.ts';
import { benchLists } from './lists.ts';
import { benchMillion, writeMillionResults } from './million.ts';
import { report } from './report.ts';
import { benchServerCore } from './server-core.ts';
import { benchSandboxPackage, writeSandboxPackageResults } from './sandbox-package.ts';
import { benchSdi } from './sdi.ts';
import { benchSeed } from './seed.ts';
import { benchTrust } from './trust.ts';
import { benchWebhookIsolation } from './webhook-isolation.ts';

console.log(`Scambio benchmarks — Node ${process.version}, ${new Date().toISOString()}`);
report('FatturaPA engine (ours vs libxml2-wasm; ratio > 1 means ours is faster)', benchFatturapa());
report(
  'FatturaPA engine on hostile XML (each stage under 2 s, 200k attributes under 1 s)',
  await benchHostileXml(),
);
report('Server core (100,000 stored sent invoices)', await benchServerCore());
report('Retries, load and the rate limit', await benchTrust());
report(
  'Event loop under hostile validation (another account polled every 20 ms)',
  await benchEventLoopUnderHostileLoad(),
);
report(
  'Large bodies (10 MB JSON from one client, another account p99 under 100 ms; a page of 115 files of 4.8 MB)',
  await benchLargeBodies(),
);
report('Simulated SDI (submission to final state, SDI delay 0)', await benchSdi());
report("One account's hanging webhooks against another's invoice", await benchWebhookIsolation());
report('Export (streamed ZIP)', await benchExport());
report('Seed data (`npm run sandbox -- seed`, under 30 s)', await benchSeed());
report('Desktop: UI responsiveness during a 10,000-invoice export', await benchDesktop());
report(
  'Invoice lists at a year’s size (20,000 sent, 10,000 received; also writes its section of results.md)',
  await benchLists(),
);
report(
  'Books (20,000 sent + 10,000 received book records: deadlines, VAT, dashboard under 500 ms)',
  benchBooks(),
);
report('Archive import (a ZIP of 1,000 invoices read and kept, under 30 s)', await benchArchiveImport());
const sandboxPackage = await benchSandboxPackage();
report(
  'The scambio-sandbox package outside the repository (install, cold start, keys create, fixtures; also writes its section of results.md)',
  sandboxPackage,
);
writeSandboxPackageResults(sandboxPackage);
// Several minutes of seeding: only when asked (SCAMBIO_BENCH_MILLION=1); `tsx bench/million.ts` runs it alone.
if (process.env.SCAMBIO_BENCH_MILLION === '1') {
  const million = await benchMillion();
  report('A million invoices (1,000,000 sent, 200,000 received)', million);
  writeMillionResults(million);
}

/**
 * `npm run security:electron [dir]`: Electronegativity over the app's sources (or `dir`), for the installed Electron
 * version. Prints every finding for review, then fails on any of high severity (the bar the desktop issue sets).
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { stripVTControlCharacters } from 'node:util';

const require = createRequire(import.meta.url);
const electronVersion = (require('electron/package.json') as { version: string }).version;
const input = process.argv[2] ?? 'src';

function electronegativity(args: string[], stdio: 'inherit' | 'pipe'): string {
  const run = spawnSync(
    'npx',
    ['electronegativity', '-i', input, '-r', '-v', 'false', '-e', electronVersion, ...args],
    { encoding: 'utf8', timeout: 300_000, stdio: ['ignore', stdio, stdio] },
  );
  if (run.status !== 0) {
    process.stderr.write(`${run.stdout ?? ''}${run.stderr ?? ''}`);
    throw new Error(`electronegativity exited with ${run.status}`);
  }
  return run.stdout ?? '';
}

console.log(`Electronegativity on ${input} (Electron ${electronVersion})`);
// Every finding, as the tool prints it, for review.
electronegativity([], 'inherit');

// The gate: the tool's own severity filter, which applies to its table only (its CSV and SARIF files list every
// finding, and the CSV can come out garbled: it appends without waiting for its header). Each table row carries
// `<CHECK_ID>` and `<SEVERITY> | <CONFIDENCE>`.
const table = stripVTControlCharacters(electronegativity(['-s', 'high'], 'pipe'));
const high = [...table.matchAll(/│\s*([A-Z_]+_CHECK)\b[\s\S]*?(HIGH|CRITICAL) \| [A-Z]+/g)].map(
  (m) => `${m[2]} ${m[1]}`,
);
for (const finding of high) console.error(finding);
if (high.length > 0) {
  console.error(`${high.length} high-severity finding(s): fix them before merging.`);
  process.exitCode = 1;
} else {
  console.log('No high-severity finding.');
}

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const RESULTS_FILE = join(new URL('../', import.meta.url).pathname, 'bench/results.md');

/**
 * Writes one benchmark's section of bench/results.md between its own markers, keeping the other sections, so
 * that `npm run bench:compare` and bench/million.ts each refresh only their part.
 */
export function writeResultsSection(name: string, text: string, file = RESULTS_FILE): void {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const block = `${start}\n${text.trim()}\n${end}`;
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  const next =
    from !== -1 && to > from
      ? `${current.slice(0, from)}${block}${current.slice(to + end.length)}`
      : `${current.trimEnd()}${current.trim() === '' ? '' : '\n\n'}${block}\n`;
  writeFileSync(file, next);
}

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import type { Figure } from './report.ts';

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

/** When and on what the figures were taken, for a section's first line. */
export function machineLine(): string {
  const cpu = cpus();
  return `date: ${new Date().toISOString()}; Node ${process.version}; ${cpu.length} cores (${cpu[0]?.model ?? 'unknown'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB memory; machine shared with other work, figures noisy`;
}

/** Whether a figure is within its target (a ceiling for times, a floor for rates). */
const withinTarget = (f: Figure): boolean =>
  f.value < (f.target?.max ?? Infinity) && f.value > (f.target?.min ?? -Infinity);

function targetText(f: Figure): string {
  if (f.target?.max !== undefined) return `< ${f.target.max} ${f.unit}`;
  return f.target?.min !== undefined ? `> ${f.target.min} ${f.unit}` : '';
}

/** A markdown table of figures with their targets and whether each was met. */
export function figuresTable(figures: Figure[]): string[] {
  return [
    '| figure | value | target | verdict |',
    '| --- | ---: | --- | --- |',
    ...figures.map(
      (f) =>
        `| ${f.name} | ${f.value.toFixed(2)} ${f.unit} | ${targetText(f)} | ${f.target ? (withinTarget(f) ? 'met' : 'MISSED') : ''} |`,
    ),
  ];
}

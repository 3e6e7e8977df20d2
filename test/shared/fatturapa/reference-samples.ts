import { readdirSync, readFileSync } from 'node:fs';
import { referenceAvailable, referenceDir } from '../../support/reference.ts';

export { referenceAvailable, referenceDir };

export function warnIfReferenceMissing(suite: string): void {
  if (!referenceAvailable) {
    console.warn(`[${suite}] sample-based tests skipped: reference data not found at ${referenceDir}`);
  }
}

export function readSample(relativePath: string): Uint8Array {
  return new Uint8Array(readFileSync(`${referenceDir}samples/${relativePath}`));
}

/** Relative paths (under samples/) of the files in `dir` whose name ends with `suffix`, sorted. */
export function listSamples(dir: string, suffix: string): string[] {
  if (!referenceAvailable) return [];
  return readdirSync(`${referenceDir}samples/${dir}`)
    .filter((name) => name.endsWith(suffix))
    .sort()
    .map((name) => `${dir}/${name}`);
}

export const INVOICE_SAMPLE_DIRS = [
  'official/fatturapa-v1.2.2',
  'official/fatturapa-v1.2.1-variants',
  'official/fatturapa-v1.1-legacy',
  'official/fatturapa-v1.0-legacy-sdi-example',
  'official/semplificata-FSM10',
  'real-world/invoices',
  'real-world/invalid',
];

export function invoiceSamples(): string[] {
  return INVOICE_SAMPLE_DIRS.flatMap((dir) => listSamples(dir, '.xml'));
}

export function notificationSamples(): string[] {
  return [
    ...listSamples('official/notifiche-signed', '.xml'),
    ...listSamples('official/notifiche-unsigned', '.xml'),
    ...listSamples('real-world/notifications', '.xml'),
  ];
}

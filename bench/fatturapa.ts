/**
 * The FatturaPA engine: validate and extract a typical 1-line invoice and a 1,000-line one, with our model
 * and with libxml2-wasm's XSD validation (schema compiled beforehand) on the same files.
 */
import { existsSync } from 'node:fs';
import {
  parseInvoiceXml,
  runSdiChecks,
  summarizeInvoice,
  validateInvoiceXmlStructure,
} from '../src/shared/fatturapa/index.ts';
import { libxml2IsValid, prepareLibxml2 } from '../test/shared/fatturapa/model/libxml2-oracle.ts';
import { syntheticInvoiceXml } from '../test/shared/fatturapa/model/synthetic-invoice.ts';
import { referenceDir } from '../test/support/reference.ts';
import type { Figure } from './report.ts';

/** Median time of `work` in ms, over `runs` runs after a warm-up. */
function median(runs: number, work: () => void): number {
  for (let i = 0; i < Math.min(20, runs); i++) work();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = process.hrtime.bigint();
    work();
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}

export function benchFatturapa(): Figure[] {
  if (!existsSync(`${referenceDir}xsd`)) {
    console.warn(`[bench] FatturaPA comparison skipped: schemas not found at ${referenceDir}xsd`);
    return [];
  }
  prepareLibxml2();
  const figures: Figure[] = [];
  for (const [label, lines, runs] of [
    ['1-line invoice', 1, 2000],
    ['1,000-line invoice', 1000, 60],
  ] as const) {
    const xml = syntheticInvoiceXml(lines);
    const bytes = new TextEncoder().encode(xml);
    if (!libxml2IsValid(xml) || validateInvoiceXmlStructure(bytes).length > 0)
      throw new Error(`${label} is not valid`);
    const validator = median(runs, () => validateInvoiceXmlStructure(bytes));
    const ours = median(runs, () => {
      validateInvoiceXmlStructure(bytes);
      summarizeInvoice(parseInvoiceXml(bytes));
    });
    const oursWithSdi = median(runs, () => {
      validateInvoiceXmlStructure(bytes);
      const doc = parseInvoiceXml(bytes);
      summarizeInvoice(doc);
      runSdiChecks(doc, { lenientIds: true });
    });
    const libxml2 = median(runs, () => libxml2IsValid(xml));
    figures.push(
      {
        name: `${label} (${(bytes.length / 1024).toFixed(0)} KiB): libxml2-wasm XSD validation`,
        value: libxml2,
        unit: 'ms',
      },
      { name: `${label}: our schema validation`, value: validator, unit: 'ms', target: { max: libxml2 } },
      { name: `${label}: our validation + extraction (typed parse, summary)`, value: ours, unit: 'ms' },
      { name: `${label}: ours + every SDI content check`, value: oursWithSdi, unit: 'ms' },
    );
  }
  return figures;
}

/**
 * Hostile XML: files under 5 MB built to find super-linear paths and unbounded output in the FatturaPA engine
 * (the same inputs as test/shared/fatturapa/hostile-xml.test.ts). Each stage is timed on its own: the strict
 * scanner + structure validator, the tree parse (parseInvoiceXml, the same scanner building the tree), both in one
 * scan (readInvoiceXml, what an upload needs) and the SdI content checks on the tree.
 * Target: every stage under 2 s; the structure validation of 200,000 attributes under 1 s and their tree parse
 * under 500 ms; the tree parse of the 1.24 M-element file under 1 s; heap growth of validating that file within a
 * few hundred MB, of parsing it under 60 MB.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import {
  InvoiceDocumentError,
  parseInvoiceXml,
  readInvoiceXml,
  runSdiChecksBounded,
  validateInvoiceXmlStructureBounded,
} from '../src/shared/fatturapa/index.ts';
import type { InvoiceXml } from '../src/shared/fatturapa/index.ts';
import {
  deepNestingXml,
  longElementNameXml,
  manyAttributesXml,
  manyDiscountsXml,
  manyEmptyElementsXml,
  manyNamespaceDeclarationsXml,
  maxEmptyElements,
  namespaceChurnXml,
} from '../test/shared/fatturapa/hostile-inputs.ts';
import type { Figure } from './report.ts';

const STAGE_TARGET_MS = 2000;
const ATTRIBUTES_200K_TARGET_MS = 1000;
const ATTRIBUTES_200K_PARSE_TARGET_MS = 500;
const EMPTY_ELEMENTS_PARSE_TARGET_MS = 1000;
const HEAP_TARGET_MB = 300;
const PARSE_HEAP_TARGET_MB = 60;

interface HostileCase {
  label: string;
  build: () => string;
  /** Target for the structure validation, when stricter than STAGE_TARGET_MS. */
  validatorTarget?: number;
  /** Target for the tree parse, when stricter than STAGE_TARGET_MS. */
  parseTarget?: number;
}

const CASES: HostileCase[] = [
  {
    label: '200,000 attributes on the root',
    build: () => manyAttributesXml(200_000),
    validatorTarget: ATTRIBUTES_200K_TARGET_MS,
    parseTarget: ATTRIBUTES_200K_PARSE_TARGET_MS,
  },
  { label: '200,000 attributes, last one duplicated', build: () => manyAttributesXml(200_000, true) },
  { label: '80,000 attributes on the root', build: () => manyAttributesXml(80_000) },
  {
    label: `${maxEmptyElements().toLocaleString('en')} <Z/> after </DettaglioLinee>`,
    build: () => manyEmptyElementsXml(maxEmptyElements()),
    parseTarget: EMPTY_ELEMENTS_PARSE_TARGET_MS,
  },
  { label: '1,000,000 <Z/> after </DettaglioLinee>', build: () => manyEmptyElementsXml(1_000_000) },
  { label: '10,000 unknown subtrees nested 60 deep', build: () => deepNestingXml(60, 10_000) },
  { label: '600,000 nested elements (too deep)', build: () => deepNestingXml(600_000) },
  { label: '100,000 namespace declarations on the root', build: () => manyNamespaceDeclarationsXml(100_000) },
  { label: '50,000 elements rebinding 5 prefixes each', build: () => namespaceChurnXml(50_000, 5) },
  { label: 'one 4,000,000-character element name', build: () => longElementNameXml(4_000_000) },
  { label: '20,000 percentage discounts on one line', build: () => manyDiscountsXml(20_000) },
];

/** Hostile inputs end in InvoiceDocumentError by design; anything else is a bug the bench must surface. */
function attempt<T>(work: () => T): T | null {
  try {
    return work();
  } catch (error) {
    if (error instanceof InvoiceDocumentError) return null;
    throw error;
  }
}

/** Median of three runs, in ms; `work` runs once more before, as a warm-up. */
function timed(work: () => void): number {
  work();
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const started = process.hrtime.bigint();
    work();
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return times.sort((a, b) => a - b)[1] ?? 0;
}

/** A collector even without --expose-gc, so heap figures start from a settled heap. */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/**
 * Heap growth of one run in MB: heapUsed right after the work minus heapUsed after a full collection before
 * it. That is what the run left behind (live data plus garbage not yet collected); a scavenge during the work
 * can make it lower than the true peak, so it is an indication, not a bound.
 */
function heapGrowth(gc: () => void, work: () => void): number {
  gc();
  const before = process.memoryUsage().heapUsed;
  work();
  const after = process.memoryUsage().heapUsed;
  return Math.max(0, after - before) / 1e6;
}

function summary(problems: number, omitted: number): string {
  return omitted > 0
    ? `${problems} problems + ${omitted.toLocaleString('en')} omitted`
    : `${problems} problems`;
}

export async function benchHostileXml(): Promise<Figure[]> {
  const gc = collector();
  const figures: Figure[] = [];
  for (const { label, build, validatorTarget, parseTarget } of CASES) {
    const xml = build();
    const size = `${(xml.length / 1e6).toFixed(2)} MB`;
    const structure = attempt(() => validateInvoiceXmlStructureBounded(xml));
    const outcome = structure === null ? 'refused' : summary(structure.problems.length, structure.omitted);
    figures.push({
      name: `${label} (${size}, ${outcome}): structure validation`,
      value: timed(() => void attempt(() => validateInvoiceXmlStructureBounded(xml))),
      unit: 'ms',
      target: { max: validatorTarget ?? STAGE_TARGET_MS },
    });
    let doc: InvoiceXml | null = null;
    figures.push(
      {
        name: `${label}: tree parse (parseInvoiceXml)`,
        value: timed(() => void (doc = attempt(() => parseInvoiceXml(xml)))),
        unit: 'ms',
        target: { max: parseTarget ?? STAGE_TARGET_MS },
      },
      {
        name: `${label}: tree + structure in one scan (readInvoiceXml)`,
        value: timed(() => void attempt(() => readInvoiceXml(xml))),
        unit: 'ms',
        target: { max: STAGE_TARGET_MS },
      },
    );
    const parsed: InvoiceXml | null = doc;
    if (parsed !== null) {
      figures.push({
        name: `${label}: SdI content checks`,
        value: timed(() => void runSdiChecksBounded(parsed, { lenientIds: true })),
        unit: 'ms',
        target: { max: STAGE_TARGET_MS },
      });
    }
    // Let the event loop breathe between cases (the bench prints progressively elsewhere).
    await new Promise((resolve) => setImmediate(resolve));
  }
  const largest = manyEmptyElementsXml(maxEmptyElements());
  figures.push(
    {
      name: `${maxEmptyElements().toLocaleString('en')} <Z/>: heap growth of the structure validation`,
      value: heapGrowth(gc, () => void validateInvoiceXmlStructureBounded(largest)),
      unit: 'MB',
      target: { max: HEAP_TARGET_MB },
    },
    {
      name: `${maxEmptyElements().toLocaleString('en')} <Z/>: heap growth of the tree parse`,
      value: heapGrowth(gc, () => void parseInvoiceXml(largest)),
      unit: 'MB',
      target: { max: PARSE_HEAP_TARGET_MB },
    },
    {
      name: `${maxEmptyElements().toLocaleString('en')} <Z/>: heap growth of tree + structure in one scan`,
      value: heapGrowth(gc, () => void readInvoiceXml(largest)),
      unit: 'MB',
      target: { max: PARSE_HEAP_TARGET_MB },
    },
  );
  return figures;
}

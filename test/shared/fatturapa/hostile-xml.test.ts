/**
 * Hostile input: every case must finish within its vitest timeout (the fixed budget; no assertion on measured
 * time) and report at most MAX_PROBLEMS_PER_FILE problems with an exact count of the rest. bench/hostile-xml.ts
 * prints the figures for the same inputs.
 */
import { describe, expect, it } from 'vitest';
import {
  InvoiceDocumentError,
  MAX_PROBLEMS_PER_FILE,
  parseInvoiceXml,
  readInvoiceXml,
  runSdiChecks,
  runSdiChecksBounded,
  SDI_CHECKS,
  validateInvoiceXmlStructure,
  validateInvoiceXmlStructureBounded,
  validateStructureBounded,
} from '../../../src/shared/fatturapa/index.ts';
import type { SdiCheck, StructureReport } from '../../../src/shared/fatturapa/index.ts';
import {
  deepNestingXml,
  longDecimalXml,
  longElementNameXml,
  manyAttributesXml,
  manyBadNamespacesXml,
  manyDiscountsXml,
  manyEmptyElementsXml,
  manyLongNamesXml,
  manyNamespaceDeclarationsXml,
  maxEmptyElements,
  namespaceChurnXml,
  sameExpandedNameXml,
} from './hostile-inputs.ts';
import { syntheticInvoiceXml } from './model/synthetic-invoice.ts';

const BUDGET = { timeout: 10_000 };
const LINES = 'FatturaElettronicaBody[1]/DatiBeniServizi';

function thrown(work: () => unknown): InvoiceDocumentError {
  try {
    work();
  } catch (error) {
    if (error instanceof InvoiceDocumentError) return error;
    throw error;
  }
  throw new Error('expected an InvoiceDocumentError');
}

/** Every problem is an unexpected element or attribute, and exactly `total` were found. */
function expectCapped(report: StructureReport, total: number): void {
  expect(report.problems).toHaveLength(MAX_PROBLEMS_PER_FILE);
  expect(report.omitted).toBe(total - MAX_PROBLEMS_PER_FILE);
}

describe('problem limit', () => {
  it('is 100 problems per file', () => {
    expect(MAX_PROBLEMS_PER_FILE).toBe(100);
  });

  it('reports every problem and nothing omitted below the limit', () => {
    const report = validateInvoiceXmlStructureBounded(manyEmptyElementsXml(3));
    expect(report.problems.map((p) => p.path)).toEqual([`${LINES}/Z`, `${LINES}/Z[2]`, `${LINES}/Z[3]`]);
    expect(report.omitted).toBe(0);
  });

  it('honours a smaller maxProblems', () => {
    const report = validateInvoiceXmlStructureBounded(manyEmptyElementsXml(10), { maxProblems: 4 });
    expect(report.problems).toHaveLength(4);
    expect(report.omitted).toBe(6);
  });

  it('caps the JSON structure validation too', () => {
    const json: Record<string, unknown> = { '@versione': 'FPR12' };
    for (let i = 0; i < 1000; i++) json[`Z${i}`] = '';
    const report = validateStructureBounded(json);
    expect(report.problems).toHaveLength(MAX_PROBLEMS_PER_FILE);
    // The 1000 unknown keys plus the two missing required children of the root.
    expect(report.problems.length + report.omitted).toBe(1002);
  });
});

describe('attributes', () => {
  it('reports 200,000 unknown attributes on the root as 100 problems and 199,900 omitted', BUDGET, () => {
    const report = validateInvoiceXmlStructureBounded(manyAttributesXml(200_000));
    expectCapped(report, 200_000);
    expect(report.problems[0]).toMatchObject({ kind: 'unexpected', params: { element: '@a0' } });
    expect(report.problems.at(-1)?.params.element).toBe('@a99');
  });

  it('finds a duplicate among 200,000 attributes', BUDGET, () => {
    const error = thrown(() => validateInvoiceXmlStructure(manyAttributesXml(200_000, true)));
    expect(error.code).toBe('not-well-formed');
    expect(error.detail).toBe('attribute a0 redefined');
  });

  it('reports 80,000 unknown attributes as 100 problems and 79,900 omitted', BUDGET, () => {
    expectCapped(validateInvoiceXmlStructureBounded(manyAttributesXml(80_000)), 80_000);
  });

  it('finds a duplicate among 80,000 attributes', BUDGET, () => {
    const error = thrown(() => validateInvoiceXmlStructure(manyAttributesXml(80_000, true)));
    expect(error.detail).toBe('attribute a0 redefined');
  });

  it('still finds a duplicate among a few attributes', () => {
    const error = thrown(() => validateInvoiceXmlStructure(manyAttributesXml(3, true)));
    expect(error.detail).toBe('attribute a0 redefined');
  });

  it('rejects the same expanded name reached through two prefixes bound to one URI', () => {
    const error = thrown(() => validateInvoiceXmlStructure(sameExpandedNameXml()));
    expect(error.code).toBe('not-well-formed');
    expect(error.detail).toMatch(/^attribute b:z redefined/);
  });

  it('accepts the same local name in two different namespaces', () => {
    const xml = sameExpandedNameXml().replace('xmlns:b="urn:x"', 'xmlns:b="urn:y"');
    const report = validateInvoiceXmlStructureBounded(xml);
    expect(report.problems.map((p) => p.params.element)).toEqual(['@a:z', '@b:z']);
  });

  it('parses 200,000 attributes on the root into the tree', BUDGET, () => {
    const doc = parseInvoiceXml(manyAttributesXml(200_000));
    expect(doc.format).toBe('FPR12');
    expect(doc.root['@_a199999']).toBe('1');
  });

  it('rejects a duplicate among 200,000 attributes in the tree parse', BUDGET, () => {
    expect(thrown(() => parseInvoiceXml(manyAttributesXml(200_000, true))).code).toBe('not-well-formed');
  });
});

describe('elements', () => {
  it('reports 1,000,000 empty unknown elements as 100 problems and 999,900 omitted', BUDGET, () => {
    const xml = manyEmptyElementsXml(1_000_000);
    expect(xml.length).toBeLessThan(5_000_000);
    const report = validateInvoiceXmlStructureBounded(xml);
    expectCapped(report, 1_000_000);
    expect(report.problems[0]).toMatchObject({
      kind: 'unexpected',
      path: `${LINES}/Z`,
      params: { element: 'Z', parent: 'DatiBeniServizi' },
    });
    expect(report.problems[99]?.path).toBe(`${LINES}/Z[100]`);
  });

  it('caps the unbounded-looking entry point as well', BUDGET, () => {
    expect(validateInvoiceXmlStructure(manyEmptyElementsXml(1_000_000))).toHaveLength(MAX_PROBLEMS_PER_FILE);
  });

  it('handles the largest count of <Z/> that fits in 5 MB', BUDGET, () => {
    const count = maxEmptyElements();
    expectCapped(validateInvoiceXmlStructureBounded(manyEmptyElementsXml(count)), count);
  });

  it('parses 1,000,000 empty elements into the tree and runs the SdI checks', BUDGET, () => {
    const doc = parseInvoiceXml(manyEmptyElementsXml(1_000_000));
    const report = runSdiChecksBounded(doc, { lenientIds: true });
    expect(report.problems.length).toBeLessThanOrEqual(MAX_PROBLEMS_PER_FILE);
  });

  it('keeps the largest count of <Z/> as one array of empty strings, and all of it', BUDGET, () => {
    const count = maxEmptyElements();
    const reading = readInvoiceXml(manyEmptyElementsXml(count));
    const bodies = reading.document.root['FatturaElettronicaBody'] as Array<Record<string, unknown>>;
    const goods = bodies[0]?.['DatiBeniServizi'] as Array<Record<string, unknown>>;
    const z = goods[0]?.['Z'] as unknown[];
    expect(z).toHaveLength(count);
    expect(z.every((value) => value === '')).toBe(true);
    expectCapped(reading.structure, count);
  });

  it('reports 10,000 unknown subtrees nested 60 deep once each', BUDGET, () => {
    expectCapped(validateInvoiceXmlStructureBounded(deepNestingXml(60, 10_000)), 10_000);
  });

  it('refuses 600,000 nested elements as too-deep', BUDGET, () => {
    expect(thrown(() => validateInvoiceXmlStructure(deepNestingXml(600_000))).code).toBe('too-deep');
    expect(thrown(() => parseInvoiceXml(deepNestingXml(600_000))).code).toBe('too-deep');
  });

  it('reports a 4,000,000-character element name as one problem', BUDGET, () => {
    const report = validateInvoiceXmlStructureBounded(longElementNameXml(4_000_000));
    expect(report.problems).toHaveLength(1);
    expect(report.problems[0]?.kind).toBe('unexpected');
    expect(report.omitted).toBe(0);
  });

  it('handles 40,000 distinct 100-character element names', BUDGET, () => {
    expectCapped(validateInvoiceXmlStructureBounded(manyLongNamesXml(40_000, 100)), 40_000);
  });
});

describe('namespaces', () => {
  it('accepts 100,000 namespace declarations on the root', BUDGET, () => {
    expect(validateInvoiceXmlStructureBounded(manyNamespaceDeclarationsXml(100_000))).toEqual({
      problems: [],
      omitted: 0,
    });
  });

  it('caps 100,000 namespace declarations that are not URIs', BUDGET, () => {
    const report = validateInvoiceXmlStructureBounded(manyBadNamespacesXml(100_000));
    expectCapped(report, 100_000);
    expect(report.problems[0]).toMatchObject({ kind: 'pattern', path: '@xmlns:n0' });
  });

  it('binds and unbinds prefixes on 50,000 elements', BUDGET, () => {
    expectCapped(validateInvoiceXmlStructureBounded(namespaceChurnXml(50_000, 5)), 50_000);
  });
});

describe('SdI content checks', () => {
  it('keeps at most 100 problems and counts the rest', BUDGET, () => {
    const doc = parseInvoiceXml(syntheticInvoiceXml(300, () => ({ AliquotaIVA: '0.00' })));
    const all = runSdiChecksBounded(doc, { lenientIds: true }, SDI_CHECKS, Infinity);
    expect(all.problems.filter((p) => p.code === '00400')).toHaveLength(300);
    const report = runSdiChecksBounded(doc, { lenientIds: true });
    // More than 100 errors, so the check-digit warnings of the sample identifiers are the first to go.
    const errors = all.problems.filter((p) => p.severity === 'error');
    expect(errors.length).toBeGreaterThan(MAX_PROBLEMS_PER_FILE);
    expect(report.problems).toEqual(errors.slice(0, MAX_PROBLEMS_PER_FILE));
    expect(report.omitted).toBe(all.problems.length - MAX_PROBLEMS_PER_FILE);
    expect(runSdiChecks(doc, { lenientIds: true })).toEqual(report.problems);
  });

  it('never lets warnings push errors out', () => {
    const doc = parseInvoiceXml(syntheticInvoiceXml(1));
    const warnings: SdiCheck = {
      name: 'warnings',
      codes: ['00300'],
      run: () =>
        Array.from({ length: 150 }, () => ({ code: '00300', severity: 'warning', path: '', params: {} })),
    };
    const errors: SdiCheck = {
      name: 'errors',
      codes: ['00400'],
      run: () =>
        Array.from({ length: 10 }, () => ({ code: '00400', severity: 'error', path: '', params: {} })),
    };
    const report = runSdiChecksBounded(doc, {}, [errors, warnings]);
    expect(report.problems.filter((p) => p.severity === 'error')).toHaveLength(10);
    expect(report.problems).toHaveLength(MAX_PROBLEMS_PER_FILE);
    expect(report.problems[0]?.code).toBe('00300');
    expect(report.omitted).toBe(60);
  });

  it('computes a line total through 20,000 percentage discounts', BUDGET, () => {
    const doc = parseInvoiceXml(manyDiscountsXml(20_000));
    const problems = runSdiChecks(doc, { lenientIds: true });
    expect(problems.some((p) => p.code === '00423')).toBe(true);
  });

  it('ignores a decimal of a million digits instead of computing with it', BUDGET, () => {
    const doc = parseInvoiceXml(longDecimalXml(1_000_000));
    expect(runSdiChecks(doc, { lenientIds: true }).some((p) => p.code === '00423')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import {
  InvoiceDocumentError,
  MAX_PROBLEMS_PER_FILE,
  parseInvoiceXml,
  readInvoiceXml,
  validateInvoiceXmlStructureBounded,
} from '../../../../src/shared/fatturapa/index.ts';
import {
  deepNestingXml,
  manyAttributesXml,
  manyBadNamespacesXml,
  manyEmptyElementsXml,
} from '../hostile-inputs.ts';
import {
  invoiceSamples,
  notificationSamples,
  readSample,
  referenceAvailable,
  warnIfReferenceMissing,
} from '../reference-samples.ts';
import { syntheticInvoiceXml } from './synthetic-invoice.ts';

warnIfReferenceMissing('model/read-invoice-xml');

function codeOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof InvoiceDocumentError) return error.code;
    throw error;
  }
  return 'none';
}

/** The one-pass reading must be exactly the two separate readings. */
function expectSameAsTwoPasses(input: string | Uint8Array, maxProblems?: number): void {
  const options = maxProblems === undefined ? {} : { maxProblems };
  const reading = readInvoiceXml(input, options);
  expect(reading.document).toEqual(parseInvoiceXml(input));
  expect(reading.structure).toEqual(validateInvoiceXmlStructureBounded(input, options));
}

describe('readInvoiceXml: tree and structure validation in one scan', () => {
  it('equals parseInvoiceXml plus validateInvoiceXmlStructureBounded on a valid invoice', () => {
    const xml = syntheticInvoiceXml(3);
    expectSameAsTwoPasses(xml);
    expect(readInvoiceXml(xml).structure).toEqual({ problems: [], omitted: 0 });
  });

  it('reports structure problems beside the tree, with the same cap and count', () => {
    expectSameAsTwoPasses(manyEmptyElementsXml(250));
    expectSameAsTwoPasses(manyEmptyElementsXml(250), 7);
    expectSameAsTwoPasses(manyAttributesXml(300));
    expectSameAsTwoPasses(deepNestingXml(10, 150));
    expectSameAsTwoPasses(manyBadNamespacesXml(120));
    const capped = readInvoiceXml(manyEmptyElementsXml(250));
    expect(capped.structure.problems).toHaveLength(MAX_PROBLEMS_PER_FILE);
    expect(capped.structure.omitted).toBe(150);
  });

  it('throws like parseInvoiceXml', () => {
    const notInvoice = '<RicevutaConsegna versione="1.0"><A/></RicevutaConsegna>';
    expect(codeOf(() => readInvoiceXml(notInvoice))).toBe('not-an-invoice');
    expect(codeOf(() => readInvoiceXml('<FatturaElettronica versione="X"/>'))).toBe('unknown-format');
    expect(codeOf(() => readInvoiceXml('<!DOCTYPE x><FatturaElettronica/>'))).toBe('dtd-forbidden');
    expect(
      codeOf(() => readInvoiceXml('<FatturaElettronica versione="FPR12"><A></FatturaElettronica>')),
    ).toBe('not-well-formed');
    expect(codeOf(() => readInvoiceXml(deepNestingXml(100)))).toBe('too-deep');
    expect(codeOf(() => readInvoiceXml(syntheticInvoiceXml(1), { maxBytes: 100 }))).toBe('too-large');
  });
});

describe.skipIf(!referenceAvailable)('readInvoiceXml on the reference samples', () => {
  it.each(invoiceSamples())('reads %s as the two separate passes do', (path) => {
    expectSameAsTwoPasses(readSample(path));
  });

  it.each(notificationSamples())('refuses the notification %s as not-an-invoice', (path) => {
    expect(codeOf(() => readInvoiceXml(readSample(path)))).toBe('not-an-invoice');
  });
});

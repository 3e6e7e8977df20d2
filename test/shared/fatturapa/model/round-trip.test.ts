import { describe, expect, it } from 'vitest';
import {
  invoiceToJson,
  invoiceToXml,
  parseInvoiceXml,
  validateInvoiceXmlStructure,
  validateStructure,
} from '../../../../src/shared/fatturapa/index.ts';
import {
  invoiceSamples,
  readSample,
  referenceAvailable,
  warnIfReferenceMissing,
} from '../reference-samples.ts';
import { canonicalTree, libxml2Validate } from './libxml2-oracle.ts';

warnIfReferenceMissing('model/round-trip');

describe.skipIf(!referenceAvailable)('XML → JSON → XML round trip of the schema-valid samples', () => {
  const validSamples = referenceAvailable
    ? invoiceSamples().filter((s) => libxml2Validate(readSample(s)).valid)
    : [];

  it('has enough schema-valid samples to be meaningful', () => {
    expect(validSamples.length).toBeGreaterThanOrEqual(30);
  });

  it.each(validSamples)('%s comes back equal after canonicalization and still schema-valid', (sample) => {
    const bytes = readSample(sample);
    const json = invoiceToJson(parseInvoiceXml(bytes));
    expect(validateStructure(json)).toEqual([]);

    const xml = invoiceToXml(json);
    expect(canonicalTree(xml)).toEqual(canonicalTree(bytes));
    expect(libxml2Validate(xml)).toMatchObject({ valid: true, errors: [] });
    expect(validateInvoiceXmlStructure(xml)).toEqual([]);
    // The JSON form is a fixed point: converting the produced XML gives the same JSON.
    expect(invoiceToJson(parseInvoiceXml(xml))).toEqual(json);
  });
});

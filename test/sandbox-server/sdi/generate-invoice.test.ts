import { describe, expect, it } from 'vitest';
import { generateInvoiceXml } from '../../../src/sandbox-server/sdi/generate-invoice.ts';
import { parseInvoiceXml, runSdiChecks, summarizeInvoice } from '../../../src/shared/fatturapa/index.ts';
import { italianVat } from '../../support/invoices.ts';
import { libxml2Validate } from '../../shared/fatturapa/model/libxml2-oracle.ts';
import { referenceAvailable, warnIfReferenceMissing } from '../../shared/fatturapa/reference-samples.ts';

warnIfReferenceMissing('sdi/generate-invoice');

describe('the generated inbound invoice', () => {
  for (const format of ['FPR12', 'FPA12'] as const) {
    const xml = generateInvoiceXml({
      toVat: italianVat(4321),
      format,
      number: 'SBX-<&>"1',
      at: new Date('2026-03-01T23:30:00Z'),
    });

    it(`passes every SDI check (${format})`, () => {
      const doc = parseInvoiceXml(new TextEncoder().encode(xml));
      expect(runSdiChecks(doc).filter((p) => p.severity === 'error')).toEqual([]);
      expect(summarizeInvoice(doc).documents[0]).toMatchObject({ number: 'SBX-<&>"1', date: '2026-03-02' });
    });

    it.runIf(referenceAvailable)(`is valid against the official schema, by libxml2 (${format})`, () => {
      expect(libxml2Validate(xml)).toMatchObject({ valid: true, errors: [] });
    });
  }
});

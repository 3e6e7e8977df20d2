import { describe, expect, it } from 'vitest';
import { payloadBytes, readInvoice } from '../../../src/renderer/data/read-invoice.ts';
import {
  invoiceSamples,
  readSample,
  referenceAvailable,
  warnIfReferenceMissing,
} from '../../shared/fatturapa/reference-samples.ts';
import { invoiceXml, italianVat } from '../../support/invoices.ts';

warnIfReferenceMissing('renderer/read-invoice');
const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

describe('reading an invoice for the screen', () => {
  it('gives parties, lines, VAT summary and the amount due of an invoice the tests build', () => {
    const xml = invoiceXml({
      supplierVat: italianVat(71),
      supplierName: 'Città Srl',
      number: 'R-71',
      date: '2025-02-03',
    });
    const content = readInvoice(payloadBytes(xml, 'Xml'));
    expect(content.supplier).toMatchObject({ name: 'Città Srl', vat: italianVat(71) });
    expect(content.documents).toHaveLength(1);
    expect(content.documents[0]).toMatchObject({ number: 'R-71', date: '2025-02-03', currency: 'EUR' });
    expect(content.documents[0]!.lines.length).toBeGreaterThan(0);
    expect(content.documents[0]!.vatSummary.length).toBeGreaterThan(0);
    expect(content.documents[0]!.reconciliation).toMatchObject({
      taxable: '100.00',
      vat: '22.00',
      netToPay: '122.00',
    });
  });

  it.runIf(referenceAvailable)('lists the attachments of a real invoice, ready to save', () => {
    const bytes = readSample('real-world/invoices/07_FPA12_Allegati-x2__IT06363391001_00003.xml');
    const [document] = readInvoice(bytes).documents;
    expect(document).toMatchObject({ number: 'INV/2016/0015', declaredTotal: '17.08' });
    expect(document!.attachments.map((a) => a.name)).toEqual(['test1.pdf', 'test2.pdf']);
    expect(Buffer.from(document!.attachments[0]!.contentBase64, 'base64').subarray(0, 4).toString()).toBe(
      '%PDF',
    );
  });

  it.runIf(referenceAvailable)('opens a signed P7M stored as Base64 and reads the invoice inside', () => {
    const p7m = readSample('real-world/p7m/P05_CAdES-BES_DER_lotto-2-bodies__IT01234567890_FPR03.xml.p7m');
    const content = readInvoice(payloadBytes(base64(p7m), 'Base64'));
    expect(content.documents).toHaveLength(2);
  });

  it.runIf(referenceAvailable)('reads the simplified format too', () => {
    const content = readInvoice(readSample('official/semplificata-FSM10/IT01234567890_FSM10.xml'));
    expect(content.format).toBe('FSM10');
    expect(content.supplier.name).not.toBe('');
    expect(content.documents[0]!.lines.length).toBeGreaterThan(0);
  });

  it.runIf(referenceAvailable)('reads every valid official and real-world sample without throwing', () => {
    const failures: string[] = [];
    for (const path of invoiceSamples()) {
      if (path.includes('invalid') || path.includes('legacy')) continue;
      try {
        const content = readInvoice(readSample(path));
        if (content.documents.length === 0) failures.push(`${path}: no document`);
      } catch (error) {
        failures.push(`${path}: ${(error as Error).message}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

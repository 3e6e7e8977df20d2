import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  codeLabel,
  DOCUMENT_TYPES,
  FISCAL_REGIMES,
  FUND_TYPES,
  LINE_KINDS,
  NATURES,
  PAYMENT_CONDITIONS,
  PAYMENT_METHODS,
  PAYMENT_REASONS,
  VAT_CHARGEABILITY,
  WITHHOLDING_TYPES,
} from '../../../src/shared/fatturapa/code-labels/index.ts';
import type { CodeLabels } from '../../../src/shared/fatturapa/code-labels/index.ts';
import { referenceAvailable, referenceDir, warnIfReferenceMissing } from './reference-samples.ts';

warnIfReferenceMissing('fatturapa/code-labels');

/** The values a schema enumerates for codes starting with `prefix`. */
function enumerated(schema: string, prefix: string): string[] {
  const text = readFileSync(`${referenceDir}${schema}`, 'utf8');
  return [...text.matchAll(new RegExp(`<xs:enumeration value="(${prefix}\\d\\d)"`, 'g'))].map((m) => m[1]!);
}

describe('names of invoice codes', () => {
  it.runIf(referenceAvailable)(
    'cover every document type and payment method the official schemas list',
    () => {
      const documentTypes = [
        ...enumerated('xsd/fatturapa/Schema_VFPR12_v1.2.3.xsd', 'TD'),
        ...enumerated('xsd/semplificata/Schema_VFSM10.xsd', 'TD'),
      ];
      const paymentMethods = enumerated('xsd/fatturapa/Schema_VFPR12_v1.2.3.xsd', 'MP');
      expect(documentTypes.length).toBeGreaterThan(20);
      expect(paymentMethods.length).toBeGreaterThan(20);
      expect(documentTypes.filter((code) => !DOCUMENT_TYPES[code])).toEqual([]);
      expect(paymentMethods.filter((code) => !PAYMENT_METHODS[code])).toEqual([]);
    },
  );

  it.runIf(referenceAvailable)(
    'cover every code of fiscal weight the document view names: nature, withholding, fund, regime…',
    () => {
      const schema = readFileSync(`${referenceDir}xsd/fatturapa/Schema_VFPR12_v1.2.3.xsd`, 'utf8');
      /** The values of one simple type of the schema. */
      const values = (type: string): string[] => {
        const start = schema.indexOf(`<xs:simpleType name="${type}">`);
        const body = schema.slice(start, schema.indexOf('</xs:simpleType>', start));
        return [...body.matchAll(/<xs:enumeration value="([^"]+)"/g)].map((m) => m[1]!);
      };
      const tables: [string, CodeLabels][] = [
        ['NaturaType', NATURES],
        ['TipoRitenutaType', WITHHOLDING_TYPES],
        ['TipoCassaType', FUND_TYPES],
        ['CausalePagamentoType', PAYMENT_REASONS],
        ['RegimeFiscaleType', FISCAL_REGIMES],
        ['CondizioniPagamentoType', PAYMENT_CONDITIONS],
        ['EsigibilitaIVAType', VAT_CHARGEABILITY],
        ['TipoCessionePrestazioneType', LINE_KINDS],
      ];
      for (const [type, labels] of tables) {
        const codes = values(type);
        expect(codes.length, type).toBeGreaterThan(1);
        expect(
          codes.filter((code) => !labels[code]?.it || !labels[code]?.en || !labels[code]?.de),
          type,
        ).toEqual([]);
      }
    },
  );

  it('reads as code and name in the UI language, and keeps unknown codes as they are', () => {
    expect(codeLabel(PAYMENT_METHODS, 'MP05', 'it')).toBe('MP05 · Bonifico');
    expect(codeLabel(PAYMENT_METHODS, 'MP05', 'de')).toBe('MP05 · Überweisung');
    expect(codeLabel(DOCUMENT_TYPES, 'TD04', 'en')).toBe('TD04 · Credit note');
    expect(codeLabel(DOCUMENT_TYPES, 'TD99', 'en')).toBe('TD99');
  });
});

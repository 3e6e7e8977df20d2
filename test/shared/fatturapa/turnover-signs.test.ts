import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_TYPES,
  TURNOVER_SIGNS,
  turnoverSign,
} from '../../../src/shared/fatturapa/code-labels/index.ts';
import { referenceAvailable, referenceDir } from './reference-samples.ts';

/** Every TipoDocumento of the current specifications: TD01–TD09 and TD16–TD29 (TD10–TD15 were never used). */
const EVERY_TYPE = [
  ...Array.from({ length: 9 }, (_, i) => `TD0${i + 1}`),
  ...Array.from({ length: 14 }, (_, i) => `TD${16 + i}`),
];

describe('the sign of each document type in turnover totals', () => {
  it('is written down for every TipoDocumento, and only for those the labels name', () => {
    expect(EVERY_TYPE).toHaveLength(23);
    expect(Object.keys(TURNOVER_SIGNS).sort()).toEqual(EVERY_TYPE);
    expect(Object.keys(DOCUMENT_TYPES).sort()).toEqual(EVERY_TYPE);
  });

  it.runIf(referenceAvailable)('covers every TipoDocumento the official schemas enumerate', () => {
    const enumerated = ['fatturapa/Schema_VFPR12_v1.2.3.xsd', 'semplificata/Schema_VFSM10.xsd'].flatMap(
      (xsd) =>
        [
          ...readFileSync(`${referenceDir}xsd/${xsd}`, 'utf8').matchAll(/<xs:enumeration value="(TD\d\d)"/g),
        ].map((m) => m[1]!),
    );
    expect(new Set(enumerated)).toEqual(new Set(EVERY_TYPE));
  });

  it.each(EVERY_TYPE)('%s: subtracts only for the two credit notes', (code) => {
    expect(turnoverSign(code)).toBe(code === 'TD04' || code === 'TD08' ? -1 : 1);
  });

  it('adds what it does not know: a newer code, an empty or missing type', () => {
    expect(turnoverSign('TD30')).toBe(1);
    expect(turnoverSign('')).toBe(1);
    expect(turnoverSign(null)).toBe(1);
    expect(turnoverSign(undefined)).toBe(1);
  });
});

import { describe, expect, it } from 'vitest';
import { validateInvoiceXmlStructure } from '../../../../src/shared/fatturapa/index.ts';
import type { StructureProblem } from '../../../../src/shared/fatturapa/index.ts';
import {
  invoiceSamples,
  readSample,
  referenceAvailable,
  warnIfReferenceMissing,
} from '../reference-samples.ts';
import { libxml2Validate } from './libxml2-oracle.ts';

warnIfReferenceMissing('model/oracle');

interface Row {
  sample: string;
  libxml2: 'valid' | 'INVALID';
  ours: 'valid' | 'INVALID';
  schema: string;
  libxml2First: string;
  oursFirst: string;
}

function oursOn(bytes: Uint8Array): { valid: boolean; first: string; problems: StructureProblem[] } {
  try {
    const problems = validateInvoiceXmlStructure(bytes);
    const first = problems[0];
    return { valid: problems.length === 0, first: first ? `${first.kind} ${first.path}` : '', problems };
  } catch (error) {
    return { valid: false, first: `throws ${(error as Error).message}`, problems: [] };
  }
}

function table(rows: readonly Row[]): string {
  const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s.padEnd(n));
  return rows
    .map(
      (r) =>
        `${r.libxml2 === r.ours ? '  ' : '!!'} ${cut(r.sample, 70)} libxml2=${cut(r.libxml2, 7)} ours=${cut(r.ours, 7)} ` +
        `[${r.schema}] ${cut(r.libxml2First, 70)} | ${cut(r.oursFirst, 70)}`,
    )
    .join('\n');
}

describe.skipIf(!referenceAvailable)(
  'structure validation compared with libxml2 on the reference invoices',
  () => {
    const samples = invoiceSamples();

    it('finds the official, real-world and invalid invoice samples', () => {
      expect(samples.length).toBeGreaterThanOrEqual(45);
      expect(samples.some((s) => s.startsWith('official/semplificata-FSM10/'))).toBe(true);
      expect(samples.some((s) => s.startsWith('official/fatturapa-v1.1-legacy/'))).toBe(true);
    });

    it('gives the same valid/invalid verdict as libxml2 on every invoice sample', () => {
      const rows: Row[] = samples.map((sample) => {
        const bytes = readSample(sample);
        const lib = libxml2Validate(bytes);
        const ours = oursOn(bytes);
        return {
          sample,
          libxml2: lib.valid ? 'valid' : 'INVALID',
          ours: ours.valid ? 'valid' : 'INVALID',
          schema: lib.schema,
          libxml2First: lib.errors[0] ?? '',
          oursFirst: ours.first,
        };
      });
      const mismatches = rows.filter((r) => r.libxml2 !== r.ours);
      if (mismatches.length > 0) console.log(`verdict mismatches:\n${table(rows)}`);
      expect(mismatches, table(mismatches)).toEqual([]);
      // Both outcomes must really be exercised, or the comparison proves little.
      expect(rows.filter((r) => r.ours === 'valid').length).toBeGreaterThanOrEqual(30);
      expect(rows.filter((r) => r.ours === 'INVALID').length).toBeGreaterThanOrEqual(12);
    });

    it.each([
      [
        'official/fatturapa-v1.2.2/IT01234567890_FPR02.xml',
        'order',
        'FatturaElettronicaHeader/DatiTrasmissione/ContattiTrasmittente',
      ],
      ['official/fatturapa-v1.1-legacy/IT01234567890_11001.xml', 'unexpected', 'FatturaElettronica'],
      [
        'official/fatturapa-v1.0-legacy-sdi-example/IT01234567890_11111.xml',
        'unexpected',
        'FatturaElettronica',
      ],
      [
        'real-world/invalid/I01_INVALID-XSD_Percentuale-one-decimal__IT01234567890_FPR02.xml',
        'decimal',
        'FatturaElettronicaBody[1]/DatiBeniServizi/DettaglioLinee[4]/ScontoMaggiorazione[1]/Percentuale',
      ],
      [
        'real-world/invalid/I02_INVALID-XSD_DatiRitenuta-misplaced_lotto-TD06__IT02182030391_32.xml',
        'order',
        'FatturaElettronicaBody[1]/DatiGenerali/DatiGeneraliDocumento/DatiRitenuta[1]',
      ],
      [
        'real-world/invalid/I03_INVALID-XSD_Data-with-spaces__IT01234567890_FPR05.xml',
        'date',
        'FatturaElettronicaBody[1]/DatiGenerali/DatiGeneraliDocumento/Data',
      ],
      [
        'real-world/invalid/I04_INVALID-XSD_wrong-namespace-uri__ZGEXQROO37831_anonimizzata.xml',
        'pattern',
        '@xmlns',
      ],
      [
        'real-world/invalid/I05_INVALID-XML_bad-xmlns-ds-value__IT02780790107_11004.xml',
        'pattern',
        '@xmlns:ds',
      ],
      [
        'real-world/invalid/I06_INVALID-XSD_missing-CedentePrestatore__missing_CedentePrestatore.xml',
        'missing',
        'FatturaElettronicaHeader/CedentePrestatore',
      ],
      [
        'real-world/invalid/I07_INVALID-XSD_missing-FatturaElettronicaBody__IT01234567890_FPA01.xml',
        'missing',
        'FatturaElettronicaBody',
      ],
      [
        'real-world/invalid/I08_INVALID-XSD_DatiTrasmissione-incomplete__acube_test.xml',
        'missing',
        'FatturaElettronicaHeader/DatiTrasmissione/IdTrasmittente',
      ],
    ])('explains why %s is invalid (%s at %s)', (sample, kind, path) => {
      const { problems } = oursOn(readSample(sample));
      expect(problems.map((p) => `${p.kind} ${p.path}`)).toContain(`${kind} ${path}`);
    });

    it('accepts the semantically wrong but schema-valid I09 and I10', () => {
      for (const sample of invoiceSamples().filter((s) => /\/I(09|10)_/.test(s))) {
        expect(validateInvoiceXmlStructure(readSample(sample)), sample).toEqual([]);
      }
    });
  },
);

import { describe, expect, it } from 'vitest';
import { parseInvoiceXml } from '../../../../src/shared/fatturapa/index.ts';
import { runSdiChecks } from '../../../../src/shared/fatturapa/sdi-checks/index.ts';
import type { SdiProblem } from '../../../../src/shared/fatturapa/sdi-checks/index.ts';
import { listSamples, readSample, referenceAvailable, warnIfReferenceMissing } from '../reference-samples.ts';
import { expectRenderable } from './invoice-builder.ts';

warnIfReferenceMissing('sdi-checks');

const IDENTIFIER_CODES = new Set(['00300', '00301', '00302', '00303', '00304', '00305', '00306']);

/**
 * Defects the samples really contain, found by these checks and documented in reference/VALIDATION.md
 * (00422 in FPR02/FPR03, 00471 in the OCA samples 07/14/20/21). The legacy 1.1 examples 11002/11003 carry
 * the same amounts as FPR02/FPR03; ESEMPIO_NDC_SEMPL dates the credit note (2019-03-30) before the
 * invoice it corrects (2020-12-14).
 */
const KNOWN_DEFECTS: Record<string, string[]> = {
  'official/fatturapa-v1.2.2/IT01234567890_FPR02.xml': ['00422'],
  'official/fatturapa-v1.2.2/IT01234567890_FPR03.xml': ['00422'],
  'official/fatturapa-v1.1-legacy/IT01234567890_11002.xml': ['00422'],
  'official/fatturapa-v1.1-legacy/IT01234567890_11003.xml': ['00422'],
  'official/semplificata-FSM10/ESEMPIO_NDC_SEMPL.xml': ['00418'],
  'real-world/invoices/07_FPA12_Allegati-x2__IT06363391001_00003.xml': ['00471'],
  'real-world/invoices/14_FPA12_split-payment_EsigibilitaIVA-S__IT06363391001_00004.xml': ['00471'],
  'real-world/invoices/20_FPA12_USD-currency_N3.2__IT06363391001_00015a.xml': ['00471'],
  'real-world/invoices/21_FPA12_N3.5_dichiarazione-intento__IT06363391001_00001.xml': ['00471'],
};

const VALID_SAMPLES = [
  'official/fatturapa-v1.2.2',
  'official/fatturapa-v1.2.1-variants',
  'official/fatturapa-v1.1-legacy',
  'official/fatturapa-v1.0-legacy-sdi-example',
  'official/semplificata-FSM10',
  'real-world/invoices',
].flatMap((dir) => listSamples(dir, '.xml'));

function check(path: string, lenientIds: boolean): SdiProblem[] {
  const problems = runSdiChecks(parseInvoiceXml(readSample(path)), { lenientIds });
  problems.forEach(expectRenderable);
  return problems;
}

const errorCodes = (problems: SdiProblem[]): string[] =>
  [...new Set(problems.filter((p) => p.severity === 'error').map((p) => p.code))].sort();

describe.skipIf(!referenceAvailable)('SdI checks on the reference samples', () => {
  it('finds the valid samples', () => {
    expect(VALID_SAMPLES.length).toBeGreaterThan(30);
  });

  it.each(VALID_SAMPLES)('%s: with lenientIds, no errors besides its documented defects', (path) => {
    expect(errorCodes(check(path, true))).toEqual(KNOWN_DEFECTS[path] ?? []);
  });

  it.each(VALID_SAMPLES)('%s: without lenientIds, only check-digit failures are added', (path) => {
    const added = check(path, false).filter(
      (p) => p.severity === 'error' && !(KNOWN_DEFECTS[path] ?? []).includes(p.code),
    );
    for (const problem of added) {
      expect(IDENTIFIER_CODES.has(problem.code), `${problem.code} at ${problem.path}`).toBe(true);
      expect(problem.params['reason']).toBe('check-digit');
    }
  });

  it('the official examples’ 01234567890 fails its check digit and becomes a warning with lenientIds', () => {
    const path = 'official/fatturapa-v1.2.2/IT01234567890_FPA01.xml';
    expect(check(path, false).map((p) => [p.code, p.severity, p.params['value']])).toEqual([
      ['00300', 'error', '01234567890'],
      ['00301', 'error', '01234567890'],
      ['00306', 'error', '09876543210'],
    ]);
    expect(check(path, true).map((p) => p.severity)).toEqual(['warning', 'warning', 'warning']);
  });

  it('FPR03 body 1 shows both tolerances at work: Imposta 5.95 for 5.94 passes, ImponibileImporto 27.00 for 25.00 fails', () => {
    const problems = check('official/fatturapa-v1.2.2/IT01234567890_FPR03.xml', true).filter(
      (p) => p.severity === 'error',
    );
    expect(problems).toEqual([
      {
        code: '00422',
        severity: 'error',
        path: 'FatturaElettronicaBody[1]/DatiBeniServizi/DatiRiepilogo[1]/ImponibileImporto',
        params: { imponibile: '27.00', expected: '25.00', aliquota: '22.00' },
      },
    ]);
  });

  it('I09 (TD27, German seller, Italian buyer) gives 00472 and nothing else', () => {
    const path =
      'real-world/invalid/I09_INVALID-SEMANTIC_TD27-cedente-differs_00472__IT02780790107_11009.xml';
    expect(check(path, false)).toEqual([
      {
        code: '00472',
        severity: 'error',
        path: 'FatturaElettronicaBody[1]/DatiGenerali/DatiGeneraliDocumento/TipoDocumento',
        params: { tipoDocumento: 'TD27', sellerVat: 'DE123456788', buyerVat: 'IT03533590174' },
      },
    ]);
  });

  it('I10 (TD28, German seller) gives 00473 and nothing else', () => {
    const path = 'real-world/invalid/I10_INVALID-SEMANTIC_TD28-cedente-not-SM_00473__IT02780790107_11010.xml';
    expect(check(path, false)).toEqual([
      {
        code: '00473',
        severity: 'error',
        path: 'FatturaElettronicaBody[1]/DatiGenerali/DatiGeneraliDocumento/TipoDocumento',
        params: { tipoDocumento: 'TD28', idPaese: 'DE' },
      },
    ]);
  });

  it('I02 (two bodies) gets its arithmetic errors reported in both bodies', () => {
    const path = 'real-world/invalid/I02_INVALID-XSD_DatiRitenuta-misplaced_lotto-TD06__IT02182030391_32.xml';
    const problems = check(path, true).filter((p) => p.code === '00423' || p.code === '00422');
    expect(problems.map((p) => p.path)).toEqual([
      'FatturaElettronicaBody[1]/DatiBeniServizi/DatiRiepilogo[1]/ImponibileImporto',
      'FatturaElettronicaBody[2]/DatiBeniServizi/DatiRiepilogo[1]/ImponibileImporto',
      'FatturaElettronicaBody[1]/DatiBeniServizi/DettaglioLinee[1]/PrezzoTotale',
      'FatturaElettronicaBody[2]/DatiBeniServizi/DettaglioLinee[1]/PrezzoTotale',
    ]);
  });
});

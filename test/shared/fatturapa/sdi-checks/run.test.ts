import { describe, expect, it } from 'vitest';
import {
  hasSdiErrors,
  runSdiChecks,
  SDI_CHECK_CODES,
  SDI_CHECKS,
} from '../../../../src/shared/fatturapa/sdi-checks/index.ts';
import { line, ordinary, simplified, summary } from './invoice-builder.ts';

describe('runSdiChecks', () => {
  it('finds nothing in the ordinary and simplified templates', () => {
    expect(ordinary().check()).toEqual([]);
    expect(simplified().check()).toEqual([]);
  });

  it('checks every body of a multi-body file and reports each with its own 1-based path', () => {
    const problems = ordinary().addBody().set('AliquotaIVA', '0.22', 6).set('Numero', 'ABC', 2).check();
    expect(problems.map((p) => [p.code, p.path])).toEqual(
      expect.arrayContaining([
        ['00424', 'FatturaElettronicaBody[2]/DatiBeniServizi/DettaglioLinee[1]/AliquotaIVA'],
        ['00425', 'FatturaElettronicaBody[2]/DatiGenerali/DatiGeneraliDocumento/Numero'],
      ]),
    );
    expect(problems.every((p) => p.path.startsWith('FatturaElettronicaBody[2]'))).toBe(true);
  });

  it('returns all problems, sorted by code and in document order within a code', () => {
    const problems = ordinary()
      .goods(
        line({ n: 1, price: '10.00', total: '11.00', rate: '0.00' }) +
          line({ n: 2, price: '10.00', total: '12.00', rate: '0.00' }) +
          summary({ rate: '0.00', natura: 'N4', taxable: '23.00', tax: '0.00' }),
      )
      .check();
    expect(problems.map((p) => p.code)).toEqual(['00400', '00400', '00423', '00423', '00444']);
    expect(problems[0]?.path).toBe('FatturaElettronicaBody[1]/DatiBeniServizi/DettaglioLinee[1]/AliquotaIVA');
    expect(problems[1]?.path).toBe('FatturaElettronicaBody[1]/DatiBeniServizi/DettaglioLinee[2]/AliquotaIVA');
  });

  it('does not throw on a root without header or bodies', () => {
    const doc = ordinary().parse();
    expect(runSdiChecks({ ...doc, root: {} })).toEqual([]);
  });

  it('registers checks with unique names, and every listed code is produced by some check', () => {
    const names = SDI_CHECKS.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(SDI_CHECKS.flatMap((c) => c.codes))).toEqual(new Set(SDI_CHECK_CODES));
  });

  it('can run a single named check', () => {
    const lineTotal = SDI_CHECKS.filter((c) => c.name === 'lineTotal');
    const doc = ordinary().set('PrezzoTotale', '31.00').set('AliquotaIVA', '0.22').parse();
    expect(runSdiChecks(doc, {}, lineTotal).map((p) => p.code)).toEqual(['00423']);
  });

  it('hasSdiErrors ignores warnings', () => {
    expect(hasSdiErrors([{ code: '00301', severity: 'warning', path: '', params: {} }])).toBe(false);
    expect(hasSdiErrors([{ code: '00301', severity: 'error', path: '', params: {} }])).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import {
  emptyLine,
  isProposedWording,
  LEGAL_REFERENCE_MAX,
  legalWording,
  NATURE_WORDING,
  newFund,
  REGIME_WORDING,
  setNature,
  setRegime,
} from '../../../src/shared/fatturapa/compose/index.ts';
import { checkDraft } from '../../../src/shared/fatturapa/compose/index.ts';
import { NATURES } from '../../../src/shared/fatturapa/code-labels/index.ts';
import { baseDraft, line } from './fixtures.ts';

const ALL = [...Object.values(NATURE_WORDING), ...Object.values(REGIME_WORDING).map((r) => r.text)];

describe('the standard legal wording per Natura and regime', () => {
  it('every Natura in force has its wording, and every wording fits RiferimentoNormativo (100 Latin-1)', () => {
    const inForce = Object.keys(NATURES).filter((code) => !['N2', 'N3', 'N6'].includes(code));
    expect(Object.keys(NATURE_WORDING).sort()).toEqual(inForce.sort());
    for (const text of ALL) {
      expect(text.length, text).toBeLessThanOrEqual(LEGAL_REFERENCE_MAX);
      expect(/^[\u0020-\u007e\u00a0-\u00ff]+$/.test(text), text).toBe(true);
    }
  });

  it('reverse charge cites its article: art. 74 c. 7-8 for scrap, art. 17 c. 5 for gold, art. 17 c. 6 for the rest', () => {
    expect(NATURE_WORDING['N6.1']).toContain('art. 74, commi 7 e 8, DPR 633/72');
    expect(NATURE_WORDING['N6.2']).toContain('art. 17, comma 5, DPR 633/72');
    expect(NATURE_WORDING['N6.3']).toContain('art. 17, comma 6, lett. a), DPR 633/72');
    expect(NATURE_WORDING['N6.4']).toContain('lett. a-bis)');
    expect(NATURE_WORDING['N6.5']).toContain('lett. b)');
    expect(NATURE_WORDING['N6.6']).toContain('lett. c)');
    expect(NATURE_WORDING['N6.7']).toContain('lett. a-ter)');
    expect(NATURE_WORDING['N6.8']).toContain('lett. d-bis), d-ter) e d-quater)');
    expect(NATURE_WORDING.N4).toContain('art. 10 DPR 633/72');
    expect(NATURE_WORDING['N3.2']).toContain('art. 41 DL 331/93');
  });

  it('the flat-rate scheme words N2.2 as circ. 10/E asks; other natures keep their own', () => {
    expect(legalWording('N2.2', 'RF19')).toBe(
      "Operazione effettuata ai sensi dell'art. 1, commi da 54 a 89, L. 190/2014 - Regime forfettario",
    );
    expect(legalWording('N2.2', 'RF01')).toBe(NATURE_WORDING['N2.2']);
    expect(legalWording('N3.1', 'RF19')).toBe(NATURE_WORDING['N3.1']);
    expect(legalWording('N9', 'RF01')).toBe('');
  });

  it('a chosen Natura proposes its wording, and never replaces what the user wrote', () => {
    const l = emptyLine();
    setNature(l, 'N6.3', 'RF01');
    expect(l).toMatchObject({ nature: 'N6.3', vatRate: '0.00', legalReference: NATURE_WORDING['N6.3'] });
    setNature(l, 'N4', 'RF01');
    expect(l.legalReference).toBe(NATURE_WORDING.N4);
    l.legalReference = 'Art. 10, n. 18 DPR 633/72 (prestazioni sanitarie)';
    setNature(l, 'N4', 'RF01');
    expect(l.legalReference).toBe('Art. 10, n. 18 DPR 633/72 (prestazioni sanitarie)');
    expect(isProposedWording('  ')).toBe(true);
    expect(isProposedWording(l.legalReference)).toBe(false);
  });

  it('choosing RF19 moves taxed lines and funds to N2.2 with the wording; leaving it keeps the lines', () => {
    const draft = baseDraft({
      lines: [
        line({ unitPrice: '100' }),
        line({ unitPrice: '50', vatRate: '0', nature: 'N3.1', legalReference: 'Esportazione' }),
        line({ unitPrice: '20', vatRate: '10.00' }),
      ],
    });
    draft.funds.push(newFund());
    setRegime(draft, 'RF19');
    const text = REGIME_WORDING.RF19!.text;
    expect(draft.lines.map((l) => [l.vatRate, l.nature, l.legalReference])).toEqual([
      ['0.00', 'N2.2', text],
      ['0', 'N3.1', 'Esportazione'],
      ['0.00', 'N2.2', text],
    ]);
    expect([draft.funds[0]!.vatRate, draft.funds[0]!.nature, draft.funds[0]!.legalReference]).toEqual([
      '0.00',
      'N2.2',
      text,
    ]);
    // The composed invoice passes every check: N2.2 summary with the wording, no VAT.
    expect(checkDraft(draft).filter((p) => p.severity === 'error')).toEqual([]);
    setRegime(draft, 'RF01');
    expect(draft.lines[0]).toMatchObject({ nature: 'N2.2', legalReference: NATURE_WORDING['N2.2'] });
  });
});

import { describe, expect, it } from 'vitest';
import { computeTotals } from '../../../src/shared/fatturapa/compose/index.ts';
import { baseDraft, line } from './fixtures.ts';

const stamp = (lines: Parameters<typeof line>[0][]) =>
  computeTotals(baseDraft({ lines: lines.map(line) })).stamp;

describe('the stamp duty says why it is or is not due, for the invoice at hand', () => {
  it('a 4,800.00 reverse-charge invoice: not due because reverse charge bears VAT, not because of the threshold', () => {
    const s = stamp([{ unitPrice: '4800', vatRate: '0', nature: 'N6.3' }]);
    expect(s).toMatchObject({
      due: false,
      reason: 'reverse-charge',
      amountWithoutVat: '0.00',
      excluded: [{ kind: 'reverse-charge', amount: '4800.00' }],
    });
  });

  it('each case has its reason', () => {
    expect(stamp([{ unitPrice: '100' }])).toMatchObject({ reason: 'all-taxed', excluded: [] });
    expect(stamp([{ unitPrice: '50', vatRate: '0', nature: 'N4' }])).toMatchObject({
      reason: 'under-threshold',
      amountWithoutVat: '50.00',
    });
    expect(stamp([{ unitPrice: '100', vatRate: '0', nature: 'N4' }])).toMatchObject({
      due: true,
      reason: 'over-threshold',
    });
    expect(stamp([{ unitPrice: '900', vatRate: '0', nature: 'N3.1' }]).reason).toBe('export');
    expect(stamp([{ unitPrice: '900', vatRate: '0', nature: 'N7' }]).reason).toBe('vat-elsewhere');
    // A line without VAT and without its Natura yet: the rule cannot tell, and says so.
    expect(stamp([{ unitPrice: '900', vatRate: '0' }]).reason).toBe('nature-missing');
  });

  it('a mixed invoice counts what counts and lists what it left out, by why', () => {
    const s = stamp([
      { unitPrice: '50', vatRate: '0', nature: 'N4' },
      { unitPrice: '1000', vatRate: '0', nature: 'N6.7' },
      { unitPrice: '300', vatRate: '0', nature: 'N3.2' },
      { unitPrice: '200', vatRate: '0', nature: 'N6.3' },
    ]);
    expect(s).toMatchObject({
      due: false,
      reason: 'under-threshold',
      amountWithoutVat: '50.00',
      excluded: [
        { kind: 'reverse-charge', amount: '1200.00' },
        { kind: 'export', amount: '300.00' },
      ],
    });
  });
});

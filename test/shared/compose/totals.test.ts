import { describe, expect, it } from 'vitest';
import { computeTotals, natureCountsForStamp } from '../../../src/shared/fatturapa/compose/index.ts';
import type { DraftFund, DraftWithholding } from '../../../src/shared/fatturapa/compose/index.ts';
import { baseDraft, line, paCustomer } from './fixtures.ts';

const fund = (partial: Partial<DraftFund>): DraftFund => ({
  type: 'TC22',
  rate: '4',
  base: '',
  vatRate: '22',
  nature: '',
  legalReference: '',
  withholding: false,
  administrationReference: '',
  ...partial,
});

const withholding = (partial: Partial<DraftWithholding>): DraftWithholding => ({
  type: 'RT01',
  rate: '20',
  reason: 'A',
  basePercent: '',
  amount: '',
  ...partial,
});

describe('computed totals, worked by hand', () => {
  it('several rates and a Natura line: one summary per rate/nature, tax rounded once per row', () => {
    const totals = computeTotals(
      baseDraft({
        lines: [
          line({ quantity: '3', unitPrice: '12.345', vatRate: '22' }), // 37.035 -> 37.04
          line({ quantity: '2', unitPrice: '10.10', vatRate: '10' }), // 20.20
          line({ quantity: '1', unitPrice: '0.99', vatRate: '22' }), // 0.99
          line({ unitPrice: '50', vatRate: '0', nature: 'N4', legalReference: 'Art. 10 DPR 633/72' }),
        ],
      }),
    );
    expect(totals.lines).toEqual(['37.04', '20.20', '0.99', '50.00']);
    expect(totals.vatSummary.map((r) => [r.rate, r.nature, r.taxable, r.tax, r.legalReference])).toEqual([
      // 38.03 × 22% = 8.3666 -> 8.37
      ['22.00', '', '38.03', '8.37', ''],
      // 20.20 × 10% = 2.02
      ['10.00', '', '20.20', '2.02', ''],
      ['0.00', 'N4', '50.00', '0.00', 'Art. 10 DPR 633/72'],
    ]);
    // 38.03 + 20.20 + 50.00 + 8.37 + 2.02 = 118.62; no stamp: 50.00 without VAT is under 77.47.
    expect(totals.stamp.due).toBe(false);
    expect(totals.documentTotal).toBe('118.62');
    expect(totals.netToPay).toBe('118.62');
    expect(totals.payments).toEqual([['118.62']]);
  });

  it('line discounts: percent and amount, chained on the running price, and a surcharge', () => {
    const totals = computeTotals(
      baseDraft({
        lines: [
          // 200 - 10% = 180; 180 - 5% = 171; 171 - 1.50 = 169.50; × 2 = 339.00
          line({
            quantity: '2',
            unitPrice: '200',
            adjustments: [
              { type: 'SC', percentage: '10', amount: '' },
              { type: 'SC', percentage: '5', amount: '' },
              { type: 'SC', percentage: '', amount: '1.50' },
            ],
          }),
          // 33.33 + 3% = 34.3299; × 3 = 102.9897 -> 102.99
          line({
            quantity: '3',
            unitPrice: '33.33',
            adjustments: [{ type: 'MG', percentage: '3', amount: '' }],
          }),
        ],
      }),
    );
    expect(totals.lines).toEqual(['339.00', '102.99']);
    // 441.99 × 22% = 97.2378 -> 97.24
    expect(totals.vatSummary.map((r) => [r.taxable, r.tax])).toEqual([['441.99', '97.24']]);
    expect(totals.documentTotal).toBe('539.23');
  });

  it('stamp duty: proposed over 77.47 of amounts without VAT, not for reverse charge or exports', () => {
    const exempt = (price: string, nature: string) =>
      computeTotals(baseDraft({ lines: [line({ unitPrice: price, vatRate: '0', nature })] })).stamp;
    expect(exempt('77.47', 'N4')).toMatchObject({ due: false, applied: false });
    // 77.48 > 77.47: 2.00 is proposed and recharged to the customer.
    expect(exempt('77.48', 'N4')).toMatchObject({ due: true, applied: true, amount: '2.00' });
    expect(exempt('500', 'N2.2').due).toBe(true);
    expect(exempt('500', 'N6.1').due).toBe(false);
    expect(exempt('500', 'N7').due).toBe(false);
    expect(exempt('500', 'N3.1').due).toBe(false);
    expect(exempt('500', 'N3.5').due).toBe(true);
    const totals = computeTotals(
      baseDraft({ lines: [line({ unitPrice: '100', vatRate: '0', nature: 'N4' })] }),
    );
    expect(totals.documentTotal).toBe('102.00'); // 100.00 + 2.00 stamp
    const declined = computeTotals(
      baseDraft({
        lines: [line({ unitPrice: '100', vatRate: '0', nature: 'N4' })],
        stamp: { mode: 'no', amount: '' },
      }),
    );
    expect(declined.stamp.applied).toBe(false);
    expect(declined.documentTotal).toBe('100.00');
  });

  it('stamp duty per Natura: operations outside VAT count, exports and reverse charge do not', () => {
    // Counted (art. 13 of the Tariff, DPR 642/1972: amounts not subject to VAT): exclusions, out of scope,
    // operations assimilated to exports and declarations of intent, exempt, margin scheme.
    const counted = ['N1', 'N2.1', 'N2.2', 'N3.4', 'N3.5', 'N3.6', 'N4', 'N5'];
    // Not counted: exports, intra-EU supplies and San Marino (exempt from the duty), reverse charge (the
    // operation bears VAT, paid by the customer), VAT paid in another EU state.
    const notCounted = ['N3.1', 'N3.2', 'N3.3', 'N6.1', 'N6.2', 'N6.3', 'N6.5', 'N6.9', 'N7', ''];
    expect(counted.filter((n) => !natureCountsForStamp(n))).toEqual([]);
    expect(notCounted.filter((n) => natureCountsForStamp(n))).toEqual([]);
    const due = (nature: string) =>
      computeTotals(baseDraft({ lines: [line({ unitPrice: '100', vatRate: '0', nature })] })).stamp.due;
    expect(counted.map(due)).toEqual(counted.map(() => true));
    expect(notCounted.filter((n) => n !== '').map(due)).toEqual(notCounted.slice(0, -1).map(() => false));
  });

  it('stamp duty on a mixed invoice: only the amounts without VAT are summed, funds without VAT included', () => {
    const stamp = (lines: Parameters<typeof line>[0][], funds: DraftFund[] = []) =>
      computeTotals(baseDraft({ lines: lines.map(line), funds })).stamp;
    // 1,000.00 at 22% does not count; 70.00 exempt is under the threshold.
    expect(stamp([{ unitPrice: '1000' }, { unitPrice: '70', vatRate: '0', nature: 'N4' }])).toMatchObject({
      due: false,
      amountWithoutVat: '70.00',
    });
    // 70.00 exempt + 10.00 out of scope = 80.00 > 77.47.
    expect(
      stamp([
        { unitPrice: '70', vatRate: '0', nature: 'N4' },
        { unitPrice: '10', vatRate: '0', nature: 'N2.2' },
      ]),
    ).toMatchObject({ due: true, applied: true, amountWithoutVat: '80.00' });
    // An export of 500.00 beside 50.00 exempt: only the 50.00 counts.
    expect(
      stamp([
        { unitPrice: '500', vatRate: '0', nature: 'N3.1' },
        { unitPrice: '50', vatRate: '0', nature: 'N4' },
      ]),
    ).toMatchObject({ due: false, amountWithoutVat: '50.00' });
    // 50.00 exempt + a fund of 4% × 1,050.00 = 42.00 out of scope (N2.2) = 92.00.
    expect(
      stamp(
        [{ unitPrice: '1000' }, { unitPrice: '50', vatRate: '0', nature: 'N4' }],
        [fund({ vatRate: '0', nature: 'N2.2' })],
      ),
    ).toMatchObject({ due: true, amountWithoutVat: '92.00' });
  });

  it('two funds and two withholdings (RT01 on fees + INPS, RT04 ENASARCO on half the commissions)', () => {
    const totals = computeTotals(
      baseDraft({
        lines: [
          line({ unitPrice: '1000', withholding: true }),
          line({ unitPrice: '250', withholding: false }),
        ],
        funds: [
          // TC22 4% of 1250.00 = 50.00, taxed at 22%, subject to withholding
          fund({ type: 'TC22', rate: '4', withholding: true }),
          // TC04 2% on a typed base of 1000 = 20.00, not subject to VAT
          fund({ type: 'TC04', rate: '2', base: '1000', vatRate: '0', nature: 'N1' }),
        ],
        withholdings: [
          // 20% × (1000.00 + 50.00) = 210.00
          withholding({ type: 'RT01', rate: '20' }),
          // 8.50% × 50% × 1050.00 = 44.625 -> 44.63
          withholding({ type: 'RT04', rate: '8.50', basePercent: '50', reason: 'R' }),
        ],
      }),
    );
    expect(totals.funds).toEqual([
      { amount: '50.00', base: '1250.00' },
      { amount: '20.00', base: '1000.00' },
    ]);
    expect(totals.withholdings.map((w) => w.amount)).toEqual(['210.00', '44.63']);
    // 22%: 1250.00 + 50.00 = 1300.00, tax 286.00; N1: 20.00
    expect(totals.vatSummary.map((r) => [r.rate, r.nature, r.taxable, r.tax])).toEqual([
      ['22.00', '', '1300.00', '286.00'],
      ['0.00', 'N1', '20.00', '0.00'],
    ]);
    // 1320.00 + 286.00 = 1606.00; net 1606.00 - 210.00 - 44.63 = 1351.37
    expect(totals.documentTotal).toBe('1606.00');
    expect(totals.netToPay).toBe('1351.37');
    expect(totals.payments).toEqual([['1351.37']]);
  });

  it('split payment: EsigibilitaIVA S, VAT paid by the PA to the Treasury, not to the supplier', () => {
    const draft = baseDraft({
      lines: [
        line({ quantity: '4', unitPrice: '250' }),
        line({ unitPrice: '10', vatRate: '0', nature: 'N2.2' }),
      ],
      chargeability: 'S',
    });
    draft.customer = { ...draft.customer, ...paCustomer() };
    const totals = computeTotals(draft);
    expect(totals.vatSummary.map((r) => [r.taxable, r.tax, r.chargeability])).toEqual([
      ['1000.00', '220.00', 'S'],
      ['10.00', '0.00', ''],
    ]);
    expect(totals.documentTotal).toBe('1230.00');
    // 1230.00 - 220.00 split-payment VAT
    expect(totals.netToPay).toBe('1010.00');
  });

  it('payments: typed instalments are kept, blank ones share the rest to the cent', () => {
    const draft = baseDraft({ lines: [line({ unitPrice: '100' })] }); // 122.00
    const detail = draft.payments[0]!.details[0]!;
    draft.payments = [
      {
        conditions: 'TP01',
        details: [
          { ...detail, amount: '22' },
          { ...detail, amount: '' },
          { ...detail, amount: '' },
          { ...detail, amount: '' },
        ],
      },
    ];
    // 100.00 left for three: 33.33, 33.33, 33.34
    expect(computeTotals(draft).payments).toEqual([['22.00', '33.33', '33.33', '33.34']]);
  });
});

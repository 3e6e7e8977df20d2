import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readInvoice } from '../../../src/shared/fatturapa/reading/index.ts';
import type { DocumentReading } from '../../../src/shared/fatturapa/reading/index.ts';
import { referenceAvailable, warnIfReferenceMissing } from '../fatturapa/reference-samples.ts';
import { blocks, leaf, realWorldInvoices, realWorldInvoicesDir } from './xml-by-regex.ts';

warnIfReferenceMissing('reading/real-world-samples');

const dir = realWorldInvoicesDir;
const samples = realWorldInvoices;

interface Extracted {
  withholdings: { type: string | null; rate: string | null; amount: string | null; reason: string | null }[];
  funds: { type: string | null; rate: string | null; amount: string | null; base: string | null }[];
  stamp: { virtual: string | null; amount: string | null } | null;
  documentAdjustments: { type: string | null; percentage: string | null; amount: string | null }[];
  lineAdjustments: {
    line: string | null;
    type: string | null;
    percentage: string | null;
    amount: string | null;
  }[];
  payments: string[];
}

function adjustments(xml: string) {
  return blocks(xml, 'ScontoMaggiorazione').map((block) => ({
    type: leaf(block, 'Tipo'),
    percentage: leaf(block, 'Percentuale'),
    amount: leaf(block, 'Importo'),
  }));
}

function extract(body: string): Extracted {
  const general = blocks(body, 'DatiGeneraliDocumento')[0] ?? '';
  const bollo = blocks(general, 'DatiBollo')[0];
  return {
    withholdings: blocks(general, 'DatiRitenuta').map((block) => ({
      type: leaf(block, 'TipoRitenuta'),
      rate: leaf(block, 'AliquotaRitenuta'),
      amount: leaf(block, 'ImportoRitenuta'),
      reason: leaf(block, 'CausalePagamento'),
    })),
    funds: blocks(general, 'DatiCassaPrevidenziale').map((block) => ({
      type: leaf(block, 'TipoCassa'),
      rate: leaf(block, 'AlCassa'),
      amount: leaf(block, 'ImportoContributoCassa'),
      base: leaf(block, 'ImponibileCassa'),
    })),
    stamp:
      bollo === undefined
        ? null
        : { virtual: leaf(bollo, 'BolloVirtuale'), amount: leaf(bollo, 'ImportoBollo') },
    documentAdjustments: adjustments(general),
    lineAdjustments: blocks(body, 'DettaglioLinee').flatMap((line) =>
      adjustments(line).map((adjustment) => ({ line: leaf(line, 'NumeroLinea'), ...adjustment })),
    ),
    payments: blocks(body, 'DettaglioPagamento').map((block) => leaf(block, 'ImportoPagamento')!),
  };
}

function cents(amount: string): bigint {
  const [integer, fraction = ''] = amount.trim().replace('-', '').split('.');
  const value = BigInt(integer!) * 100n + BigInt((fraction + '00').slice(0, 2));
  return amount.trim().startsWith('-') ? -value : value;
}

// ---------------------------------------------------------------------------------------------
// What each sample's documents reconcile to, worked out by hand from the files (see reconciliation.ts for the
// rules). `mismatch` marks the files that contradict themselves, and `why` says how.

interface Expectation {
  netToPay: string | null;
  /** Foreign currency with euro values: the net to pay in the currency of the payments. */
  netToPayInCurrency?: string;
  paymentsTotal?: string | null;
  declaredTotal?: string | null;
  mismatch: boolean;
  why?: string;
}

const EXPECTED: Record<string, Expectation[]> = {
  '01': [{ netToPay: '18.30', paymentsTotal: null, mismatch: false }],
  // 1720.00 + 356.40 VAT − 860.00 (document SC 50%) + 172.00 (document MG 10%): a discount on the total.
  '02': [{ netToPay: '1388.40', paymentsTotal: '1388.40', declaredTotal: '1388.40', mismatch: false }],
  '03': [{ netToPay: '2300.00', paymentsTotal: '2300.00', mismatch: false }],
  '04': [{ netToPay: '17.08', paymentsTotal: '17.08', mismatch: false }],
  '05': [{ netToPay: '1388.40', paymentsTotal: '1388.40', mismatch: false }],
  '06': [
    {
      netToPay: '30.50',
      paymentsTotal: '32.50',
      mismatch: true,
      why: 'body 1: one payment of 32.50 for 25.00 taxable + 5.50 VAT = 30.50',
    },
    { netToPay: '2440.00', paymentsTotal: '2440.00', mismatch: false },
  ],
  '07': [{ netToPay: '17.08', paymentsTotal: '17.08', mismatch: false }],
  '08': [
    {
      netToPay: '31.72',
      paymentsTotal: '30.50',
      mismatch: true,
      why: 'payments 20.00 + 9.00 (TP01) + 1.50 (TP02) = 30.50 for 26.00 taxable (fund included) + 5.72 VAT = 31.72',
    },
  ],
  // No DatiPagamento: nothing to compare but the declared total (1872.00 + 411.84, before the withholding).
  '09': [{ netToPay: '1923.84', paymentsTotal: null, declaredTotal: '2283.84', mismatch: false }],
  // ENASARCO (TC07, 0.83) is forced into the N2.2 summary by check 00422 but withheld from the agent (RT04), not
  // charged: 10.83 − 0.83 + 2.20 = 12.20 declared, less 2.00 (RT02) and 0.83 (RT04) = 9.37, the payment.
  '10': [{ netToPay: '9.37', paymentsTotal: '9.37', declaredTotal: '12.20', mismatch: false }],
  // Stamp duty 6.00 added to 9.00 taxable (N4): no payments, no declared total.
  '11': [{ netToPay: '15.00', paymentsTotal: null, mismatch: false }],
  '12': [
    {
      netToPay: '1026.74',
      paymentsTotal: '1044.40',
      declaredTotal: '1026.74',
      mismatch: true,
      why:
        '1720.00 + 356.40 − 860.00 + 172.00 + 12.34 stamp − 324.00 − 50.00 = 1026.74, which ImportoTotaleDocumento ' +
        'also says; the two instalments add up to 500.00 + 544.40 = 1044.40',
    },
  ],
  // Two funds (100.00 + 50.00) already in the 2650.00 taxable; ImportoTotaleDocumento is net of the withholding.
  '13': [{ netToPay: '2713.00', paymentsTotal: '2713.00', declaredTotal: '2713.00', mismatch: false }],
  // Split payment: 14.00 + 3.08 − 3.08; the declared total keeps the VAT.
  '14': [{ netToPay: '14.00', paymentsTotal: '14.00', declaredTotal: '17.08', mismatch: false }],
  '15': [{ netToPay: '26.10', paymentsTotal: null, mismatch: false }],
  '16': [{ netToPay: '661.24', paymentsTotal: null, declaredTotal: '661.24', mismatch: false }],
  '17': [{ netToPay: '122.00', paymentsTotal: null, mismatch: false }],
  '18': [{ netToPay: '3214.29', paymentsTotal: '3214.29', mismatch: false }],
  '19': [{ netToPay: '14.00', paymentsTotal: '14.00', mismatch: false }],
  // Divisa USD with the taxable amount in euro, as the Agenzia delle Entrate allows: the line says 11.97 EUR and,
  // in AltriDatiGestionali, 14.00 USD; ImportoTotaleDocumento and the payment are the 14.00 USD.
  '20': [
    {
      netToPay: '11.97',
      netToPayInCurrency: '14.00',
      paymentsTotal: '14.00',
      declaredTotal: '14.00',
      mismatch: false,
    },
  ],
  '21': [{ netToPay: '14.00', paymentsTotal: '14.00', mismatch: false }],
  '22': [{ netToPay: '17.08', paymentsTotal: '17.08', mismatch: false }],
  // FSM10: no summary, so no reconciliation; the items' amounts include the VAT.
  '23': [{ netToPay: null, mismatch: false }],
};

describe('the reading of every real-world sample', () => {
  it.runIf(referenceAvailable)('has an expectation for each sample in the directory', () => {
    expect(samples.length).toBeGreaterThan(20);
    expect(samples.map((name) => name.slice(0, 2))).toEqual(Object.keys(EXPECTED).sort());
  });

  describe.each(samples)('%s', (name) => {
    const xml = readFileSync(`${dir}${name}`, 'utf8');
    const bodies = blocks(xml, 'FatturaElettronicaBody');
    const read = () => readInvoice(new Uint8Array(readFileSync(`${dir}${name}`)));

    it('has one document per FatturaElettronicaBody', () => {
      expect(read().documents).toHaveLength(bodies.length);
    });

    it('lists every withholding, fund contribution, stamp duty and discount of the file', () => {
      read().documents.forEach((document: DocumentReading, index) => {
        const expected = extract(bodies[index]!);
        expect(document.withholdings).toEqual(
          expected.withholdings.map((w) => ({
            type: w.type,
            rate: w.rate,
            amount: w.amount,
            paymentReason: w.reason,
          })),
        );
        expect(
          document.funds.map((f) => ({ type: f.type, rate: f.rate, amount: f.amount, base: f.taxableBase })),
        ).toEqual(expected.funds);
        if (document.simplified) {
          // FSM10 has BolloVirtuale alone, directly in DatiGeneraliDocumento.
          expect(document.stamp?.virtual ?? false).toBe(leaf(bodies[index]!, 'BolloVirtuale') === 'SI');
        } else {
          expect(
            document.stamp && {
              virtual: document.stamp.virtual ? 'SI' : null,
              amount: document.stamp.amount,
            },
          ).toEqual(expected.stamp);
        }
        expect(document.adjustments).toEqual(expected.documentAdjustments);
        expect(
          document.lines.flatMap((line) =>
            line.adjustments.map((adjustment) => ({ line: line.number, ...adjustment })),
          ),
        ).toEqual(expected.lineAdjustments);
      });
    });

    it('reconciles to the net to pay worked out by hand, and equals the payments where the file is consistent', () => {
      const expectations = EXPECTED[name.slice(0, 2)]!;
      const documents = read().documents;
      expect(documents).toHaveLength(expectations.length);
      documents.forEach((document, index) => {
        const expected = expectations[index]!;
        const reconciliation = document.reconciliation;
        const payments = extract(bodies[index]!).payments;
        const independentPayments =
          payments.length === 0 ? null : payments.reduce((sum, amount) => sum + cents(amount), 0n);
        if (expected.netToPay === null) {
          expect(reconciliation).toBeNull();
          return;
        }
        expect(reconciliation).not.toBeNull();
        expect(reconciliation!.netToPay).toBe(expected.netToPay);
        expect(reconciliation!.mismatch).toBe(expected.mismatch);
        expect(reconciliation!.paymentsTotal === null ? null : cents(reconciliation!.paymentsTotal)).toBe(
          independentPayments,
        );
        if (expected.paymentsTotal !== undefined)
          expect(reconciliation!.paymentsTotal).toBe(expected.paymentsTotal);
        if (expected.declaredTotal !== undefined)
          expect(reconciliation!.declaredTotal).toBe(expected.declaredTotal);
        expect(reconciliation!.inCurrency?.netToPay).toBe(expected.netToPayInCurrency);
        if (!expected.mismatch && independentPayments !== null) {
          const due = reconciliation!.inCurrency?.netToPay ?? reconciliation!.netToPay;
          expect(cents(due)).toBe(independentPayments);
        }
        if (expected.mismatch) expect(expected.why).toBeTruthy();
      });
    });
  });
});

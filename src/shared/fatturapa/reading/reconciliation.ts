/**
 * From the VAT summary to the amount due, in exact decimal arithmetic (BigInt, see sdi-checks/decimal.ts).
 *
 * The rules, as an accountant checks a FatturaPA invoice:
 *
 *   taxable              Σ DatiRiepilogo/ImponibileImporto. Fund contributions (DatiCassaPrevidenziale) are
 *                        already in it: SdI check 00422 requires the summary to include them, so they are
 *                        shown but never added a second time.
 * − fundsNotCharged      ENASARCO contributions (TipoCassa TC07). An agent's ENASARCO share is withheld by the
 *                        principal (DatiRitenuta RT04), never charged to it; producers still list it as a fund,
 *                        and check 00422 then forces it into the summary. It is taken back out here, which is
 *                        how the real files' own totals and payments read (sample 10 of the real-world set).
 * + vat                  Σ DatiRiepilogo/Imposta.
 * ± documentAdjustments  document-level ScontoMaggiorazione that carry an Importo: SC subtracts, MG adds. This is
 *                        a discount on the total that does not change the VAT base (e.g. "sconto in fattura");
 *                        ImportoTotaleDocumento is "al netto dell'eventuale sconto". One with only a Percentuale
 *                        has no amount to apply and is taken as already reflected in the lines and summary.
 * ± rounding             DatiGeneraliDocumento/Arrotondamento (the summaries' own Arrotondamento is already in
 *                        their ImponibileImporto).
 * + stamp                DatiBollo/ImportoBollo: the issuer pays the stamp duty virtually and normally recharges
 *                        it to the customer, so it is added to the amount due, unless a line already charges it
 *                        (a line with Natura N1 of the same amount, or one whose description names the "bollo"),
 *                        in which case it is in the taxable amounts already. BolloVirtuale without ImportoBollo
 *                        adds nothing.
 * = documentTotal
 * − withholdings         Σ DatiRitenuta/ImportoRitenuta: the customer withholds them and pays them to the Treasury.
 * − splitPaymentVat      Σ Imposta of the summaries with EsigibilitaIVA = S: the public-body customer pays that
 *                        VAT to the Treasury (scissione dei pagamenti, art. 17-ter DPR 633/72).
 * = netToPay
 *
 * paymentsTotal is Σ DettaglioPagamento/ImportoPagamento over every DatiPagamento block: instalments (TP01), an
 * advance (TP03) and the balance add up to the amount due. One exception: in a TP02 (complete payment) block
 * whose several details all carry the same amount, they are alternative ways of making the one payment (two
 * bank accounts, say) and count once.
 *
 * A document in a foreign currency whose lines give their euro value (DocumentReading.exchange) has its summary,
 * and so every amount above, in euro, but its payments and ImportoTotaleDocumento in the currency: documentTotal
 * and netToPay are converted at the file's own rate (Σ currency amounts ÷ Σ euro amounts of its lines) and the
 * comparisons below are made in the currency, within a cent for the conversion's rounding.
 *
 * The payments match when they equal netToPay to the cent. ImportoTotaleDocumento is written in more than one
 * way by real producers, so the declared total matches when it equals documentTotal, with or without the
 * stamp duty, or documentTotal less the withholdings (with or without the stamp duty). `mismatch` is true when
 * either comparison fails: the file contradicts itself. A document with no payments and no declared total
 * cannot be inconsistent in this sense.
 */
import {
  abs,
  add,
  compare,
  divide,
  format,
  mul,
  parseDecimal,
  round,
  sub,
  ZERO,
} from '../sdi-checks/decimal.ts';
import type { Decimal } from '../sdi-checks/decimal.ts';
import type {
  Adjustment,
  Amount,
  Exchange,
  Fund,
  PaymentTerms,
  Reconciliation,
  Stamp,
  VatSummaryRow,
  Withholding,
} from './types.ts';

export interface ReconciliationInput {
  vatSummary: readonly VatSummaryRow[];
  adjustments: readonly Adjustment[];
  rounding: Amount | null;
  stamp: Stamp | null;
  withholdings: readonly Withholding[];
  funds: readonly Fund[];
  payments: readonly PaymentTerms[];
  declaredTotal: Amount | null;
  exchange?: Exchange | null;
}

/** A malformed amount (a schema error) counts as zero rather than hiding the rest of the invoice. */
function value(amount: Amount | null | undefined): Decimal {
  return parseDecimal(amount) ?? ZERO;
}

function sum(amounts: readonly (Amount | null | undefined)[]): Decimal {
  return amounts.reduce<Decimal>((total, amount) => add(total, value(amount)), ZERO);
}

function cents(amount: Decimal): Decimal {
  return round(amount, 2);
}

function same(a: Decimal, b: Decimal): boolean {
  return compare(cents(a), cents(b)) === 0;
}

const ONE_CENT: Decimal = { units: 1n, scale: 2 };

/** Equal to the cent, or within a cent when `a` was converted from euro (its rounding and the producer's). */
function matches(a: Decimal, b: Decimal, converted: boolean): boolean {
  return converted ? compare(abs(sub(cents(a), cents(b))), ONE_CENT) <= 0 : same(a, b);
}

/** A euro amount in the exchange's currency, at the file's own rate: amount × foreign ÷ euro. */
function toCurrency(amount: Decimal, exchange: Exchange): Decimal | null {
  const foreign = parseDecimal(exchange.foreign);
  const euro = parseDecimal(exchange.euro);
  if (foreign === null || euro === null) return null;
  return divide(mul(amount, foreign), euro, 2);
}

function text(amount: Decimal): Amount {
  return format(cents(amount), 2);
}

/** Σ of the payment details, with TP02 alternatives counted once (see the rules above). */
export function paymentsTotal(payments: readonly PaymentTerms[]): Decimal | null {
  if (payments.length === 0) return null;
  return payments.reduce<Decimal>((total, terms) => {
    const amounts = terms.details.map((detail) => value(detail.amount));
    const first = amounts[0];
    const alternatives =
      terms.conditions === 'TP02' &&
      first !== undefined &&
      amounts.length > 1 &&
      amounts.every((amount) => compare(amount, first) === 0);
    const block = alternatives ? first : amounts.reduce<Decimal>((acc, amount) => add(acc, amount), ZERO);
    return add(total, block);
  }, ZERO);
}

/** Signed sum of the document-level discounts and surcharges that carry an amount. */
export function documentAdjustmentsTotal(adjustments: readonly Adjustment[]): Decimal {
  return adjustments.reduce<Decimal>((total, adjustment) => {
    const amount = parseDecimal(adjustment.amount);
    if (amount === null) return total;
    return adjustment.type === 'MG' ? add(total, amount) : sub(total, amount);
  }, ZERO);
}

/** TipoCassa of the agents' fund (Fondazione ENASARCO). */
const ENASARCO = 'TC07';

export function reconcile(input: ReconciliationInput): Reconciliation {
  const taxable = sum(input.vatSummary.map((row) => row.taxable));
  const vat = sum(input.vatSummary.map((row) => row.tax));
  const documentAdjustments = documentAdjustmentsTotal(input.adjustments);
  const rounding = value(input.rounding);
  const stamp = input.stamp && !input.stamp.chargedInLines ? value(input.stamp.amount) : ZERO;
  const fundsNotCharged = sum(
    input.funds.filter((fund) => fund.type === ENASARCO).map((fund) => fund.amount),
  );
  const documentTotal = [vat, documentAdjustments, rounding, stamp].reduce(
    add,
    sub(taxable, fundsNotCharged),
  );
  const withholdings = sum(input.withholdings.map((withholding) => withholding.amount));
  const splitPaymentVat = sum(input.vatSummary.filter((row) => row.splitPayment).map((row) => row.tax));
  const netToPay = sub(sub(documentTotal, withholdings), splitPaymentVat);

  const withoutStamp = sub(documentTotal, stamp);
  const readings = [
    documentTotal,
    withoutStamp,
    sub(documentTotal, withholdings),
    sub(withoutStamp, withholdings),
  ];

  // In the payments' currency: the amounts above, converted when the summary is in euro and they are not.
  const exchange = input.exchange ?? null;
  const convert = (amount: Decimal): Decimal | null =>
    exchange === null ? amount : toCurrency(amount, exchange);
  const converted = exchange !== null;
  const netToPayInCurrency = convert(netToPay);
  const documentTotalInCurrency = convert(documentTotal);
  const inCurrency =
    exchange !== null && netToPayInCurrency !== null && documentTotalInCurrency !== null
      ? {
          currency: exchange.currency,
          documentTotal: text(documentTotalInCurrency),
          netToPay: text(netToPayInCurrency),
        }
      : null;

  const paid = paymentsTotal(input.payments);
  const paymentsMatch =
    paid === null || netToPayInCurrency === null ? null : matches(paid, netToPayInCurrency, converted);

  const declared = parseDecimal(input.declaredTotal);
  const declaredTotalMatches =
    declared === null
      ? null
      : readings.some((reading) => {
          const value = convert(reading);
          return value !== null && matches(value, declared, converted);
        });

  return {
    taxable: text(taxable),
    vat: text(vat),
    fundsNotCharged: text(fundsNotCharged),
    documentAdjustments: text(documentAdjustments),
    rounding: text(rounding),
    stamp: text(stamp),
    documentTotal: text(documentTotal),
    withholdings: text(withholdings),
    splitPaymentVat: text(splitPaymentVat),
    netToPay: text(netToPay),
    inCurrency,
    paymentsTotal: paid === null ? null : text(paid),
    paymentsDifference:
      paid === null || netToPayInCurrency === null ? null : text(sub(paid, netToPayInCurrency)),
    declaredTotal: declared === null ? null : text(declared),
    declaredTotalMatches,
    paymentsMatch,
    mismatch: paymentsMatch === false || declaredTotalMatches === false,
  };
}

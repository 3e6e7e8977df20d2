/**
 * Everything the user never types, computed from the draft with the same exact arithmetic (BigInt decimals) and
 * the same rules as the SdI checks, so that the composed file passes 00421, 00422 and 00423 by construction:
 *
 * - PrezzoTotale (00423, lines.ts expectedLineTotal): the unit price, then each ScontoMaggiorazione in order (a
 *   percentage of the running price, or an amount; SC subtracts, MG adds), times Quantita (1 when blank),
 *   rounded half away from zero to 2 decimals. The check tolerates 0.01 and the rounding moves at most 0.005.
 * - Contribution of a pension fund: AlCassa % × base (ImponibileCassa when typed, else the sum of the
 *   PrezzoTotale of every line), rounded to cents.
 * - DatiRiepilogo (00422): one row per AliquotaIVA + Natura, in order of first use; ImponibileImporto is the sum
 *   of the rounded PrezzoTotale of the group's lines plus the contributions of the funds with that rate/nature
 *   (00422 puts them there), so it equals the check's expected value exactly, no Arrotondamento needed.
 * - Imposta (00421): ImponibileImporto × AliquotaIVA / 100 rounded half away from zero to cents, the check's own
 *   formula. Each row is rounded once; VAT is never computed per line.
 * - Withholding: AliquotaRitenuta % × basePercent % × (PrezzoTotale of the lines marked Ritenuta + the
 *   contributions of the funds marked Ritenuta), rounded to cents.
 * - Stamp duty (DatiBollo, see stampDutyDue): 2.00 when the amounts without VAT exceed 77.47 EUR.
 * - Document total and net to pay: the reading's reconciliation (reading/reconciliation.ts), applied to the
 *   composed figures, so the app reads back exactly what it wrote (ENASARCO TC07 not charged, split-payment VAT
 *   and withholdings not paid to the supplier, the stamp duty recharged unless a line already charges it).
 * - Payment amounts left blank: the net to pay less the typed amounts, shared among the blank details.
 */
import type { FatturaPAJson } from '../model/json-types.ts';
import { readInvoiceJson } from '../reading/read-document.ts';
import type { Reconciliation } from '../reading/types.ts';
import { add, compare, decimal, key, mul, round, shiftLeft, sub, ZERO } from '../sdi-checks/decimal.ts';
import type { Decimal } from '../sdi-checks/decimal.ts';
import { isSimplifiedDraft } from './draft.ts';
import type { DraftAdjustment, DraftLine, InvoiceDraft } from './draft.ts';
import { money, parseTyped } from './numbers.ts';

export const STAMP_DUTY_AMOUNT = '2.00';
/** Art. 13 of the Tariff annexed to DPR 642/1972: stamp duty on invoices for amounts over 77.47 EUR without VAT. */
export const STAMP_DUTY_THRESHOLD = '77.47';

/**
 * Natures whose amounts count towards the stamp-duty threshold: operations not subject to VAT. SdI does not check
 * DatiBollo against the amounts (sdi-rules.md lists no control for it), so the rule is the law's, decided per
 * Natura; the user can always force the stamp on or off (DraftStamp.mode). Left out:
 * N6.x (reverse charge: the operation is subject to VAT, paid by the customer; circ. AdE 37/2006), N7 (VAT paid
 * in another EU state), N3.1 exports and N3.2 intra-EU supplies (exempt from stamp duty: art. 15 of Tabella B
 * DPR 642/1972 and art. 66 DL 331/1993), N3.3 supplies to San Marino (treated as exports, art. 71 DPR 633/72).
 * Counted: N1 (art. 15 exclusions), N2.x (outside the scope), N3.4 (assimilated to exports, art. 8-bis), N3.5
 * (declarations of intent of habitual exporters: the duty is due, the exemption covers exports only), N3.6
 * (other non-taxable operations), N4 (exempt), N5 (margin scheme).
 */
export function natureCountsForStamp(nature: string): boolean {
  if (nature === '') return false;
  if (nature.startsWith('N6') || nature.startsWith('N7')) return false;
  return !['N3.1', 'N3.2', 'N3.3'].includes(nature);
}

/**
 * Why the stamp duty is or is not due, for the words that say so: 'over-threshold' (due: the amounts that count
 * exceed 77.47), 'under-threshold' (some count, not enough), or, when none count, what the amounts without VAT
 * are: 'reverse-charge' (N6: subject to VAT, paid by the customer), 'export' (N3.1-N3.3: exempt from the duty),
 * 'vat-elsewhere' (N7) or 'all-taxed' (every amount carries VAT); 'nature-missing' when a line without VAT has no
 * Natura yet, so the rule cannot tell.
 */
export type StampReason =
  | 'over-threshold'
  | 'under-threshold'
  | 'nature-missing'
  | 'reverse-charge'
  | 'export'
  | 'vat-elsewhere'
  | 'all-taxed';

/** Which amounts without VAT do not count towards the threshold, and why. */
export type StampExclusion = 'reverse-charge' | 'export' | 'vat-elsewhere';

/** The kind of an amount without VAT that natureCountsForStamp leaves out. */
export function stampExclusion(nature: string): StampExclusion | null {
  if (nature === '' || natureCountsForStamp(nature)) return null;
  if (nature.startsWith('N6')) return 'reverse-charge';
  if (nature.startsWith('N7')) return 'vat-elsewhere';
  return 'export';
}

export interface VatSummaryTotal {
  /** AliquotaIVA, 2 decimals. */
  rate: string;
  /** Natura, '' for a taxed row. */
  nature: string;
  taxable: string;
  tax: string;
  /** RiferimentoNormativo: the first given by the group's lines, else by its funds. */
  legalReference: string;
  /** EsigibilitaIVA to write, '' for none (split payment is not written on N6 rows, check 00420). */
  chargeability: string;
  /** Indexes of the draft lines and funds in this row. */
  lines: number[];
  funds: number[];
}

export interface DraftTotals {
  /** PrezzoTotale per draft line. */
  lines: string[];
  /** ImportoContributoCassa and the base it was computed on, per draft fund. */
  funds: { amount: string; base: string }[];
  /** ImportoRitenuta (typed or computed), the computed proposal and its base (before basePercent). */
  withholdings: { amount: string; computed: string; base: string }[];
  vatSummary: VatSummaryTotal[];
  stamp: {
    /** The rule says the stamp duty is due (see stampDutyDue). */
    due: boolean;
    /** DatiBollo is written: mode 'yes', or 'auto' and due. */
    applied: boolean;
    amount: string;
    /** Sum of the amounts counted for the threshold. */
    amountWithoutVat: string;
    reason: StampReason;
    /** The amounts without VAT left out of the threshold, by why, in order of first use (sums, 2 decimals). */
    excluded: { kind: StampExclusion; amount: string }[];
  };
  /** The reading's reconciliation of the composed figures (before payments). */
  reconciliation: Reconciliation;
  /** reconciliation.documentTotal: ImportoTotaleDocumento unless the draft types another. */
  documentTotal: string;
  /** ImportoTotaleDocumento to write; '' when the draft omits it. */
  declaredTotal: string;
  netToPay: string;
  /** ImportoPagamento per payment block and detail: typed, or proposed when blank. */
  payments: string[][];
  /**
   * A simplified invoice (FSM10, TD07–TD09): per draft line, the VAT and the amount VAT included that its
   * DatiBeniServizi carry (Imposta, Importo). Null for an ordinary invoice.
   */
  simplifiedItems: SimplifiedItem[] | null;
}

/** One DatiBeniServizi of a simplified invoice: the line's total, its VAT to the cent, and both together. */
export interface SimplifiedItem {
  net: string;
  vat: string;
  /** Importo: net + VAT. */
  gross: string;
}

const ONE = decimal('1');
const HUNDRED_PERCENT = decimal('100');

function typed(text: string): Decimal {
  return parseTyped(text) ?? ZERO;
}

/** Percentage of a value, exact. */
function percentOf(value: Decimal, percent: Decimal): Decimal {
  return shiftLeft(mul(value, percent), 2);
}

/** The price after the adjustments, exactly as check 00423 applies them. */
export function adjustedPrice(unitPrice: Decimal, adjustments: readonly DraftAdjustment[]): Decimal {
  let price = unitPrice;
  for (const adjustment of adjustments) {
    const amount = parseTyped(adjustment.amount);
    const percentage = parseTyped(adjustment.percentage);
    // Like the check, an Importo wins over a Percentuale and its sign comes from Tipo.
    const change =
      amount !== null
        ? amount.units < 0n
          ? { units: -amount.units, scale: amount.scale }
          : amount
        : percentage !== null
          ? percentOf(price, percentage)
          : null;
    if (change === null) continue;
    price = adjustment.type === 'MG' ? add(price, change) : sub(price, change);
  }
  return price;
}

/** PrezzoTotale of a line, unrounded. */
export function exactLineTotal(line: DraftLine): Decimal {
  const quantity = parseTyped(line.quantity) ?? ONE;
  return mul(adjustedPrice(typed(line.unitPrice), line.adjustments), quantity);
}

/** PrezzoTotale as written: exactLineTotal rounded to cents. */
export function lineTotal(line: DraftLine): Decimal {
  return round(exactLineTotal(line), 2);
}

/** The VAT rate of a line or fund as written: 2 decimals; blank is 0. */
function rateKey(text: string): string {
  return key(typed(text));
}

/** The stamp duty is due when the amounts without VAT (natureCountsForStamp) exceed 77.47. */
export function stampDutyDue(amountWithoutVat: Decimal): boolean {
  return compare(amountWithoutVat, decimal(STAMP_DUTY_THRESHOLD)) > 0;
}

export function computeTotals(draft: InvoiceDraft): DraftTotals {
  const lineTotals = draft.lines.map(lineTotal);
  const linesSum = lineTotals.reduce(add, ZERO);

  const funds = draft.funds.map((fund) => {
    const base = parseTyped(fund.base) ?? linesSum;
    return { base, amount: round(percentOf(base, typed(fund.rate)), 2) };
  });

  const withholdingBase = [
    ...lineTotals.filter((_, i) => draft.lines[i]?.withholding === true),
    ...funds.filter((_, i) => draft.funds[i]?.withholding === true).map((fund) => fund.amount),
  ].reduce(add, ZERO);
  const withholdings = draft.withholdings.map((withholding) => {
    const share = parseTyped(withholding.basePercent) ?? HUNDRED_PERCENT;
    const computed = round(percentOf(percentOf(withholdingBase, share), typed(withholding.rate)), 2);
    const amount = parseTyped(withholding.amount) ?? computed;
    return { base: money(withholdingBase), amount: money(amount), computed: money(computed) };
  });

  // DatiRiepilogo: rate + nature groups in order of first use, lines first, then funds (as check 00422 groups).
  const groups = new Map<string, VatSummaryTotal & { sum: Decimal; rateValue: Decimal }>();
  const groupOf = (
    rateText: string,
    nature: string,
  ): VatSummaryTotal & { sum: Decimal; rateValue: Decimal } => {
    const id = `${rateKey(rateText)}|${nature.trim()}`;
    let group = groups.get(id);
    if (group === undefined) {
      group = {
        rate: rateKey(rateText),
        nature: nature.trim(),
        taxable: '',
        tax: '',
        legalReference: '',
        chargeability: '',
        lines: [],
        funds: [],
        sum: ZERO,
        rateValue: typed(rateText),
      };
      groups.set(id, group);
    }
    return group;
  };
  draft.lines.forEach((line, i) => {
    const group = groupOf(line.vatRate, line.nature);
    group.sum = add(group.sum, lineTotals[i] ?? ZERO);
    group.lines.push(i);
    if (group.legalReference === '') group.legalReference = line.legalReference.trim();
  });
  draft.funds.forEach((fund, i) => {
    const group = groupOf(fund.vatRate, fund.nature);
    group.sum = add(group.sum, funds[i]?.amount ?? ZERO);
    group.funds.push(i);
    if (group.legalReference === '') group.legalReference = fund.legalReference.trim();
  });
  // A simplified invoice states the VAT per item (Imposta), so its rows add the items' VAT rounded one by one.
  const items = isSimplifiedDraft(draft) ? simplifiedItems(draft, lineTotals) : null;
  const vatSummary: VatSummaryTotal[] = [...groups.values()].map(({ sum, rateValue, ...row }) => ({
    ...row,
    taxable: money(sum),
    tax: money(
      items === null
        ? percentOf(round(sum, 2), rateValue)
        : row.lines.reduce((tax, i) => add(tax, decimal(items[i]!.vat)), ZERO),
    ),
    // Split payment concerns VAT charged; rows without VAT (N6 above all, check 00420) do not carry the S.
    chargeability: draft.chargeability === 'S' && row.nature !== '' ? '' : draft.chargeability,
  }));

  const amountWithoutVat = vatSummary
    .filter((row) => natureCountsForStamp(row.nature))
    .reduce<Decimal>((total, row) => add(total, decimal(row.taxable)), ZERO);
  const due = stampDutyDue(amountWithoutVat);
  const excludedSums = new Map<StampExclusion, Decimal>();
  for (const row of vatSummary) {
    const kind = stampExclusion(row.nature);
    if (kind !== null) excludedSums.set(kind, add(excludedSums.get(kind) ?? ZERO, decimal(row.taxable)));
  }
  const excluded = [...excludedSums].map(([kind, amount]) => ({ kind, amount: money(amount) }));
  const counted = vatSummary.some((row) => natureCountsForStamp(row.nature));
  const undecided = vatSummary.some(
    (row) =>
      row.nature === '' &&
      compare(decimal(row.rate), ZERO) === 0 &&
      compare(decimal(row.taxable), ZERO) !== 0,
  );
  const reason: StampReason = due
    ? 'over-threshold'
    : undecided
      ? 'nature-missing'
      : counted
        ? 'under-threshold'
        : (excluded[0]?.kind ?? 'all-taxed');
  const applied = draft.stamp.mode === 'yes' || (draft.stamp.mode === 'auto' && due);
  const stampAmount = money(parseTyped(draft.stamp.amount) ?? decimal(STAMP_DUTY_AMOUNT));

  const stamp = {
    due,
    applied,
    amount: stampAmount,
    amountWithoutVat: money(amountWithoutVat),
    reason,
    excluded,
  };
  if (items !== null) return simplifiedTotals(draft, lineTotals, items, vatSummary, stamp);
  const reconciliation = reconcileComposed(draft, lineTotals, funds, withholdings, vatSummary, {
    applied,
    amount: stampAmount,
  });
  const netToPay = decimal(reconciliation.netToPay);

  return {
    lines: lineTotals.map(money),
    funds: funds.map((fund) => ({ amount: money(fund.amount), base: money(fund.base) })),
    withholdings,
    vatSummary,
    stamp,
    reconciliation,
    documentTotal: reconciliation.documentTotal,
    declaredTotal: draft.document.omitTotal
      ? ''
      : money(parseTyped(draft.document.declaredTotal) ?? decimal(reconciliation.documentTotal)),
    netToPay: reconciliation.netToPay,
    payments: proposePayments(draft, netToPay),
    simplifiedItems: null,
  };
}

/**
 * Per line of a simplified invoice: its VAT, the line total × the rate rounded half away from zero to cents
 * (none for a line with a Natura), and Importo, the two together.
 */
function simplifiedItems(draft: InvoiceDraft, lineTotals: Decimal[]): SimplifiedItem[] {
  return draft.lines.map((line, i) => {
    const net = lineTotals[i] ?? ZERO;
    const vat = line.nature.trim() === '' ? round(percentOf(net, typed(line.vatRate)), 2) : ZERO;
    return { net: money(net), vat: money(vat), gross: money(add(net, vat)) };
  });
}

/**
 * The totals of a simplified invoice: FSM10 has no funds, withholdings, document adjustments, payments nor
 * stamp amount (BolloVirtuale only says it is paid), so the total, and what the customer pays, is the sum of the
 * items' Importo. Drafts that hold any of the others are told so by checkDraft ('simplified').
 */
function simplifiedTotals(
  draft: InvoiceDraft,
  lineTotals: Decimal[],
  items: SimplifiedItem[],
  vatSummary: VatSummaryTotal[],
  stamp: DraftTotals['stamp'],
): DraftTotals {
  const sum = (values: string[]) => money(values.reduce<Decimal>((t, v) => add(t, decimal(v)), ZERO));
  const total = sum(items.map((item) => item.gross));
  const zero = money(ZERO);
  return {
    lines: lineTotals.map(money),
    funds: [],
    withholdings: [],
    vatSummary,
    stamp,
    reconciliation: {
      taxable: sum(items.map((item) => item.net)),
      vat: sum(items.map((item) => item.vat)),
      fundsNotCharged: zero,
      documentAdjustments: zero,
      rounding: zero,
      stamp: zero,
      documentTotal: total,
      withholdings: zero,
      splitPaymentVat: zero,
      netToPay: total,
      inCurrency: null,
      paymentsTotal: null,
      paymentsDifference: null,
      declaredTotal: null,
      declaredTotalMatches: null,
      paymentsMatch: null,
      mismatch: false,
    },
    documentTotal: total,
    declaredTotal: '',
    netToPay: total,
    payments: draft.payments.map((payment) => payment.details.map(() => zero)),
    simplifiedItems: items,
  };
}

/**
 * Blank ImportoPagamento: the net to pay less every typed amount, shared in cents among the blank details (the
 * last one takes the remainder, so they add up exactly).
 */
function proposePayments(draft: InvoiceDraft, netToPay: Decimal): string[][] {
  const typedSum = draft.payments
    .flatMap((payment) => payment.details)
    .reduce<Decimal>((total, detail) => add(total, parseTyped(detail.amount) ?? ZERO), ZERO);
  const blanks = draft.payments
    .flatMap((payment) => payment.details)
    .filter((d) => parseTyped(d.amount) === null);
  const remaining = round(sub(netToPay, typedSum), 2);
  const count = BigInt(Math.max(blanks.length, 1));
  const share = { units: remaining.units / count, scale: 2 };
  let left = remaining;
  let blankIndex = 0;
  return draft.payments.map((payment) =>
    payment.details.map((detail) => {
      const amount = parseTyped(detail.amount);
      if (amount !== null) return money(amount);
      blankIndex++;
      const value = blankIndex === blanks.length ? left : share;
      left = sub(left, value);
      return money(value);
    }),
  );
}

/**
 * The reading's reconciliation of the composed figures. The reading decides from the document (e.g. whether a
 * line already charges the stamp duty), so it is given the body as it will be written, less the payments.
 */
function reconcileComposed(
  draft: InvoiceDraft,
  lineTotals: Decimal[],
  funds: { amount: Decimal }[],
  withholdings: { amount: string }[],
  vatSummary: VatSummaryTotal[],
  stamp: { applied: boolean; amount: string },
): Reconciliation {
  const nonBlank = (value: string): string | undefined => (value.trim() === '' ? undefined : value.trim());
  const json = {
    '@versione': 'FPR12',
    FatturaElettronicaBody: [
      {
        DatiGenerali: {
          DatiGeneraliDocumento: {
            TipoDocumento: draft.document.type,
            Divisa: draft.document.currency,
            Data: draft.document.date,
            Numero: draft.document.number,
            DatiRitenuta: draft.withholdings.map((w, i) => ({
              TipoRitenuta: w.type,
              ImportoRitenuta: withholdings[i]?.amount ?? '0.00',
              AliquotaRitenuta: w.rate,
              CausalePagamento: w.reason,
            })),
            DatiBollo: stamp.applied ? { BolloVirtuale: 'SI', ImportoBollo: stamp.amount } : undefined,
            DatiCassaPrevidenziale: draft.funds.map((f, i) => ({
              TipoCassa: f.type,
              AlCassa: f.rate,
              ImportoContributoCassa: money(funds[i]?.amount ?? ZERO),
              AliquotaIVA: f.vatRate,
              Natura: nonBlank(f.nature),
            })),
            ScontoMaggiorazione: draft.documentAdjustments.map((a) => ({
              Tipo: a.type,
              Percentuale: nonBlank(a.percentage),
              Importo: parseTyped(a.amount) === null ? undefined : money(typed(a.amount)),
            })),
          },
        },
        DatiBeniServizi: {
          DettaglioLinee: draft.lines.map((line, i) => ({
            NumeroLinea: String(i + 1),
            Descrizione: line.description,
            PrezzoUnitario: line.unitPrice,
            PrezzoTotale: money(lineTotals[i] ?? ZERO),
            AliquotaIVA: line.vatRate,
            Natura: nonBlank(line.nature),
          })),
          DatiRiepilogo: vatSummary.map((row) => ({
            AliquotaIVA: row.rate,
            Natura: nonBlank(row.nature),
            ImponibileImporto: row.taxable,
            Imposta: row.tax,
            EsigibilitaIVA: nonBlank(row.chargeability),
          })),
        },
      },
    ],
  };
  const reconciliation = readInvoiceJson(json as unknown as FatturaPAJson).documents[0]?.reconciliation;
  if (!reconciliation) throw new Error('composer: the reading gave no reconciliation');
  return reconciliation;
}

import { turnoverSign } from '../../shared/fatturapa/code-labels/index.ts';
import type { DocumentReading, InvoiceReading } from '../../shared/fatturapa/reading/types.ts';
import {
  add,
  divide,
  mul,
  parseDecimal,
  round,
  type Decimal,
} from '../../shared/fatturapa/sdi-checks/decimal.ts';
import { centsOf, decimalOfCents } from '../format/cents.ts';

/**
 * An invoice's amount as the app read it from the file (the API carries none): the document total in the
 * invoice's currency, with where it came from: `declared` (ImportoTotaleDocumento) or `computed` (the reading's
 * own total, when the file declares none). A file of several documents adds them up.
 */
export interface KnownAmount {
  /** Plain decimal as the file states it, e.g. `1220.00` (a credit note's too). */
  amount: string;
  /**
   * What totals count, plain decimal: each document's total with its type's turnover sign (turnoverSign: a credit
   * note subtracts, `-1220.00`), summed over the file's documents.
   */
  signed: string;
  currency: string;
  source: 'declared' | 'computed';
  /** TipoDocumento of the first document (TD01…), or null. */
  type: string | null;
}

/**
 * What filing needs beyond the total, signed like KnownAmount.signed (a credit note's figures are negative), plain
 * decimals summed over the file's documents. A figure is null when some document does not give it in the
 * invoice's currency (a foreign-currency document keeps its taxable amounts and VAT in euro).
 */
export interface InvoiceFigures {
  /** Σ ImponibileImporto; a simplified invoice's Importo less its VAT. */
  taxable: string | null;
  /** Σ Imposta; a simplified invoice's DatiIVA/Imposta, or its VAT worked out of the rate. */
  vat: string | null;
  /** Σ ImportoRitenuta (`0.00` without withholding). */
  withholding: string | null;
  /** The document total less withholding and split-payment VAT (see reconciliation.ts). */
  netToPay: string | null;
  /** The earliest DataScadenzaPagamento, `YYYY-MM-DD`; null when no instalment gives one. */
  firstDue: string | null;
}

const cents = (value: Decimal) => round(value, 2).units;

/** A document's total as a decimal: declared, else computed; null when the file gives neither. */
function documentTotal(doc: DocumentReading): { value: Decimal; declared: boolean } | null {
  const declared = parseDecimal(doc.declaredTotal);
  if (declared) return { value: declared, declared: true };
  const computed = parseDecimal(doc.reconciliation?.documentTotal ?? doc.simplifiedTotal);
  return computed ? { value: computed, declared: false } : null;
}

/**
 * −1 for a credit note written with positive amounts (the usual way), +1 otherwise: a credit note some producer
 * wrote with negative amounts already subtracts, and is not turned positive.
 */
function factorOf(doc: DocumentReading, total: Decimal): 1n | -1n {
  return turnoverSign(doc.type) === -1 && total.units > 0n ? -1n : 1n;
}

/** A simplified invoice's VAT: each item's Imposta, else its Importo (VAT included) × rate ÷ (100 + rate). */
function simplifiedVat(doc: DocumentReading): bigint | null {
  let vat = 0n;
  for (const line of doc.lines) {
    const given = parseDecimal(line.vatAmount);
    const rate = parseDecimal(line.vatRate);
    const total = parseDecimal(line.total);
    if (given) vat += cents(given);
    else if (rate && total) {
      const share = divide(mul(total, rate), add(rate, { units: 100n, scale: 0 }), 2);
      if (!share) return null;
      vat += share.units;
    } else return null;
  }
  return vat;
}

/** One document's figures in cents, unsigned; null each where the document does not give it. */
function documentFigures(doc: DocumentReading, total: Decimal) {
  const rec = doc.reconciliation;
  if (doc.simplified) {
    const vat = simplifiedVat(doc);
    return {
      taxable: vat === null ? null : cents(total) - vat,
      vat,
      withholding: 0n,
      netToPay: cents(total),
    };
  }
  if (!rec) return { taxable: null, vat: null, withholding: null, netToPay: null };
  const inEuro = doc.exchange === null;
  return {
    taxable: inEuro ? centsOf(rec.taxable) : null,
    vat: inEuro ? centsOf(rec.vat) : null,
    withholding: inEuro ? centsOf(rec.withholdings) : null,
    netToPay: centsOf(rec.inCurrency?.netToPay ?? rec.netToPay),
  };
}

/**
 * The amount of a read invoice and its figures for filing. The amount is null when its documents give none, or
 * give them in different currencies.
 */
export function readingSummary(reading: InvoiceReading): {
  amount: KnownAmount | null;
  figures: InvoiceFigures;
} {
  const figures: InvoiceFigures = {
    taxable: null,
    vat: null,
    withholding: null,
    netToPay: null,
    firstDue: null,
  };
  const dues = reading.documents
    .flatMap((doc) => doc.payments.flatMap((terms) => terms.details.map((detail) => detail.due)))
    .filter((due): due is string => !!due && /^\d{4}-\d{2}-\d{2}/.test(due))
    .map((due) => due.slice(0, 10))
    .sort();
  figures.firstDue = dues[0] ?? null;
  let sum = 0n;
  let signed = 0n;
  const sums: Record<'taxable' | 'vat' | 'withholding' | 'netToPay', bigint | null> = {
    taxable: 0n,
    vat: 0n,
    withholding: 0n,
    netToPay: 0n,
  };
  let source: KnownAmount['source'] = 'declared';
  let currency: string | null = null;
  for (const doc of reading.documents) {
    const total = documentTotal(doc);
    if (total === null) return { amount: null, figures };
    if (!total.declared) source = 'computed';
    const docCurrency = doc.currency || 'EUR';
    if (currency !== null && docCurrency !== currency) return { amount: null, figures };
    currency = docCurrency;
    const factor = factorOf(doc, total.value);
    sum += cents(total.value);
    signed += factor * cents(total.value);
    const own = documentFigures(doc, total.value);
    for (const key of ['taxable', 'vat', 'withholding', 'netToPay'] as const) {
      const value = own[key];
      const soFar = sums[key];
      sums[key] = value === null || soFar === null ? null : soFar + factor * value;
    }
  }
  if (currency === null) return { amount: null, figures };
  for (const key of ['taxable', 'vat', 'withholding', 'netToPay'] as const) {
    const value = sums[key];
    figures[key] = value === null ? null : decimalOfCents(value);
  }
  return {
    amount: {
      amount: decimalOfCents(sum),
      signed: decimalOfCents(signed),
      currency,
      source,
      type: reading.documents[0]?.type ?? null,
    },
    figures,
  };
}

/**
 * The amounts cache before the encrypted index (plaintext in localStorage, `scambio.amounts.<profile>`): removed,
 * not imported. Everything in it can be read again at no cost (sent files, received invoices already read).
 */
export function dropLegacyAmountCache(storage: Storage | undefined = globalThis.localStorage): void {
  try {
    if (!storage) return;
    const legacy: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key?.startsWith('scambio.amounts.')) legacy.push(key);
    }
    legacy.forEach((key) => storage.removeItem(key));
  } catch {
    // Storage unavailable: there is nothing to drop either.
  }
}

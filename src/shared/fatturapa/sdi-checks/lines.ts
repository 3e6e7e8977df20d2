import {
  add,
  compare,
  decimal,
  format,
  isZero,
  mul,
  parseDecimal,
  round,
  shiftLeft,
  sub,
  abs,
} from './decimal.ts';
import type { Decimal } from './decimal.ts';
import { documentTypeRule } from '../document-type-rules.ts';
import { bodies, hasWithholding, isSimplified, lines, simplifiedItems } from './invoice-view.ts';
import { problem } from './problem.ts';
import type { SdiCheck, SdiProblem } from './types.ts';
import { child, children, text } from './xml-access.ts';
import type { NodeRef } from './xml-access.ts';

/** TD16 (internal reverse-charge integration) may carry a Natura together with a non-zero rate (00401, 00430). */
export function natureWithRateAllowed(tipoDocumento: string | undefined): boolean {
  return documentTypeRule(tipoDocumento)?.natureWithRate ?? false;
}

function lineNatureOrdinary(line: NodeRef, tipoDocumento: string | undefined): SdiProblem[] {
  const rateText = text(line, 'AliquotaIVA');
  const rate = parseDecimal(rateText?.value);
  const natura = text(line, 'Natura');
  if (rateText === undefined || rate === null) return [];
  if (isZero(rate) && natura === undefined) {
    return [problem('00400', rateText.path, { aliquota: rateText.value })];
  }
  if (!isZero(rate) && natura !== undefined && !natureWithRateAllowed(tipoDocumento)) {
    return [problem('00401', natura.path, { aliquota: rateText.value, natura: natura.value })];
  }
  return [];
}

/**
 * FSM10 states the VAT of an item either as a rate (Aliquota) or as an amount (Imposta); when the rate is
 * missing, a zero Imposta is what makes the item non-taxable.
 */
function lineNatureSimplified(item: NodeRef): SdiProblem[] {
  const vat = child(item, 'DatiIVA');
  const rateText = text(vat, 'Aliquota');
  const taxText = text(vat, 'Imposta');
  const shown = rateText ?? taxText;
  const amount = parseDecimal(shown?.value);
  if (shown === undefined || amount === null) return [];
  const natura = text(item, 'Natura');
  if (isZero(amount) && natura === undefined)
    return [problem('00400', shown.path, { aliquota: shown.value })];
  if (!isZero(amount) && natura !== undefined) {
    return [problem('00401', natura.path, { aliquota: shown.value, natura: natura.value })];
  }
  return [];
}

export const lineNature: SdiCheck = {
  name: 'lineNature',
  codes: ['00400', '00401'],
  run({ doc }) {
    return bodies(doc).flatMap((body) =>
      isSimplified(doc)
        ? simplifiedItems(body).flatMap(lineNatureSimplified)
        : lines(body).flatMap((line) => lineNatureOrdinary(line, body.tipoDocumento?.value)),
    );
  },
};

export const lineWithholding: SdiCheck = {
  name: 'lineWithholding',
  codes: ['00411'],
  run({ doc }) {
    if (isSimplified(doc)) return [];
    return bodies(doc).flatMap((body) => {
      if (hasWithholding(body)) return [];
      const flagged = lines(body).flatMap((line) => {
        const ritenuta = text(line, 'Ritenuta');
        return ritenuta?.value === 'SI' ? [ritenuta] : [];
      });
      // One problem per body: the missing block is the defect, however many lines point at it.
      const first = flagged[0];
      return first === undefined ? [] : [problem('00411', first.path, { lines: flagged.length })];
    });
  },
};

const ONE = decimal('1');
const CENT = decimal('0.01');
const MAX_PRICE_SCALE = 24;

/** PrezzoUnitario after each ScontoMaggiorazione in document order, times Quantita. */
export function expectedLineTotal(line: NodeRef): Decimal | null {
  let price = parseDecimal(text(line, 'PrezzoUnitario')?.value);
  if (price === null) return null;
  for (const discount of children(line, 'ScontoMaggiorazione')) {
    const amountText = text(discount, 'Importo');
    const percentText = text(discount, 'Percentuale');
    let change: Decimal | null;
    if (amountText !== undefined) {
      // The sign comes from Tipo; some producers write discounts as negative amounts.
      const amount = parseDecimal(amountText.value);
      change = amount === null ? null : abs(amount);
    } else if (percentText !== undefined) {
      const percent = parseDecimal(percentText.value);
      change = percent === null ? null : shiftLeft(mul(price, percent), 2);
    } else {
      continue; // reported as 00438
    }
    if (change === null) return null;
    price = text(discount, 'Tipo')?.value === 'MG' ? add(price, change) : sub(price, change);
    // Each percentage adds four decimals; a hostile line with thousands of discounts would make the
    // BigInt (and every later operation on it) grow without bound. Real lines stay far below this scale,
    // so their arithmetic remains exact.
    if (price.scale > MAX_PRICE_SCALE) price = round(price, MAX_PRICE_SCALE);
  }
  const quantityText = text(line, 'Quantita');
  const quantity = quantityText === undefined ? ONE : parseDecimal(quantityText.value);
  return quantity === null ? null : mul(price, quantity);
}

export const lineTotal: SdiCheck = {
  name: 'lineTotal',
  codes: ['00423'],
  run({ doc }) {
    if (isSimplified(doc)) return [];
    return bodies(doc).flatMap((body) =>
      lines(body).flatMap((line) => {
        const totalText = text(line, 'PrezzoTotale');
        const total = parseDecimal(totalText?.value);
        const expected = expectedLineTotal(line);
        if (totalText === undefined || total === null || expected === null) return [];
        if (compare(abs(sub(total, expected)), CENT) <= 0) return [];
        return [
          problem('00423', totalText.path, { prezzoTotale: totalText.value, expected: format(expected) }),
        ];
      }),
    );
  },
};

export const selfInvoiceLineRate: SdiCheck = {
  name: 'selfInvoiceLineRate',
  codes: ['00474'],
  run({ doc }) {
    if (isSimplified(doc)) return [];
    return bodies(doc).flatMap((body) => {
      const type = body.tipoDocumento?.value;
      if (type === undefined || documentTypeRule(type)?.linesNeedRate !== true) return [];
      return lines(body).flatMap((line) => {
        const rateText = text(line, 'AliquotaIVA');
        const rate = parseDecimal(rateText?.value);
        return rateText !== undefined && rate !== null && isZero(rate)
          ? [problem('00474', rateText.path, { tipoDocumento: type })]
          : [];
      });
    });
  },
};

export const lineChecks: readonly SdiCheck[] = [lineNature, lineWithholding, lineTotal, selfInvoiceLineRate];

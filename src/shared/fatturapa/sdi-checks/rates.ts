import { compare, decimal, isZero, parseDecimal } from './decimal.ts';
import { bodies, isSimplified, lines, summaries, welfareFunds } from './invoice-view.ts';
import type { BodyView } from './invoice-view.ts';
import { problem } from './problem.ts';
import type { SdiCheck } from './types.ts';
import { text } from './xml-access.ts';
import type { NodeRef } from './xml-access.ts';

/** Every element that carries an AliquotaIVA and a Natura in an ordinary invoice body. */
function vatHolders(body: BodyView): NodeRef[] {
  return [...lines(body), ...welfareFunds(body), ...summaries(body)];
}

const ONE = decimal('1');

/**
 * No VAT rate lies strictly between 0 and 1 %, so such a value is a fraction written instead of a percentage
 * (0.22 for 22.00).
 */
export const rateAsPercentage: SdiCheck = {
  name: 'rateAsPercentage',
  codes: ['00424'],
  run({ doc }) {
    if (isSimplified(doc)) return [];
    return bodies(doc).flatMap((body) =>
      vatHolders(body).flatMap((holder) => {
        const rateText = text(holder, 'AliquotaIVA');
        const rate = parseDecimal(rateText?.value);
        if (rateText === undefined || rate === null || isZero(rate) || compare(rate, ONE) >= 0) return [];
        return [problem('00424', rateText.path, { aliquota: rateText.value })];
      }),
    );
  },
};

const GENERIC_NATURES = new Set(['N2', 'N3', 'N6']);
/** Natura sub-codes became mandatory for documents dated from this day. */
export const GENERIC_NATURES_REFUSED_FROM = '2021-01-01';

export const genericNature: SdiCheck = {
  name: 'genericNature',
  codes: ['00445'],
  run({ doc }) {
    if (isSimplified(doc)) return [];
    return bodies(doc).flatMap((body) => {
      if (body.data === undefined || body.data.value < GENERIC_NATURES_REFUSED_FROM) return [];
      return vatHolders(body).flatMap((holder) => {
        const natura = text(holder, 'Natura');
        return natura !== undefined && GENERIC_NATURES.has(natura.value)
          ? [problem('00445', natura.path, { natura: natura.value, data: body.data?.value ?? '' })]
          : [];
      });
    });
  },
};

export const rateChecks: readonly SdiCheck[] = [rateAsPercentage, genericNature];

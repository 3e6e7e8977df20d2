import { isZero, parseDecimal } from './decimal.ts';
import { bodies, hasWithholding, isSimplified, welfareFunds } from './invoice-view.ts';
import { problem } from './problem.ts';
import type { SdiCheck } from './types.ts';
import { text } from './xml-access.ts';

/** DatiCassaPrevidenziale: the pension-fund contribution is taxed like a line of its own. */
export const welfareFundNature: SdiCheck = {
  name: 'welfareFundNature',
  codes: ['00413', '00414'],
  run({ doc }) {
    if (isSimplified(doc)) return [];
    return bodies(doc).flatMap((body) =>
      welfareFunds(body).flatMap((fund) => {
        const rateText = text(fund, 'AliquotaIVA');
        const rate = parseDecimal(rateText?.value);
        const natura = text(fund, 'Natura');
        if (rateText === undefined || rate === null) return [];
        if (isZero(rate) && natura === undefined) {
          return [problem('00413', rateText.path, { aliquota: rateText.value })];
        }
        if (!isZero(rate) && natura !== undefined) {
          return [problem('00414', natura.path, { aliquota: rateText.value, natura: natura.value })];
        }
        return [];
      }),
    );
  },
};

export const welfareFundWithholding: SdiCheck = {
  name: 'welfareFundWithholding',
  codes: ['00415'],
  run({ doc }) {
    if (isSimplified(doc)) return [];
    return bodies(doc).flatMap((body) => {
      if (hasWithholding(body)) return [];
      return welfareFunds(body).flatMap((fund) => {
        const ritenuta = text(fund, 'Ritenuta');
        return ritenuta?.value === 'SI' ? [problem('00415', ritenuta.path)] : [];
      });
    });
  },
};

export const welfareFundChecks: readonly SdiCheck[] = [welfareFundNature, welfareFundWithholding];

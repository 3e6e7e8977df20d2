import { add, compare, decimal, format, parseDecimal, ZERO } from './decimal.ts';
import type { Decimal } from './decimal.ts';
import { documentTypesWhere } from '../document-type-rules.ts';
import { bodies, isSimplified, simplifiedItems } from './invoice-view.ts';
import { problem } from './problem.ts';
import type { SdiCheck } from './types.ts';
import { descend, text } from './xml-access.ts';

/** Limit of art. 21-bis DPR 633/72 as raised by the DM of 10 May 2019. */
export const SIMPLIFIED_INVOICE_LIMIT = decimal('400.00');

/** Variation notes (TD08, TD09) may be simplified whatever their amount, so only TD07 invoices are held to the limit. */
const CORRECTION_TYPES = new Set(
  documentTypesWhere((rule) => rule.format === 'simplified' && rule.note !== null),
);

export const simplifiedTotalLimit: SdiCheck = {
  name: 'simplifiedTotalLimit',
  codes: ['00460'],
  run({ doc }) {
    if (!isSimplified(doc)) return [];
    return bodies(doc).flatMap((body) => {
      const type = body.tipoDocumento?.value;
      if (type !== undefined && CORRECTION_TYPES.has(type)) return [];
      if (descend(body.ref, 'DatiGenerali', 'DatiFatturaRettificata') !== undefined) return [];
      let total: Decimal = ZERO;
      for (const item of simplifiedItems(body)) {
        const amount = parseDecimal(text(item, 'Importo')?.value);
        if (amount === null) return [];
        total = add(total, amount);
      }
      if (compare(total, SIMPLIFIED_INVOICE_LIMIT) <= 0) return [];
      return [
        problem('00460', body.ref.path, { total: format(total), limit: format(SIMPLIFIED_INVOICE_LIMIT) }),
      ];
    });
  },
};

export const simplifiedChecks: readonly SdiCheck[] = [simplifiedTotalLimit];

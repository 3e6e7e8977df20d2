import { bodies, isSimplified, lines } from './invoice-view.ts';
import { problem } from './problem.ts';
import type { SdiCheck, SdiCheckCode, SdiProblem } from './types.ts';
import { children, text } from './xml-access.ts';
import type { NodeRef } from './xml-access.ts';

/** A ScontoMaggiorazione must say how much: a Percentuale or an Importo. */
function withoutAmount(code: SdiCheckCode, holder: NodeRef | undefined): SdiProblem[] {
  return children(holder, 'ScontoMaggiorazione').flatMap((discount) => {
    const tipo = text(discount, 'Tipo');
    if (tipo === undefined) return []; // a schema error, not this one
    if (text(discount, 'Percentuale') !== undefined || text(discount, 'Importo') !== undefined) return [];
    return [problem(code, discount.path, { tipo: tipo.value })];
  });
}

export const documentDiscountAmount: SdiCheck = {
  name: 'documentDiscountAmount',
  codes: ['00437'],
  run({ doc }) {
    if (isSimplified(doc)) return [];
    return bodies(doc).flatMap((body) => withoutAmount('00437', body.datiGeneraliDocumento));
  },
};

export const lineDiscountAmount: SdiCheck = {
  name: 'lineDiscountAmount',
  codes: ['00438'],
  run({ doc }) {
    if (isSimplified(doc)) return [];
    return bodies(doc).flatMap((body) => lines(body).flatMap((line) => withoutAmount('00438', line)));
  },
};

export const discountChecks: readonly SdiCheck[] = [documentDiscountAmount, lineDiscountAmount];

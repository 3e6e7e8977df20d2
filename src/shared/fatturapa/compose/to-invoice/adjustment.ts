/** ScontoMaggiorazione, of a line or of the whole document: a percentage or an amount, both as typed. */
import type { DraftAdjustment } from '../draft.ts';
import type { Json, Trace } from './trace.ts';
import { optionalDecimal } from './values.ts';

export function scontoMaggiorazione(a: DraftAdjustment, path: string, trace: Trace): Json {
  return trace.node(
    { Tipo: a.type, Percentuale: optionalDecimal(a.percentage), Importo: optionalDecimal(a.amount) },
    path,
    { Tipo: `${path}.type`, Percentuale: `${path}.percentage`, Importo: `${path}.amount` },
  );
}

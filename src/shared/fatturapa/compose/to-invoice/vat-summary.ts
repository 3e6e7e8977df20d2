/** DatiRiepilogo: the totals' VAT summary, one row per rate or nature, shown at the draft field that makes it. */
import type { DraftTotals } from '../totals.ts';
import type { Json, Trace } from './trace.ts';
import { optional } from './values.ts';

export function datiRiepilogo(totals: DraftTotals, trace: Trace): Json[] {
  return totals.vatSummary.map((row) => {
    // A summary row is shown at the first line (or fund) that makes it.
    const origin =
      row.lines[0] !== undefined
        ? `lines[${row.lines[0]}]`
        : row.funds[0] !== undefined
          ? `funds[${row.funds[0]}]`
          : '';
    return trace.node(
      {
        AliquotaIVA: row.rate,
        Natura: optional(row.nature),
        ImponibileImporto: row.taxable,
        Imposta: row.tax,
        EsigibilitaIVA: optional(row.chargeability),
        RiferimentoNormativo: optional(row.legalReference),
      },
      origin,
      {
        AliquotaIVA: `${origin}.vatRate`,
        Natura: `${origin}.nature`,
        EsigibilitaIVA: 'chargeability',
        RiferimentoNormativo: `${origin}.legalReference`,
      },
    );
  });
}

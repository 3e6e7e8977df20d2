/**
 * DatiGeneraliDocumento: type, date and number, and what applies to the whole document: withholdings, stamp
 * duty, pension funds, discounts, the total. The amounts are the totals' (totals.ts), never the draft's.
 */
import type { DraftTotals } from '../totals.ts';
import type { InvoiceDraft } from '../draft.ts';
import { lexical } from '../numbers.ts';
import { scontoMaggiorazione } from './adjustment.ts';
import type { Json, Trace } from './trace.ts';
import { optional, optionalDecimal } from './values.ts';

function datiRitenuta(draft: InvoiceDraft, totals: DraftTotals, trace: Trace): Json[] {
  return draft.withholdings.map((w, i) => {
    const path = `withholdings[${i}]`;
    return trace.node(
      {
        TipoRitenuta: w.type.trim(),
        ImportoRitenuta: totals.withholdings[i]?.amount ?? '0.00',
        AliquotaRitenuta: lexical(w.rate, 2),
        CausalePagamento: w.reason.trim(),
      },
      path,
      {
        TipoRitenuta: `${path}.type`,
        ImportoRitenuta: `${path}.amount`,
        AliquotaRitenuta: `${path}.rate`,
        CausalePagamento: `${path}.reason`,
      },
    );
  });
}

/** DatiBollo when the totals apply the stamp duty (the draft's mode, or the rule). */
function datiBollo(totals: DraftTotals, trace: Trace): Json | undefined {
  if (!totals.stamp.applied) return undefined;
  return trace.node({ BolloVirtuale: 'SI', ImportoBollo: totals.stamp.amount }, 'stamp', {
    ImportoBollo: 'stamp.amount',
  });
}

function datiCassaPrevidenziale(draft: InvoiceDraft, totals: DraftTotals, trace: Trace): Json[] {
  return draft.funds.map((f, i) => {
    const path = `funds[${i}]`;
    return trace.node(
      {
        TipoCassa: f.type.trim(),
        AlCassa: lexical(f.rate, 2),
        ImportoContributoCassa: totals.funds[i]?.amount ?? '0.00',
        ImponibileCassa: optionalDecimal(f.base),
        AliquotaIVA: lexical(f.vatRate.trim() === '' ? '0' : f.vatRate, 2),
        Ritenuta: f.withholding ? 'SI' : undefined,
        Natura: optional(f.nature),
        RiferimentoAmministrazione: optional(f.administrationReference),
      },
      path,
      {
        TipoCassa: `${path}.type`,
        AlCassa: `${path}.rate`,
        // The contribution is computed from the rate: a problem with it is shown there.
        ImportoContributoCassa: `${path}.rate`,
        ImponibileCassa: `${path}.base`,
        AliquotaIVA: `${path}.vatRate`,
        Ritenuta: `${path}.withholding`,
        Natura: `${path}.nature`,
        RiferimentoAmministrazione: `${path}.administrationReference`,
      },
    );
  });
}

export function datiGeneraliDocumento(draft: InvoiceDraft, totals: DraftTotals, trace: Trace): Json {
  const d = draft.document;
  return trace.node(
    {
      TipoDocumento: d.type.trim(),
      Divisa: d.currency.trim() === '' ? 'EUR' : d.currency.trim().toUpperCase(),
      Data: d.date.trim(),
      Numero: d.number.trim(),
      DatiRitenuta: datiRitenuta(draft, totals, trace),
      DatiBollo: datiBollo(totals, trace),
      DatiCassaPrevidenziale: datiCassaPrevidenziale(draft, totals, trace),
      ScontoMaggiorazione: draft.documentAdjustments.map((a, i) =>
        scontoMaggiorazione(a, `documentAdjustments[${i}]`, trace),
      ),
      ImportoTotaleDocumento: optional(totals.declaredTotal),
      Causale: d.reasons.map((reason) => reason.trim()).filter((reason) => reason !== ''),
      Art73: d.art73 ? 'SI' : undefined,
    },
    'document',
    {
      TipoDocumento: 'document.type',
      Divisa: 'document.currency',
      Data: 'document.date',
      Numero: 'document.number',
      ImportoTotaleDocumento: 'document.declaredTotal',
      Causale: 'document.reasons',
      Art73: 'document.art73',
    },
  );
}

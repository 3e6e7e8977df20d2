/** DettaglioLinee: one per draft line, numbered from 1, with PrezzoTotale from the totals. */
import type { DraftLine } from '../draft.ts';
import { lexical } from '../numbers.ts';
import type { DraftTotals } from '../totals.ts';
import { scontoMaggiorazione } from './adjustment.ts';
import type { Json, Trace } from './trace.ts';
import { optional, optionalDecimal } from './values.ts';

function codiceArticolo(line: DraftLine, path: string, trace: Trace): Json[] {
  return line.codes.map((code, j) =>
    trace.node({ CodiceTipo: code.type.trim(), CodiceValore: code.value.trim() }, `${path}.codes[${j}]`, {
      CodiceTipo: `${path}.codes[${j}].type`,
      CodiceValore: `${path}.codes[${j}].value`,
    }),
  );
}

function altriDatiGestionali(line: DraftLine, path: string, trace: Trace): Json[] {
  return line.otherData.map((o, j) => {
    const own = `${path}.otherData[${j}]`;
    return trace.node(
      {
        TipoDato: o.type.trim(),
        RiferimentoTesto: optional(o.text),
        RiferimentoNumero: optionalDecimal(o.number),
        RiferimentoData: optional(o.date),
      },
      own,
      {
        TipoDato: `${own}.type`,
        RiferimentoTesto: `${own}.text`,
        RiferimentoNumero: `${own}.number`,
        RiferimentoData: `${own}.date`,
      },
    );
  });
}

function dettaglioLinea(line: DraftLine, i: number, totals: DraftTotals, trace: Trace): Json {
  const path = `lines[${i}]`;
  return trace.node(
    {
      NumeroLinea: String(i + 1),
      TipoCessionePrestazione: optional(line.kind),
      CodiceArticolo: codiceArticolo(line, path, trace),
      Descrizione: line.description.trim(),
      Quantita: optionalDecimal(line.quantity),
      UnitaMisura: optional(line.unit),
      DataInizioPeriodo: optional(line.periodStart),
      DataFinePeriodo: optional(line.periodEnd),
      PrezzoUnitario: lexical(line.unitPrice.trim() === '' ? '' : line.unitPrice, 2),
      ScontoMaggiorazione: line.adjustments.map((a, j) =>
        scontoMaggiorazione(a, `${path}.adjustments[${j}]`, trace),
      ),
      PrezzoTotale: totals.lines[i] ?? '0.00',
      AliquotaIVA: lexical(line.vatRate.trim() === '' ? '0' : line.vatRate, 2),
      Ritenuta: line.withholding ? 'SI' : undefined,
      Natura: optional(line.nature),
      RiferimentoAmministrazione: optional(line.administrationReference),
      AltriDatiGestionali: altriDatiGestionali(line, path, trace),
    },
    path,
    {
      NumeroLinea: path,
      TipoCessionePrestazione: `${path}.kind`,
      Descrizione: `${path}.description`,
      Quantita: `${path}.quantity`,
      UnitaMisura: `${path}.unit`,
      DataInizioPeriodo: `${path}.periodStart`,
      DataFinePeriodo: `${path}.periodEnd`,
      PrezzoUnitario: `${path}.unitPrice`,
      // The total is computed from the price: a problem with it is shown there.
      PrezzoTotale: `${path}.unitPrice`,
      AliquotaIVA: `${path}.vatRate`,
      Ritenuta: `${path}.withholding`,
      Natura: `${path}.nature`,
      RiferimentoAmministrazione: `${path}.administrationReference`,
    },
  );
}

export function dettaglioLinee(lines: DraftLine[], totals: DraftTotals, trace: Trace): Json[] {
  return lines.map((line, i) => dettaglioLinea(line, i, totals, trace));
}

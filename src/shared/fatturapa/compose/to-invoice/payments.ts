/** DatiPagamento: each payment block and its details; ImportoPagamento is the totals' (typed, or proposed). */
import type { DraftPayment, DraftPaymentDetail } from '../draft.ts';
import type { DraftTotals } from '../totals.ts';
import type { Json, Trace } from './trace.ts';
import { optional, optionalDecimal } from './values.ts';

function dettaglioPagamento(detail: DraftPaymentDetail, amount: string, path: string, trace: Trace): Json {
  return trace.node(
    {
      Beneficiario: optional(detail.beneficiary),
      ModalitaPagamento: detail.method.trim(),
      DataRiferimentoTerminiPagamento: optional(detail.termsStart),
      GiorniTerminiPagamento: optional(detail.termsDays),
      DataScadenzaPagamento: optional(detail.due),
      ImportoPagamento: amount,
      IstitutoFinanziario: optional(detail.institution),
      IBAN: optional(detail.iban)?.replace(/\s+/g, '').toUpperCase(),
      ABI: optional(detail.abi),
      CAB: optional(detail.cab),
      BIC: optional(detail.bic)?.toUpperCase(),
      ScontoPagamentoAnticipato: optionalDecimal(detail.earlyPaymentDiscount),
      DataLimitePagamentoAnticipato: optional(detail.earlyPaymentLimit),
      PenalitaPagamentiRitardati: optionalDecimal(detail.latePaymentPenalty),
      DataDecorrenzaPenale: optional(detail.penaltyFrom),
      CodicePagamento: optional(detail.paymentCode),
    },
    path,
    {
      Beneficiario: `${path}.beneficiary`,
      ModalitaPagamento: `${path}.method`,
      DataRiferimentoTerminiPagamento: `${path}.termsStart`,
      GiorniTerminiPagamento: `${path}.termsDays`,
      DataScadenzaPagamento: `${path}.due`,
      ImportoPagamento: `${path}.amount`,
      IstitutoFinanziario: `${path}.institution`,
      IBAN: `${path}.iban`,
      ABI: `${path}.abi`,
      CAB: `${path}.cab`,
      BIC: `${path}.bic`,
      ScontoPagamentoAnticipato: `${path}.earlyPaymentDiscount`,
      DataLimitePagamentoAnticipato: `${path}.earlyPaymentLimit`,
      PenalitaPagamentiRitardati: `${path}.latePaymentPenalty`,
      DataDecorrenzaPenale: `${path}.penaltyFrom`,
      CodicePagamento: `${path}.paymentCode`,
    },
  );
}

export function datiPagamento(payments: DraftPayment[], totals: DraftTotals, trace: Trace): Json[] {
  return payments.map((p, i) => {
    const path = `payments[${i}]`;
    return trace.node(
      {
        CondizioniPagamento: p.conditions.trim(),
        DettaglioPagamento: p.details.map((detail, j) =>
          dettaglioPagamento(detail, totals.payments[i]?.[j] ?? '0.00', `${path}.details[${j}]`, trace),
        ),
      },
      path,
      { CondizioniPagamento: `${path}.conditions` },
    );
  });
}

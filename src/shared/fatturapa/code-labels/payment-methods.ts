import type { CodeLabels } from './code-label.ts';

/** ModalitaPagamento. */
export const PAYMENT_METHODS: CodeLabels = {
  MP01: { it: 'Contanti', en: 'Cash', de: 'Bargeld' },
  MP02: { it: 'Assegno', en: 'Cheque', de: 'Scheck' },
  MP03: { it: 'Assegno circolare', en: 'Banker’s draft', de: 'Bankscheck' },
  MP04: { it: 'Contanti presso Tesoreria', en: 'Cash at the Treasury', de: 'Barzahlung bei der Staatskasse' },
  MP05: { it: 'Bonifico', en: 'Bank transfer', de: 'Überweisung' },
  MP06: { it: 'Vaglia cambiario', en: 'Promissory note', de: 'Solawechsel' },
  MP07: { it: 'Bollettino bancario', en: 'Bank payment slip', de: 'Bankzahlschein' },
  MP08: { it: 'Carta di pagamento', en: 'Payment card', de: 'Zahlungskarte' },
  MP09: { it: 'RID', en: 'Direct debit (RID)', de: 'Lastschrift (RID)' },
  MP10: { it: 'RID utenze', en: 'Utility direct debit (RID)', de: 'Versorger-Lastschrift (RID)' },
  MP11: { it: 'RID veloce', en: 'Fast direct debit (RID)', de: 'Schnelllastschrift (RID)' },
  MP12: { it: 'RIBA', en: 'Bank collection order (RIBA)', de: 'Bankinkasso (RIBA)' },
  MP13: { it: 'MAV', en: 'Payment notice (MAV)', de: 'Zahlungsavis (MAV)' },
  MP14: { it: 'Quietanza erario', en: 'Treasury receipt', de: 'Quittung der Staatskasse' },
  MP15: {
    it: 'Giroconto su conti di contabilità speciale',
    en: 'Transfer to special accounting accounts',
    de: 'Umbuchung auf Sonderkonten',
  },
  MP16: { it: 'Domiciliazione bancaria', en: 'Bank direct debit', de: 'Bankeinzug' },
  MP17: { it: 'Domiciliazione postale', en: 'Postal direct debit', de: 'Posteinzug' },
  MP18: { it: 'Bollettino di c/c postale', en: 'Postal account slip', de: 'Postzahlschein' },
  MP19: { it: 'SEPA Direct Debit', en: 'SEPA Direct Debit', de: 'SEPA-Lastschrift' },
  MP20: { it: 'SEPA Direct Debit CORE', en: 'SEPA Direct Debit CORE', de: 'SEPA-Basislastschrift' },
  MP21: { it: 'SEPA Direct Debit B2B', en: 'SEPA Direct Debit B2B', de: 'SEPA-Firmenlastschrift' },
  MP22: {
    it: 'Trattenuta su somme già riscosse',
    en: 'Deduction from sums already collected',
    de: 'Abzug von bereits eingezogenen Beträgen',
  },
  MP23: { it: 'PagoPA', en: 'PagoPA', de: 'PagoPA' },
};

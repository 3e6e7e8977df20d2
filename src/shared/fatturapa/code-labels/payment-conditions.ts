import type { CodeLabels } from './code-label.ts';

/** CondizioniPagamento. */
export const PAYMENT_CONDITIONS: CodeLabels = {
  TP01: { it: 'Pagamento a rate', en: 'Instalments', de: 'Ratenzahlung' },
  TP02: { it: 'Pagamento completo', en: 'Full payment', de: 'Vollständige Zahlung' },
  TP03: { it: 'Anticipo', en: 'Advance payment', de: 'Anzahlung' },
};

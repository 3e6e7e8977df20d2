import type { CodeLabels } from './code-label.ts';

/** EsigibilitaIVA. */
export const VAT_CHARGEABILITY: CodeLabels = {
  I: { it: 'Esigibilità immediata', en: 'Immediate', de: 'Sofort fällig' },
  D: { it: 'Esigibilità differita', en: 'Deferred', de: 'Aufgeschoben' },
  S: { it: 'Scissione dei pagamenti', en: 'Split payment', de: 'Split-Payment' },
};

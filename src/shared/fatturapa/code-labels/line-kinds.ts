import type { CodeLabels } from './code-label.ts';

/** TipoCessionePrestazione: a line that is not an ordinary sale or service. */
export const LINE_KINDS: CodeLabels = {
  SC: { it: 'Sconto', en: 'Discount', de: 'Rabatt' },
  PR: { it: 'Premio', en: 'Premium', de: 'Prämie' },
  AB: { it: 'Abbuono', en: 'Allowance', de: 'Nachlass' },
  AC: { it: 'Spesa accessoria', en: 'Ancillary cost', de: 'Nebenkosten' },
};

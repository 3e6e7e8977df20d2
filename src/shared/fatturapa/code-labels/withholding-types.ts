import type { CodeLabels } from './code-label.ts';

/** TipoRitenuta. */
export const WITHHOLDING_TYPES: CodeLabels = {
  RT01: {
    it: 'Ritenuta persone fisiche',
    en: 'Withholding tax, individuals',
    de: 'Quellensteuer natürliche Personen',
  },
  RT02: {
    it: 'Ritenuta persone giuridiche',
    en: 'Withholding tax, legal entities',
    de: 'Quellensteuer juristische Personen',
  },
  RT03: { it: 'Contributo INPS', en: 'INPS contribution', de: 'INPS-Beitrag' },
  RT04: { it: 'Contributo ENASARCO', en: 'ENASARCO contribution', de: 'ENASARCO-Beitrag' },
  RT05: { it: 'Contributo ENPAM', en: 'ENPAM contribution', de: 'ENPAM-Beitrag' },
  RT06: {
    it: 'Altro contributo previdenziale',
    en: 'Other social security contribution',
    de: 'Sonstiger Sozialversicherungsbeitrag',
  },
};

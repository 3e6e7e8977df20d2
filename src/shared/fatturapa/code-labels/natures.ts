import type { CodeLabels } from './code-label.ts';

/** Natura of a non-taxed operation (N1…N7). N2, N3 and N6 without sub-code are obsolete since 2021. */
export const NATURES: CodeLabels = {
  N1: { it: 'Escluse ex art. 15', en: 'Excluded (art. 15)', de: 'Ausgeschlossen (Art. 15)' },
  N2: { it: 'Non soggette', en: 'Not subject to VAT', de: 'Nicht steuerbar' },
  'N2.1': {
    it: 'Non soggette ad IVA ai sensi degli artt. da 7 a 7-septies',
    en: 'Not subject to VAT (arts. 7 to 7-septies)',
    de: 'Nicht steuerbar (Art. 7 bis 7-septies)',
  },
  'N2.2': {
    it: 'Non soggette – altri casi',
    en: 'Not subject to VAT – other cases',
    de: 'Nicht steuerbar – andere Fälle',
  },
  N3: { it: 'Non imponibili', en: 'Zero-rated', de: 'Steuerfrei mit Vorsteuerabzug' },
  'N3.1': { it: 'Non imponibili – esportazioni', en: 'Zero-rated – exports', de: 'Steuerfrei – Ausfuhren' },
  'N3.2': {
    it: 'Non imponibili – cessioni intracomunitarie',
    en: 'Zero-rated – intra-EU supplies',
    de: 'Steuerfrei – innergemeinschaftliche Lieferungen',
  },
  'N3.3': {
    it: 'Non imponibili – cessioni verso San Marino',
    en: 'Zero-rated – supplies to San Marino',
    de: 'Steuerfrei – Lieferungen nach San Marino',
  },
  'N3.4': {
    it: 'Non imponibili – operazioni assimilate alle cessioni all’esportazione',
    en: 'Zero-rated – treated as exports',
    de: 'Steuerfrei – Ausfuhren gleichgestellt',
  },
  'N3.5': {
    it: 'Non imponibili – a seguito di dichiarazioni d’intento',
    en: 'Zero-rated – declaration of intent',
    de: 'Steuerfrei – Absichtserklärung',
  },
  'N3.6': {
    it: 'Non imponibili – altre operazioni che non concorrono alla formazione del plafond',
    en: 'Zero-rated – other, outside the plafond',
    de: 'Steuerfrei – sonstige, ohne Plafond',
  },
  N4: { it: 'Esenti', en: 'Exempt', de: 'Steuerbefreit' },
  N5: {
    it: 'Regime del margine / IVA non esposta in fattura',
    en: 'Margin scheme / VAT not shown',
    de: 'Differenzbesteuerung / MwSt nicht ausgewiesen',
  },
  N6: { it: 'Inversione contabile', en: 'Reverse charge', de: 'Umkehr der Steuerschuldnerschaft' },
  'N6.1': {
    it: 'Inversione contabile – cessione di rottami e altri materiali di recupero',
    en: 'Reverse charge – scrap and recovered materials',
    de: 'Reverse-Charge – Schrott und Altmaterial',
  },
  'N6.2': {
    it: 'Inversione contabile – cessione di oro e argento',
    en: 'Reverse charge – gold and silver',
    de: 'Reverse-Charge – Gold und Silber',
  },
  'N6.3': {
    it: 'Inversione contabile – subappalto nel settore edile',
    en: 'Reverse charge – construction subcontracting',
    de: 'Reverse-Charge – Bau-Subunternehmer',
  },
  'N6.4': {
    it: 'Inversione contabile – cessione di fabbricati',
    en: 'Reverse charge – sale of buildings',
    de: 'Reverse-Charge – Verkauf von Gebäuden',
  },
  'N6.5': {
    it: 'Inversione contabile – cessione di telefoni cellulari',
    en: 'Reverse charge – mobile phones',
    de: 'Reverse-Charge – Mobiltelefone',
  },
  'N6.6': {
    it: 'Inversione contabile – cessione di prodotti elettronici',
    en: 'Reverse charge – electronic products',
    de: 'Reverse-Charge – elektronische Produkte',
  },
  'N6.7': {
    it: 'Inversione contabile – prestazioni comparto edile e settori connessi',
    en: 'Reverse charge – construction services',
    de: 'Reverse-Charge – Bauleistungen',
  },
  'N6.8': {
    it: 'Inversione contabile – operazioni settore energetico',
    en: 'Reverse charge – energy sector',
    de: 'Reverse-Charge – Energiesektor',
  },
  'N6.9': {
    it: 'Inversione contabile – altri casi',
    en: 'Reverse charge – other cases',
    de: 'Reverse-Charge – andere Fälle',
  },
  N7: {
    it: 'IVA assolta in altro stato UE',
    en: 'VAT paid in another EU state',
    de: 'MwSt in anderem EU-Staat entrichtet',
  },
};

import type { CodeLabels } from './code-label.ts';

/** RegimeFiscale of the supplier. */
export const FISCAL_REGIMES: CodeLabels = {
  RF01: { it: 'Ordinario', en: 'Ordinary', de: 'Regelbesteuerung' },
  RF02: { it: 'Contribuenti minimi', en: 'Minimum taxpayers', de: 'Kleinstunternehmer' },
  RF04: { it: 'Agricoltura e pesca', en: 'Agriculture and fishing', de: 'Landwirtschaft und Fischerei' },
  RF05: { it: 'Vendita sali e tabacchi', en: 'Salt and tobacco sales', de: 'Salz- und Tabakverkauf' },
  RF06: { it: 'Commercio fiammiferi', en: 'Match trade', de: 'Zündholzhandel' },
  RF07: { it: 'Editoria', en: 'Publishing', de: 'Verlagswesen' },
  RF08: { it: 'Telefonia pubblica', en: 'Public telephony', de: 'Öffentliche Telefonie' },
  RF09: {
    it: 'Rivendita documenti di trasporto pubblico e di sosta',
    en: 'Resale of transport and parking tickets',
    de: 'Wiederverkauf von Fahr- und Parkscheinen',
  },
  RF10: {
    it: 'Intrattenimenti, giochi e altre attività',
    en: 'Entertainment and gaming',
    de: 'Unterhaltung und Spiele',
  },
  RF11: { it: 'Agenzie di viaggi e turismo', en: 'Travel agencies', de: 'Reisebüros' },
  RF12: { it: 'Agriturismo', en: 'Farm holidays', de: 'Agrotourismus' },
  RF13: { it: 'Vendite a domicilio', en: 'Door-to-door sales', de: 'Haustürverkäufe' },
  RF14: {
    it: 'Rivendita beni usati, oggetti d’arte, antiquariato',
    en: 'Second-hand goods, art and antiques',
    de: 'Gebrauchtwaren, Kunst und Antiquitäten',
  },
  RF15: {
    it: 'Agenzie di vendite all’asta',
    en: 'Auction agencies',
    de: 'Auktionshäuser',
  },
  RF16: {
    it: 'IVA per cassa P.A.',
    en: 'Cash accounting (public bodies)',
    de: 'Ist-Versteuerung (öffentliche Hand)',
  },
  RF17: { it: 'IVA per cassa', en: 'Cash accounting', de: 'Ist-Versteuerung' },
  RF18: { it: 'Altro', en: 'Other', de: 'Sonstige' },
  RF19: { it: 'Regime forfettario', en: 'Flat-rate scheme', de: 'Pauschalregelung' },
  RF20: {
    it: 'Regime transfrontaliero di franchigia IVA',
    en: 'Cross-border VAT exemption scheme',
    de: 'Grenzüberschreitende Kleinunternehmerregelung',
  },
};

/**
 * Names for the codes of fiscal weight an invoice carries besides TipoDocumento and ModalitaPagamento (those
 * are in ../code-labels.ts, with codeLabel to print "code · name"). Italian follows the schema's and the
 * Agenzia delle Entrate's wording; English and German say the same for readers who do not know the codes.
 */
import type { CodeLabels } from '../code-labels.ts';

export type { CodeLabels };

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

/** TipoCassa: the professional pension funds (casse previdenziali). */
export const FUND_TYPES: CodeLabels = {
  TC01: { it: 'Cassa forense (avvocati)', en: 'Lawyers’ fund', de: 'Kasse der Rechtsanwälte' },
  TC02: {
    it: 'Cassa dottori commercialisti',
    en: 'Chartered accountants’ fund',
    de: 'Kasse der Wirtschaftsprüfer',
  },
  TC03: { it: 'Cassa geometri', en: 'Surveyors’ fund', de: 'Kasse der Vermessungstechniker' },
  TC04: {
    it: 'Cassa ingegneri e architetti (Inarcassa)',
    en: 'Engineers’ and architects’ fund',
    de: 'Kasse der Ingenieure und Architekten',
  },
  TC05: { it: 'Cassa nazionale del notariato', en: 'Notaries’ fund', de: 'Kasse der Notare' },
  TC06: {
    it: 'Cassa ragionieri e periti commerciali',
    en: 'Bookkeepers’ fund',
    de: 'Kasse der Buchhalter',
  },
  TC07: {
    it: 'ENASARCO (agenti e rappresentanti di commercio)',
    en: 'ENASARCO (commercial agents)',
    de: 'ENASARCO (Handelsvertreter)',
  },
  TC08: {
    it: 'ENPACL (consulenti del lavoro)',
    en: 'ENPACL (labour consultants)',
    de: 'ENPACL (Arbeitsrechtsberater)',
  },
  TC09: { it: 'ENPAM (medici)', en: 'ENPAM (doctors)', de: 'ENPAM (Ärzte)' },
  TC10: { it: 'ENPAF (farmacisti)', en: 'ENPAF (pharmacists)', de: 'ENPAF (Apotheker)' },
  TC11: { it: 'ENPAV (veterinari)', en: 'ENPAV (veterinarians)', de: 'ENPAV (Tierärzte)' },
  TC12: {
    it: 'ENPAIA (impiegati dell’agricoltura)',
    en: 'ENPAIA (agricultural employees)',
    de: 'ENPAIA (Angestellte der Landwirtschaft)',
  },
  TC13: {
    it: 'Fondo imprese di spedizione e agenzie marittime',
    en: 'Shipping and maritime agencies’ fund',
    de: 'Kasse der Spediteure und Schiffsagenturen',
  },
  TC14: { it: 'INPGI (giornalisti)', en: 'INPGI (journalists)', de: 'INPGI (Journalisten)' },
  TC15: {
    it: 'ONAOSI (orfani sanitari)',
    en: 'ONAOSI (health workers’ orphans)',
    de: 'ONAOSI (Waisen von Heilberuflern)',
  },
  TC16: {
    it: 'CASAGIT (assistenza giornalisti)',
    en: 'CASAGIT (journalists’ health fund)',
    de: 'CASAGIT (Krankenkasse der Journalisten)',
  },
  TC17: {
    it: 'EPPI (periti industriali)',
    en: 'EPPI (industrial experts)',
    de: 'EPPI (Industriesachverständige)',
  },
  TC18: { it: 'EPAP (pluricategoriale)', en: 'EPAP (multi-profession)', de: 'EPAP (mehrere Berufe)' },
  TC19: { it: 'ENPAB (biologi)', en: 'ENPAB (biologists)', de: 'ENPAB (Biologen)' },
  TC20: { it: 'ENPAPI (infermieri)', en: 'ENPAPI (nurses)', de: 'ENPAPI (Pflegekräfte)' },
  TC21: { it: 'ENPAP (psicologi)', en: 'ENPAP (psychologists)', de: 'ENPAP (Psychologen)' },
  TC22: { it: 'INPS', en: 'INPS', de: 'INPS' },
};

/** CausalePagamento: the payment reasons of the Certificazione Unica (CU), short. */
export const PAYMENT_REASONS: CodeLabels = {
  A: {
    it: 'Lavoro autonomo abituale (arte o professione)',
    en: 'Regular self-employment (profession)',
    de: 'Regelmäßige selbständige Tätigkeit (Beruf)',
  },
  B: {
    it: 'Diritti d’autore o di inventore',
    en: 'Author’s or inventor’s royalties',
    de: 'Urheber- oder Erfinderrechte',
  },
  C: {
    it: 'Utili da associazione in partecipazione (solo lavoro)',
    en: 'Profit share for work contributed',
    de: 'Gewinnbeteiligung für Arbeitsleistung',
  },
  D: {
    it: 'Utili dei soci promotori e fondatori',
    en: 'Promoters’ and founders’ profits',
    de: 'Gewinne der Gründungsgesellschafter',
  },
  E: {
    it: 'Levata di protesti cambiari',
    en: 'Protest of bills of exchange',
    de: 'Wechselprotest',
  },
  G: {
    it: 'Cessazione di attività sportiva professionale',
    en: 'End of professional sports activity',
    de: 'Beendigung des Berufssports',
  },
  H: {
    it: 'Cessazione di rapporti di agenzia',
    en: 'End of an agency relationship',
    de: 'Beendigung eines Vertretungsverhältnisses',
  },
  I: {
    it: 'Cessazione da funzioni notarili',
    en: 'End of notarial office',
    de: 'Beendigung des Notaramts',
  },
  L: {
    it: 'Diritti d’autore percepiti da altri che l’autore',
    en: 'Royalties received by others than the author',
    de: 'Urheberrechte, nicht vom Urheber bezogen',
  },
  L1: {
    it: 'Diritti d’autore acquistati a titolo oneroso',
    en: 'Royalties from purchased rights',
    de: 'Urheberrechte aus erworbenen Rechten',
  },
  M: {
    it: 'Lavoro autonomo occasionale',
    en: 'Occasional self-employment',
    de: 'Gelegentliche selbständige Tätigkeit',
  },
  M1: {
    it: 'Obblighi di fare, non fare o permettere',
    en: 'Obligations to do, not do or allow',
    de: 'Verpflichtungen zu Tun, Unterlassen oder Dulden',
  },
  M2: {
    it: 'Lavoro autonomo occasionale con iscrizione ENPAPI',
    en: 'Occasional self-employment, ENPAPI',
    de: 'Gelegentliche selbständige Tätigkeit, ENPAPI',
  },
  N: {
    it: 'Attività sportive dilettantistiche',
    en: 'Amateur sports activities',
    de: 'Amateursport',
  },
  O: {
    it: 'Lavoro autonomo occasionale senza gestione separata',
    en: 'Occasional self-employment, no separate INPS scheme',
    de: 'Gelegentliche selbständige Tätigkeit ohne INPS-Sonderverwaltung',
  },
  O1: {
    it: 'Obblighi di fare, non fare o permettere, senza gestione separata',
    en: 'Obligations to do, not do or allow, no separate INPS scheme',
    de: 'Verpflichtungen zu Tun, Unterlassen oder Dulden, ohne INPS-Sonderverwaltung',
  },
  P: {
    it: 'Non residenti: uso di attrezzature',
    en: 'Non-residents: use of equipment',
    de: 'Gebietsfremde: Nutzung von Ausrüstung',
  },
  Q: {
    it: 'Provvigioni ad agente monomandatario',
    en: 'Commissions to a single-firm agent',
    de: 'Provisionen an Einfirmenvertreter',
  },
  R: {
    it: 'Provvigioni ad agente plurimandatario',
    en: 'Commissions to a multi-firm agent',
    de: 'Provisionen an Mehrfirmenvertreter',
  },
  S: {
    it: 'Provvigioni a commissionario',
    en: 'Commissions to a commission agent',
    de: 'Provisionen an Kommissionär',
  },
  T: { it: 'Provvigioni a mediatore', en: 'Commissions to a broker', de: 'Provisionen an Makler' },
  U: {
    it: 'Provvigioni a procacciatore di affari',
    en: 'Commissions to a business finder',
    de: 'Provisionen an Geschäftsvermittler',
  },
  V: {
    it: 'Provvigioni a incaricato per le vendite a domicilio',
    en: 'Commissions for door-to-door sales',
    de: 'Provisionen für Haustürverkäufe',
  },
  V1: {
    it: 'Attività commerciali occasionali',
    en: 'Occasional commercial activities',
    de: 'Gelegentliche gewerbliche Tätigkeiten',
  },
  W: {
    it: 'Contratti d’appalto (art. 25-ter DPR 600/73)',
    en: 'Works contracts (art. 25-ter DPR 600/73)',
    de: 'Werkverträge (Art. 25-ter DPR 600/73)',
  },
  X: {
    it: 'Canoni 2004 a società UE',
    en: '2004 royalties to EU companies',
    de: 'Lizenzgebühren 2004 an EU-Gesellschaften',
  },
  Y: {
    it: 'Canoni 2005 a società UE',
    en: '2005 royalties to EU companies',
    de: 'Lizenzgebühren 2005 an EU-Gesellschaften',
  },
  Z: { it: 'Titolo diverso (obsoleto)', en: 'Other reason (obsolete)', de: 'Sonstiger Grund (veraltet)' },
  ZO: { it: 'Titolo diverso dai precedenti', en: 'Other reason', de: 'Sonstiger Grund' },
};

/** CondizioniPagamento. */
export const PAYMENT_CONDITIONS: CodeLabels = {
  TP01: { it: 'Pagamento a rate', en: 'Instalments', de: 'Ratenzahlung' },
  TP02: { it: 'Pagamento completo', en: 'Full payment', de: 'Vollständige Zahlung' },
  TP03: { it: 'Anticipo', en: 'Advance payment', de: 'Anzahlung' },
};

/** EsigibilitaIVA. */
export const VAT_CHARGEABILITY: CodeLabels = {
  I: { it: 'Esigibilità immediata', en: 'Immediate', de: 'Sofort fällig' },
  D: { it: 'Esigibilità differita', en: 'Deferred', de: 'Aufgeschoben' },
  S: { it: 'Scissione dei pagamenti', en: 'Split payment', de: 'Split-Payment' },
};

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

/** TipoCessionePrestazione: a line that is not an ordinary sale or service. */
export const LINE_KINDS: CodeLabels = {
  SC: { it: 'Sconto', en: 'Discount', de: 'Rabatt' },
  PR: { it: 'Premio', en: 'Premium', de: 'Prämie' },
  AB: { it: 'Abbuono', en: 'Allowance', de: 'Nachlass' },
  AC: { it: 'Spesa accessoria', en: 'Ancillary cost', de: 'Nebenkosten' },
};

import type { CodeLabels } from './code-label.ts';

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

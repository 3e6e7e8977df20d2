import type { CodeLabels } from './code-label.ts';

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

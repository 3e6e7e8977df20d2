/**
 * Texts of the app's shell and of what several screens share, in it/en/de: the skip link, the navigation's
 * Developer group, the SDI state badges' short words, a rejected invoice already corrected and resent, the sent
 * drawer's Duplicate, and the first steps an empty dashboard offers. English is the shape; the other two must
 * have every key.
 */
export const shellEn = {
  skipLink: 'Skip to main content',
  developer: { label: 'Developer', hint: 'API and webhooks' },
  state: {
    none: 'Pending',
    Inviato: 'Sent',
    Consegnato: 'Delivered',
    NonConsegnato: 'Not delivered',
    Scartato: 'Rejected',
    AccettatoDalDestinatario: 'Accepted',
    RifiutatoDalDestinatario: 'Refused',
    ImpossibilitaDiRecapito: 'Undeliverable',
    DecorrenzaTermini: 'Deadline passed',
    AttestazioneTrasmissioneFattura: 'Certified',
  },
  corrected: {
    short: 'Corrected',
    full: 'Rejected by SDI, corrected and resent',
    meaning: 'SDI rejected the file; the corrected invoice has been sent, so nothing is left to do.',
    resentAs: 'Resent as no.\u00a0{{number}}',
    correctedBy: 'SDI rejected this invoice: it was corrected and resent as no.\u00a0{{number}}.',
    corrects: 'This invoice corrects and resends no.\u00a0{{number}}, which SDI rejected.',
    openCorrection: 'Open the corrected invoice',
    openRejected: 'Open the rejected invoice',
  },
  duplicate: 'Duplicate',
  welcome: {
    title: 'Getting started',
    company: 'Register your company',
    companyHint: 'The VAT number and name of the company you issue and receive invoices for.',
    compose: 'Write your first invoice',
    composeHint: 'Field by field, checked as SDI checks it while you type, with the totals computed.',
  },
};

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

export const shellIt: Shape<typeof shellEn> = {
  skipLink: 'Vai al contenuto principale',
  developer: { label: 'Per sviluppatori', hint: 'API e webhook' },
  state: {
    none: 'In attesa',
    Inviato: 'Inviata',
    Consegnato: 'Consegnata',
    NonConsegnato: 'Non consegnata',
    Scartato: 'Scartata',
    AccettatoDalDestinatario: 'Accettata',
    RifiutatoDalDestinatario: 'Rifiutata',
    ImpossibilitaDiRecapito: 'Mancato recapito',
    DecorrenzaTermini: 'Decorrenza termini',
    AttestazioneTrasmissioneFattura: 'Attestazione',
  },
  corrected: {
    short: 'Corretta',
    full: 'Scartata dallo SDI, corretta e reinviata',
    meaning: 'Lo SDI ha scartato il file; la fattura corretta è già stata inviata, non resta nulla da fare.',
    resentAs: 'Reinviata come n.\u00a0{{number}}',
    correctedBy: 'Lo SDI ha scartato questa fattura: è stata corretta e reinviata come n.\u00a0{{number}}.',
    corrects: 'Questa fattura corregge e reinvia la n.\u00a0{{number}}, scartata dallo SDI.',
    openCorrection: 'Apri la fattura corretta',
    openRejected: 'Apri la fattura scartata',
  },
  duplicate: 'Duplica',
  welcome: {
    title: 'Per iniziare',
    company: 'Registra la tua azienda',
    companyHint: 'Partita IVA e denominazione dell’azienda per cui emetti e ricevi le fatture.',
    compose: 'Scrivi la tua prima fattura',
    composeHint: 'Campo per campo, con i controlli dello SDI mentre scrivi e i totali calcolati.',
  },
};

export const shellDe: Shape<typeof shellEn> = {
  skipLink: 'Zum Hauptinhalt springen',
  developer: { label: 'Entwickler', hint: 'API und Webhooks' },
  state: {
    none: 'Ausstehend',
    Inviato: 'Gesendet',
    Consegnato: 'Zugestellt',
    NonConsegnato: 'Nicht zugestellt',
    Scartato: 'Abgelehnt',
    AccettatoDalDestinatario: 'Angenommen',
    RifiutatoDalDestinatario: 'Abgewiesen',
    ImpossibilitaDiRecapito: 'Unzustellbar',
    DecorrenzaTermini: 'Frist abgelaufen',
    AttestazioneTrasmissioneFattura: 'Bescheinigt',
  },
  corrected: {
    short: 'Korrigiert',
    full: 'Vom SDI abgelehnt, korrigiert und erneut gesendet',
    meaning:
      'Das SDI hat die Datei abgelehnt; die korrigierte Rechnung ist bereits gesendet, es bleibt nichts zu tun.',
    resentAs: 'Erneut gesendet als Nr.\u00a0{{number}}',
    correctedBy:
      'Das SDI hat diese Rechnung abgelehnt: Sie wurde korrigiert und als Nr.\u00a0{{number}} erneut gesendet.',
    corrects:
      'Diese Rechnung korrigiert Nr.\u00a0{{number}}, die das SDI abgelehnt hat, und sendet sie erneut.',
    openCorrection: 'Korrigierte Rechnung öffnen',
    openRejected: 'Abgelehnte Rechnung öffnen',
  },
  duplicate: 'Duplizieren',
  welcome: {
    title: 'Erste Schritte',
    company: 'Ihr Unternehmen registrieren',
    companyHint: 'USt-IdNr. und Name des Unternehmens, für das Sie Rechnungen ausstellen und empfangen.',
    compose: 'Ihre erste Rechnung schreiben',
    composeHint: 'Feld für Feld, beim Tippen geprüft wie vom SDI, mit berechneten Summen.',
  },
};

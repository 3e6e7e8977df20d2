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
};

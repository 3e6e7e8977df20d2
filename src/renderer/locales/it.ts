import type { Messages } from './en.ts';

export const it: Messages = {
  app: { title: 'Scambio', loading: 'Caricamento…', error: 'Qualcosa è andato storto: {{message}}' },
  nav: { dashboard: 'Riepilogo', sent: 'Fatture inviate' },
  profile: {
    label: 'Profilo',
    keychainUnavailable: 'Nessun portachiavi',
    keychainHint:
      'Senza il portachiavi del sistema non si possono salvare profili di produzione ({{reason}}).',
    local: 'Sandbox locale',
    environment: { test: 'Sandbox', live: 'Produzione' },
  },
  language: { label: 'Lingua', it: 'Italiano', en: 'English', de: 'Deutsch' },
  dashboard: {
    title: 'Sandbox locale',
    sent: 'Fatture inviate',
    received: 'Fatture ricevute',
    unread: '{{count}} da leggere',
    latest: 'Ultime fatture inviate',
    empty: 'Nessuna fattura inviata.',
  },
  sent: {
    title: 'Fatture inviate',
    number: 'Numero',
    date: 'Data',
    customer: 'Cliente',
    file: 'File',
    state: 'Stato',
    empty: 'Nessuna fattura inviata.',
    range: '{{from}}–{{to}} di {{total}}',
  },
  state: {
    none: 'In attesa',
    Inviato: 'Inviata',
    Consegnato: 'Consegnata',
    NonConsegnato: 'Non consegnata',
    Scartato: 'Scartata dallo SDI',
    AccettatoDalDestinatario: 'Accettata',
    RifiutatoDalDestinatario: 'Rifiutata',
    ImpossibilitaDiRecapito: 'Impossibilità di recapito',
    DecorrenzaTermini: 'Decorrenza termini',
    AttestazioneTrasmissioneFattura: 'Attestazione di trasmissione',
  },
};

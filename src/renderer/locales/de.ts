import type { Messages } from './en.ts';

export const de: Messages = {
  app: { title: 'Scambio', loading: 'Wird geladen…', error: 'Etwas ist schiefgegangen: {{message}}' },
  nav: { dashboard: 'Übersicht', sent: 'Gesendete Rechnungen' },
  profile: {
    label: 'Profil',
    keychainUnavailable: 'Kein Schlüsselbund',
    keychainHint:
      'Ohne den Schlüsselbund des Systems können keine Produktivprofile gespeichert werden ({{reason}}).',
    local: 'Lokale Sandbox',
    environment: { test: 'Sandbox', live: 'Produktiv' },
  },
  language: { label: 'Sprache', it: 'Italiano', en: 'English', de: 'Deutsch' },
  dashboard: {
    title: 'Lokale Sandbox',
    sent: 'Gesendete Rechnungen',
    received: 'Empfangene Rechnungen',
    unread: '{{count}} ungelesen',
    latest: 'Zuletzt gesendete Rechnungen',
    empty: 'Noch keine Rechnungen gesendet.',
  },
  sent: {
    title: 'Gesendete Rechnungen',
    number: 'Nummer',
    date: 'Datum',
    customer: 'Kunde',
    file: 'Datei',
    state: 'Status',
    empty: 'Noch keine Rechnungen gesendet.',
    range: '{{from}}–{{to}} von {{total}}',
  },
  state: {
    none: 'Ausstehend',
    Inviato: 'Gesendet',
    Consegnato: 'Zugestellt',
    NonConsegnato: 'Nicht zugestellt',
    Scartato: 'Vom SDI abgelehnt',
    AccettatoDalDestinatario: 'Angenommen',
    RifiutatoDalDestinatario: 'Zurückgewiesen',
    ImpossibilitaDiRecapito: 'Unzustellbar',
    DecorrenzaTermini: 'Frist abgelaufen',
    AttestazioneTrasmissioneFattura: 'Übermittlung bescheinigt',
  },
};

export const en = {
  app: { title: 'Scambio', loading: 'Loading…', error: 'Something went wrong: {{message}}' },
  nav: { dashboard: 'Dashboard', sent: 'Sent invoices' },
  profile: {
    label: 'Profile',
    keychainUnavailable: 'No keychain',
    keychainHint: 'Live profiles cannot be saved without the OS keychain ({{reason}}).',
    local: 'Local sandbox',
    environment: { test: 'Sandbox', live: 'Live' },
  },
  language: { label: 'Language', it: 'Italiano', en: 'English', de: 'Deutsch' },
  dashboard: {
    title: 'Local sandbox',
    sent: 'Sent invoices',
    received: 'Received invoices',
    unread: '{{count}} unread',
    latest: 'Latest sent invoices',
    empty: 'No invoices sent yet.',
  },
  sent: {
    title: 'Sent invoices',
    number: 'Number',
    date: 'Date',
    customer: 'Customer',
    file: 'File',
    state: 'State',
    empty: 'No invoices sent yet.',
    range: '{{from}}–{{to}} of {{total}}',
  },
  state: {
    none: 'Pending',
    Inviato: 'Sent',
    Consegnato: 'Delivered',
    NonConsegnato: 'Not delivered',
    Scartato: 'Rejected by SDI',
    AccettatoDalDestinatario: 'Accepted',
    RifiutatoDalDestinatario: 'Refused',
    ImpossibilitaDiRecapito: 'Undeliverable',
    DecorrenzaTermini: 'Deadline passed',
    AttestazioneTrasmissioneFattura: 'Transmission certified',
  },
};

/** The shape every language must have: the English tree with strings for leaves. */
type Leaves<T> = { [K in keyof T]: T[K] extends string ? string : Leaves<T[K]> };
export type Messages = Leaves<typeof en>;

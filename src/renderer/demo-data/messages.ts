/**
 * "Load demo data" texts in it/en/de, kept here so the catalogs only gain one `demoData` entry each. English is
 * the shape; the other two must have every key.
 */
export const demoDataEn = {
  title: 'Try Scambio with demo data',
  intro:
    'Fill this empty sandbox with five Italian companies and the invoices they sent and received in the last weeks, in every SDI state (discards included), with two webhooks and their delivery history. It takes a few seconds.',
  load: 'Load demo data',
  loading: 'Loading demo data…',
  done: 'Demo data loaded: {{sent}} invoices sent, {{received}} received from suppliers.',
  failed: 'The demo data could not be loaded: {{message}}',
};

export type DemoDataMessages = { [K in keyof typeof demoDataEn]: string };

export const demoDataIt: DemoDataMessages = {
  title: 'Prova Scambio con dati dimostrativi',
  intro:
    'Riempi questa sandbox vuota con cinque aziende italiane e le fatture che hanno inviato e ricevuto nelle ultime settimane, in tutti gli stati SDI (scarti compresi), più due webhook con la loro cronologia di consegne. Bastano pochi secondi.',
  load: 'Carica dati dimostrativi',
  loading: 'Caricamento dei dati dimostrativi…',
  done: 'Dati dimostrativi caricati: {{sent}} fatture inviate, {{received}} ricevute dai fornitori.',
  failed: 'Impossibile caricare i dati dimostrativi: {{message}}',
};

export const demoDataDe: DemoDataMessages = {
  title: 'Scambio mit Demodaten ausprobieren',
  intro:
    'Füllt diese leere Sandbox mit fünf italienischen Unternehmen und den Rechnungen, die sie in den letzten Wochen gesendet und empfangen haben, in jedem SDI-Status (Ablehnungen eingeschlossen), dazu zwei Webhooks mit ihrem Zustellverlauf. Das dauert nur wenige Sekunden.',
  load: 'Demodaten laden',
  loading: 'Demodaten werden geladen…',
  done: 'Demodaten geladen: {{sent}} Rechnungen gesendet, {{received}} von Lieferanten empfangen.',
  failed: 'Die Demodaten konnten nicht geladen werden: {{message}}',
};

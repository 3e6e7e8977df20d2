/**
 * The API log's own texts in it/en/de (the older ones stay under `log` in the catalogs), kept here so the
 * catalogs only gain one `apiLog` entry each. English is the shape; the other two must have every key.
 */
export const apiLogEn = {
  statusClass: 'Status class',
  anyStatus: 'Any',
  ownCalls: 'Show this app’s calls',
  ownCallsHint: 'The app’s own calls are the ones made with its client: {{agent}}',
  ownBadge: 'this app',
  liveTail: 'Live',
  liveTailHint: 'New calls appear as they are made',
  newEntries_one: '{{count}} new call',
  newEntries_other: '{{count}} new calls',
  localOnly: 'Status class, hiding this app’s calls and live updates work with the local sandbox.',
  copy: 'Copy',
  copied: 'Copied',
  items_one: '{{count}} item',
  items_other: '{{count}} items',
  copyCurl: 'Copy as curl',
  curlCopied: 'Command copied',
  curlHint: 'The key is read from the SCAMBIO_KEY variable, never written in the command.',
  curlBody:
    'The log does not keep what a call sent: put the body in {{file}} in the folder where you run the command.',
  company: 'Company',
  error: 'Error',
  noClient: 'not stated',
};

export type ApiLogMessages = typeof apiLogEn;

export const apiLogIt: ApiLogMessages = {
  statusClass: 'Classe di stato',
  anyStatus: 'Qualsiasi',
  ownCalls: 'Mostra le chiamate di questa app',
  ownCallsHint: 'Le chiamate di questa app sono quelle fatte con il suo client: {{agent}}',
  ownBadge: 'questa app',
  liveTail: 'In diretta',
  liveTailHint: 'Le nuove chiamate compaiono appena vengono fatte',
  newEntries_one: '{{count}} chiamata nuova',
  newEntries_other: '{{count}} chiamate nuove',
  localOnly:
    'La classe di stato, il filtro sulle chiamate di questa app e gli aggiornamenti in diretta funzionano con la sandbox locale.',
  copy: 'Copia',
  copied: 'Copiato',
  items_one: '{{count}} elemento',
  items_other: '{{count}} elementi',
  copyCurl: 'Copia come curl',
  curlCopied: 'Comando copiato',
  curlHint: 'La chiave viene letta dalla variabile SCAMBIO_KEY, mai scritta nel comando.',
  curlBody:
    'Il registro non conserva ciò che una chiamata ha inviato: metti il corpo in {{file}} nella cartella da cui lanci il comando.',
  company: 'Azienda',
  error: 'Errore',
  noClient: 'non indicato',
};

export const apiLogDe: ApiLogMessages = {
  statusClass: 'Statusklasse',
  anyStatus: 'Alle',
  ownCalls: 'Aufrufe dieser App anzeigen',
  ownCallsHint: 'Aufrufe dieser App sind die mit ihrem Client gemachten: {{agent}}',
  ownBadge: 'diese App',
  liveTail: 'Live',
  liveTailHint: 'Neue Aufrufe erscheinen, sobald sie gemacht werden',
  newEntries_one: '{{count}} neuer Aufruf',
  newEntries_other: '{{count}} neue Aufrufe',
  localOnly:
    'Statusklasse, das Ausblenden der Aufrufe dieser App und Live-Aktualisierung gibt es mit der lokalen Sandbox.',
  copy: 'Kopieren',
  copied: 'Kopiert',
  items_one: '{{count}} Eintrag',
  items_other: '{{count}} Einträge',
  copyCurl: 'Als curl kopieren',
  curlCopied: 'Befehl kopiert',
  curlHint: 'Der Schlüssel wird aus der Variable SCAMBIO_KEY gelesen, nie in den Befehl geschrieben.',
  curlBody:
    'Das Protokoll speichert nicht, was ein Aufruf gesendet hat: Legen Sie den Inhalt als {{file}} in den Ordner, in dem Sie den Befehl ausführen.',
  company: 'Firma',
  error: 'Fehler',
  noClient: 'nicht angegeben',
};

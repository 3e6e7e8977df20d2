/**
 * The console's fault panel texts in it/en/de (fault-panel.tsx), a catalog entry of their own (`faults`) so the
 * console's messages stay as they are. English is the shape (`FaultMessages`); the other two must have every key.
 */
export const faultsEn = {
  title: 'Faults and latency',
  intro:
    'Make the sandbox fail or slow down your test keys’ API calls, to see your retries at work. Live keys are never touched; a reset removes every rule.',
  path: 'Path',
  pathHint: '* stands for any characters, e.g. /v1/send*',
  method: 'Method',
  anyMethod: 'Any',
  fault: 'Fault',
  faultHint: 'status=503;retry-after=2, status=429, latency=2s, hang or reset; p=0.3 for a probability',
  times: 'Times',
  timesHint: 'Empty: until deleted',
  expires: 'Expires in',
  expiresHint: 'e.g. 10m; empty: never',
  add: 'Add rule',
  remove: 'Delete',
  removeOf: 'Delete rule {{id}}',
  empty: 'No fault rules: every call is served as it comes.',
  remaining: '{{count}} left',
  untilDeleted: 'until deleted',
  expiresAt: 'until {{time}}',
  hits: 'Injected',
  failed: 'Not done: {{message}}',
  badge: 'injected: {{kind}}',
  byHeader: 'Injected by the Sandbox-Fault header',
  byRule: 'Injected by fault rule {{id}}',
};

type Leaves<T> = { [K in keyof T]: T[K] extends string ? string : Leaves<T[K]> };
export type FaultMessages = Leaves<typeof faultsEn>;

export const faultsIt: FaultMessages = {
  title: 'Errori e latenza',
  intro:
    'Fai fallire o rallentare dalla sandbox le chiamate API delle tue chiavi di test, per vedere all’opera i tuoi tentativi ripetuti. Le chiavi live non sono mai toccate; un azzeramento toglie ogni regola.',
  path: 'Percorso',
  pathHint: '* sta per qualsiasi carattere, es. /v1/send*',
  method: 'Metodo',
  anyMethod: 'Qualsiasi',
  fault: 'Errore',
  faultHint: 'status=503;retry-after=2, status=429, latency=2s, hang o reset; p=0.3 per una probabilità',
  times: 'Volte',
  timesHint: 'Vuoto: finché non la elimini',
  expires: 'Scade tra',
  expiresHint: 'es. 10m; vuoto: mai',
  add: 'Aggiungi regola',
  remove: 'Elimina',
  removeOf: 'Elimina la regola {{id}}',
  empty: 'Nessuna regola: ogni chiamata è servita così come arriva.',
  remaining: 'ancora {{count}}',
  untilDeleted: 'finché non la elimini',
  expiresAt: 'fino alle {{time}}',
  hits: 'Iniettati',
  failed: 'Non eseguito: {{message}}',
  badge: 'simulato: {{kind}}',
  byHeader: 'Simulato dall’intestazione Sandbox-Fault',
  byRule: 'Simulato dalla regola {{id}}',
};

export const faultsDe: FaultMessages = {
  title: 'Fehler und Latenz',
  intro:
    'Lassen Sie die Sandbox API-Aufrufe Ihrer Testschlüssel scheitern oder verlangsamen, um Ihre Wiederholungen bei der Arbeit zu sehen. Live-Schlüssel sind nie betroffen; ein Zurücksetzen entfernt jede Regel.',
  path: 'Pfad',
  pathHint: '* steht für beliebige Zeichen, z. B. /v1/send*',
  method: 'Methode',
  anyMethod: 'Alle',
  fault: 'Fehler',
  faultHint:
    'status=503;retry-after=2, status=429, latency=2s, hang oder reset; p=0.3 für eine Wahrscheinlichkeit',
  times: 'Anzahl',
  timesHint: 'Leer: bis zum Löschen',
  expires: 'Läuft ab in',
  expiresHint: 'z. B. 10m; leer: nie',
  add: 'Regel hinzufügen',
  remove: 'Löschen',
  removeOf: 'Regel {{id}} löschen',
  empty: 'Keine Fehlerregeln: jeder Aufruf wird bedient, wie er kommt.',
  remaining: 'noch {{count}}',
  untilDeleted: 'bis zum Löschen',
  expiresAt: 'bis {{time}}',
  hits: 'Ausgelöst',
  failed: 'Nicht ausgeführt: {{message}}',
  badge: 'simuliert: {{kind}}',
  byHeader: 'Vom Header Sandbox-Fault simuliert',
  byRule: 'Von Fehlerregel {{id}} simuliert',
};

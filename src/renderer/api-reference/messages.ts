/**
 * The API reference screen's texts in it/en/de, kept here so the catalogs only gain one `apiReference` entry each.
 * English is the shape (`ApiReferenceMessages`); the other two must have every key. The reference itself (Swagger
 * UI and the description it shows) is in English, as the API's names are.
 */
export const apiReferenceEn = {
  nav: 'API reference',
  title: 'API reference',
  intro:
    'Every call this sandbox answers, with its parameters, bodies and answers, as the server describes itself at {{url}}. Calls marked x-sandbox-only exist only in the sandbox.',
  browser: 'The same page in a browser, with “Try it out”:',
  loading: 'Loading the description…',
  failed: 'The description could not be read: {{message}}',
  remote:
    'This profile’s service publishes no description of its API. Switch to the local sandbox to read the reference of the sandbox’s own API.',
  language: 'The reference is in English.',
};

type Leaves<T> = { [K in keyof T]: T[K] extends string ? string : Leaves<T[K]> };
export type ApiReferenceMessages = Leaves<typeof apiReferenceEn>;

export const apiReferenceIt: ApiReferenceMessages = {
  nav: 'Riferimento API',
  title: 'Riferimento API',
  intro:
    'Tutte le chiamate a cui risponde questa sandbox, con parametri, corpi e risposte, come il server si descrive in {{url}}. Le chiamate segnate x-sandbox-only esistono solo nella sandbox.',
  browser: 'La stessa pagina in un browser, con “Try it out”:',
  loading: 'Caricamento della descrizione…',
  failed: 'Non è stato possibile leggere la descrizione: {{message}}',
  remote:
    'Il servizio di questo profilo non pubblica una descrizione della sua API. Passa alla sandbox locale per leggere il riferimento dell’API della sandbox.',
  language: 'Il riferimento è in inglese.',
};

export const apiReferenceDe: ApiReferenceMessages = {
  nav: 'API-Referenz',
  title: 'API-Referenz',
  intro:
    'Alle Aufrufe, die diese Sandbox beantwortet, mit Parametern, Inhalten und Antworten, so wie der Server sich unter {{url}} selbst beschreibt. Mit x-sandbox-only markierte Aufrufe gibt es nur in der Sandbox.',
  browser: 'Dieselbe Seite im Browser, mit „Try it out“:',
  loading: 'Beschreibung wird geladen…',
  failed: 'Die Beschreibung konnte nicht gelesen werden: {{message}}',
  remote:
    'Der Dienst dieses Profils veröffentlicht keine Beschreibung seiner API. Wechseln Sie zur lokalen Sandbox, um die Referenz der Sandbox-API zu lesen.',
  language: 'Die Referenz ist auf Englisch.',
};

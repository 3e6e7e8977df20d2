import type { Request, Response } from 'express';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../i18n/translator.ts';
import { PROBLEM_MEDIA_TYPE } from '../http/problem.ts';

/**
 * The few problems a recording or replaying server answers itself. Kept beside the proxy rather than in the
 * sandbox's catalogue: these servers have nothing else of the sandbox (no data folder, no routes).
 */
const MESSAGES = {
  en: {
    'cassette-miss': {
      title: 'Not in the cassette',
      detail: (p: Params) =>
        `The cassette holds no answer to ${p.request}. Nearest recorded request: ${p.nearest}.`,
    },
    'not-proxied': {
      title: 'Not served here',
      detail: (p: Params) => `This server (${p.mode}) only serves calls under /v1; ${p.request} is not one.`,
    },
    'upstream-unreachable': {
      title: 'Upstream unreachable',
      detail: (p: Params) => `The API at ${p.target} did not answer: ${p.reason}.`,
    },
    modes: { record: 'recording proxy', replay: 'cassette replay' },
    none: 'none',
  },
  it: {
    'cassette-miss': {
      title: 'Non presente nella cassetta',
      detail: (p: Params) =>
        `La cassetta non contiene una risposta a ${p.request}. Richiesta registrata più vicina: ${p.nearest}.`,
    },
    'not-proxied': {
      title: 'Non servito qui',
      detail: (p: Params) =>
        `Questo server (${p.mode}) serve solo le chiamate sotto /v1; ${p.request} non lo è.`,
    },
    'upstream-unreachable': {
      title: 'API remota non raggiungibile',
      detail: (p: Params) => `L'API su ${p.target} non ha risposto: ${p.reason}.`,
    },
    modes: { record: 'proxy in registrazione', replay: 'riproduzione di una cassetta' },
    none: 'nessuna',
  },
  de: {
    'cassette-miss': {
      title: 'Nicht in der Aufzeichnung',
      detail: (p: Params) =>
        `Die Aufzeichnung enthält keine Antwort auf ${p.request}. Nächstliegende aufgezeichnete Anfrage: ${p.nearest}.`,
    },
    'not-proxied': {
      title: 'Hier nicht bedient',
      detail: (p: Params) =>
        `Dieser Server (${p.mode}) bedient nur Aufrufe unter /v1; ${p.request} gehört nicht dazu.`,
    },
    'upstream-unreachable': {
      title: 'Entfernte API nicht erreichbar',
      detail: (p: Params) => `Die API unter ${p.target} hat nicht geantwortet: ${p.reason}.`,
    },
    modes: { record: 'aufzeichnender Proxy', replay: 'Wiedergabe einer Aufzeichnung' },
    none: 'keine',
  },
} satisfies Record<Language, unknown>;

type Params = Record<string, string>;
export type ProxyProblem = 'cassette-miss' | 'not-proxied' | 'upstream-unreachable';
export type ProxyMode = 'record' | 'replay';

const STATUS: Record<ProxyProblem, number> = {
  // Not 404: a client must not take a gap in the cassette for the service saying the resource does not exist.
  'cassette-miss': 501,
  'not-proxied': 404,
  'upstream-unreachable': 502,
};

export function language(req: Request): Language {
  const accepted = req.headers['accept-language'] ? req.acceptsLanguages(...LANGUAGES) : false;
  return (accepted || DEFAULT_LANGUAGE) as Language;
}

export function modeWords(req: Request, mode: ProxyMode): string {
  return MESSAGES[language(req)].modes[mode];
}

export function noneWord(req: Request): string {
  return MESSAGES[language(req)].none;
}

/** Answers one of the proxy's own problems as problem+json in the caller's language. */
export function sendProxyProblem(req: Request, res: Response, problem: ProxyProblem, params: Params): void {
  const lang = language(req);
  const text = MESSAGES[lang][problem];
  res
    .status(STATUS[problem])
    .set('Content-Language', lang)
    .type(PROBLEM_MEDIA_TYPE)
    .send(
      JSON.stringify({
        type: `/problems/${problem}`,
        title: text.title,
        status: STATUS[problem],
        detail: text.detail(params),
        instance: req.originalUrl.split('?')[0],
      }),
    );
}

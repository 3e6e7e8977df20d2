import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import { DEFAULT_LANGUAGE, LANGUAGES, translator, type Language } from '../i18n/translator.ts';
import type { RequestContext } from './context.ts';

/** First middleware: a request id (echoed as `X-Request-Id`) and the caller's language from Accept-Language. */
export const requestContext: RequestHandler = (req, res, next) => {
  const accepted = req.headers['accept-language'] ? req.acceptsLanguages(...LANGUAGES) : false;
  const language = (accepted || DEFAULT_LANGUAGE) as Language;
  const ctx: RequestContext = { requestId: randomUUID(), language, t: translator(language) };
  Object.assign(res.locals, ctx);
  res.set('X-Request-Id', ctx.requestId);
  res.set('Content-Language', language);
  next();
};

import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import type { ProblemDetails } from '../../shared/api/types.ts';
import { ServiceError, type ErrorKind } from '../domain/service-error.ts';
import { context } from './context.ts';

const STATUS: Record<ErrorKind, number> = {
  'bad-request': 400,
  unauthorized: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  invalid: 422,
  'too-large': 413,
  'unsupported-media-type': 415,
  'rate-limited': 429,
};

export const PROBLEM_MEDIA_TYPE = 'application/problem+json';

export function sendProblem(req: Request, res: Response, error: ServiceError): void {
  const body = problemBody(req, res, error);
  if (error.kind === 'unauthorized') res.set('WWW-Authenticate', 'Basic realm="v1"');
  res.status(body.status).type(PROBLEM_MEDIA_TYPE).send(JSON.stringify(body));
}

/** The problem+json body of an error, in the caller's language. */
export function problemBody(req: Request, res: Response, error: ServiceError): ProblemDetails {
  const ctx = context(res);
  const { t } = ctx;
  const body: ProblemDetails = {
    type: `/problems/${error.kind}`,
    title: t(`title.${error.kind}`),
    status: STATUS[error.kind],
    detail: t(error.key, error.params),
    instance: req.originalUrl.split('?')[0]!,
    request_id: ctx.requestId,
  };
  const { problems, linked, parameter } = error.extras;
  if (problems) {
    body.errors = problems.map((p) => {
      if ('describe' in p) return { code: p.code, ...p.describe(ctx.language), path: p.path };
      return {
        code: p.code,
        description: t(p.key, p.params),
        hint: p.hint ? t(p.hint, p.params) : null,
        path: p.path,
      };
    });
  }
  if (linked) body.linked = linked;
  if (parameter) body.parameter = parameter;
  return body;
}

export const notFoundRoute: RequestHandler = (req, res) => {
  sendProblem(
    req,
    res,
    new ServiceError('not-found', 'notFound.route', {
      method: req.method,
      path: req.originalUrl.split('?')[0]!,
    }),
  );
};

interface BodyParserError {
  type?: string;
  status?: number;
  limit?: number;
}

/** Last middleware: turns every error into problem+json; unexpected ones are logged and never leak details. */
export function errorHandler(logger: Logger, bodyLimit: number): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    if (error instanceof ServiceError) return sendProblem(req, res, error);
    const parser = error as BodyParserError;
    if (parser.type === 'entity.parse.failed') {
      return sendProblem(req, res, new ServiceError('invalid', 'body.malformedJson'));
    }
    if (parser.type === 'entity.too.large' || (error as { code?: string }).code === 'LIMIT_FILE_SIZE') {
      return sendProblem(
        req,
        res,
        new ServiceError('too-large', 'body.tooLarge', { limit: parser.limit ?? bodyLimit }),
      );
    }
    logger.error({ err: error, req_id: context(res).requestId }, 'unexpected error');
    const { t, requestId } = context(res);
    const body: ProblemDetails = {
      type: '/problems/internal',
      title: t('title.internal'),
      status: 500,
      detail: t('internal.unexpected'),
      instance: req.originalUrl.split('?')[0]!,
      request_id: requestId,
    };
    res.status(500).type(PROBLEM_MEDIA_TYPE).send(JSON.stringify(body));
  };
}

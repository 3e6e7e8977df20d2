import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import type { ProblemDetails } from '../../shared/api/types.ts';
import { MAX_PROBLEMS_PER_FILE } from '../../shared/fatturapa/problem-limit.ts';
import { ServiceError, type ErrorKind } from '../domain/service-error.ts';
import { clip } from './body-guard.ts';
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

/**
 * The challenge of every `401` (RFC 9110 requires one). Not `Basic`, although the key is sent with HTTP Basic: a
 * Basic challenge makes a browser prompt for a user name, then cache what was typed for the origin and send it
 * with every later request to it, cross-site ones included (an `<img>` or a link from any page would then read
 * and mark invoices read). Browsers prompt for no scheme they do not know. SECURITY.md, "Authentication".
 */
export const AUTH_CHALLENGE = 'ApiKey realm="v1"';

export function sendProblem(req: Request, res: Response, error: ServiceError): void {
  const body = problemBody(req, res, error);
  if (error.kind === 'unauthorized') res.set('WWW-Authenticate', AUTH_CHALLENGE);
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
    // However many problems a caller gathered, an answer lists a bounded number and counts the rest.
    const listed = problems.slice(0, MAX_PROBLEMS_PER_FILE);
    const omitted = (error.extras.omitted ?? 0) + problems.length - listed.length;
    if (omitted > 0) body.errors_omitted = omitted;
    body.errors = listed.map((p) => {
      const worded =
        'describe' in p
          ? p.describe(ctx.language)
          : { description: t(p.key, p.params), hint: p.hint ? t(p.hint, p.params) : null };
      // A hostile file's names (a 4 MB element name) reach paths and texts: each is cut to a readable size.
      return {
        code: p.code,
        description: clipText(worded.description),
        hint: worded.hint === null ? null : clipText(worded.hint),
        path: p.path === null ? null : clipText(p.path),
      };
    });
  }
  if (linked) body.linked = linked;
  if (parameter) body.parameter = parameter;
  return body;
}

const TEXT_MAX = 1000;

function clipText(text: string): string {
  return text.length <= TEXT_MAX ? text : `${text.slice(0, TEXT_MAX - 1)}…`;
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

interface ClientErrorFields {
  type?: string;
  status?: number;
  limit?: number;
  code?: string;
  charset?: string;
  encoding?: string;
}

/**
 * The problem for an error the request itself caused, thrown by the router or a body parser rather than by
 * this server's code: a path that does not percent-decode (Express 5 throws while matching `:id`), body-parser
 * types, multer/busboy failures, bodies that do not decompress. Null when the error is not the caller's doing.
 */
export function clientErrorProblem(error: unknown, req: Request, bodyLimit: number): ServiceError | null {
  if (typeof error !== 'object' || error === null) return null;
  const e = error as ClientErrorFields;
  const status = typeof e.status === 'number' ? e.status : undefined;
  if (error instanceof URIError && status === 400) return new ServiceError('bad-request', 'request.badPath');
  switch (e.type) {
    case 'entity.parse.failed':
      return new ServiceError('invalid', 'body.malformedJson');
    case 'entity.too.large':
      return new ServiceError('too-large', 'body.tooLarge', { limit: e.limit ?? bodyLimit });
    case 'charset.unsupported':
      return new ServiceError('unsupported-media-type', 'body.charset', { charset: clip(String(e.charset)) });
    case 'encoding.unsupported':
      return new ServiceError('unsupported-media-type', 'body.encoding', {
        encoding: clip(String(e.encoding ?? req.headers['content-encoding'])),
      });
    case 'request.aborted':
    case 'request.size.invalid':
      return new ServiceError('bad-request', 'body.incomplete');
  }
  if (e.code === 'LIMIT_FILE_SIZE') {
    return new ServiceError('too-large', 'body.tooLarge', { limit: e.limit ?? bodyLimit });
  }
  const contentEncoding = req.headers['content-encoding']?.trim().toLowerCase() ?? 'identity';
  if (status !== undefined && status >= 400 && status < 500) {
    // A zlib or brotli stream error on the way in: the body is not what its Content-Encoding says.
    if (contentEncoding !== 'identity' && (e.code?.startsWith('Z_') || e.code?.startsWith('ERR_'))) {
      return new ServiceError('bad-request', 'body.corrupt', { encoding: clip(contentEncoding) });
    }
    return new ServiceError('bad-request', 'request.malformed');
  }
  return null;
}

/** Last middleware: turns every error into problem+json; unexpected ones are logged and never leak details. */
export function errorHandler(logger: Logger, bodyLimit: number): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    if (res.headersSent) {
      // A streamed answer (an export) failed halfway: no problem can follow, only a cut connection.
      logger.error({ err: error, req_id: context(res).requestId }, 'error after the response started');
      res.destroy();
      return;
    }
    if (error instanceof ServiceError) return sendProblem(req, res, error);
    const problem = clientErrorProblem(error, req, bodyLimit);
    if (problem) return sendProblem(req, res, problem);
    const code = (error as { code?: unknown }).code;
    if (code === 'SQLITE_FULL' || code === 'ENOSPC') {
      // Disk full: the transaction rolled back, nothing half-written; the same request works once space returns.
      logger.error({ err: error, req_id: context(res).requestId }, 'storage full');
      return serverProblem(req, res, 507, 'insufficient-storage', 'internal.storageFull');
    }
    logger.error({ err: error, req_id: context(res).requestId }, 'unexpected error');
    serverProblem(req, res, 500, 'internal', 'internal.unexpected');
  };
}

/** A failure of the server itself (not the caller's request): no details beyond its kind, in the caller's language. */
function serverProblem(
  req: Request,
  res: Response,
  status: 500 | 507,
  slug: 'internal' | 'insufficient-storage',
  detail: 'internal.unexpected' | 'internal.storageFull',
): void {
  const { t, requestId } = context(res);
  const body: ProblemDetails = {
    type: `/problems/${slug}`,
    title: t(`title.${slug}`),
    status,
    detail: t(detail),
    instance: req.originalUrl.split('?')[0]!,
    request_id: requestId,
  };
  res.status(status).type(PROBLEM_MEDIA_TYPE).send(JSON.stringify(body));
}

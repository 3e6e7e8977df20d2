import type { RequestHandler } from 'express';
import type { TSchema } from 'typebox';
import { sortFields, type ApiOperation } from '../../shared/api/operation.ts';
import { OperationMatcher } from '../../shared/api/operation-match.ts';
import { API_OPERATIONS } from '../../shared/api/operations.ts';
import { ServiceError } from '../domain/service-error.ts';
import { QueryReader } from './query.ts';

interface ParameterSchema {
  type?: string;
  format?: string;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
}

/**
 * Checks one query parameter against its definition, with the reader a route uses itself, so a malformed value
 * gets the very problem (400, `parameter`, the caller's language) it always got.
 */
function checkParameter(reader: QueryReader, name: string, schema: TSchema): void {
  const s = schema as ParameterSchema;
  if (name === 'sort') {
    const fields = sortFields(schema);
    if (fields) reader.sorting(fields);
    return;
  }
  if (Array.isArray(s.enum)) reader.oneOf(name, s.enum.map(String));
  else if (s.type === 'integer') reader.integer(name, s.minimum, s.maximum);
  else if (s.type === 'boolean') reader.boolean(name);
  else if (s.format === 'date-time') reader.dateTime(name);
  else reader.string(name);
}

/**
 * Before a documented operation runs, checks each of its query parameters that the request carries against the
 * definitions in src/shared/api/operations.ts (the ones `/v1/openapi.json` publishes). Routes still read the values
 * they use with QueryReader; rules that tie parameters together (a date range's order, export periods) stay there.
 * Unknown parameters are ignored (query.ts says why), except in strict mode (`serve --strict`), where a parameter
 * the operation does not define is a 400 naming it and the ones it takes.
 */
export function queryChecks(
  operations: readonly ApiOperation[] = API_OPERATIONS,
  options: { strict?: boolean } = {},
): RequestHandler {
  const matcher = new OperationMatcher(
    operations
      .filter((op) => op.query || options.strict)
      .map((op) => ({ method: op.method, path: op.path, value: op })),
  );
  return (req, _res, next) => {
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    const operation = matcher.match(method, req.baseUrl + req.path);
    if (operation && options.strict) {
      const known = Object.keys(operation.query ?? {});
      const unknown = Object.keys(req.query as object).find((name) => !known.includes(name));
      if (unknown !== undefined) {
        const allowed = known.length > 0 ? known.join(', ') : '—';
        throw new ServiceError(
          'bad-request',
          'query.unknown',
          { parameter: unknown, allowed },
          { parameter: unknown },
        );
      }
    }
    if (operation?.query) {
      const reader = new QueryReader(req);
      for (const [name, schema] of Object.entries(operation.query)) checkParameter(reader, name, schema);
    }
    next();
  };
}

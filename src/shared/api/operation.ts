import Type, { type TSchema } from 'typebox';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './types.ts';

/**
 * How one API operation is described: enough for the server to check a request's parameters, for the tests to
 * find the operation a response answers, and for `/v1/openapi.json` to publish it. The table of every operation
 * is `operations.ts`; this file holds the shape and the parameter groups that many operations share.
 */

export type HttpVerb = 'get' | 'post' | 'put' | 'delete';

export const API_TAGS = {
  company: 'Companies the account invoices for.',
  send: 'Sending invoices to SDI, and checking them first.',
  receive: 'Invoices received through SDI.',
  update: 'SDI state changes of sent invoices, with their notification files.',
  log: 'Every API call made with the account’s keys.',
  webhook: 'Signed notifications of what happens, and their delivery history.',
  export: 'ZIP archives of sent and received invoices.',
  status: 'Operations and signatures left.',
  health: 'Whether the server works.',
  reference: 'This description.',
  sandbox: 'Sandbox only: steer the simulated SDI (clock, queue, arrivals, outcomes, reset). Test keys only.',
} as const;
export type ApiTag = keyof typeof API_TAGS;

export interface ResponseSpec {
  description: string;
  /** Media type → body schema; absent for an answer without a body. */
  content?: Record<string, TSchema>;
  headers?: Record<string, { description: string; schema: TSchema }>;
}

export interface ApiOperation {
  /** Unique, camelCase: the name generated clients give the call. */
  id: string;
  method: HttpVerb;
  /** The full path as OpenAPI writes it, e.g. `/v1/company/{id_or_vat}`. */
  path: string;
  tag: ApiTag;
  summary: string;
  description?: string;
  /** Not part of the v1 specification: only this sandbox answers it. */
  sandboxOnly?: boolean;
  /** Not in the v1 specification either, but answered for every key (live ones too): this server's additions. */
  addition?: boolean;
  /** Needs an API key (HTTP Basic, the key as user name); false for health and this description. */
  authenticated: boolean;
  pathParams?: Record<string, TSchema>;
  /** Every query parameter, in the order they are checked; the server rejects a malformed one with 400. */
  query?: Record<string, TSchema>;
  headers?: Record<string, TSchema>;
  body?: { required: boolean; description?: string; content: Record<string, TSchema> };
  responses: Record<number, ResponseSpec>;
  /** Statuses answered with application/problem+json (beside `default`, for any other failure). */
  problems: number[];
}

/** Sort parameter of a list: a field, or a field prefixed with `-` for descending order. */
export function Sort(fields: readonly string[]) {
  return Type.Enum([...fields, ...fields.map((f) => `-${f}`)], {
    description: "Sort by a field; prefix with '-' for descending order.",
  });
}

/** The fields a `sort` parameter accepts (its schema's enum without the `-` forms). */
export function sortFields(schema: TSchema): string[] | null {
  const values = (schema as { enum?: unknown[] }).enum;
  if (!Array.isArray(values)) return null;
  return values.filter((v): v is string => typeof v === 'string' && !v.startsWith('-'));
}

export const PAGING = {
  page: Type.Integer({ format: 'int32', minimum: 1, default: 1, description: 'Page number, from 1.' }),
  page_size: Type.Integer({
    format: 'int32',
    minimum: 1,
    maximum: PAGE_SIZE_MAX,
    default: PAGE_SIZE_DEFAULT,
    description: `Items per page, at most ${PAGE_SIZE_MAX}.`,
  }),
};

/** A `<prefix>_from` / `<prefix>_to` pair of instants; `_from` after `_to` is refused. */
export function dateRange(prefix: string, what: string): Record<string, TSchema> {
  return {
    [`${prefix}_from`]: Type.String({
      format: 'date-time',
      description: `${what} at or after (UTC ISO 8601).`,
    }),
    [`${prefix}_to`]: Type.String({
      format: 'date-time',
      description: `${what} at or before (UTC ISO 8601).`,
    }),
  };
}

export const COMPANY_FILTER = {
  company_id: Type.Integer({
    format: 'int32',
    description: 'Only this company (one of yours; another id is 404).',
  }),
};

export const TOTAL_COUNT = {
  'Service-Total-Count': {
    description: 'How many items all the pages hold.',
    schema: Type.Integer({ minimum: 0 }),
  },
};

export const LOCATION = {
  Location: { description: 'The address of the new record.', schema: Type.String() },
};

/** The failures any authenticated call may get: bad request, no or bad key, origin or quota refused, too many. */
export const AUTHENTICATED_PROBLEMS = [400, 401, 403, 429];

import type { RequestHandler } from 'express';
import type { TSchema } from 'typebox';
import type { ApiOperation } from '../../../shared/api/operation.ts';
import { OperationMatcher } from '../../../shared/api/operation-match.ts';
import { API_OPERATIONS } from '../../../shared/api/operations.ts';
import { EXTENSION_KEYWORD } from '../../../shared/api/schema-kit.ts';
import { context } from '../context.ts';

/** The parts of a published JSON schema the cut follows. */
interface SchemaNode {
  type?: string;
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  anyOf?: SchemaNode[];
  [EXTENSION_KEYWORD]?: boolean;
}

/**
 * `value` with only the fields `schema` publishes, sandbox extensions left out, recursively. Maps (a schema
 * without `properties`, such as `meta_data`) keep every key: their keys are the caller's own.
 */
export function keepPublicFields(schema: TSchema, value: unknown): unknown {
  const node = schema as SchemaNode;
  if (value === null || typeof value !== 'object') return value;
  if (node.anyOf) {
    const kind = Array.isArray(value) ? 'array' : 'object';
    const branch = node.anyOf.find((option) => option.type === kind);
    return branch ? keepPublicFields(branch as TSchema, value) : value;
  }
  if (Array.isArray(value))
    return node.items ? value.map((item) => keepPublicFields(node.items!, item)) : value;
  if (!node.properties) return value;
  const kept: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(value)) {
    const published = node.properties[name];
    if (published && !published[EXTENSION_KEYWORD])
      kept[name] = keepPublicFields(published as TSchema, field);
  }
  return kept;
}

function jsonSchemaOf(operation: ApiOperation, status: number): TSchema | null {
  return operation.responses[status]?.content?.['application/json'] ?? null;
}

/**
 * Strict mode: the JSON answers of the v1 operations keep only the fields their published schemas give, without
 * the sandbox's extensions (`document_number`, `document_date`). Every body sent whole passes through `res.send`,
 * where it is cut; a list page streamed item by item is cut per item (responses.ts, `publicItem`). The sandbox's
 * own routes and this server's additions have no public schema to keep to and are left as they are.
 */
export function keepToPublicSchemas(operations: readonly ApiOperation[] = API_OPERATIONS): RequestHandler {
  const matcher = new OperationMatcher(
    operations
      .filter((op) => !op.sandboxOnly && !op.addition)
      .map((op) => ({ method: op.method, path: op.path, value: op })),
  );
  return (req, res, next) => {
    const operation = matcher.match(req.method === 'HEAD' ? 'GET' : req.method, req.baseUrl + req.path);
    if (!operation) return next();
    const listItem = (jsonSchemaOf(operation, 200) as SchemaNode | null)?.items;
    if (listItem) context(res).publicItem = (item) => keepPublicFields(listItem as TSchema, item) as object;
    const send = res.send.bind(res);
    res.send = (body?: unknown) => {
      const schema = jsonSchemaOf(operation, res.statusCode);
      const type = String(res.get('Content-Type') ?? '');
      const text = Buffer.isBuffer(body) ? body.toString('utf8') : typeof body === 'string' ? body : null;
      if (!schema || text === null || !type.startsWith('application/json')) return send(body);
      return send(Buffer.from(JSON.stringify(keepPublicFields(schema, JSON.parse(text))), 'utf8'));
    };
    next();
  };
}

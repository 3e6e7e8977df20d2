import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { OpenAPIBackend } from 'openapi-backend';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';
import { buildOpenApiDocument } from '../../src/shared/api/openapi.ts';
import { OperationMatcher } from '../../src/shared/api/operation-match.ts';

const openapiFile = fileURLToPath(new URL('../../../shared/reference/openapi.yml', import.meta.url));

/**
 * Fields the specification adds to the public description (spec "Resources": document_number and
 * document_date; contract "Send and receive records"); everything else must match openapi.yml exactly.
 */
const SPEC_EXTENSIONS: Record<string, Record<string, unknown>> = {
  Send: {
    document_number: { type: 'string', nullable: true },
    document_date: { type: 'string', format: 'date-time', nullable: true },
  },
  Receive: {
    document_number: { type: 'string', nullable: true },
    document_date: { type: 'string', format: 'date-time', nullable: true },
  },
};

type Definition = {
  paths: Record<string, Record<string, { operationId?: string }>>;
  components: { schemas: Record<string, { properties: Record<string, unknown>; required?: string[] }> };
};

let backend: Promise<OpenAPIBackend | null> | null = null;

function load(): Promise<OpenAPIBackend | null> {
  backend ??= (async () => {
    if (!existsSync(openapiFile)) {
      console.warn(`[conformance] openapi.yml not found at ${openapiFile}: response bodies are not checked`);
      return null;
    }
    const definition = parse(readFileSync(openapiFile, 'utf8')) as Definition;
    for (const [schema, extra] of Object.entries(SPEC_EXTENSIONS)) {
      const target = definition.components.schemas[schema]!;
      Object.assign(target.properties, extra);
      // `payload` is required when a client submits a Send; in answers it is "present only when
      // requested (include_payload=true)" (spec "Resources"), so it cannot be required there.
      target.required = target.required?.filter((name) => name !== 'payload');
    }
    allowNullInNullableEnums(definition);
    // The public description has no operationIds; the validator needs one per operation.
    for (const [path, operations] of Object.entries(definition.paths)) {
      for (const [method, operation] of Object.entries(operations))
        operation.operationId ??= `${method} ${path}`;
    }
    const api = new OpenAPIBackend({
      definition: definition as never,
      quick: false,
      validate: true,
      strict: false,
      // Formats are part of the contract (a date-time must be one), so check them instead of ignoring them.
      customizeAjv: (ajv) => {
        addFormats.default(ajv as never);
        return ajv;
      },
    });
    await api.init();
    return api;
  })();
  return backend;
}

export interface ConformanceFailure {
  operation: string;
  errors: unknown;
}

/**
 * Loads both descriptions. Loading takes seconds of this process's time (which also runs the server under test):
 * done before a request is sent, no kept-alive connection sits idle long enough to be closed under the next one.
 */
export async function prepareConformance(): Promise<void> {
  loadOwn();
  await load();
}

/**
 * Checks one JSON response body against both descriptions: the public openapi.yml (where it documents the operation
 * and status) and this server's own `/v1/openapi.json` (every operation it answers). Returns null when it conforms.
 */
export async function checkConformance(
  method: string,
  path: string,
  status: number,
  body: unknown,
  contentType?: string,
): Promise<ConformanceFailure | null> {
  return (
    checkOwnConformance(method, path, status, body, contentType) ??
    (await checkPublicConformance(method, path, status, body))
  );
}

/** Against openapi.yml: null when it conforms, or when openapi.yml documents no JSON body for that operation. */
async function checkPublicConformance(
  method: string,
  path: string,
  status: number,
  body: unknown,
): Promise<ConformanceFailure | null> {
  const api = await load();
  if (!api) return null;
  const operation = api.matchOperation({ method, path: path.replace(/^\/v1/, ''), headers: {} });
  if (!operation) return null;
  const response = (
    operation.responses as Record<string, { content?: Record<string, unknown> }> | undefined
  )?.[String(status)];
  if (!response?.content) return null;
  const result = api.validateResponse(body, operation, status);
  return result.valid
    ? null
    : { operation: `openapi.yml: ${method} ${path} → ${status}`, errors: result.errors };
}

interface OwnOperation {
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
}

const OWN_ID = 'scambio-openapi.json';
let own: {
  matcher: OperationMatcher<OwnOperation>;
  ajv: Ajv2020;
  compiled: Map<string, ValidateFunction>;
} | null = null;

/** This server's description, as the server publishes it, with its component schemas loaded into Ajv (2020-12). */
function loadOwn(): NonNullable<typeof own> {
  if (own) return own;
  // The document's references point into it (#/components/schemas/X): as one Ajv schema they live under $defs.
  const text = JSON.stringify(buildOpenApiDocument()).replaceAll(
    '"#/components/schemas/',
    `"${OWN_ID}#/$defs/`,
  );
  const document = JSON.parse(text) as {
    paths: Record<string, Record<string, OwnOperation>>;
    components: { schemas: Record<string, unknown> };
  };
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv as never);
  ajv.addFormat('int32', {
    type: 'number',
    validate: (n: number) => Number.isInteger(n) && Math.abs(n) < 2 ** 31,
  });
  ajv.addSchema({ $id: OWN_ID, $defs: document.components.schemas });
  const entries = Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, value]) => ({ method, path, value })),
  );
  own = { matcher: new OperationMatcher(entries), ajv, compiled: new Map() };
  return own;
}

/**
 * Against `/v1/openapi.json`: the operation, the status (or `default`) and the media type must all be described,
 * and the body must match. A path the description does not have (an unknown route's 404) is left alone here: that
 * every route the server answers is described is test/sandbox-server/http/openapi.test.ts's job.
 */
export function checkOwnConformance(
  method: string,
  path: string,
  status: number,
  body: unknown,
  contentType?: string,
): ConformanceFailure | null {
  const { matcher, ajv, compiled } = loadOwn();
  const operation = matcher.match(method, path);
  if (!operation) return null;
  const where = `/v1/openapi.json: ${method} ${path} → ${status}`;
  const response = operation.responses[String(status)] ?? operation.responses.default;
  if (!response) return { operation: where, errors: 'status not described' };
  const media =
    contentType?.split(';')[0]!.trim().toLowerCase() ??
    (status >= 400 ? 'application/problem+json' : 'application/json');
  const content = response.content?.[media];
  if (!content) return { operation: where, errors: `no ${media} body described for this status` };
  const key = JSON.stringify(content.schema);
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile(content.schema as object);
    compiled.set(key, validate);
  }
  return validate(body) ? null : { operation: where, errors: validate.errors };
}

/**
 * A validator of a component schema of this server's `/v1/openapi.json` (e.g. `WebhookNotification`, which no
 * response carries): what a client generated from the server's own description accepts.
 */
export function ownComponentValidator(name: string): ValidateFunction {
  const { ajv } = loadOwn();
  const validate = ajv.getSchema(`${OWN_ID}#/$defs/${name}`);
  if (!validate) throw new Error(`/v1/openapi.json has no component ${name}`);
  return validate;
}

const PUBLIC_ID = 'openapi.yml';
let publicComponents: { ajv: Ajv; schemas: Record<string, { properties?: Record<string, unknown> }> } | null =
  null;

/**
 * A validator of a component schema of the public openapi.yml, as a client generated from it reads the JSON:
 * its types, formats (int32 included), required fields, non-null fields and `additionalProperties: false`;
 * `extensions` are the properties the contract adds to it (a webhook body is an `Event` with its `event` name).
 * Null when openapi.yml is not there.
 */
export function publicComponentValidator(
  name: string,
  extensions: Record<string, unknown> = {},
): ValidateFunction | null {
  if (!existsSync(openapiFile)) return null;
  publicComponents ??= (() => {
    const definition = parse(readFileSync(openapiFile, 'utf8')) as Definition;
    allowNullInNullableEnums(definition);
    // OpenAPI 3.0 schemas are draft-04/07 JSON Schema plus `nullable`, which Ajv reads as such.
    const text = JSON.stringify(definition.components.schemas).replaceAll(
      '"#/components/schemas/',
      `"${PUBLIC_ID}#/$defs/`,
    );
    const schemas = JSON.parse(text) as Record<string, { properties?: Record<string, unknown> }>;
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats.default(ajv as never);
    ajv.addFormat('int32', {
      type: 'number',
      validate: (n: number) => Number.isInteger(n) && Math.abs(n) < 2 ** 31,
    });
    ajv.addSchema({ $id: PUBLIC_ID, $defs: schemas });
    return { ajv, schemas };
  })();
  const schema = publicComponents.schemas[name];
  if (!schema) throw new Error(`openapi.yml has no component ${name}`);
  return publicComponents.ajv.compile({
    ...schema,
    properties: { ...schema.properties, ...extensions },
  });
}

/**
 * OpenAPI 3.0.3 clarified that `nullable: true` does not admit null unless the enum lists it; the public
 * description means null (e.g. "latest_state … Null when no update has been received yet"), so say so.
 */
function allowNullInNullableEnums(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(allowNullInNullableEnums);
  if (typeof node !== 'object' || node === null) return;
  const schema = node as { nullable?: boolean; enum?: unknown[] };
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null))
    schema.enum.push(null);
  Object.values(node).forEach(allowNullInNullableEnums);
}

import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { OpenAPIBackend } from 'openapi-backend';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

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
 * Checks one JSON response body against its schema in openapi.yml. Returns null when it conforms, or
 * when openapi.yml documents no JSON body for that operation and status.
 */
export async function checkConformance(
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
  return result.valid ? null : { operation: `${method} ${path} → ${status}`, errors: result.errors };
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

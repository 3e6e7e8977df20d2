import type { TSchema } from 'typebox';
import { API_TAGS, type ApiOperation } from './operation.ts';
import { API_OPERATIONS } from './operations.ts';
import {
  ClockChangeSchema,
  ClockMovedSchema,
  ClockPreviewSchema,
  ClockStateSchema,
  ResetCountsSchema,
  EsitoInputSchema,
  EsitoOutcomeSchema,
  GenerateInvoiceSchema,
  ScartoEsitoSchema,
  HeldInvoiceSchema,
  InboundDeliveredSchema,
  InboundHeldSchema,
  QueuedJobSchema,
  ResetInputSchema,
  ResetResultSchema,
  LocalReceiverInputSchema,
  LocalReceiverStateSchema,
  ReceivedDeliverySchema,
  SeedInputSchema,
  SeedReportSchema,
  WebhookDeliverySchema,
  FaultMarkSchema,
  FaultRuleInputSchema,
  FaultRuleSchema,
  RateLimitInputSchema,
  RateLimitStateSchema,
  SandboxLogEventSchema,
} from './sandbox-schemas.ts';
import {
  ReceiverBehaviourInputSchema,
  ReceiverBehaviourSchema,
  ReceiverCheckCaseSchema,
  ReceiverCheckReportSchema,
} from './webhook-tools.ts';
import {
  AccountStatusSchema,
  CompanyInputSchema,
  CompanySchema,
  CompanyUpdateSchema,
  DocumentDataSchema,
  HealthReportSchema,
  LinkedDataSchema,
  LogEventSchema,
  PayloadEncodingSchema,
  ProblemDetailsSchema,
  ReceiveNotificationSchema,
  ReceiveSchema,
  SendInputSchema,
  SendReducedSchema,
  SendSchema,
  SendStateSchema,
  SignatureModeSchema,
  UpdateErrorSchema,
  UpdateSchema,
  ValidationProblemSchema,
  WebhookEventSchema,
  WebHookHistorySchema,
  WebHookInputSchema,
  WebhookNotificationSchema,
  WebHookSchema,
  WebHookUpdateSchema,
} from './schemas.ts';
import { fatturaComponents } from './fattura-schemas.ts';
import { SIGNATURE_HEADER } from './webhook-signature.ts';
import { API_VERSION } from './types.ts';

/**
 * `/v1/openapi.json`: the OpenAPI 3.1 description of this server, generated from the definitions in schemas.ts,
 * sandbox-schemas.ts and operations.ts. Nothing here is written a second time: a change there changes the document.
 * What only the sandbox answers carries `x-sandbox-only: true`; what this server adds to the v1 specification for
 * every key carries `x-scambio-addition: true`.
 */

export const PROBLEM_MEDIA_TYPE = 'application/problem+json';
export const OPENAPI_PATH = '/v1/openapi.json';
/** The security scheme of the `notification` webhook: the signature a receiver checks. */
export const WEBHOOK_SIGNATURE_SCHEME = 'webhookSignature';

/** Published under `#/components/schemas`; wherever one of them appears inside another, it becomes a `$ref`. */
export const COMPONENT_SCHEMAS: Record<string, TSchema> = {
  Company: CompanySchema,
  CompanyInput: CompanyInputSchema,
  CompanyUpdate: CompanyUpdateSchema,
  DocumentData: DocumentDataSchema,
  Send: SendSchema,
  SendInput: SendInputSchema,
  SendState: SendStateSchema,
  SignatureMode: SignatureModeSchema,
  PayloadEncoding: PayloadEncodingSchema,
  Receive: ReceiveSchema,
  ReceiveNotification: ReceiveNotificationSchema,
  LogEvent: LogEventSchema,
  Update: UpdateSchema,
  UpdateError: UpdateErrorSchema,
  SendReduced: SendReducedSchema,
  AccountStatus: AccountStatusSchema,
  HealthReport: HealthReportSchema,
  WebHook: WebHookSchema,
  WebHookInput: WebHookInputSchema,
  WebHookUpdate: WebHookUpdateSchema,
  WebHookHistory: WebHookHistorySchema,
  WebhookEvent: WebhookEventSchema,
  WebhookNotification: WebhookNotificationSchema,
  ProblemDetails: ProblemDetailsSchema,
  ValidationProblem: ValidationProblemSchema,
  LinkedData: LinkedDataSchema,
  SandboxClock: ClockStateSchema,
  SandboxClockChange: ClockChangeSchema,
  SandboxClockMoved: ClockMovedSchema,
  SandboxClockPreview: ClockPreviewSchema,
  SandboxQueuedJob: QueuedJobSchema,
  SandboxHeldInvoice: HeldInvoiceSchema,
  SandboxGenerateInvoice: GenerateInvoiceSchema,
  SandboxInboundDelivered: InboundDeliveredSchema,
  SandboxInboundHeld: InboundHeldSchema,
  SandboxEsito: EsitoInputSchema,
  SandboxEsitoOutcome: EsitoOutcomeSchema,
  SandboxScartoEsito: ScartoEsitoSchema,
  SandboxResetInput: ResetInputSchema,
  SandboxResetResult: ResetResultSchema,
  SandboxResetCounts: ResetCountsSchema,
  SandboxWebhookDelivery: WebhookDeliverySchema,
  SandboxReceiver: LocalReceiverStateSchema,
  SandboxReceiverInput: LocalReceiverInputSchema,
  SandboxReceivedDelivery: ReceivedDeliverySchema,
  SandboxSeedInput: SeedInputSchema,
  SandboxSeedReport: SeedReportSchema,
  SandboxFaultRule: FaultRuleSchema,
  SandboxFaultRuleInput: FaultRuleInputSchema,
  SandboxFaultMark: FaultMarkSchema,
  SandboxLogEvent: SandboxLogEventSchema,
  SandboxRateLimits: RateLimitStateSchema,
  SandboxRateLimitsInput: RateLimitInputSchema,
  SandboxReceiverCheckReport: ReceiverCheckReportSchema,
  SandboxReceiverCheckCase: ReceiverCheckCaseSchema,
  SandboxReceiverBehaviour: ReceiverBehaviourSchema,
  SandboxReceiverBehaviourInput: ReceiverBehaviourInputSchema,
};
const SANDBOX_COMPONENT = /^Sandbox/;

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request: a malformed query parameter, header or request.',
  401: 'No API key, or not a valid one.',
  403: 'Not allowed: the origin is not allowed for the key, operations are used up, or a live key on the sandbox API.',
  404: 'Not found.',
  409: 'Conflict with what is stored.',
  413: 'Body too large.',
  415: 'Unsupported charset or content coding.',
  422: 'Unprocessable: every problem is listed in `errors`.',
  429: 'Too many requests: see Retry-After and the RateLimit-* headers.',
  507: 'The server has no disk space left; nothing was stored.',
};

type Json = Record<string, unknown>;

/** A definition as plain JSON: TypeBox keeps its own markers in non-enumerable properties, which are left out. */
function plain(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(plain);
  if (typeof node !== 'object' || node === null) return node;
  const copy = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, plain(value)]));
  // An enum of texts says it is text: readers (and generated clients) otherwise take it for `any`.
  const values = copy.enum;
  if (Array.isArray(values) && copy.type === undefined && values.every((v) => typeof v === 'string'))
    return { type: 'string', ...copy };
  return copy;
}

class SchemaWriter {
  private readonly names = new Map<string, string>();
  /** The same components by their definition without its description: what a parameter's value may be. */
  private readonly undescribed = new Map<string, string>();

  constructor(components: Record<string, TSchema>) {
    for (const [name, schema] of Object.entries(components)) {
      const { description: _, ...definition } = plain(schema) as Json;
      const key = JSON.stringify(plain(schema));
      if (!this.names.has(key)) this.names.set(key, name);
      const bare = JSON.stringify(definition);
      if (!this.undescribed.has(bare)) this.undescribed.set(bare, name);
    }
  }

  /** The schema with every component inside it (or itself, unless `self` names it) replaced by a `$ref`. */
  write(schema: unknown, self?: string): unknown {
    return this.refs(plain(schema), self);
  }

  /**
   * A parameter's schema (its description already taken up by the parameter): a component's values with a
   * default of its own (`signature`, Auto or None) is a `$ref` beside that default, as OpenAPI 3.1 allows.
   */
  writeParameter(schema: Json): unknown {
    const { default: fallback, ...definition } = schema;
    const name = this.undescribed.get(JSON.stringify(definition));
    if (name === undefined) return this.write(schema);
    const ref: Json = { $ref: `#/components/schemas/${name}` };
    return fallback === undefined ? ref : { ...ref, default: fallback };
  }

  private refs(node: unknown, self?: string): unknown {
    if (Array.isArray(node)) return node.map((item) => this.refs(item));
    if (typeof node !== 'object' || node === null) return node;
    const name = this.names.get(JSON.stringify(node));
    if (name !== undefined && name !== self) return { $ref: `#/components/schemas/${name}` };
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, this.refs(value)]));
  }
}

function parameter(
  writer: SchemaWriter,
  name: string,
  where: string,
  schema: TSchema,
  required: boolean,
): Json {
  const { description, ...rest } = plain(schema) as Json;
  const param: Json = { name, in: where, required, schema: writer.writeParameter(rest) };
  if (typeof description === 'string') param.description = description;
  if (name === 'Sandbox-Scenario') param['x-sandbox-only'] = true;
  return param;
}

function content(writer: SchemaWriter, media: Record<string, TSchema>): Json {
  return Object.fromEntries(
    Object.entries(media).map(([type, schema]) => [type, { schema: writer.write(schema) }]),
  );
}

function operationObject(writer: SchemaWriter, op: ApiOperation): Json {
  const parameters = [
    ...Object.entries(op.pathParams ?? {}).map(([n, s]) => parameter(writer, n, 'path', s, true)),
    ...Object.entries(op.query ?? {}).map(([n, s]) => parameter(writer, n, 'query', s, false)),
    ...Object.entries(op.headers ?? {}).map(([n, s]) => parameter(writer, n, 'header', s, false)),
  ];
  const responses: Json = {};
  for (const [status, response] of Object.entries(op.responses)) {
    const out: Json = { description: response.description };
    if (response.content) out.content = content(writer, response.content);
    if (response.headers) {
      out.headers = Object.fromEntries(
        Object.entries(response.headers).map(([name, h]) => [
          name,
          { description: h.description, schema: writer.write(h.schema) },
        ]),
      );
    }
    responses[status] = out;
  }
  const problem = { [PROBLEM_MEDIA_TYPE]: { schema: { $ref: '#/components/schemas/ProblemDetails' } } };
  for (const status of op.problems) {
    responses[String(status)] ??= { description: STATUS_TEXT[status] ?? 'Problem.', content: problem };
  }
  responses.default = { description: 'Any other failure, as RFC 9457 problem details.', content: problem };

  const operation: Json = {
    operationId: op.id,
    tags: [op.tag],
    summary: op.summary,
  };
  if (op.description) operation.description = op.description;
  if (parameters.length > 0) operation.parameters = parameters;
  if (op.body) {
    operation.requestBody = { required: op.body.required, content: content(writer, op.body.content) };
    if (op.body.description) (operation.requestBody as Json).description = op.body.description;
  }
  operation.responses = responses;
  operation.security = op.authenticated ? [{ apiKey: [] }] : [];
  if (op.sandboxOnly) operation['x-sandbox-only'] = true;
  if (op.addition) operation['x-scambio-addition'] = true;
  return operation;
}

export interface OpenApiOptions {
  /** The server's own address (e.g. `http://127.0.0.1:8780`); relative `/` when unknown. */
  serverUrl?: string;
  operations?: readonly ApiOperation[];
}

/** The whole OpenAPI 3.1 document. */
export function buildOpenApiDocument(options: OpenApiOptions = {}): Json {
  const writer = new SchemaWriter(COMPONENT_SCHEMAS);
  const paths: Record<string, Json> = {};
  for (const op of options.operations ?? API_OPERATIONS) {
    paths[op.path] ??= {};
    paths[op.path]![op.method] = operationObject(writer, op);
  }
  const schemas = Object.fromEntries(
    Object.entries(COMPONENT_SCHEMAS).map(([name, schema]) => {
      const written = writer.write(schema, name) as Json;
      return [name, SANDBOX_COMPONENT.test(name) ? { ...written, 'x-sandbox-only': true } : written];
    }),
  );
  // The FatturaPA JSON body of /send/json, written from the invoice model rather than from TypeBox.
  for (const [name, schema] of Object.entries(fatturaComponents())) {
    if (name in schemas) throw new Error(`OpenAPI component ${name} is defined twice`);
    schemas[name] = schema;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Scambio sandbox API',
      version: `${API_VERSION}`,
      description: [
        'The v1 API of the Italian e-invoicing interchange service (SDI), as the Scambio sandbox answers it: the',
        'same resources, a simulated SDI behind them, and a control API to steer it.',
        '',
        '- **Keys**: HTTP Basic with the API key as user name and an empty password. `ik_test_` keys use the',
        '  sandbox environment, `ik_live_` keys the (simulated) live one; each has its own data.',
        '- **Errors**: RFC 9457 `application/problem+json`, worded in Italian, English or German (`Accept-Language`).',
        '- **Lists**: `page`, `page_size` (at most 200), `sort`; the total is in `Service-Total-Count`.',
        '- **Limits**: per-key rate limits with `RateLimit-*` headers; `429` with `Retry-After`.',
        '- **Webhooks**: notifications are signed with `Service-Signature` (see the `notification` webhook).',
        '',
        'What only this sandbox answers is marked `x-sandbox-only: true` (the `sandbox` tag, the',
        '`Sandbox-Scenario` header); what it adds to the v1 specification for every key is marked',
        '`x-scambio-addition: true`.',
      ].join('\n'),
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: options.serverUrl ?? '/', description: 'This sandbox' }],
    tags: Object.entries(API_TAGS).map(([name, description]) =>
      name === 'sandbox' ? { name, description, 'x-sandbox-only': true } : { name, description },
    ),
    paths,
    webhooks: {
      notification: {
        post: {
          operationId: 'webhookNotification',
          tags: ['webhook'],
          summary: 'What your webhook URL receives',
          description:
            'POSTed to each enabled webhook subscribed to the event; retried with backoff until a 2xx answer, for up to 7 days.',
          // What the receiver checks before it trusts the body (spec "Webhooks" 3, contract "Webhooks").
          security: [{ [WEBHOOK_SIGNATURE_SCHEME]: [] }],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/WebhookNotification' } } },
          },
          responses: { '200': { description: 'Any 2xx answer marks the delivery successful.' } },
        },
      },
    },
    components: {
      schemas,
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'basic',
          description: 'The API key as user name, an empty password.',
        },
        [WEBHOOK_SIGNATURE_SCHEME]: {
          type: 'apiKey',
          in: 'header',
          name: SIGNATURE_HEADER,
          description: [
            'How a webhook receiver knows a notification comes from this server: every notification carries',
            '`Service-Signature: t=<unix seconds>,v1=<lowercase hex HMAC-SHA256 of "<t>.<raw body>">`, keyed',
            "with the webhook's `secret` (returned once, when the webhook is created). Recompute it over the raw",
            'body, compare in constant time, and refuse an old `t`.',
          ].join('\n'),
        },
      },
    },
  };
}

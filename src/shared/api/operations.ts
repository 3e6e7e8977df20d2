import Type, { type TSchema } from 'typebox';
import {
  AUTHENTICATED_PROBLEMS,
  COMPANY_FILTER,
  dateRange,
  LOCATION,
  PAGING,
  Sort,
  TOTAL_COUNT,
  type ApiOperation,
  type ResponseSpec,
} from './operation.ts';
import {
  ClockChangeSchema,
  ClockMovedSchema,
  ClockPreviewSchema,
  ClockStateSchema,
  EsitoInputSchema,
  EsitoOutcomeSchema,
  FaultRuleInputSchema,
  FaultRuleSchema,
  HeldInvoiceSchema,
  InboundDeliveredSchema,
  InboundHeldSchema,
  InboundInputSchema,
  LocalReceiverInputSchema,
  LocalReceiverStateSchema,
  PA_OFFICE_CODE_PATTERN,
  PaOfficeInputSchema,
  PaOfficeSchema,
  QueuedJobSchema,
  RateLimitInputSchema,
  RateLimitStateSchema,
  ResetInputSchema,
  ResetResultSchema,
  SandboxLogEventSchema,
  SeedInputSchema,
  SeedReportSchema,
  WebhookDeliverySchema,
} from './sandbox-schemas.ts';
import {
  AccountStatusSchema,
  CompanyInputSchema,
  CompanySchema,
  CompanyUpdateSchema,
  HealthReportSchema,
  LogEventSchema,
  ReceiveNotificationSchema,
  ReceiveSchema,
  SendInputSchema,
  SendSchema,
  SendStateSchema,
  UpdateSchema,
  WebHookHistorySchema,
  WebHookInputSchema,
  WebHookSchema,
  WebHookUpdateSchema,
} from './schemas.ts';
import { LOG_TAIL_MAX_WAIT_SECONDS, OWN_CALLS, OWN_USER_AGENT_HEADER, STATUS_CLASSES } from './log-view.ts';
import { SEND_IDS_MAX, SIGNATURE_MODES, WEBHOOK_EVENTS } from './types.ts';
import {
  ReceiverBehaviourInputSchema,
  ReceiverBehaviourSchema,
  ReceiverCheckReportSchema,
} from './webhook-tools.ts';
import { FATTURA_ROOT_COMPONENT } from './fattura-schemas.ts';

/**
 * Every operation this server answers, sandbox extensions included: the table the server checks query parameters
 * with (src/sandbox-server/http/request-checks.ts), the tests match responses against, and `/v1/openapi.json`
 * publishes (openapi.ts). A route the server answers that is missing here fails test/sandbox-server/http/openapi.
 */

/** The fields each list sorts by; the store's own lists must be the same (checked by the OpenAPI tests). */
export const SORT_FIELDS = {
  company: ['id', 'created', 'name', 'vat', 'fiscal_code'],
  invoice: ['id', 'created', 'document_date', 'date_sent', 'last_update', 'company_id'],
  log: ['id', 'created', 'date_time', 'status_code', 'company_id'],
  update: ['id', 'created', 'last_update', 'company_id', 'send_id'],
  webhook: ['id', 'created', 'url', 'company_id'],
  webhookHistory: ['id', 'created', 'date_time', 'status_code'],
} as const;

const JSON_TYPE = 'application/json';
const json = (schema: TSchema): Record<string, TSchema> => ({ [JSON_TYPE]: schema });
const ok = (description: string, schema: TSchema): ResponseSpec => ({ description, content: json(schema) });
const list = (description: string, item: TSchema): ResponseSpec => ({
  description,
  content: json(Type.Array(item)),
  headers: TOTAL_COUNT,
});
const created = (description: string, schema: TSchema): ResponseSpec => ({
  description,
  content: json(schema),
  headers: LOCATION,
});

/** An SDI message file, sent as `Content-Disposition: attachment` with SDI's file name. */
const xmlFile = (description: string): ResponseSpec => ({
  description,
  content: { 'application/xml': Type.String() },
});

const ResourceId = Type.Integer({ format: 'int32', description: 'The id.' });
const idPath = { id: ResourceId };
const includePayload = {
  include_payload: Type.Boolean({ default: false, description: 'Add the file (`payload`) to the answer.' }),
};

/** Filters `GET /send` and `GET /receive` share (spec "Filters"). */
const INVOICE_FILTERS: Record<string, TSchema> = {
  ...COMPANY_FILTER,
  ...dateRange('last_update', 'Last SDI state change'),
  ...dateRange('date_sent', 'Reception by SDI'),
  ...dateRange('document_date', 'Date of the first document'),
  identifier: Type.String({ description: 'SDI identifier.' }),
  committente: Type.String({ description: "Customer's VAT number." }),
  prestatore: Type.String({ description: "Supplier's VAT number." }),
  file_name: Type.String({ description: 'SDI file name.' }),
  document_number: Type.String({ description: 'Number of a document in the file.' }),
  include_payload: includePayload.include_payload,
  q: Type.String({ description: 'Full-text search: names, VAT numbers, identifier, file name, number.' }),
  sort: Sort(SORT_FIELDS.invoice),
  ...PAGING,
};

/** `/log`'s filters, which the sandbox's log view (`/_sandbox/log`) takes too. */
const LOG_FILTERS: Record<string, TSchema> = {
  ...COMPANY_FILTER,
  ...dateRange('date_created', 'Recorded'),
  ...dateRange('date_time', 'Made'),
  endpoint: Type.String({ description: 'Path called.' }),
  method: Type.String({ description: 'HTTP method.' }),
  api_verion: Type.Integer({
    format: 'int32',
    description: 'API version (spelled as in the specification).',
  }),
  status_code: Type.Integer({
    format: 'int32',
    minimum: 100,
    maximum: 599,
    description: 'Status of the answer.',
  }),
  success: Type.Boolean({ description: 'Only 2xx (true) or only failures (false).' }),
  user_agent: Type.String({ description: "Caller's User-Agent." }),
  query: Type.String({ description: 'Text in the query string.' }),
  sort: Sort(SORT_FIELDS.log),
  ...PAGING,
};

/** The sandbox log view's own filters, beside `/log`'s. */
const LOG_VIEW_FILTERS: Record<string, TSchema> = {
  ...LOG_FILTERS,
  status_class: Type.Enum(STATUS_CLASSES, { description: 'Only answers of this class.' }),
  own: Type.Enum(OWN_CALLS, {
    default: 'show',
    description: "The caller's own calls (same User-Agent as this request): show, hide, or only them.",
  }),
};
const OWN_AGENT = {
  [OWN_USER_AGENT_HEADER]: {
    description: 'The User-Agent (URI-encoded) that counted as "own".',
    schema: Type.String(),
  },
};

/** A long poll's longest wait, in seconds. */
const RECEIVER_WAIT_MAX_SECONDS = 25;

const submission = {
  validate: Type.Boolean({
    default: false,
    description: 'Check the file as /send/validate does before sending; 422 with every problem.',
  }),
  signature: Type.Enum(SIGNATURE_MODES, {
    default: 'Auto',
    description: 'How the service signs the file: None, Apply, Force or Auto (FPA12 only).',
  }),
};
const validation = {
  signature: Type.Enum(SIGNATURE_MODES, {
    default: 'Auto',
    description:
      'Check the file as it would be sent with this signature mode: Auto by default, as a send (an unsigned FPA12 passes, since the service would sign it); None checks it as it is. An extension of the public API.',
  }),
};
const submissionHeaders = {
  'Idempotency-Key': Type.String({
    minLength: 1,
    maxLength: 255,
    description: 'A retry with the same key and request replays the first answer instead of sending again.',
  }),
  'Sandbox-Scenario': Type.String({
    description:
      'Sandbox only (test keys; ignored with a live key): force steps of the simulated SDI, `;`-separated, e.g. `scarto=00404`, `deliver=NonConsegnato`, `timing=realistic`. A malformed one is a 400 naming it. See docs/sandbox.md "Steering the outcome".',
    examples: [
      'scarto=00404',
      'deliver=ImpossibilitaDiRecapito',
      'esito=EC02',
      'delay=30s',
      'timing=realistic',
      'redeliver=2d',
      'deliver=NonConsegnato;redeliver=never',
    ],
  }),
};
/** The FatturaPA document as JSON: its schema is published beside the others (fattura-schemas.ts). */
const FatturaJson = Type.Unsafe<unknown>({ $ref: `#/components/schemas/${FATTURA_ROOT_COMPONENT}` });
const multipartFile = {
  'multipart/form-data': Type.Object({
    file: Type.String({
      contentEncoding: 'binary',
      description:
        'The .xml or .xml.p7m file, stored byte for byte. Its file name is its name at SDI and must follow the ' +
        'same rule as `file_name` on POST /v1/send: otherwise 422 with SDI code 00001.',
    }),
  }),
};
const xmlBody = { 'application/xml': Type.String({ description: 'The FatturaPA XML file.' }) };

/** What any request may get before its route runs, for the body it announces (http/body-guard.ts). */
const UNREAD_BODY_PROBLEMS = [413, 415];

const SUBMISSION_PROBLEMS = [...AUTHENTICATED_PROBLEMS, 409, 413, 415, 422, 507];
const VALIDATED = { description: 'SDI would accept the file.' };

function sendOperation(
  id: string,
  path: string,
  summary: string,
  body: Record<string, TSchema>,
): ApiOperation {
  return {
    id,
    method: 'post',
    path,
    tag: 'send',
    summary,
    authenticated: true,
    query: submission,
    headers: submissionHeaders,
    body: { required: true, content: body },
    responses: { 201: created('Stored and on its way to SDI.', SendSchema) },
    problems: SUBMISSION_PROBLEMS,
  };
}

function validateOperation(
  id: string,
  path: string,
  summary: string,
  body: Record<string, TSchema>,
): ApiOperation {
  return {
    id,
    method: 'post',
    path,
    tag: 'send',
    summary,
    description: 'Checks the file as SDI would, listing every problem of every stage. Stores nothing.',
    authenticated: true,
    query: validation,
    body: { required: true, content: body },
    responses: { 204: VALIDATED },
    problems: [...AUTHENTICATED_PROBLEMS, 413, 415, 422],
  };
}

/** The stored file of a sent or received invoice, byte for byte (store/payload.ts `payloadFile`). */
function payloadOperation(id: string, path: string, tag: 'send' | 'receive', summary: string): ApiOperation {
  return {
    id,
    method: 'get',
    path,
    tag,
    summary,
    authenticated: true,
    pathParams: idPath,
    responses: {
      200: {
        description:
          'The file exactly as received. An invoice that came as XML is its file, byte for byte, in its own ' +
          'encoding (UTF-8, ISO-8859-1, UTF-16 with its byte order mark…), named by the `charset` of the ' +
          'Content-Type: its SHA-256 is the `Hash` (`HashFileOriginale`) of the SDI notifications. One that came ' +
          'as Base64, or signed (.p7m), is the Base64 of its file.',
        content: { 'text/plain': Type.String() },
      },
    },
    problems: [...AUTHENTICATED_PROBLEMS, 404],
  };
}

const sandbox = (operation: Omit<ApiOperation, 'tag' | 'sandboxOnly' | 'authenticated'>): ApiOperation => ({
  ...operation,
  tag: 'sandbox',
  sandboxOnly: true,
  authenticated: true,
  problems: [...new Set([...AUTHENTICATED_PROBLEMS, ...operation.problems])].sort((a, b) => a - b),
});

export const API_OPERATIONS: readonly ApiOperation[] = [
  {
    id: 'getHealth',
    method: 'get',
    path: '/v1/health',
    tag: 'health',
    summary: 'Server health',
    description: 'No key needed; 12 requests a minute per address.',
    authenticated: false,
    responses: {
      200: ok('Every check passes.', HealthReportSchema),
      503: ok('A check fails.', HealthReportSchema),
    },
    problems: [...UNREAD_BODY_PROBLEMS, 429],
  },
  {
    id: 'getOpenApi',
    method: 'get',
    path: '/v1/openapi.json',
    tag: 'reference',
    summary: 'This OpenAPI description',
    description: 'No key needed. Generated from the same definitions the server checks requests with.',
    addition: true,
    authenticated: false,
    responses: {
      200: ok(
        'OpenAPI 3.1 document.',
        Type.Object({ openapi: Type.String() }, { additionalProperties: true }),
      ),
    },
    // No key and no parameters, but the checks every request passes before its route (http/body-guard.ts)
    // still apply: a body announced over the limit, an unknown charset or content coding.
    problems: [...UNREAD_BODY_PROBLEMS],
  },

  // Companies
  {
    id: 'listCompanies',
    method: 'get',
    path: '/v1/company',
    tag: 'company',
    summary: 'List companies',
    authenticated: true,
    query: {
      q: Type.String({ description: 'Search name, VAT number and fiscal code.' }),
      sort: Sort(SORT_FIELDS.company),
      ...PAGING,
    },
    responses: { 200: list('A page of companies.', CompanySchema) },
    problems: AUTHENTICATED_PROBLEMS,
  },
  {
    id: 'getCompany',
    method: 'get',
    path: '/v1/company/{id_or_vat}',
    tag: 'company',
    summary: 'Get a company by id or VAT number',
    authenticated: true,
    pathParams: { id_or_vat: Type.String({ description: 'The id, or the VAT number (IT01234567890).' }) },
    responses: { 200: ok('The company.', CompanySchema) },
    problems: [...AUTHENTICATED_PROBLEMS, 404],
  },
  {
    id: 'createCompany',
    method: 'post',
    path: '/v1/company',
    tag: 'company',
    summary: 'Add a company',
    description: 'Invoices held for its VAT number are delivered to it at once.',
    authenticated: true,
    body: { required: true, content: json(CompanyInputSchema) },
    responses: { 201: created('The new company.', CompanySchema) },
    problems: [...AUTHENTICATED_PROBLEMS, 409, 413, 415, 422],
  },
  {
    id: 'updateCompany',
    method: 'put',
    path: '/v1/company',
    tag: 'company',
    summary: 'Change a company',
    authenticated: true,
    body: { required: true, content: json(CompanyUpdateSchema) },
    responses: { 200: ok('The changed company.', CompanySchema) },
    problems: [...AUTHENTICATED_PROBLEMS, 404, 409, 413, 415, 422],
  },
  {
    id: 'deleteCompany',
    method: 'delete',
    path: '/v1/company/{id_or_vat}',
    tag: 'company',
    summary: 'Delete a company',
    description: 'With linked data, 409 counts it (`linked`) unless force=true deletes it all.',
    authenticated: true,
    pathParams: { id_or_vat: Type.String({ description: 'The id, or the VAT number.' }) },
    query: {
      force: Type.Boolean({ default: false, description: 'Delete its invoices, updates and log too.' }),
    },
    responses: { 200: ok('The deleted company.', CompanySchema) },
    problems: [...AUTHENTICATED_PROBLEMS, 404, 409],
  },

  // Sending
  {
    id: 'listSends',
    method: 'get',
    path: '/v1/send',
    tag: 'send',
    summary: 'List sent invoices',
    authenticated: true,
    query: {
      ...INVOICE_FILTERS,
      latest_state: SendStateSchema,
      ids: Type.String({
        pattern: '^[0-9, ]*$',
        description: `Comma-separated ids, at most ${SEND_IDS_MAX}.`,
      }),
    },
    responses: { 200: list('A page of sent invoices.', SendSchema) },
    problems: [...AUTHENTICATED_PROBLEMS, 404],
  },
  payloadOperation('getSendPayload', '/v1/send/{id}/payload', 'send', 'The file of a sent invoice'),
  {
    id: 'getSend',
    method: 'get',
    path: '/v1/send/{id_or_identifier}',
    tag: 'send',
    summary: 'Get a sent invoice by id or SDI identifier',
    authenticated: true,
    pathParams: { id_or_identifier: Type.String({ description: 'The id, or the SDI identifier.' }) },
    query: includePayload,
    responses: { 200: ok('The sent invoice.', SendSchema) },
    problems: [...AUTHENTICATED_PROBLEMS, 404],
  },
  sendOperation(
    'send',
    '/v1/send',
    'Send an invoice (JSON with the file as text or Base64)',
    json(SendInputSchema),
  ),
  sendOperation('sendXml', '/v1/send/xml', 'Send an XML file', xmlBody),
  sendOperation('sendFile', '/v1/send/file', 'Send an uploaded file (.xml or .xml.p7m)', multipartFile),
  sendOperation('sendJson', '/v1/send/json', 'Send an invoice written as JSON', json(FatturaJson)),
  validateOperation('validate', '/v1/send/validate', 'Check an invoice (JSON)', json(SendInputSchema)),
  validateOperation('validateXml', '/v1/send/validate/xml', 'Check an XML file', xmlBody),
  validateOperation('validateFile', '/v1/send/validate/file', 'Check an uploaded file', multipartFile),
  validateOperation(
    'validateJson',
    '/v1/send/validate/json',
    'Check an invoice written as JSON',
    json(FatturaJson),
  ),

  // Receiving
  {
    id: 'listReceives',
    method: 'get',
    path: '/v1/receive',
    tag: 'receive',
    summary: 'List received invoices',
    description: 'With include_payload=true the listed invoices are marked read.',
    authenticated: true,
    query: {
      ...INVOICE_FILTERS,
      unread: Type.Boolean({ description: 'Only unread (true) or read (false).' }),
    },
    responses: { 200: list('A page of received invoices.', ReceiveSchema) },
    problems: [...AUTHENTICATED_PROBLEMS, 404],
  },
  payloadOperation(
    'getReceivePayload',
    '/v1/receive/{id}/payload',
    'receive',
    'The file of a received invoice (marks it read)',
  ),
  {
    id: 'getReceive',
    method: 'get',
    path: '/v1/receive/{id}',
    tag: 'receive',
    summary: 'Get a received invoice',
    authenticated: true,
    pathParams: idPath,
    query: includePayload,
    responses: { 200: ok('The received invoice.', ReceiveSchema) },
    problems: [...AUTHENTICATED_PROBLEMS, 404],
  },
  {
    id: 'listReceiveNotifications',
    method: 'get',
    path: '/v1/receive/{id}/notifications',
    tag: 'receive',
    summary: 'The files SDI sent you about a received invoice',
    description:
      'Besides the invoice: its metadata file (MT, MetadatiInvioFile or FileMetadati), and a ScartoEsitoCommittente (SE) for each outcome SDI refused. Oldest first. Reading them changes nothing.',
    addition: true,
    authenticated: true,
    pathParams: idPath,
    responses: { 200: ok('The files, oldest first.', Type.Array(ReceiveNotificationSchema)) },
    problems: [...AUTHENTICATED_PROBLEMS, 404],
  },
  {
    id: 'getReceiveNotification',
    method: 'get',
    path: '/v1/receive/{id}/notifications/{file_name}',
    tag: 'receive',
    summary: 'One file SDI sent you about a received invoice',
    description:
      'As SDI sent it; an SE is signed like SDI’s own messages, an MT is not signed (nor is SDI’s).',
    addition: true,
    authenticated: true,
    pathParams: {
      ...idPath,
      file_name: Type.String({ description: 'Its name, as the list gives it.' }),
    },
    responses: { 200: xmlFile('The SDI file.') },
    problems: [...AUTHENTICATED_PROBLEMS, 404],
  },
  {
    id: 'getReceiveMetadata',
    method: 'get',
    path: '/v1/receive/{id}/metadata',
    tag: 'receive',
    summary: 'The metadata file (MT) that came with a received invoice',
    description:
      'MetadatiInvioFile (FPA12) or FileMetadati (FPR12, FSM10): IdentificativoSdI, NomeFile, Hash (B2B), CodiceDestinatario, Formato, TentativiInvio, MessageId. Does not mark the invoice read.',
    addition: true,
    authenticated: true,
    pathParams: idPath,
    responses: { 200: xmlFile('The MT file.') },
    problems: [...AUTHENTICATED_PROBLEMS, 404],
  },
  {
    id: 'deleteReceive',
    method: 'delete',
    path: '/v1/receive/{id}',
    tag: 'receive',
    summary: 'Delete a received invoice',
    authenticated: true,
    pathParams: idPath,
    responses: { 200: ok('The deleted invoice.', ReceiveSchema) },
    problems: [...AUTHENTICATED_PROBLEMS, 404],
  },

  // Request log
  {
    id: 'listLog',
    method: 'get',
    path: '/v1/log',
    tag: 'log',
    summary: 'List API calls',
    authenticated: true,
    query: LOG_FILTERS,
    responses: { 200: list('A page of log events.', LogEventSchema) },
    problems: [...AUTHENTICATED_PROBLEMS, 404],
  },
  {
    id: 'getLogEvent',
    method: 'get',
    path: '/v1/log/{id}',
    tag: 'log',
    summary: 'Get one API call',
    authenticated: true,
    pathParams: idPath,
    responses: { 200: ok('The log event.', LogEventSchema) },
    problems: [...AUTHENTICATED_PROBLEMS, 404],
  },

  // SDI updates
  {
    id: 'listUpdates',
    method: 'get',
    path: '/v1/update',
    tag: 'update',
    summary: 'List SDI state changes',
    description: 'Reading updates marks them read.',
    authenticated: true,
    query: {
      ...COMPANY_FILTER,
      ...dateRange('last_update', 'State change'),
      ...dateRange('date_sent', 'Reception by SDI'),
      send_id: Type.Integer({ format: 'int32', description: 'Only this sent invoice.' }),
      state: SendStateSchema,
      unread: Type.Boolean({ description: 'Only unread (true) or read (false).' }),
      identifier: Type.String({ description: 'SDI identifier.' }),
      prestatore: Type.String({ description: "Supplier's VAT number." }),
      committente: Type.String({ description: "Customer's VAT number." }),
      sort: Sort(SORT_FIELDS.update),
      ...PAGING,
    },
    responses: { 200: list('A page of updates.', UpdateSchema) },
    problems: [...AUTHENTICATED_PROBLEMS, 404],
  },
  {
    id: 'getUpdateNotification',
    method: 'get',
    path: '/v1/update/{id}/notification',
    tag: 'update',
    summary: 'The notification file SDI sent with an update',
    description: 'RicevutaConsegna, NotificaScarto, … as SDI sent them, signed like SDI’s own.',
    addition: true,
    authenticated: true,
    pathParams: idPath,
    responses: { 200: xmlFile('The SDI message file.') },
    problems: [...AUTHENTICATED_PROBLEMS, 404],
  },
  {
    id: 'getUpdate',
    method: 'get',
    path: '/v1/update/{id}',
    tag: 'update',
    summary: 'Get one SDI state change',
    authenticated: true,
    pathParams: idPath,
    responses: { 200: ok('The update.', UpdateSchema) },
    problems: [...AUTHENTICATED_PROBLEMS, 404],
  },

  {
    id: 'getStatus',
    method: 'get',
    path: '/v1/status',
    tag: 'status',
    summary: 'Operations and signatures left',
    authenticated: true,
    responses: { 200: ok('What is left.', AccountStatusSchema) },
    problems: AUTHENTICATED_PROBLEMS,
  },
  {
    id: 'exportInvoices',
    method: 'get',
    path: '/v1/export',
    tag: 'export',
    summary: 'A ZIP of invoices',
    description:
      'A month (year+month), a quarter (year+quarter) or a document date range; `{vat}/send/` and `{vat}/receive/` folders. One export at a time per account.',
    authenticated: true,
    query: {
      type: Type.Enum(['send', 'receive'] as const, {
        description: 'Only sent or only received; both by default.',
      }),
      ...COMPANY_FILTER,
      year: Type.Integer({ format: 'int32', minimum: 1970, maximum: 9999 }),
      month: Type.Integer({ format: 'int32', minimum: 1, maximum: 12 }),
      quarter: Type.Integer({ format: 'int32', minimum: 1, maximum: 4 }),
      ...dateRange('document_date', 'Date of the first document'),
    },
    responses: {
      200: {
        description: 'The ZIP, streamed.',
        content: { 'application/zip': Type.String({ contentEncoding: 'binary' }) },
      },
      204: { description: 'Nothing to export.' },
    },
    problems: [...AUTHENTICATED_PROBLEMS, 404],
  },

  // Webhooks
  {
    id: 'listWebhooks',
    method: 'get',
    path: '/v1/webhook',
    tag: 'webhook',
    summary: 'List webhooks',
    authenticated: true,
    query: {
      ...COMPANY_FILTER,
      description: Type.String(),
      enabled: Type.Boolean(),
      events: Type.String({ description: 'Subscribed to this event.' }),
      url: Type.String(),
      sort: Sort(SORT_FIELDS.webhook),
      ...PAGING,
    },
    responses: { 200: list('A page of webhooks.', WebHookSchema) },
    problems: [...AUTHENTICATED_PROBLEMS, 404],
  },
  {
    id: 'createWebhook',
    method: 'post',
    path: '/v1/webhook',
    tag: 'webhook',
    summary: 'Add a webhook',
    description: 'The answer is the only one that shows the `secret` that signs the notifications.',
    authenticated: true,
    body: { required: true, content: json(WebHookInputSchema) },
    responses: { 201: created('The new webhook, with its secret.', WebHookSchema) },
    problems: [...AUTHENTICATED_PROBLEMS, 404, 413, 415, 422],
  },
  {
    id: 'updateWebhook',
    method: 'put',
    path: '/v1/webhook',
    tag: 'webhook',
    summary: 'Change a webhook',
    authenticated: true,
    body: { required: true, content: json(WebHookUpdateSchema) },
    responses: { 200: ok('The changed webhook.', WebHookSchema) },
    problems: [...AUTHENTICATED_PROBLEMS, 404, 413, 415, 422],
  },
  {
    id: 'getWebhook',
    method: 'get',
    path: '/v1/webhook/{id}',
    tag: 'webhook',
    summary: 'Get a webhook',
    authenticated: true,
    pathParams: idPath,
    responses: { 200: ok('The webhook.', WebHookSchema) },
    problems: [...AUTHENTICATED_PROBLEMS, 404],
  },
  {
    id: 'deleteWebhook',
    method: 'delete',
    path: '/v1/webhook/{id}',
    tag: 'webhook',
    summary: 'Delete a webhook',
    authenticated: true,
    pathParams: idPath,
    responses: { 200: ok('The deleted webhook.', WebHookSchema) },
    problems: [...AUTHENTICATED_PROBLEMS, 404],
  },
  {
    id: 'listWebhookHistory',
    method: 'get',
    path: '/v1/webhookhistory',
    tag: 'webhook',
    summary: 'List webhook deliveries',
    authenticated: true,
    query: {
      webhook_id: Type.Integer({ format: 'int32', description: 'Only this webhook.' }),
      sort: Sort(SORT_FIELDS.webhookHistory),
      ...PAGING,
    },
    responses: { 200: list('A page of delivery attempts.', WebHookHistorySchema) },
    problems: AUTHENTICATED_PROBLEMS,
  },
  {
    id: 'getWebhookHistory',
    method: 'get',
    path: '/v1/webhookhistory/{id}',
    tag: 'webhook',
    summary: 'Get one webhook delivery',
    authenticated: true,
    pathParams: idPath,
    responses: { 200: ok('The delivery attempt.', WebHookHistorySchema) },
    problems: [...AUTHENTICATED_PROBLEMS, 404],
  },

  // Sandbox control (test keys only)
  sandbox({
    id: 'sandboxEvents',
    method: 'get',
    path: '/_sandbox/events',
    summary: 'Live changes (server-sent events)',
    description:
      'A text/event-stream of the caller’s changes: `ready` first, then `send.state` `{id, state}`, `receive.add` `{id}`, `receive.read` `{ids}`; each event’s data is JSON. A comment line every 15 s keeps it open.',
    responses: {
      200: {
        description: 'The stream, open until the client or the server closes it.',
        content: { 'text/event-stream': Type.String() },
      },
    },
    problems: [],
  }),
  sandbox({
    id: 'getSandboxClock',
    method: 'get',
    path: '/_sandbox/clock',
    summary: 'The sandbox clock',
    responses: { 200: ok('The clock.', ClockStateSchema) },
    problems: [409],
  }),
  sandbox({
    id: 'moveSandboxClock',
    method: 'post',
    path: '/_sandbox/clock',
    summary: 'Move, set, freeze the sandbox clock',
    description: 'Answers once every step that fell due has run, in order; with dry_run, moves nothing.',
    body: { required: true, content: json(ClockChangeSchema) },
    responses: {
      200: ok(
        'The clock after the move, or (dry_run) what the move would do.',
        Type.Union([ClockMovedSchema, ClockPreviewSchema]),
      ),
    },
    problems: [409, 413, 415, 422],
  }),
  sandbox({
    id: 'getSandboxQueue',
    method: 'get',
    path: '/_sandbox/queue',
    summary: 'Pending SDI steps',
    description:
      'What the simulated SDI (and the server’s upkeep) will do next, and when on the sandbox clock.',
    responses: { 200: ok('The pending steps, soonest first.', Type.Array(QueuedJobSchema)) },
    problems: [],
  }),
  sandbox({
    id: 'sandboxInbound',
    method: 'post',
    path: '/_sandbox/inbound',
    summary: 'An outside supplier sends an invoice',
    description:
      'Routed by the customer’s VAT number to the account that registered it, or held until someone does.',
    body: { required: true, content: json(InboundInputSchema) },
    responses: {
      201: ok('Delivered.', InboundDeliveredSchema),
      202: ok('Held for a recipient nobody has registered yet.', InboundHeldSchema),
    },
    problems: [413, 415, 422],
  }),
  sandbox({
    id: 'listSandboxHeld',
    method: 'get',
    path: '/_sandbox/held',
    summary: 'Held inbound invoices',
    description:
      'Only the invoices the caller sent, or made arrive with /_sandbox/inbound; never other accounts’.',
    responses: { 200: ok('Invoices waiting for their recipient.', Type.Array(HeldInvoiceSchema)) },
    problems: [],
  }),
  sandbox({
    id: 'sandboxSendEsito',
    method: 'post',
    path: '/_sandbox/send/{id_or_identifier}/esito',
    summary: 'Answer as the public administration of a sent invoice',
    description:
      'Accept (EC01) or refuse (EC02) an FPA12 invoice. SDI forwards it (NotificaEsito) while the invoice is Consegnato; otherwise (the 15 days are over, already answered, not delivered) it answers with a signed ScartoEsitoCommittente EN01 in `scarto`, and the invoice stays as it is. 409 for an invoice that is not FPA12.',
    pathParams: { id_or_identifier: Type.String({ description: 'The id, or the SDI identifier.' }) },
    body: { required: true, content: json(EsitoInputSchema) },
    responses: { 200: ok('SDI’s answer: forwarded, or refused with an SE.', EsitoOutcomeSchema) },
    problems: [404, 409, 413, 415, 422],
  }),
  sandbox({
    id: 'sandboxReceiveEsito',
    method: 'post',
    path: '/_sandbox/receive/{id}/esito',
    summary: 'Answer as the public administration that received an invoice',
    description:
      'The sender’s invoice follows (AccettatoDalDestinatario or RifiutatoDalDestinatario). An outcome SDI cannot admit gets a ScartoEsitoCommittente EN01 instead, in `scarto` and among the invoice’s files (/v1/receive/{id}/notifications). 409 for an invoice that is not FPA12.',
    pathParams: idPath,
    body: { required: true, content: json(EsitoInputSchema) },
    responses: { 200: ok('SDI’s answer: forwarded, or refused with an SE.', EsitoOutcomeSchema) },
    problems: [404, 409, 413, 415, 422],
  }),
  sandbox({
    id: 'sandboxReset',
    method: 'post',
    path: '/_sandbox/reset',
    summary: 'Delete all your sandbox data',
    description:
      'Companies, invoices, updates, log, the invoices you left held and webhooks, and the clock goes back to real time; keys stay. keep_webhooks and keep_clock keep those.',
    body: { required: false, content: json(ResetInputSchema) },
    responses: { 200: ok('What went (or, with dry_run, would go).', ResetResultSchema) },
    problems: [413, 415, 422],
  }),
  sandbox({
    id: 'sandboxSeed',
    method: 'post',
    path: '/_sandbox/seed',
    summary: 'Load demo data into an empty sandbox account',
    description:
      'Companies and a year of sent and received invoices, made through the simulated SDI on the sandbox clock. 409 when the account has data already; nothing is written then.',
    body: { required: false, content: json(SeedInputSchema) },
    responses: { 201: ok('What was made.', SeedReportSchema) },
    problems: [409, 413, 415, 422],
  }),
  sandbox({
    id: 'listSandboxPaOffices',
    method: 'get',
    path: '/_sandbox/pa-offices',
    summary: 'The sandbox’s directory of public administration offices',
    description:
      'The IPA of this sandbox, one for the data folder: an FPA12 sent with a test key to a code it does not list is discarded with 00311, to an inactive one with 00312 (serve --lenient-ipa: not checked).',
    responses: { 200: ok('Every office, by code.', Type.Array(PaOfficeSchema)) },
    problems: [],
  }),
  sandbox({
    id: 'putSandboxPaOffice',
    method: 'post',
    path: '/_sandbox/pa-offices',
    summary: 'Add a public administration office',
    description: 'An office with the same code is replaced (its name and whether it is active).',
    body: { required: true, content: json(PaOfficeInputSchema) },
    responses: {
      201: ok('The office, added.', PaOfficeSchema),
      200: ok('The office, replaced.', PaOfficeSchema),
    },
    problems: [413, 415, 422],
  }),
  sandbox({
    id: 'deleteSandboxPaOffice',
    method: 'delete',
    path: '/_sandbox/pa-offices/{code}',
    summary: 'Remove a public administration office',
    description: 'From then on, an FPA12 sent to it is discarded with 00311.',
    pathParams: { code: Type.String({ pattern: PA_OFFICE_CODE_PATTERN, description: 'The office code.' }) },
    responses: { 200: ok('The office removed.', PaOfficeSchema) },
    problems: [404],
  }),
  sandbox({
    id: 'sandboxLog',
    method: 'get',
    path: '/_sandbox/log',
    summary: 'The API log, with the developer console’s filters',
    description: '`/v1/log` plus a status class and the caller’s own calls shown, hidden or alone.',
    query: LOG_VIEW_FILTERS,
    responses: {
      200: {
        ...list('A page of log events.', SandboxLogEventSchema),
        headers: { ...TOTAL_COUNT, ...OWN_AGENT },
      },
    },
    problems: [404],
  }),
  sandbox({
    id: 'sandboxLogTail',
    method: 'get',
    path: '/_sandbox/log/tail',
    summary: 'Log entries newer than one, as soon as there are some',
    description:
      'Newest first. Without after_id: the newest entry, where a tail starts. With wait: answers once a newer entry exists, or when the time is up.',
    query: {
      after_id: Type.Integer({ minimum: 0, description: 'Only entries after this id.' }),
      wait: Type.Integer({
        minimum: 0,
        maximum: LOG_TAIL_MAX_WAIT_SECONDS,
        description: 'Seconds to wait for a newer entry.',
      }),
      ...LOG_VIEW_FILTERS,
    },
    responses: {
      200: {
        ...list('The newer entries.', SandboxLogEventSchema),
        headers: { ...TOTAL_COUNT, ...OWN_AGENT },
      },
    },
    problems: [404],
  }),
  sandbox({
    id: 'sandboxWebhookDeliveries',
    method: 'get',
    path: '/_sandbox/webhookhistory',
    summary: 'Webhook deliveries with what was sent and answered',
    query: {
      webhook_id: Type.Integer({ format: 'int32', description: 'Only this webhook.' }),
      success: Type.Boolean({ description: 'Only successful (true) or failed (false) attempts.' }),
      event: Type.Enum(WEBHOOK_EVENTS, { description: 'Only this event.' }),
      sort: Sort(SORT_FIELDS.webhookHistory),
      ...PAGING,
    },
    responses: { 200: list('A page of delivery attempts.', WebhookDeliverySchema) },
    problems: [],
  }),
  sandbox({
    id: 'checkSandboxWebhookReceiver',
    method: 'post',
    path: '/_sandbox/webhook/{id}/check',
    summary: 'Check a webhook’s receiver',
    description:
      'Sends the webhook’s URL signed test calls (valid, wrong signature, stale timestamp, replay, out of order, large body, slow read) one after the other and says per case whether it answered as a safe receiver should. Each call has the delivery timeout.',
    pathParams: { id: Type.Integer({ format: 'int32', description: 'The webhook.' }) },
    responses: { 200: ok('The report, case by case.', ReceiverCheckReportSchema) },
    problems: [404],
  }),
  sandbox({
    id: 'redeliverSandboxWebhookDelivery',
    method: 'post',
    path: '/_sandbox/webhookhistory/{id}/redeliver',
    summary: 'Send a past webhook delivery again',
    description:
      'Sends the delivery’s body to its webhook’s URL, signed now, once, and records the attempt with `redelivery_of`.',
    pathParams: { id: Type.Integer({ format: 'int32', description: 'The delivery to send again.' }) },
    responses: { 201: ok('The new delivery.', WebhookDeliverySchema) },
    problems: [404, 409],
  }),
  sandbox({
    id: 'getSandboxReceiver',
    method: 'get',
    path: '/_sandbox/receiver',
    summary: 'What the built-in webhook receiver got',
    description: 'With after and wait: answers once a call after `after` arrives, or when the time is up.',
    query: {
      after: Type.Integer({ minimum: 0, description: 'The last `seq` seen.' }),
      wait: Type.Integer({
        minimum: 0,
        maximum: RECEIVER_WAIT_MAX_SECONDS,
        description: 'Seconds to wait for a newer call.',
      }),
    },
    responses: { 200: ok('The receiver.', LocalReceiverStateSchema) },
    problems: [],
  }),
  sandbox({
    id: 'startSandboxReceiver',
    method: 'post',
    path: '/_sandbox/receiver',
    summary: 'Start the built-in webhook receiver',
    description:
      'Creates a webhook pointing at a loopback receiver this sandbox hosts, which checks each delivery’s Service-Signature. The answer is the only one with the secret.',
    body: { required: false, content: json(LocalReceiverInputSchema) },
    responses: { 201: ok('The receiver, with its secret.', LocalReceiverStateSchema) },
    problems: [404, 413, 415, 422],
  }),
  sandbox({
    id: 'getSandboxReceiverBehaviour',
    method: 'get',
    path: '/_sandbox/receiver/behaviour',
    summary: 'How the built-in webhook receiver answers',
    responses: { 200: ok('Its behaviour.', ReceiverBehaviourSchema) },
    problems: [404],
  }),
  sandbox({
    id: 'setSandboxReceiverBehaviour',
    method: 'put',
    path: '/_sandbox/receiver/behaviour',
    summary: 'Tell the built-in webhook receiver to fail, be slow or hang',
    description:
      'Replaces its behaviour: fail the next `fail_next` calls with 500, wait `delay_ms` before answering, or (`timeout`) never answer. Fields left out are the normal ones.',
    body: { required: false, content: json(ReceiverBehaviourInputSchema) },
    responses: { 200: ok('The new behaviour.', ReceiverBehaviourSchema) },
    problems: [404, 413, 415, 422],
  }),
  sandbox({
    id: 'stopSandboxReceiver',
    method: 'delete',
    path: '/_sandbox/receiver',
    summary: 'Stop the built-in webhook receiver',
    description: 'Deletes its webhook.',
    responses: { 200: ok('The receiver, stopped.', LocalReceiverStateSchema) },
    problems: [],
  }),
  // Faults and latency on demand, rate limits at run time (docs/sandbox.md "Faults and latency").
  sandbox({
    id: 'listSandboxFaults',
    method: 'get',
    path: '/_sandbox/faults',
    summary: 'Your fault rules in force',
    description:
      'Oldest first, each with how many more times it injects and when it expires (real time). A test key may also ask for a fault per request with the Sandbox-Fault header.',
    responses: { 200: ok('The rules.', Type.Array(FaultRuleSchema)) },
    problems: [],
  }),
  sandbox({
    id: 'addSandboxFault',
    method: 'post',
    path: '/_sandbox/faults',
    summary: 'Inject a fault into matching requests of your test keys',
    description:
      'A 5xx or 429 problem, latency, a hang or a reset, for the next `times` requests matching path and method, or until it expires or is deleted; live keys are never touched.',
    body: { required: true, content: json(FaultRuleInputSchema) },
    responses: { 201: ok('The rule.', FaultRuleSchema) },
    problems: [413, 415, 422],
  }),
  sandbox({
    id: 'clearSandboxFaults',
    method: 'delete',
    path: '/_sandbox/faults',
    summary: 'Delete all your fault rules',
    description: 'A reset deletes them too.',
    responses: {
      200: ok('How many went.', Type.Object({ deleted: Type.Integer({ minimum: 0 }) })),
    },
    problems: [],
  }),
  sandbox({
    id: 'deleteSandboxFault',
    method: 'delete',
    path: '/_sandbox/faults/{id}',
    summary: 'Delete a fault rule',
    description: 'From then on, the requests it matched are served as they come.',
    pathParams: { id: Type.Integer({ description: 'The rule’s id.' }) },
    responses: { 200: ok('The rule deleted.', FaultRuleSchema) },
    problems: [404],
  }),
  sandbox({
    id: 'getSandboxLimits',
    method: 'get',
    path: '/_sandbox/limits',
    summary: 'The rate limits of your test keys',
    description: 'Per key; the server’s (--rate-limit) unless your account changed them.',
    responses: { 200: ok('The limits.', RateLimitStateSchema) },
    problems: [],
  }),
  ...(['put', 'post'] as const).map((method) =>
    sandbox({
      id: method === 'put' ? 'setSandboxLimits' : 'postSandboxLimits',
      method,
      path: '/_sandbox/limits',
      summary: 'Change the rate limits of your test keys, at once',
      description:
        'As --rate-limit writes them (5/s,100/m, or unlimited); each key of your account is still counted on its own. Live keys keep the server’s. A reset goes back to the server’s.',
      body: { required: true, content: json(RateLimitInputSchema) },
      responses: { 200: ok('The limits now.', RateLimitStateSchema) },
      problems: [413, 415, 422],
    }),
  ),
  sandbox({
    id: 'restoreSandboxLimits',
    method: 'delete',
    path: '/_sandbox/limits',
    summary: 'Give your test keys the server’s rate limits again',
    description: 'What a reset does too.',
    responses: { 200: ok('The limits now.', RateLimitStateSchema) },
    problems: [],
  }),
];

import Type from 'typebox';
import { DateTime, Extension, Id, INT32_MAX, Nullable, StringMap } from './schema-kit.ts';
import { SEND_STATES, SIGNATURE_MODES, WEBHOOK_EVENTS } from './types.ts';

/**
 * The v1 resources as JSON Schema (TypeBox): the one definition that `types.ts` derives the TypeScript types from,
 * the server checks request bodies against, and `/v1/openapi.json` publishes. Field names follow the wire format.
 */

const RecordVersion = Type.Integer({
  format: 'int32',
  minimum: 0,
  description: 'Row version, for optimistic concurrency; set by the server.',
});
const UserId = Type.Integer({ format: 'int32', description: 'The account; set by the server from the key.' });
const Created = DateTime('When the server created the record.');

export const SendStateSchema = Type.Enum(SEND_STATES, {
  description: 'An SDI state of a sent invoice.',
});
export const SignatureModeSchema = Type.Enum(SIGNATURE_MODES, {
  description:
    'How the service signs the file: None (as it is), Apply (sign an unsigned file), Force (always sign), Auto (sign FPA12 only).',
});
export const PayloadEncodingSchema = Type.Enum(['Xml', 'Base64'] as const, {
  description: 'Whether `payload` is XML text or Base64 of the file bytes (a signed .p7m is always Base64).',
});
export const WebhookEventSchema = Type.Enum(WEBHOOK_EVENTS, { description: 'A webhook event.' });

export const CompanySchema = Type.Object(
  {
    id: Id('Unique identifier.'),
    created: Created,
    version: RecordVersion,
    user_id: UserId,
    vat: Type.String({ description: 'VAT number with its country code, e.g. IT01234567890.' }),
    fiscal_code: Type.String({ description: 'Codice fiscale (for a company, usually the VAT digits).' }),
    name: Type.String({ description: 'Business name.' }),
  },
  { description: 'A company the account invoices for: its sent and received invoices belong to it.' },
);

const COMPANY_INPUT_FIELDS = {
  vat: Type.String({
    minLength: 1,
    description: 'VAT number with its country code; the check digit of an Italian one is verified.',
  }),
  fiscal_code: Type.String({
    minLength: 1,
    description: 'Codice fiscale: 16 characters for a person, 11 digits for a company, or the VAT number.',
  }),
  name: Type.String({ minLength: 1, maxLength: 80, description: 'Business name.' }),
};
const COMPANY_INPUT_VERSION = Type.Optional(
  Type.Integer({
    format: 'int32',
    minimum: 0,
    maximum: INT32_MAX,
    description: 'The version you read; an update of a record changed since then is refused with 409.',
  }),
);

/** What a client sends to create a company; server-set fields are ignored. Checked in this order. */
export const CompanyInputSchema = Type.Object(
  {
    ...COMPANY_INPUT_FIELDS,
    id: Type.Optional(
      Type.Integer({
        format: 'int32',
        minimum: 0,
        maximum: INT32_MAX,
        description: 'Ignored on creation (0 or absent).',
      }),
    ),
    version: COMPANY_INPUT_VERSION,
  },
  {
    description:
      'A company to create. Identifiers are upper-cased and stripped of blanks; fields the server sets are ignored.',
  },
);

/** The body of `PUT /company`: the same, with the id of the company to change. */
export const CompanyUpdateSchema = Type.Object(
  {
    ...COMPANY_INPUT_FIELDS,
    id: Type.Integer({
      format: 'int32',
      minimum: 0,
      maximum: INT32_MAX,
      description: 'The company to change.',
    }),
    version: COMPANY_INPUT_VERSION,
  },
  { description: 'A company to change, named by its id.' },
);

export const DocumentDataSchema = Type.Object(
  {
    number: Nullable(Type.String(), { description: 'Numero of the document.' }),
    date: Nullable(Type.String(), { description: 'Data of the document, as written in the file.' }),
  },
  { description: 'One invoice (FatturaElettronicaBody) of a file.' },
);

const INVOICE_RECORD_FIELDS = {
  id: Id('Unique identifier.'),
  created: Created,
  version: RecordVersion,
  user_id: UserId,
  company_id: Id('The company (the supplier of a sent invoice, the customer of a received one).'),
  committente: Nullable(Type.String(), { description: "The customer's VAT number (or fiscal code)." }),
  prestatore: Nullable(Type.String(), { description: "The supplier's VAT number." }),
  identifier: Nullable(Type.String(), { description: 'SDI identifier, set when SDI takes the file.' }),
  file_name: Nullable(Type.String(), { description: 'The SDI file name, e.g. IT01234567890_00001.xml.' }),
  format: Nullable(Type.String(), { description: 'FPR12, FPA12 or FSM10; null for an unreadable file.' }),
  payload: Type.Optional(
    Type.String({
      description: 'The file: XML text, or Base64 (see `encoding`). Only with include_payload=true.',
    }),
  ),
  last_update: Nullable(DateTime('Last change of SDI state.')),
  date_sent: Nullable(DateTime('When SDI received the file.')),
  documents: Nullable(Type.Array(DocumentDataSchema), {
    description: 'The invoices in the file, read from its XML.',
  }),
  encoding: PayloadEncodingSchema,
  document_number: Extension(
    Nullable(Type.String(), { description: 'Sandbox extension: Numero of the first document in the file.' }),
  ),
  document_date: Extension(
    Nullable(Type.String(), { description: 'Sandbox extension: Data of the first document in the file.' }),
  ),
};

export const SendSchema = Type.Object(
  {
    ...INVOICE_RECORD_FIELDS,
    nome_committente: Nullable(Type.String(), { description: "The customer's name, read from the invoice." }),
    meta_data: Nullable(StringMap('Your own data, stored with the invoice.')),
    latest_state: Nullable(SendStateSchema, {
      description: 'The most recent SDI state; null before SDI has taken the file.',
    }),
    // openapi.yml's Send has it (contract "Send and receive records": its fields, plus ours); this server
    // leaves it out of its answers, so a client generated from either description finds it optional.
    company: Type.Optional(CompanySchema),
  },
  {
    description:
      'A sent invoice. `company` is optional and this server leaves it out: read the company with `GET /company/{company_id}`.',
  },
);

export const ReceiveSchema = Type.Object(
  {
    ...INVOICE_RECORD_FIELDS,
    nome_prestatore: Nullable(Type.String(), { description: "The supplier's name, read from the invoice." }),
    is_read: Type.Boolean({ description: 'Whether the payload was read (that marks it read).' }),
    message_id: Nullable(Type.String(), { description: 'SDI message id of the delivery.' }),
  },
  { description: 'A received invoice.' },
);

/** The files SDI sends the recipient of an invoice besides the invoice itself (sdi-rules.md §a). */
export const RECEIVE_NOTIFICATION_TYPES = ['MT', 'SE'] as const;

export const ReceiveNotificationSchema = Type.Object(
  {
    type: Type.Enum(RECEIVE_NOTIFICATION_TYPES, {
      description:
        'MT: the metadata file that came with the invoice; SE: SDI refused an outcome (EC01/EC02) you gave.',
    }),
    file_name: Type.String({ description: 'As SDI names it, e.g. IT01234567890_00001_MT_001.xml.' }),
    message_id: Type.String({ description: "SDI's MessageId of the file." }),
    created: DateTime('When SDI sent it.'),
  },
  { description: 'A file SDI sent you about a received invoice, besides the invoice.' },
);

/** At most this many `meta_data` entries per invoice. */
export const META_DATA_MAX_ENTRIES = 50;

export const SendInputSchema = Type.Object(
  {
    payload: Type.String({
      minLength: 1,
      pattern: '\\S',
      description: 'The invoice: XML text, or Base64 of an XML or signed .p7m file; not blank.',
    }),
    file_name: Type.Optional(
      Nullable(Type.String(), { description: 'The SDI file name; generated when absent.' }),
    ),
    meta_data: Type.Optional(
      Nullable(StringMap('Your own data, kept with the invoice.', { maxProperties: META_DATA_MAX_ENTRIES })),
    ),
  },
  { description: 'An invoice to send or validate; other Send fields are ignored.' },
);

export const LogEventSchema = Type.Object(
  {
    id: Id('Unique identifier.'),
    created: Created,
    version: RecordVersion,
    user_id: UserId,
    api_key_id: Type.Integer({ format: 'int32', description: 'The key that made the call.' }),
    company_id: Nullable(Type.Integer({ format: 'int32' }), { description: 'The company the call touched.' }),
    method: Type.String({ description: 'HTTP method.' }),
    endpoint: Type.String({ description: 'The path called.' }),
    api_version: Type.Integer({ format: 'int32', description: 'API version (1).' }),
    status_code: Type.Integer({ format: 'int32', description: 'The status of the answer.' }),
    date_time: DateTime('When the call was made.'),
    error: Nullable(Type.String(), { description: 'The problem detail of a failed call.' }),
    resource_id: Nullable(Type.Integer({ format: 'int32' }), { description: 'The record the call touched.' }),
    user_agent: Nullable(Type.String(), { description: "The caller's User-Agent." }),
    success: Type.Boolean({ description: 'Whether the status was 2xx.' }),
    query: Nullable(Type.String(), { description: 'The query string.' }),
    response_body: Nullable(Type.String(), { description: 'The answer body (cut when long).' }),
  },
  { description: 'One API call, as the request log keeps it.' },
);

export const ValidationProblemSchema = Type.Object(
  {
    code: Type.String({ description: "SDI's error code (e.g. 00200), or the field's rule for a body." }),
    description: Type.String({ description: "What is wrong, in the caller's language." }),
    hint: Nullable(Type.String(), { description: 'How to fix it.' }),
    path: Nullable(Type.String(), { description: 'Where: an XPath in the file, or a body field.' }),
  },
  { description: 'One problem found in a submitted document or request body.' },
);

export const LinkedDataSchema = Type.Object(
  {
    send: Type.Integer(),
    receive: Type.Integer(),
    update: Type.Integer(),
    webhook: Type.Integer(),
    log: Type.Integer(),
  },
  { description: 'How much data a company still owns.' },
);

export const ProblemDetailsSchema = Type.Object(
  {
    type: Type.String({ description: 'The kind of problem, e.g. /problems/not-found.' }),
    title: Type.String({ description: 'A short summary of the kind.' }),
    status: Type.Integer({ format: 'int32', description: 'The HTTP status.' }),
    detail: Type.String({ description: "What went wrong, in the caller's language (Accept-Language)." }),
    instance: Type.String({ description: 'The path that was called.' }),
    request_id: Type.String({ description: 'Identifies the request in the server log.' }),
    errors: Type.Optional(Type.Array(ValidationProblemSchema, { description: 'Every problem found.' })),
    errors_omitted: Type.Optional(
      Type.Integer({
        minimum: 1,
        description: 'Problems found but not listed: at most 100 per validation stage are.',
      }),
    ),
    linked: Type.Optional(LinkedDataSchema),
    parameter: Type.Optional(
      Type.String({ description: 'The query parameter or header that was rejected.' }),
    ),
  },
  { description: 'RFC 9457 problem details.' },
);

/** As ASP.NET's health checks: Degraded works but is behind (still 200). */
const HealthStatus = Type.Enum(['Healthy', 'Degraded', 'Unhealthy'] as const);

export const HealthReportSchema = Type.Object(
  {
    status: HealthStatus,
    checks: Type.Record(
      Type.String(),
      Type.Object({ status: HealthStatus, detail: Type.Optional(Type.String()) }),
      { description: 'Each check by name: database, sdi_worker, webhook_deliveries.' },
    ),
  },
  { description: "The server's health." },
);

export const WebHookSchema = Type.Object(
  {
    id: Id('Unique identifier.'),
    created: Created,
    version: RecordVersion,
    user_id: UserId,
    company_id: Nullable(Type.Integer({ format: 'int32' }), {
      description: 'Only events of this company; null for all.',
    }),
    url: Type.String({ format: 'uri', description: 'Where notifications are POSTed.' }),
    enabled: Type.Boolean(),
    secret: Type.Optional(
      Nullable(Type.String(), {
        description: 'Signs the notifications (Service-Signature). Only in the answer to the creation.',
      }),
    ),
    description: Nullable(Type.String()),
    events: Nullable(Type.Array(Type.String()), { description: 'Subscribed events; `*` or null for all.' }),
    failure_notified_at: Nullable(DateTime('When the account was told the webhook keeps failing.')),
  },
  { description: 'A webhook subscription.' },
);

/** Checked in this order. */
const WEBHOOK_INPUT_FIELDS = {
  url: Type.String({ minLength: 1, description: 'An absolute http:// or https:// address.' }),
  events: Type.Optional(
    Nullable(Type.Array(Type.Union([WebhookEventSchema, Type.Literal('*')])), {
      description: 'Events to notify; `*` or null for all.',
    }),
  ),
  description: Type.Optional(Nullable(Type.String())),
  company_id: Type.Optional(
    Nullable(Type.Integer({ format: 'int32' }), { description: 'Only events of this company.' }),
  ),
  enabled: Type.Optional(Type.Boolean({ description: 'Defaults to true.' })),
};

export const WebHookInputSchema = Type.Object(
  {
    ...WEBHOOK_INPUT_FIELDS,
    id: Type.Optional(Type.Integer({ format: 'int32', description: 'Ignored on creation.' })),
  },
  { description: 'A webhook to create; server-set fields are ignored.' },
);

export const WebHookUpdateSchema = Type.Object(
  {
    ...WEBHOOK_INPUT_FIELDS,
    id: Type.Integer({ format: 'int32', minimum: 1, description: 'The webhook to change.' }),
  },
  { description: 'A webhook to change, named by its id.' },
);

export const WebHookHistorySchema = Type.Object(
  {
    id: Id('Unique identifier.'),
    created: Created,
    version: RecordVersion,
    web_hook_id: Type.Integer({ format: 'int32' }),
    user_id: UserId,
    event: Nullable(Type.String()),
    status_code: Type.Integer({
      format: 'int32',
      description: "The receiver's status; 0 when it could not be reached.",
    }),
    error: Nullable(Type.String()),
    date_time: DateTime('When the delivery was attempted.'),
    success: Type.Boolean(),
  },
  { description: 'One delivery attempt of a webhook.' },
);

export const WebhookNotificationSchema = Type.Object(
  {
    event: WebhookEventSchema,
    id: Type.Integer({
      format: 'int32',
      description:
        'The request log Event that caused it (`/log/{id}`); 0 for what SDI did on its own (update.add, receive.add), which no request of yours caused.',
    }),
    resource_id: Type.Integer({ format: 'int32', description: 'The company, invoice or update concerned.' }),
    company_id: Nullable(Type.Integer({ format: 'int32' })),
    user_id: Type.Integer({ format: 'int32' }),
    date_time: DateTime('When it happened, on the sandbox clock.'),
    method: Type.String({
      minLength: 1,
      description: "The request's method; POST for what SDI did on its own (SDI's call to the service).",
    }),
    endpoint: Type.String({
      minLength: 1,
      description:
        'The path called; for what SDI did on its own, the collection the new resource is read from (/v1/update, /v1/receive).',
    }),
    status_code: Type.Integer({
      format: 'int32',
      description: 'The status of the answer; 201 for what SDI did on its own.',
    }),
    success: Type.Boolean(),
    api_version: Type.Integer({ format: 'int32' }),
  },
  {
    description:
      'The JSON body of a webhook notification: the public Event that caused it, with its event name.',
  },
);

export const UpdateErrorSchema = Type.Object(
  {
    code: Type.String(),
    description: Nullable(Type.String()),
    hint: Nullable(Type.String()),
  },
  { description: 'One SDI error of an Update.' },
);

export const SendReducedSchema = Type.Object(
  {
    identifier: Nullable(Type.String()),
    prestatore: Nullable(Type.String()),
    meta_data: Nullable(StringMap('Your own data, stored with the invoice.')),
    documents: Nullable(Type.Array(DocumentDataSchema)),
    date_sent: Nullable(DateTime('When SDI received the file.')),
    latest_state: Nullable(SendStateSchema),
  },
  { description: 'The Send fields an Update carries along.' },
);

export const UpdateSchema = Type.Object(
  {
    id: Id('Unique identifier.'),
    created: Created,
    version: RecordVersion,
    user_id: UserId,
    company_id: Type.Integer({ format: 'int32' }),
    send_id: Type.Integer({ format: 'int32' }),
    last_update: DateTime('When SDI reached this state.'),
    state: SendStateSchema,
    description: Nullable(Type.String()),
    message_id: Nullable(Type.String()),
    errors: Nullable(Type.Array(UpdateErrorSchema)),
    is_read: Type.Boolean(),
    send: SendReducedSchema,
  },
  { description: 'An SDI state change of a sent invoice.' },
);

export const AccountStatusSchema = Type.Object(
  {
    operation_left: Type.Integer({ format: 'int32' }),
    signature_left: Type.Integer({ format: 'int32' }),
    has_active_seat: Type.Boolean(),
    is_sub_key: Type.Boolean(),
  },
  { description: 'Operations and signatures left.' },
);

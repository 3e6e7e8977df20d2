import Type from 'typebox';
import { DateTime, Nullable } from './schema-kit.ts';
import {
  LogEventSchema,
  ReceiveSchema,
  SendInputSchema,
  SendStateSchema,
  WebHookHistorySchema,
  WebHookInputSchema,
  WebHookSchema,
} from './schemas.ts';

/**
 * The sandbox control API's shapes (`/_sandbox/…`, test keys only): not part of the v1 specification, published
 * in `/v1/openapi.json` marked `x-sandbox-only`. See docs/sandbox.md "Control API".
 */

const Count = Type.Integer({ minimum: 0 });

export const ClockStateSchema = Type.Object(
  {
    now: DateTime("The sandbox time every rule of the caller's sandbox reads."),
    offset_seconds: Type.Integer({ description: 'How far the sandbox time is from the real time.' }),
    frozen: Type.Boolean({ description: 'Whether the sandbox time stands still.' }),
  },
  {
    description:
      "The caller's sandbox clock: each account has its own; the live environment always runs on real time.",
  },
);

export const ClockChangeSchema = Type.Object(
  {
    advance: Type.Optional(
      Type.Union([Type.String(), Type.Number({ minimum: 0 })], {
        description: 'How far to move: a duration such as 15d, 36h or 30s, or a number of seconds.',
      }),
    ),
    set: Type.Optional(DateTime('Set the sandbox time to this instant.')),
    freeze: Type.Optional(Type.Boolean({ description: 'Stop (true) or restart (false) the sandbox time.' })),
    run_queue: Type.Optional(
      Type.Boolean({ description: "Move up to the caller's last pending step, so that every step runs." }),
    ),
    dry_run: Type.Optional(
      Type.Boolean({
        description: 'Move nothing: say where the clock would land and what retention would remove.',
      }),
    ),
  },
  { description: 'A clock move; at least one of advance, set, freeze and run_queue.' },
);

export const ClockMovedSchema = Type.Object(
  {
    now: ClockStateSchema.properties.now,
    offset_seconds: ClockStateSchema.properties.offset_seconds,
    frozen: ClockStateSchema.properties.frozen,
    jobs_run: Type.Integer({ minimum: 0, description: 'Steps that fell due and ran.' }),
    retention: Type.Record(Type.String(), Count, {
      description: 'What the move removed of your data, by kind: what its preview (dry_run) counted.',
    }),
  },
  { description: 'The clock after the move, once every step of yours that fell due has run.' },
);

export const ClockPreviewSchema = Type.Object(
  {
    dry_run: Type.Literal(true),
    now: DateTime('Where the clock would land.'),
    frozen: Type.Boolean(),
    retention: Type.Record(Type.String(), Count, {
      description: 'What the move would remove of your data, by kind (exactly what it then removes).',
    }),
    jobs_due: Type.Integer({ minimum: 0, description: 'Your steps that would fall due on the way.' }),
  },
  { description: 'What a clock move would do (`dry_run`).' },
);

export const QueuedJobSchema = Type.Object(
  {
    id: Type.Integer(),
    kind: Type.String({ description: 'What runs: an SDI step, a webhook delivery, the upkeep.' }),
    due_at: DateTime('When it runs, on the sandbox clock.'),
    send_id: Nullable(Type.Integer(), { description: 'The sent invoice it is about.' }),
    document_number: Type.Optional(Nullable(Type.String(), { description: "That invoice's number." })),
    attempts: Type.Integer({ minimum: 0 }),
    last_error: Nullable(Type.String()),
  },
  { description: 'A pending step of the simulated SDI or of the server.' },
);

export const HeldInvoiceSchema = Type.Object(
  {
    id: Type.Integer(),
    recipient: Type.String({ description: 'The VAT number (or fiscal code) that would release it.' }),
    file_name: Type.String(),
    identifier: Type.String(),
    created: DateTime('When it was held.'),
  },
  { description: 'An inbound invoice held until a company with its recipient is registered.' },
);

export const GenerateInvoiceSchema = Type.Object(
  {
    generate: Type.Object({
      to_vat: Type.String({ minLength: 1, description: "The customer's VAT number." }),
      format: Type.Optional(Type.Enum(['FPR12', 'FPA12'] as const, { description: 'Defaults to FPR12.' })),
    }),
  },
  { description: 'A made-up invoice from "Fornitore Sandbox Srl".' },
);

export const InboundInputSchema = Type.Union([SendInputSchema, GenerateInvoiceSchema], {
  description: 'The invoice an outside supplier sends: a file, or one to generate.',
});

export const InboundDeliveredSchema = Type.Object(
  { delivered: ReceiveSchema },
  { description: 'Delivered to the account that registered the recipient.' },
);

export const InboundHeldSchema = Type.Object(
  {
    held: Type.Object({ id: Type.Integer(), recipient: Type.String(), identifier: Type.String() }),
  },
  { description: 'Held: nobody has registered the recipient yet.' },
);

/** A public administration office code (IPA "codice univoco ufficio"): what an FPA12's CodiceDestinatario holds. */
export const PA_OFFICE_CODE_PATTERN = '^[A-Z0-9]{6}$';
export const PA_OFFICE_NAME_MAX = 255;

export const PaOfficeSchema = Type.Object(
  {
    code: Type.String({
      pattern: PA_OFFICE_CODE_PATTERN,
      description: 'The office code (codice univoco ufficio).',
    }),
    name: Type.String({ description: 'The office, as the directory names it.' }),
    active: Type.Boolean({ description: 'false: SDI discards an FPA12 sent to it with 00312.' }),
  },
  {
    description:
      "An office of the sandbox's directory of public administrations (IPA): an FPA12 sent with a test key to a code it does not list is discarded with 00311.",
  },
);

export const PaOfficeInputSchema = Type.Object(
  {
    code: PaOfficeSchema.properties.code,
    name: Type.Optional(
      Type.String({ maxLength: PA_OFFICE_NAME_MAX, description: 'Defaults to the code itself.' }),
    ),
    active: Type.Optional(
      Type.Boolean({ default: true, description: 'false makes it an inactive office (00312).' }),
    ),
  },
  { description: 'An office to add; an office with the same code is replaced.' },
);

export const ESITO_DESCRIPTION_MAX = 255;

export const EsitoInputSchema = Type.Object(
  {
    esito: Type.Enum(['EC01', 'EC02'] as const, { description: 'EC01 accepts, EC02 refuses.' }),
    description: Type.Optional(
      Nullable(Type.String({ maxLength: ESITO_DESCRIPTION_MAX }), {
        description: 'The reason, for a refusal.',
      }),
    ),
  },
  { description: "A public administration's answer to a delivered FPA12 invoice." },
);

export const ScartoEsitoSchema = Type.Object(
  {
    code: Type.Enum(['EN00', 'EN01'] as const, {
      description:
        'EN01: not admissible (the 15 days are over, an outcome was given already, not delivered).',
    }),
    note: Type.String({ description: "SDI's reason, in Italian, as the file's Note says it." }),
    file_name: Type.String({ description: 'e.g. IT01234567890_00001_SE_002.xml.' }),
    message_id: Type.String({ description: "SDI's MessageId of the file." }),
    xml: Type.String({
      description:
        'The ScartoEsitoCommittente file, signed like every SDI message (as SDI returns it to the EC it refuses).',
    }),
  },
  { description: 'SDI refused the outcome: its ScartoEsitoCommittente (SE) to the recipient.' },
);

export const EsitoOutcomeSchema = Type.Object(
  {
    identifier: Nullable(Type.String()),
    esito: Type.Enum(['EC01', 'EC02'] as const),
    description: Type.String(),
    state: Nullable(SendStateSchema, {
      description:
        "The sender's state: the new one when SDI forwarded the outcome, the same as before when it refused it; null outside the sandbox.",
    }),
    scarto: Nullable(ScartoEsitoSchema, {
      description:
        'null: SDI forwarded the outcome to the sender (NotificaEsito). Otherwise SDI refused it; the sender sees nothing.',
    }),
  },
  { description: "SDI's answer to the outcome." },
);

export const ResetInputSchema = Type.Object(
  {
    dry_run: Type.Optional(Type.Boolean({ description: 'Count what would go, delete nothing.' })),
    keep_webhooks: Type.Optional(
      Type.Boolean({
        description:
          "Keep the account's webhooks and their history (those bound to a company still go with the company).",
      }),
    ),
    keep_clock: Type.Optional(
      Type.Boolean({ description: 'Leave the sandbox clock where it is, instead of back on real time.' }),
    ),
  },
  { description: 'Optional: an empty body resets everything but the keys.' },
);

/** What a reset deletes, by kind. */
export const ResetCountsSchema = Type.Object(
  {
    company: Count,
    send: Count,
    receive: Count,
    update: Count,
    log: Count,
    held: Type.Integer({ minimum: 0, description: 'Invoices the account sent that were still held.' }),
    webhook: Type.Integer({ minimum: 0, description: 'Webhooks, their delivery history with them.' }),
  },
  { description: 'How many records of each kind went.' },
);

export const ResetResultSchema = Type.Object(
  {
    dry_run: Type.Optional(Type.Literal(true)),
    deleted: ResetCountsSchema,
    clock: ClockStateSchema,
  },
  { description: 'What the reset deleted (or would delete).' },
);

/** One delivery attempt as `GET /_sandbox/webhookhistory` shows it: WebHookHistory plus what went and came back. */
export const WebhookDeliverySchema = Type.Object(
  {
    ...WebHookHistorySchema.properties,
    request_body: Nullable(Type.String(), { description: 'The signed JSON body, exactly as sent.' }),
    response_body: Nullable(Type.String(), {
      description: "The receiver's answer (its first 16 KB); null after a network error.",
    }),
    duration_ms: Nullable(Type.Integer({ minimum: 0 }), {
      description: 'From sending the request to the end of the answer, in milliseconds.',
    }),
    redelivery_of: Nullable(Type.Integer(), {
      description: 'The delivery this one sent again by hand (`POST …/redeliver`); null otherwise.',
    }),
  },
  { description: 'A webhook delivery attempt with its request and answer.' },
);

export const ReceivedDeliverySchema = Type.Object(
  {
    seq: Type.Integer({
      minimum: 1,
      description: 'Increasing within a server run: `after=` asks for later ones.',
    }),
    received_at: DateTime('When it arrived, on the sandbox clock.'),
    webhook_id: Type.Integer(),
    event: Nullable(Type.String(), { description: 'The `event` of the body, when it is JSON with one.' }),
    signature: Type.Enum(['valid', 'invalid'] as const, {
      description: 'Service-Signature checked against the secret (5 minutes of tolerance).',
    }),
    signature_header: Nullable(Type.String(), { description: 'The Service-Signature header as received.' }),
    body: Type.String({ description: 'The raw body, exactly as received.' }),
  },
  { description: 'One call the built-in receiver got.' },
);

export const LocalReceiverStateSchema = Type.Object(
  {
    webhook: Nullable(WebHookSchema, { description: "The receiver's webhook; null when none is running." }),
    deliveries: Type.Array(ReceivedDeliverySchema, {
      description: 'The most recent calls first, at most 100.',
    }),
    last_seq: Type.Integer({ minimum: 0, description: 'The highest `seq` so far (0 before any call).' }),
    secret: Type.Optional(
      Type.String({ description: 'Only in the answer to the start: the secret, shown once.' }),
    ),
  },
  { description: 'The built-in webhook receiver: a loopback endpoint of this sandbox.' },
);

export const LocalReceiverInputSchema = Type.Object(
  {
    events: WebHookInputSchema.properties.events,
    company_id: WebHookInputSchema.properties.company_id,
  },
  {
    description: 'Optional: which events and company the receiver’s webhook subscribes to (all by default).',
  },
);

export const SeedInputSchema = Type.Object(
  {
    profile: Type.Optional(
      Type.Enum(['demo', 'qa'] as const, { default: 'demo', description: 'Which data: demo or qa.' }),
    ),
    seed: Type.Optional(
      Type.Integer({ minimum: 0, default: 1, description: 'The same seed gives the same data.' }),
    ),
  },
  { description: 'Optional: an empty body loads the demo profile with seed 1.' },
);

export const SeedReportSchema = Type.Object(
  {
    profile: Type.String(),
    seed: Type.Integer(),
    until: DateTime('The data runs up to this instant of the sandbox clock.'),
    companies: Type.Array(Type.Object({ name: Type.String(), vat: Type.String() })),
    environments: Type.Array(Type.Object({}, { additionalProperties: true }), {
      description: 'What was made in each environment.',
    }),
  },
  { description: 'What the seed made.' },
);

// Faults and latency on demand (docs/sandbox.md "Faults and latency"): the Sandbox-Fault header's grammar is also
// a fault rule's `fault`.
const FAULT_GRAMMAR =
  'status=429|500|502|503|504 [;retry-after=N], latency=2s|1500ms, hang or reset; latency combines with one of the others; p=0.3 injects with that probability.';

export const FAULT_TIMES_MAX = 10_000;
export const FAULT_PATH_MAX = 200;

export const FaultRuleInputSchema = Type.Object(
  {
    path: Type.String({
      minLength: 1,
      maxLength: FAULT_PATH_MAX,
      description:
        'The request path it applies to, as requested (`/v1/send`); `*` stands for any characters.',
    }),
    method: Type.Optional(
      Type.String({ description: 'Only requests with this HTTP method (default: any).' }),
    ),
    fault: Type.String({ description: `What to inject: ${FAULT_GRAMMAR}` }),
    times: Type.Optional(
      Type.Integer({ minimum: 1, maximum: FAULT_TIMES_MAX, description: 'Inject this many times, then go.' }),
    ),
    expires_in: Type.Optional(
      Type.Union([Type.String(), Type.Number({ minimum: 0 })], {
        description: 'Go after this long in real time: a duration such as 30s, 10m or 1h, or seconds.',
      }),
    ),
  },
  { description: 'A fault rule: inject a fault into the matching requests of your test keys.' },
);

export const FaultRuleSchema = Type.Object(
  {
    id: Type.Integer({ description: 'The rule’s id.' }),
    path: Type.String({ description: 'The path pattern.' }),
    method: Nullable(Type.String(), { description: 'The method, or null for any.' }),
    fault: Type.String({ description: 'What it injects, normalized.' }),
    remaining: Nullable(Type.Integer({ minimum: 0 }), {
      description: 'How many more times it injects; null: until it expires or is deleted.',
    }),
    expires_at: Nullable(DateTime('When it goes (real time).'), {
      description: 'When it goes; null: never.',
    }),
    hits: Count,
    created: DateTime('When it was added (real time).'),
  },
  { description: 'A fault rule of your account.' },
);

export const FaultMarkSchema = Type.Object(
  {
    kind: Type.Union([
      Type.Literal('status'),
      Type.Literal('latency'),
      Type.Literal('hang'),
      Type.Literal('reset'),
    ]),
    status: Type.Optional(Type.Integer()),
    latency_ms: Type.Optional(Type.Integer()),
    source: Type.Union([Type.Literal('header'), Type.Literal('rule')]),
    rule_id: Type.Optional(Type.Integer()),
  },
  {
    description:
      'The fault the sandbox injected into this request. A hang or reset got no answer: logged as 499 when the client gave up, 444 when the server closed the connection.',
  },
);

export const RateLimitStateSchema = Type.Object(
  {
    rate_limit: Type.String({
      description: 'The limits your test keys have now, e.g. 100/s,2000/m,100000/d.',
    }),
    per_second: Nullable(Type.Integer(), { description: 'null when unlimited.' }),
    per_minute: Nullable(Type.Integer(), { description: 'null when unlimited.' }),
    per_day: Nullable(Type.Integer(), { description: 'null when unlimited.' }),
    changed: Type.Boolean({ description: 'Whether your account changed them (false: the server’s).' }),
    server: Type.String({ description: 'The server’s limits (--rate-limit), which live keys always have.' }),
  },
  { description: 'The per-key rate limits of your test keys (each key is counted on its own).' },
);

export const RateLimitInputSchema = Type.Object(
  {
    rate_limit: Type.String({
      description:
        'As --rate-limit: unlimited, or e.g. 5/s,100/m (windows not given take the live service’s defaults).',
    }),
  },
  { description: 'New limits for your test keys.' },
);

export const SandboxLogEventSchema = Type.Object(
  { ...LogEventSchema.properties, fault: Type.Optional(FaultMarkSchema) },
  {
    description:
      'One API call, as the request log keeps it, with the mark of a fault the sandbox injected into it.',
  },
);

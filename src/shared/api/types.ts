import type { Static } from 'typebox';
import type {
  EsitoOutcomeSchema,
  FaultMarkSchema,
  FaultRuleInputSchema,
  FaultRuleSchema,
  PaOfficeSchema,
  RateLimitStateSchema,
  ResetCountsSchema,
  ResetResultSchema,
} from './sandbox-schemas.ts';
import type {
  AccountStatusSchema,
  CompanyInputSchema,
  CompanySchema,
  DocumentDataSchema,
  HealthReportSchema,
  LinkedDataSchema,
  LogEventSchema,
  ProblemDetailsSchema,
  ReceiveNotificationSchema,
  ReceiveSchema,
  SendInputSchema,
  SendReducedSchema,
  SendSchema,
  UpdateErrorSchema,
  UpdateSchema,
  ValidationProblemSchema,
  WebHookHistorySchema,
  WebhookNotificationSchema,
  WebHookSchema,
} from './schemas.ts';

/**
 * The v1 API shapes, defined once and used by the sandbox server, the client and the UI.
 * Field names follow the wire format (snake_case) so values cross HTTP unchanged. The constants stay here (not in
 * `schemas.ts`) so that code needing only them and the types does not load the schema library.
 */

export const SEND_STATES = [
  'Inviato',
  'Consegnato',
  'NonConsegnato',
  'Scartato',
  'AccettatoDalDestinatario',
  'RifiutatoDalDestinatario',
  'ImpossibilitaDiRecapito',
  'DecorrenzaTermini',
  'AttestazioneTrasmissioneFattura',
] as const;
export type SendState = (typeof SEND_STATES)[number];

export const SIGNATURE_MODES = ['None', 'Apply', 'Force', 'Auto'] as const;
export type SignatureMode = (typeof SIGNATURE_MODES)[number];

export type PayloadEncoding = 'Xml' | 'Base64';
export type Environment = 'test' | 'live';

/**
 * The shapes below are derived from their JSON Schema definitions in `schemas.ts`, which the server also checks
 * request bodies against and `/v1/openapi.json` publishes: one definition for the types, the checks and the docs.
 */
export type Company = Static<typeof CompanySchema>;

/** What a client sends to create or update a company; server-set fields are ignored. */
export type CompanyInput = Static<typeof CompanyInputSchema>;

export type DocumentData = Static<typeof DocumentDataSchema>;

export type Send = Static<typeof SendSchema>;

export type Receive = Static<typeof ReceiveSchema>;

/** A file SDI sent the recipient of an invoice besides the invoice: its metadata (MT), a refused outcome (SE). */
export type ReceiveNotification = Static<typeof ReceiveNotificationSchema>;

/** Body of `POST /send` and `POST /send/validate`. */
export type SendInput = Static<typeof SendInputSchema>;

/** A request log entry (`/log`). */
export type LogEvent = Static<typeof LogEventSchema>;

/** One problem found in a submitted document or request body. */
export type ValidationProblem = Static<typeof ValidationProblemSchema>;

/** RFC 9457 problem details as the API returns them. */
export type ProblemDetails = Static<typeof ProblemDetailsSchema>;

/** Company deletion conflict: how much data the company still owns. */
export type LinkedData = Static<typeof LinkedDataSchema>;

export type HealthReport = Static<typeof HealthReportSchema>;

export const API_VERSION = 1;
export const API_BASE_PATH = '/v1';
export const PAGE_SIZE_DEFAULT = 100;
export const PAGE_SIZE_MAX = 200;
export const SEND_IDS_MAX = 100;
export const TOTAL_COUNT_HEADER = 'Service-Total-Count';
/**
 * The same total under the name the public OpenAPI gives the live service's paging header; a sandbox started with
 * `--compat live` sends both.
 */
export const LIVE_TOTAL_COUNT_HEADER = 'Invoicetronic-Total-Count';

/** Webhook events (contract "Webhooks"); `*` subscribes to all of them. */
export const WEBHOOK_EVENTS = [
  'company.add',
  'company.update',
  'company.delete',
  'send.add',
  'receive.add',
  'receive.delete',
  'update.add',
] as const;
export type WebhookEventName = (typeof WEBHOOK_EVENTS)[number];

export type WebHook = Static<typeof WebHookSchema>;

export type WebHookHistory = Static<typeof WebHookHistorySchema>;

/** The JSON body of a webhook notification: the Event that caused it, without query or response body. */
export type WebhookNotification = Static<typeof WebhookNotificationSchema>;

/** One SDI error as an Update lists it (openapi.yml `Error`). */
export type UpdateError = Static<typeof UpdateErrorSchema>;

/** The Send fields an Update carries along (openapi.yml `SendReduced`). */
export type SendReduced = Static<typeof SendReducedSchema>;

/** An SDI status update of a sent invoice (openapi.yml `Update`). */
export type Update = Static<typeof UpdateSchema>;

/** openapi.yml `Status`. */
export type AccountStatus = Static<typeof AccountStatusSchema>;

/** What `POST /_sandbox/reset` deletes (or, with `dry_run`, would delete), by kind. */
export type ResetCounts = Static<typeof ResetCountsSchema>;
export type ResetResult = Static<typeof ResetResultSchema>;

/** An office of the sandbox's directory of public administrations (`/_sandbox/pa-offices`). */
export type PaOffice = Static<typeof PaOfficeSchema>;

/** SDI's answer to a PA recipient's outcome (`/_sandbox/…/esito`): forwarded to the sender, or refused with an SE. */
export type EsitoOutcome = Static<typeof EsitoOutcomeSchema>;
export type FaultRule = Static<typeof FaultRuleSchema>;
export type FaultRuleInput = Static<typeof FaultRuleInputSchema>;
export type FaultMark = Static<typeof FaultMarkSchema>;
export type RateLimitState = Static<typeof RateLimitStateSchema>;
/** An entry of the sandbox's log view: a log event, with the mark of the fault injected into it, if any. */
export type SandboxLogEvent = LogEvent & { fault?: FaultMark };

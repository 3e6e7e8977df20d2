/**
 * The v1 API shapes, defined once and used by the sandbox server, the client and the UI.
 * Field names follow the wire format (snake_case) so values cross HTTP unchanged.
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

export interface Company {
  id: number;
  created: string;
  version: number;
  user_id: number;
  vat: string;
  fiscal_code: string;
  name: string;
}

/** What a client sends to create or update a company; server-set fields are ignored. */
export interface CompanyInput {
  id?: number;
  version?: number;
  vat: string;
  fiscal_code: string;
  name: string;
}

export interface DocumentData {
  number: string | null;
  date: string | null;
}

interface InvoiceRecord {
  id: number;
  created: string;
  version: number;
  user_id: number;
  company_id: number;
  committente: string | null;
  prestatore: string | null;
  identifier: string | null;
  file_name: string | null;
  format: string | null;
  payload?: string;
  last_update: string | null;
  date_sent: string | null;
  documents: DocumentData[] | null;
  encoding: PayloadEncoding;
  /** Spec extension: number and date of the first document in the file. */
  document_number: string | null;
  document_date: string | null;
}

export interface Send extends InvoiceRecord {
  nome_committente: string | null;
  meta_data: Record<string, string> | null;
  latest_state: SendState | null;
}

export interface Receive extends InvoiceRecord {
  nome_prestatore: string | null;
  is_read: boolean;
  message_id: string | null;
}

/** Body of `POST /send` and `POST /send/validate`. */
export interface SendInput {
  payload: string;
  file_name?: string | null;
  meta_data?: Record<string, string> | null;
}

/** A request log entry (`/log`). */
export interface LogEvent {
  id: number;
  created: string;
  version: number;
  user_id: number;
  api_key_id: number;
  company_id: number | null;
  method: string;
  endpoint: string;
  api_version: number;
  status_code: number;
  date_time: string;
  error: string | null;
  resource_id: number | null;
  user_agent: string | null;
  success: boolean;
  query: string | null;
  response_body: string | null;
}

/** One problem found in a submitted document or request body. */
export interface ValidationProblem {
  code: string;
  description: string;
  hint: string | null;
  path: string | null;
}

/** RFC 9457 problem details as the API returns them. */
export interface ProblemDetails {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance: string;
  request_id: string;
  errors?: ValidationProblem[];
  /** Problems found but not listed in `errors`: a file reports at most its first 100 per validation stage. */
  errors_omitted?: number;
  /** Company deletion conflict: how much data the company still owns. */
  linked?: LinkedData;
  /** Query parameter that was rejected. */
  parameter?: string;
}

export interface LinkedData {
  send: number;
  receive: number;
  update: number;
  webhook: number;
  log: number;
}

export interface HealthReport {
  status: 'Healthy' | 'Unhealthy';
  checks: Record<string, { status: 'Healthy' | 'Unhealthy'; detail?: string }>;
}

export const API_VERSION = 1;
export const API_BASE_PATH = '/v1';
export const PAGE_SIZE_DEFAULT = 100;
export const PAGE_SIZE_MAX = 200;
export const SEND_IDS_MAX = 100;
export const TOTAL_COUNT_HEADER = 'Service-Total-Count';

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

export interface WebHook {
  id: number;
  created: string;
  version: number;
  user_id: number;
  company_id: number | null;
  url: string;
  enabled: boolean;
  /** Only in the answer to the creation. */
  secret?: string | null;
  description: string | null;
  events: string[] | null;
  failure_notified_at: string | null;
}

export interface WebHookHistory {
  id: number;
  created: string;
  version: number;
  web_hook_id: number;
  user_id: number;
  event: string | null;
  status_code: number;
  error: string | null;
  date_time: string;
  success: boolean;
}

/** The JSON body of a webhook notification: the Event that caused it, without query or response body. */
export interface WebhookNotification {
  event: WebhookEventName;
  /** The request log Event; null for what SDI did on its own (a received invoice, a new state). */
  id: number | null;
  resource_id: number;
  company_id: number | null;
  user_id: number;
  date_time: string;
  method: string | null;
  endpoint: string | null;
  status_code: number | null;
  success: boolean;
  api_version: number;
}

/** One SDI error as an Update lists it (openapi.yml `Error`). */
export interface UpdateError {
  code: string;
  description: string | null;
  hint: string | null;
}

/** The Send fields an Update carries along (openapi.yml `SendReduced`). */
export interface SendReduced {
  identifier: string | null;
  prestatore: string | null;
  meta_data: Record<string, string> | null;
  documents: DocumentData[] | null;
  date_sent: string | null;
  latest_state: SendState | null;
}

/** An SDI status update of a sent invoice (openapi.yml `Update`). */
export interface Update {
  id: number;
  created: string;
  version: number;
  user_id: number;
  company_id: number;
  send_id: number;
  last_update: string;
  state: SendState;
  description: string | null;
  message_id: string | null;
  errors: UpdateError[] | null;
  is_read: boolean;
  send: SendReduced;
}

/** openapi.yml `Status`. */
export interface AccountStatus {
  operation_left: number;
  signature_left: number;
  has_active_seat: boolean;
  is_sub_key: boolean;
}

/**
 * `scambio-sandbox/client`: the typed client of the v1 API (and the local sandbox's control API), pure TypeScript over
 * any WHATWG fetch. Everything a caller needs is exported here; the shapes are the ones the server itself uses.
 */
export { ScambioClient, type Lister, type SendListQuery, type WebhookInput } from './client.ts';
export { ApiProblem, isProblem, problemOf, type ProblemKind } from './problem.ts';
export { everyItem, type Page, type Query } from './paging.ts';
export {
  SandboxControl,
  type ClockMove,
  type Esito,
  type EsitoOutcome,
  type InboundOutcome,
  type QueuedJob,
  type SeedOutcome,
} from './sandbox.ts';
export { type SubmitOptions, type Submitted } from './submit.ts';
export { fetchTransport, gatewayTransport, type FetchTransportOptions, type Transport } from './transport.ts';
/** Webhook signatures (`Service-Signature`): check every delivery before trusting its body. */
export { SIGNATURE_HEADER, signServicePayload, verifyServiceSignature } from '../api/webhook-signature.ts';
export type * from '../api/types.ts';
export type { ApiRequest, ApiResponse, SandboxClockState } from '../gateway/channels.ts';

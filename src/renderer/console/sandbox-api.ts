/**
 * The local sandbox's control API (`/_sandbox/…`, docs/sandbox.md) as the console calls it, through the host's
 * `sandbox.control` channel (refused for remote profiles), through the app's one client. Answers that are not the
 * expected status throw ApiProblem,
 * whose message is the problem's own words in the UI language.
 */
import type { EsitoOutcome } from '../../shared/api/types.ts';
import type { ApiRequest, Gateway } from '../../shared/gateway/channels.ts';
import { clientOf } from '../data/api.ts';

/** A body of `POST /_sandbox/clock`: each field as the API takes it. */
export interface ClockMove {
  advance?: string;
  set?: string;
  freeze?: boolean;
  /** On to the due time of the account's last queued step. */
  run_queue?: boolean;
}

export interface RetentionCounts {
  send: number;
  receive: number;
  log: number;
}

/** `dry_run`: where a move lands and what it costs. */
export interface ClockPreview {
  now: string;
  frozen: boolean;
  retention: RetentionCounts;
  jobs_due: number;
}

export interface ClockMoved {
  now: string;
  offset_seconds: number;
  frozen: boolean;
  jobs_run: number;
}

export interface QueueRow {
  id: number;
  kind: string;
  due_at: string;
  send_id: number | null;
  document_number: string | null;
  /** The server's own recurring work, about no invoice. */
  upkeep: boolean;
  attempts: number;
  last_error: string | null;
}

export interface HeldRow {
  id: number;
  /** The VAT number (or fiscal code) whose registration releases it. */
  recipient: string;
  file_name: string;
  identifier: string;
  created: string;
}

export type InboundOutcome =
  | { delivered: { id: number; committente: string | null } }
  | { held: { id: number; recipient: string; identifier: string } };

const control = <T>(gateway: Gateway, request: ApiRequest, ok: readonly number[] = [200]): Promise<T> =>
  clientOf(gateway).sandbox.call<T>(request, ok);

export const previewClockMove = (gateway: Gateway, move: ClockMove) =>
  control<ClockPreview>(gateway, { method: 'POST', path: '/clock', body: { ...move, dry_run: true } });

export const moveClock = (gateway: Gateway, move: ClockMove) =>
  control<ClockMoved>(gateway, { method: 'POST', path: '/clock', body: move });

export const readClock = (gateway: Gateway) =>
  control<{ now: string; offset_seconds: number; frozen: boolean }>(gateway, {
    method: 'GET',
    path: '/clock',
  });

export const readQueue = (gateway: Gateway) =>
  control<QueueRow[]>(gateway, { method: 'GET', path: '/queue' });

export const readHeld = (gateway: Gateway) => control<HeldRow[]>(gateway, { method: 'GET', path: '/held' });

/** A generated invoice for `toVat`, or a file (`payload` in Base64, with its SDI name when it has one). */
export type InboundInvoice =
  { generate: { to_vat: string; format: 'FPR12' | 'FPA12' } } | { payload: string; file_name?: string };

export const makeArrive = (gateway: Gateway, invoice: InboundInvoice) =>
  control<InboundOutcome>(gateway, { method: 'POST', path: '/inbound', body: invoice }, [201, 202]);

/** The outside PA recipient of a sent FPA12 invoice answers it. */
export const answerAsPa = (gateway: Gateway, sendId: number, esito: 'EC01' | 'EC02', description?: string) =>
  control<EsitoOutcome>(gateway, {
    method: 'POST',
    path: `/send/${sendId}/esito`,
    body: description ? { esito, description } : { esito },
  });

export const previewReset = async (gateway: Gateway) =>
  (await clientOf(gateway).sandbox.reset({ dryRun: true })).deleted;

export const resetSandbox = async (gateway: Gateway) => (await clientOf(gateway).sandbox.reset()).deleted;

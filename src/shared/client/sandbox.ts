import type {
  EsitoOutcome,
  FaultRule,
  FaultRuleInput,
  PaOffice,
  RateLimitState,
  Receive,
  ResetResult,
} from '../api/types.ts';
import type { WebhookDelivery } from '../api/webhook-delivery.ts';
import type { ReceiverBehaviour, ReceiverCheckReport } from '../api/webhook-tools.ts';
import type { ApiRequest, ApiResponse, SandboxClockState } from '../gateway/channels.ts';
import { readPage, type Page, type Query } from './paging.ts';
import { ApiProblem } from './problem.ts';
import type { Transport } from './transport.ts';

export type Esito = 'EC01' | 'EC02';

export interface ClockMove extends SandboxClockState {
  /** How many jobs (SDI steps, webhook deliveries, upkeep) fell due and ran before the answer. */
  jobs_run: number;
}

export type InboundOutcome =
  { delivered: Receive } | { held: { id: number; recipient: string; identifier: string } };

/** SDI's answer to an outcome: forwarded to the sender (`scarto` null), or refused with an SE (`scarto`). */
export type { EsitoOutcome };

export interface QueuedJob {
  id: number;
  kind: string;
  due_at: string;
  send_id: number | null;
  attempts: number;
  last_error: string | null;
}

export interface SeedOutcome {
  profile: string;
  seed: number;
  until: string;
  companies: { name: string; vat: string }[];
  environments: { environment: string; companies: number; sent: number; received: number }[];
}

/**
 * The local sandbox's control API (`/_sandbox`, docs/sandbox.md): move the clock (every step that falls due runs
 * before the answer), make an invoice arrive, answer as a public administration, reset, load demo data.
 */
export class SandboxControl {
  constructor(private readonly transport: Transport) {}

  clock(): Promise<SandboxClockState> {
    return this.call({ method: 'GET', path: '/clock' });
  }

  /** Moves the clock forward, e.g. `'15d'`, `'36h'`, or seconds; `0` just runs what is due. */
  advance(duration: string | number): Promise<ClockMove> {
    return this.call({ method: 'POST', path: '/clock', body: { advance: duration } });
  }

  /** Sets the clock to an instant, optionally frozen there. */
  set(instant: Date | string, options: { freeze?: boolean } = {}): Promise<ClockMove> {
    const set = instant instanceof Date ? instant.toISOString() : instant;
    return this.call({ method: 'POST', path: '/clock', body: { set, ...options } });
  }

  freeze(frozen: boolean): Promise<ClockMove> {
    return this.call({ method: 'POST', path: '/clock', body: { freeze: frozen } });
  }

  /** An outside supplier sends this invoice (XML text or Base64) through SDI. */
  arrive(payload: string, fileName?: string): Promise<InboundOutcome> {
    const body = fileName === undefined ? { payload } : { payload, file_name: fileName };
    return this.call({ method: 'POST', path: '/inbound', body }, [201, 202]);
  }

  /** The same with an invoice the sandbox makes up, from "Fornitore Sandbox Srl" to `toVat`. */
  arriveGenerated(toVat: string, format: 'FPR12' | 'FPA12' = 'FPR12'): Promise<InboundOutcome> {
    return this.call(
      { method: 'POST', path: '/inbound', body: { generate: { to_vat: toVat, format } } },
      [201, 202],
    );
  }

  /**
   * Answers as the outside public administration a sent FPA12 invoice went to. Unless it is Consegnato, SDI
   * refuses the outcome with an SE (`scarto`) and the invoice stays as it is.
   */
  answerSent(sendIdOrIdentifier: number | string, esito: Esito, description?: string): Promise<EsitoOutcome> {
    return this.call({
      method: 'POST',
      path: `/send/${encodeURIComponent(String(sendIdOrIdentifier))}/esito`,
      body: description === undefined ? { esito } : { esito, description },
    });
  }

  /** Answers as the local PA that received an invoice; the sender's invoice follows. */
  answerReceived(receiveId: number, esito: Esito, description?: string): Promise<EsitoOutcome> {
    return this.call({
      method: 'POST',
      path: `/receive/${receiveId}/esito`,
      body: description === undefined ? { esito } : { esito, description },
    });
  }

  /** What SDI and the server's upkeep will do next, and when. */
  queue(): Promise<QueuedJob[]> {
    return this.call({ method: 'GET', path: '/queue' });
  }

  /**
   * Starts the caller's sandbox over: deletes its data (companies, invoices, log, held invoices) and its webhooks,
   * and puts its clock back on real time, keeping the keys. `keepWebhooks` / `keepClock` keep those; `dryRun`
   * deletes nothing and counts what would go.
   */
  reset(
    options: { keepWebhooks?: boolean; keepClock?: boolean; dryRun?: boolean } = {},
  ): Promise<ResetResult> {
    const body = {
      ...(options.dryRun ? { dry_run: true } : {}),
      ...(options.keepWebhooks ? { keep_webhooks: true } : {}),
      ...(options.keepClock ? { keep_clock: true } : {}),
    };
    return this.call({ method: 'POST', path: '/reset', body });
  }

  /**
   * The sandbox's directory of public administration offices (its IPA, one per data folder): an FPA12 to a code
   * it does not list is discarded with 00311, to an inactive one with 00312.
   */
  paOffices(): Promise<PaOffice[]> {
    return this.call({ method: 'GET', path: '/pa-offices' });
  }

  /** Adds an office to the directory (or replaces the one with the same code); `active: false` makes it 00312. */
  addPaOffice(code: string, options: { name?: string; active?: boolean } = {}): Promise<PaOffice> {
    return this.call({ method: 'POST', path: '/pa-offices', body: { code, ...options } }, [200, 201]);
  }

  /** Removes an office from the directory (`404` when it has none with that code). */
  removePaOffice(code: string): Promise<PaOffice> {
    return this.call({ method: 'DELETE', path: `/pa-offices/${encodeURIComponent(code)}` });
  }

  /** Fills the caller's empty sandbox with demo data (`409` when it has data already). */
  seed(options: { profile?: 'demo' | 'qa'; seed?: number } = {}): Promise<SeedOutcome> {
    return this.call({ method: 'POST', path: '/seed', body: options }, [201]);
  }

  /** The account's fault rules in force, oldest first (docs/sandbox.md "Faults and latency"). */
  faults(): Promise<FaultRule[]> {
    return this.call({ method: 'GET', path: '/faults' });
  }

  /** Adds a fault rule, e.g. `{path: '/v1/send', method: 'POST', fault: 'status=503', times: 2}`. */
  addFault(rule: FaultRuleInput): Promise<FaultRule> {
    return this.call({ method: 'POST', path: '/faults', body: rule }, [201]);
  }

  /** Removes one fault rule (`404` when the account has none with that id). */
  removeFault(id: number): Promise<FaultRule> {
    return this.call({ method: 'DELETE', path: `/faults/${id}` });
  }

  /** Removes every fault rule of the account; says how many went. */
  clearFaults(): Promise<{ deleted: number }> {
    return this.call({ method: 'DELETE', path: '/faults' });
  }

  /** The per-key rate limits the account's test keys have now. */
  limits(): Promise<RateLimitState> {
    return this.call({ method: 'GET', path: '/limits' });
  }

  /** Changes them at once, as `--rate-limit` writes them (`5/s,100/m`, `unlimited`); `null`: the server's again. */
  setLimits(rateLimit: string | null): Promise<RateLimitState> {
    return rateLimit === null
      ? this.call({ method: 'DELETE', path: '/limits' })
      : this.call({ method: 'PUT', path: '/limits', body: { rate_limit: rateLimit } });
  }

  /** Sends a webhook's receiver the check suite and judges each answer (docs/webhooks.md "Check my receiver"). */
  checkReceiver(webhookId: number): Promise<ReceiverCheckReport> {
    return this.call({ method: 'POST', path: `/webhook/${webhookId}/check`, body: {} });
  }

  /** Sends a past delivery again, signed now; the answer is the new delivery (`redelivery_of` the old one). */
  redeliver(deliveryId: number): Promise<WebhookDelivery> {
    return this.call({ method: 'POST', path: `/webhookhistory/${deliveryId}/redeliver`, body: {} }, [201]);
  }

  /** Tells the built-in receiver to fail the next calls, answer slowly or never; `{}` makes it normal again. */
  setReceiverBehaviour(behaviour: Partial<ReceiverBehaviour>): Promise<ReceiverBehaviour> {
    return this.call({ method: 'PUT', path: '/receiver/behaviour', body: behaviour });
  }

  /** Any control call, answered raw: for what this class has no method for (the app's own views of the log). */
  raw(request: ApiRequest): Promise<ApiResponse> {
    if (!this.transport.sandbox) throw new Error('This connection has no sandbox control API.');
    return this.transport.sandbox(request);
  }

  /** Any control call, its body as `T` when the status is one `expected`; anything else an ApiProblem. */
  async call<T>(request: ApiRequest, expected: readonly number[] = [200]): Promise<T> {
    const response = await this.raw(request);
    if (!expected.includes(response.status)) throw new ApiProblem(response);
    return response.body as T;
  }

  /** One page of a control list (`/webhookhistory`, `/log`), with its `Service-Total-Count`. */
  async page<T>(path: string, query: Query & { page: number; page_size: number }): Promise<Page<T>> {
    return readPage<T>(await this.raw({ method: 'GET', path, query }), query.page, query.page_size);
  }
}

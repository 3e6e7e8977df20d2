import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  LOCAL_RECEIVER_PATH,
  RECEIVED_DELIVERIES_KEPT,
  SIGNATURE_TOLERANCE_SECONDS,
  isLocalReceiverUrl,
  type LocalReceiverState,
  type ReceivedDelivery,
} from '../../shared/api/local-receiver.ts';
import type { WebHook } from '../../shared/api/types.ts';
import { SIGNATURE_HEADER, verifyServiceSignature } from '../../shared/api/webhook-signature.ts';
import type { Clocks } from '../clock.ts';
import type { WebhookService } from '../domain/webhooks.ts';
import type { Scope } from '../store/scope.ts';
import type { Store } from '../store/store.ts';
import { NORMAL_RECEIVER_BEHAVIOUR, type ReceiverBehaviour } from '../../shared/api/webhook-tools.ts';
import { answerAsTold } from './behaviour.ts';

/**
 * The built-in webhook receiver: a loopback HTTP listener inside the sandbox server, started on the first
 * `POST /_sandbox/receiver`, that checks each call's `Service-Signature` and keeps the latest calls in memory.
 *
 * Why here and not in the desktop main process: the sandbox server is the one process that exists in both ways
 * of running Scambio. In the desktop app it is a child the app starts and stops with itself; headless, it is the
 * app. So the receiver lives and dies with the app in both, needs no new IPC, and the deliveries it gets come
 * from the same process over loopback, exactly as a developer's own receiver would get them. Its webhooks are
 * deleted when the server stops (`close`), since nothing answers at their address afterwards; any left by a
 * killed process are deleted the next time the account starts a receiver.
 */
export class LocalReceiver {
  private listener: Promise<Server> | null = null;
  private readonly byToken = new Map<string, Registration>();
  private readonly byScope = new Map<string, Registration>();
  private seq = 0;
  private closed = false;

  constructor(
    private readonly deps: {
      store: Store;
      webhooks: WebhookService;
      /** Signatures are timestamped on real time (`base`); a delivery is dated on its account's clock. */
      clocks: Clocks;
      host?: string;
    },
  ) {}

  /**
   * A new webhook for `scope` pointing at the receiver, replacing the scope's previous one (and any a killed
   * process left behind); the answer carries its secret, which only the creation shows.
   */
  async start(scope: Scope, input: { company_id: number | null; events: string[] | null }) {
    if (this.closed) throw new Error('The local receiver is stopping');
    const server = await this.listen();
    const previous = this.byScope.get(scopeKey(scope));
    if (previous) this.unregister(previous);
    this.deleteLocalWebhooks(scope);
    const token = randomBytes(16).toString('base64url');
    const { port } = server.address() as AddressInfo;
    const webhook = this.deps.webhooks.create(scope, {
      url: `http://127.0.0.1:${port}${LOCAL_RECEIVER_PATH}${token}`,
      company_id: input.company_id,
      enabled: true,
      description: 'Scambio local receiver',
      events: input.events,
    });
    const registration: Registration = {
      token,
      scope,
      webhookId: webhook.id,
      secret: webhook.secret!,
      deliveries: [],
      waiters: new Set(),
      behaviour: { ...NORMAL_RECEIVER_BEHAVIOUR },
    };
    this.byToken.set(token, registration);
    this.byScope.set(scopeKey(scope), registration);
    return { ...this.state(scope), secret: webhook.secret! } satisfies LocalReceiverState;
  }

  /** The scope's receiver webhook and the calls it got, most recent first. */
  state(scope: Scope): LocalReceiverState {
    const registration = this.current(scope);
    const webhook: WebHook | null = registration
      ? this.deps.store.webhooks.get(scope, registration.webhookId)
      : null;
    const deliveries = registration ? [...registration.deliveries].reverse() : [];
    return { webhook, deliveries, last_seq: deliveries[0]?.seq ?? 0 };
  }

  /** Resolves once the scope has a call after `afterSeq`, after `ms`, on `abort`, or when the server stops. */
  waitForDelivery(scope: Scope, afterSeq: number, ms: number, abort: AbortSignal): Promise<void> {
    const registration = this.current(scope);
    if (!registration || this.closed || (registration.deliveries.at(-1)?.seq ?? 0) > afterSeq)
      return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        abort.removeEventListener('abort', done);
        registration.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      abort.addEventListener('abort', done);
      registration.waiters.add(done);
    });
  }

  /** How the scope's receiver answers; null when none is running. */
  behaviour(scope: Scope): ReceiverBehaviour | null {
    const registration = this.current(scope);
    return registration ? { ...registration.behaviour } : null;
  }

  /** Tells the scope's receiver how to answer from now on; null when none is running. */
  setBehaviour(scope: Scope, behaviour: ReceiverBehaviour): ReceiverBehaviour | null {
    const registration = this.current(scope);
    if (!registration) return null;
    registration.behaviour = { ...behaviour };
    return this.behaviour(scope);
  }

  /** Deletes the scope's receiver webhook; false when it had none. */
  stop(scope: Scope): boolean {
    const registration = this.current(scope);
    if (!registration) return false;
    this.unregister(registration);
    this.deps.webhooks.delete(scope, registration.webhookId);
    return true;
  }

  /** The server is stopping: every receiver webhook goes (the database is still open), then the listener. */
  async close(): Promise<void> {
    this.closed = true;
    for (const registration of [...this.byToken.values()]) {
      this.unregister(registration);
      try {
        this.deps.store.webhooks.delete(registration.scope, registration.webhookId);
      } catch {
        // Already gone (its company was deleted): nothing to clean.
      }
    }
    const listener = this.listener;
    this.listener = null;
    if (!listener) return;
    const server = await listener.catch(() => null);
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The scope's registration, if its webhook still exists (someone may have deleted it through the API). */
  private current(scope: Scope): Registration | null {
    const registration = this.byScope.get(scopeKey(scope));
    if (!registration) return null;
    if (this.deps.store.webhooks.get(scope, registration.webhookId)) return registration;
    this.unregister(registration);
    return null;
  }

  private unregister(registration: Registration): void {
    this.byToken.delete(registration.token);
    if (this.byScope.get(scopeKey(registration.scope)) === registration)
      this.byScope.delete(scopeKey(registration.scope));
    for (const wake of [...registration.waiters]) wake();
  }

  /** Local-receiver webhooks of the scope that no running receiver answers for: left by a killed process. */
  private deleteLocalWebhooks(scope: Scope): void {
    const stale: number[] = [];
    // Bounded: an account has a handful of webhooks, and every receiver start leaves at most one.
    for (let page = 1; page <= 50; page++) {
      const { rows, total } = this.deps.store.webhooks.list(scope, {
        url: LOCAL_RECEIVER_PATH,
        sorting: { column: 'id', descending: false },
        paging: { page, pageSize: 200 },
      });
      stale.push(...rows.filter((w) => isLocalReceiverUrl(w.url)).map((w) => w.id));
      if (page * 200 >= total) break;
    }
    for (const id of stale) this.deps.store.webhooks.delete(scope, id);
  }

  private listen(): Promise<Server> {
    this.listener ??= new Promise<Server>((resolve, reject) => {
      const server = createServer((req, res) => void this.receive(req, res));
      server.on('error', reject);
      server.listen(0, this.deps.host ?? '127.0.0.1', () => {
        // Never what keeps a process alive: the sandbox server's own listener does that.
        server.unref();
        resolve(server);
      });
    });
    return this.listener;
  }

  private async receive(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const token = (req.url ?? '').startsWith(LOCAL_RECEIVER_PATH)
      ? (req.url ?? '').slice(LOCAL_RECEIVER_PATH.length).split('?')[0]!
      : '';
    const registration = this.byToken.get(token);
    if (req.method !== 'POST' || !registration) {
      req.resume();
      return answer(res, 404, { error: 'No local receiver at this address' });
    }
    const body = await readBody(req, MAX_BODY_BYTES);
    if (body === null) return answer(res, 413, { error: `Bodies above ${MAX_BODY_BYTES} bytes are refused` });
    const header = req.headers[SIGNATURE_HEADER.toLowerCase()];
    const signatureHeader = typeof header === 'string' ? header : null;
    const valid = await verifyServiceSignature(
      signatureHeader,
      body,
      registration.secret,
      SIGNATURE_TOLERANCE_SECONDS,
      this.deps.clocks.base.now(),
    );
    const delivery: ReceivedDelivery = {
      seq: ++this.seq,
      received_at: this.deps.clocks.now(registration.scope).toISOString(),
      webhook_id: registration.webhookId,
      event: eventOf(body),
      signature: valid ? 'valid' : 'invalid',
      signature_header: signatureHeader,
      body,
    };
    registration.deliveries.push(delivery);
    if (registration.deliveries.length > RECEIVED_DELIVERIES_KEPT) registration.deliveries.shift();
    for (const wake of [...registration.waiters]) wake();
    answerAsTold(registration.behaviour, res, answer, {
      status: 200,
      body: { received: delivery.seq, signature: delivery.signature },
    });
  }
}

interface Registration {
  token: string;
  scope: Scope;
  webhookId: number;
  secret: string;
  /** Oldest first, at most RECEIVED_DELIVERIES_KEPT. */
  deliveries: ReceivedDelivery[];
  waiters: Set<() => void>;
  /** How it answers: normally at once with 200 (`/_sandbox/receiver/behaviour`). */
  behaviour: ReceiverBehaviour;
}

/** Notifications are a few hundred bytes; anything far larger is not one. */
const MAX_BODY_BYTES = 1024 * 1024;

function scopeKey(scope: Scope): string {
  return `${scope.accountId}:${scope.environment}`;
}

function answer(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** The whole body as UTF-8 text, or null past `limit` bytes. */
function readBody(req: IncomingMessage, limit: number): Promise<string | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > limit ? null : Buffer.concat(chunks).toString('utf8')));
    req.on('error', () => resolve(null));
  });
}

function eventOf(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as { event?: unknown };
    return typeof parsed.event === 'string' ? parsed.event : null;
  } catch {
    return null;
  }
}

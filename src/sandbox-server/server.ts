import { createServer, type ServerResponse } from 'node:http';
import { LIVE_SIGNATURE_HEADER, SIGNATURE_HEADER } from '../shared/api/webhook-signature.ts';
import type { Compatibility } from './http/compatibility/modes.ts';
import type { AddressInfo } from 'node:net';
import pino, { type Logger } from 'pino';
import { Clocks, systemClock, type Clock } from './clock.ts';
import {
  DEFAULT_HOST,
  DEFAULT_MAX_INVOICE_BYTES,
  DEFAULT_PORT,
  openSandboxStore,
  PortInUseError,
  SHUTDOWN_GRACE_MS,
} from './data-folder.ts';
import type { DataKeySource } from './crypto/data-key.ts';
import type { LiveQuota } from './domain/quota.ts';
import { createServices, type Services } from './composition.ts';
import { createApp } from './http/app.ts';
import { answerStalledHeadsByTheirDeadline, clientErrorHandler } from './http/client-errors.ts';
import { appUiRoutes } from './http/routes/app-ui.ts';
import type { IdempotencyStore } from './http/idempotency.ts';
import { DEFAULT_RATE_LIMITS, type RateLimits } from './http/limits/rate-limit-text.ts';
import { scheduleMaintenanceJobs } from './jobs/maintenance.ts';
import { JobWorker } from './jobs/worker.ts';
import { LocalReceiver } from './local-receiver/receiver.ts';
import { cryptoRandom, type RandomSource } from './random.ts';
import { DEFAULT_UI_DIR } from './locations.ts';
import type { Store } from './store/store.ts';
import type { SdiTiming } from './sdi/timing.ts';

export {
  DEFAULT_HOST,
  DEFAULT_MAX_INVOICE_BYTES,
  DEFAULT_PORT,
  openSandboxStore,
  PortInUseError,
  SHUTDOWN_GRACE_MS,
} from './data-folder.ts';
/** Headers must arrive within this; a whole request (a 10 MB upload on a slow link included) within REQUEST_TIMEOUT_MS. */
const HEADERS_TIMEOUT_MS = 30_000;
const REQUEST_TIMEOUT_MS = 120_000;
/** Idle keep-alive connections close after this (above the 5 s clients commonly reuse within). */
const KEEP_ALIVE_TIMEOUT_MS = 10_000;
/**
 * How often Node looks for requests past those deadlines (its default, 30 s, would answer a head due at 30 s
 * anywhere up to 60 s). The look goes over the connections with a request under way only.
 */
const DEADLINE_CHECK_MS = 1000;

export interface SandboxOptions {
  dataDir: string;
  port?: number;
  host?: string;
  maxInvoiceBytes?: number;
  /**
   * Real time for the server (default: the system's). Tests give a SandboxClock to move or freeze it. Each
   * account's sandbox clock runs from it, with its own offset kept in the data folder (clock.ts).
   */
  clock?: Clock;
  random?: RandomSource;
  logger?: Logger;
  dataKey?: DataKeySource;
  /** Identifier check-digit failures as warnings, so the official samples pass (contract). */
  lenientIds?: boolean;
  /**
   * A test key's FPA12 to an office code the sandbox's IPA directory does not list goes through instead of being
   * discarded with 00311 (`serve --lenient-ipa`). The directory: `/_sandbox/pa-offices`.
   */
  lenientIpa?: boolean;
  /**
   * More CA certificates (DER) whose signers SDI trusts, beside the data folder's sandbox CA (`serve --trust-ca`);
   * a `.p7m` signed by anyone else is discarded with 00104.
   */
  trustedCas?: readonly Uint8Array[];
  /** Every signing certificate is trusted: 00104 is never raised (`serve --trust-any-certificate`). */
  trustAnyCertificate?: boolean;
  /** Per-key limits; default: the live service's published ones. */
  rateLimits?: RateLimits | 'unlimited';
  /** Bad-key attempts per minute from one address before `429`. */
  authFailuresPerMinute?: number;
  /** Replaces the stored-response store of idempotency, e.g. with a failing one in tests. */
  idempotencyStore?: IdempotencyStore;
  /** Sandbox time between a submission and SDI taking it (`serve --sdi-delay`); default 1 s. */
  sdiDelayMs?: number;
  /** How long the simulated SDI's steps take (`serve --sdi-timing`): fast (default) or realistic. */
  sdiTiming?: SdiTiming;
  /** Operations and signatures of live accounts; default 1,000 and 100. */
  liveQuota?: LiveQuota;
  /** No progress from the SDI worker for this long while jobs are due makes /health answer 503. */
  workerStallMs?: number;
  /** The built renderer to serve under `/app/` (default: `out/renderer`); null serves no UI. */
  uiDir?: string | null;
  /** A request's head must arrive within this, or it is answered `408` (default 30 s). */
  headersTimeoutMs?: number;
  /** An idle kept-alive connection closes after this (default 10 s). */
  keepAliveTimeoutMs?: number;
  /**
   * A list page with payloads is sent whole up to about this many bytes and streamed in pieces of about this
   * size past it (default 1 MiB); tests make it small to stream a page of a few files.
   */
  pageBytes?: number;
  /** `serve --compat live` and `--strict` (http/compatibility/modes.ts); default: as the specification says. */
  compatibility?: Compatibility;
}

export interface SandboxServer {
  /** Base URL of the API, e.g. `http://127.0.0.1:8780/v1`. */
  readonly baseUrl: string;
  readonly port: number;
  readonly store: Store;
  readonly services: Services;
  /** The server's real time (`SandboxOptions.clock`); accounts' sandbox clocks are `services.clocks`. */
  readonly clock: Clock;
  /**
   * Stops accepting connections, lets in-flight requests finish for up to `graceMs` (default 10 s) then cuts
   * what remains, stops the SDI worker, revokes the page's session key, checkpoints the write-ahead log and
   * closes the database. A later call while that runs can only bring its deadline forward (`close(0)`: cut
   * every connection now); the database is closed the same way, and the same promise is returned.
   */
  close(graceMs?: number): Promise<void>;
}

export async function startSandboxServer(options: SandboxOptions): Promise<SandboxServer> {
  const random = options.random ?? cryptoRandom;
  const logger = options.logger ?? pino({ level: 'silent' });
  const maxInvoiceBytes = options.maxInvoiceBytes ?? DEFAULT_MAX_INVOICE_BYTES;
  const store = openSandboxStore(options.dataDir, options.dataKey);
  const clock = options.clock ?? systemClock;
  const clocks = new Clocks(clock, store.sandboxClocks);
  const services = createServices({
    store,
    clocks,
    random,
    limits: { maxBytes: maxInvoiceBytes },
    dataDir: options.dataDir,
    lenientIds: options.lenientIds ?? false,
    lenientIpa: options.lenientIpa ?? false,
    trust: {
      trustAnyCertificate: options.trustAnyCertificate ?? false,
      trustedCas: options.trustedCas ?? [],
    },
    sdiDelayMs: options.sdiDelayMs,
    liveQuota: options.liveQuota,
    signatureHeaders:
      options.compatibility?.headers === 'live'
        ? [SIGNATURE_HEADER, LIVE_SIGNATURE_HEADER]
        : [SIGNATURE_HEADER],
    logger,
  });
  if (options.sdiTiming) services.sdi.useTiming(options.sdiTiming);
  scheduleMaintenanceJobs(services.jobs, store, clocks);
  const orphaned = services.keys.revokeOrphanedSessions();
  if (orphaned > 0) logger.info({ revoked: orphaned }, 'revoked session keys left by stopped servers');
  const stallMs = options.workerStallMs ?? 30_000;
  const workers = {
    sdi: new JobWorker({ queue: services.jobs, logger, stallMs }),
    // Deliveries wait on receivers up to their timeout, several at once: one that waited a minute for a slot
    // means receivers that hang fill them.
    webhooks: new JobWorker({
      queue: services.deliveries,
      logger,
      stallMs: Math.max(stallMs, 60_000),
      waitWarnMs: 60_000,
      name: 'webhook deliveries',
    }),
  };
  const ui = options.uiDir === null ? null : appUiRoutes(options.uiDir ?? DEFAULT_UI_DIR, services.keys);
  const localReceiver = new LocalReceiver({ store, webhooks: services.webhooks, clocks });
  const app = createApp({
    store,
    services,
    clocks,
    random,
    logger,
    maxInvoiceBytes,
    rateLimits: options.rateLimits ?? DEFAULT_RATE_LIMITS,
    authFailuresPerMinute: options.authFailuresPerMinute ?? 30,
    idempotencyStore: options.idempotencyStore ?? store.idempotency,
    workers,
    ui,
    localReceiver,
    ...(options.pageBytes === undefined ? {} : { pageBytes: options.pageBytes }),
    ...(options.compatibility ? { compatibility: options.compatibility } : {}),
  });

  const host = options.host ?? DEFAULT_HOST;
  const headersTimeout = options.headersTimeoutMs ?? HEADERS_TIMEOUT_MS;
  const server = createServer(
    {
      headersTimeout,
      requestTimeout: Math.max(REQUEST_TIMEOUT_MS, headersTimeout),
      keepAliveTimeout: options.keepAliveTimeoutMs ?? KEEP_ALIVE_TIMEOUT_MS,
      connectionsCheckingInterval: Math.min(DEADLINE_CHECK_MS, headersTimeout),
    },
    app,
  );
  // A head past its deadline (Node's check) or one that could not be parsed: 408 or 4xx problem+json.
  server.on('clientError', clientErrorHandler(logger));
  answerStalledHeadsByTheirDeadline(server, headersTimeout + DEADLINE_CHECK_MS);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? DEFAULT_PORT, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    // Nothing was served: what was opened for it closes, so a caller that tries another port leaks nothing.
    ui?.close();
    services.live.close();
    await localReceiver.close();
    await services.workers.close();
    store.close();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new PortInUseError(host, options.port ?? DEFAULT_PORT);
    throw error;
  }
  const port = (server.address() as AddressInfo).port;
  workers.sdi.start();
  workers.webhooks.start();
  const inFlight = new Set<ServerResponse>();
  let stopping = false;
  server.on('request', (_req, res: ServerResponse) => {
    inFlight.add(res);
    res.on('close', () => inFlight.delete(res));
    if (stopping) res.setHeader('Connection', 'close');
  });
  const urlHost = host.includes(':') ? `[${host}]` : host;

  let closing: Promise<void> | null = null;
  /** Brings the deadline of the shutdown under way forward (a later `close` with a shorter grace). */
  let hurry: (deadline: number) => void = () => {};
  return {
    baseUrl: `http://${urlHost}:${port}/v1`,
    port,
    store,
    services,
    clock,
    close(graceMs = SHUTDOWN_GRACE_MS) {
      if (closing) {
        hurry(Date.now() + graceMs);
        return closing;
      }
      closing = new Promise<void>((resolve) => {
        stopping = true;
        let deadline = Date.now() + graceMs;
        // Open event streams (an open UI) end now: they would otherwise last until the deadline cuts them.
        services.live.close();
        // The built-in receiver's webhooks go while the database is open; nothing answers at their address after.
        void localReceiver.close();
        // Requests in flight finish, then their connections close instead of idling in keep-alive.
        for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
        // Past the grace period, whatever is still open (a stalled upload, a slow reader) is cut.
        const cut = deadlineTimer(() => {
          logger.warn({ open: inFlight.size }, 'shutdown: cutting connections still open');
          server.closeAllConnections();
        }, deadline);
        let workerWait: DeadlineTimer | null = null;
        // The worker gets at least a second for its job in progress, unless the caller asked to stop now.
        let workerFloorMs = 1000;
        hurry = (sooner) => {
          if (sooner >= deadline) return;
          deadline = sooner;
          workerFloorMs = 0;
          cut.moveTo(deadline);
          workerWait?.moveTo(deadline);
        };
        server.close(() => {
          cut.clear();
          // The worker finishes its job in progress before the database closes under it, within the deadline.
          const stopped = new Promise<void>((done) => {
            workerWait = deadlineTimer(done, Math.max(Date.now() + workerFloorMs, deadline));
          });
          const workersStopped = Promise.all([workers.sdi.stop(), workers.webhooks.stop()]).catch(
            () => undefined,
          );
          void Promise.race([workersStopped, stopped]).then(() => {
            workerWait?.clear();
            // Revokes the page's session key.
            ui?.close();
            // The worker threads stop once the tasks still queued or running (if any) have finished.
            void services.workers.close();
            try {
              // Leaves the database file complete on its own: no write-ahead log to replay at the next start.
              store.db.pragma('wal_checkpoint(TRUNCATE)');
            } catch (error) {
              logger.warn({ err: error }, 'shutdown: checkpoint failed');
            }
            store.close();
            resolve();
          });
        });
        // Idle keep-alive sockets would hold close() open; busy ones finish their request first.
        server.closeIdleConnections();
      });
      return closing;
    },
  };
}

interface DeadlineTimer {
  /** Brings the instant forward (never back); nothing once the timer has fired or been cleared. */
  moveTo(at: number): void;
  clear(): void;
}

/** Runs `fire` at the instant `at` (epoch ms), which can be brought forward; never keeps the process alive. */
function deadlineTimer(fire: () => void, at: number): DeadlineTimer {
  let due = at;
  let done = false;
  const arm = () =>
    setTimeout(
      () => {
        done = true;
        fire();
      },
      Math.max(0, due - Date.now()),
    ).unref();
  let timer = arm();
  return {
    moveTo(sooner) {
      if (done || sooner >= due) return;
      due = sooner;
      clearTimeout(timer);
      timer = arm();
    },
    clear() {
      done = true;
      clearTimeout(timer);
    },
  };
}

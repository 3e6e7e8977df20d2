import { mkdirSync } from 'node:fs';
import type { Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import pino, { type Logger } from 'pino';
import { SandboxClock, type Clock } from './clock.ts';
import { headlessDataKeySource, type DataKeySource } from './crypto/data-key.ts';
import type { LiveQuota } from './domain/quota.ts';
import { createServices, type Services } from './composition.ts';
import { createApp } from './http/app.ts';
import { clientErrorHandler } from './http/client-errors.ts';
import { appUiRoutes } from './http/routes/app-ui.ts';
import type { IdempotencyStore } from './http/idempotency.ts';
import { DEFAULT_RATE_LIMITS, type RateLimits } from './http/limits/rate-limits.ts';
import { scheduleMaintenanceJobs } from './jobs/maintenance.ts';
import { JobWorker } from './jobs/worker.ts';
import { LocalReceiver } from './local-receiver/receiver.ts';
import { cryptoRandom, type RandomSource } from './random.ts';
import { DATABASE_FILE, DEFAULT_UI_DIR } from './locations.ts';
import { settingsClockPersistence } from './sdi/clock-persistence.ts';
import { openStore, type Store } from './store/store.ts';
import type { SdiTiming } from './sdi/timing.ts';

export const DEFAULT_PORT = 8780;
export const DEFAULT_HOST = '127.0.0.1';
/** SDI's limit for one transmitted file (sdi-rules.md, code 00003). */
export const DEFAULT_MAX_INVOICE_BYTES = 5 * 1024 * 1024;
/** How long a shutdown waits for requests in flight before cutting their connections. */
export const SHUTDOWN_GRACE_MS = 10_000;
/** Headers must arrive within this; a whole request (a 10 MB upload on a slow link included) within REQUEST_TIMEOUT_MS. */
const HEADERS_TIMEOUT_MS = 30_000;
const REQUEST_TIMEOUT_MS = 120_000;
/** Idle keep-alive connections close after this (above the 5 s clients commonly reuse within). */
const KEEP_ALIVE_TIMEOUT_MS = 10_000;

export interface SandboxOptions {
  dataDir: string;
  port?: number;
  host?: string;
  maxInvoiceBytes?: number;
  /** Default: the sandbox clock, its offset kept in the data folder. A SandboxClock given here is movable too. */
  clock?: Clock;
  random?: RandomSource;
  logger?: Logger;
  dataKey?: DataKeySource;
  /** Identifier check-digit failures as warnings, so the official samples pass (contract). */
  lenientIds?: boolean;
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
  /**
   * A list page with payloads is sent whole up to about this many bytes and streamed in pieces of about this
   * size past it (default 1 MiB); tests make it small to stream a page of a few files.
   */
  pageBytes?: number;
}

export interface SandboxServer {
  /** Base URL of the API, e.g. `http://127.0.0.1:8780/v1`. */
  readonly baseUrl: string;
  readonly port: number;
  readonly store: Store;
  readonly services: Services;
  readonly clock: Clock;
  /**
   * Stops accepting connections, lets in-flight requests finish for up to `graceMs` (default 10 s) then cuts
   * what remains, stops the SDI worker, checkpoints the write-ahead log and closes the database.
   */
  close(graceMs?: number): Promise<void>;
}

/**
 * Opens (or creates) the data directory's database, unlocked with its data key (headless: the
 * `SCAMBIO_MASTER_KEY` variable or `master.key`; the desktop app passes the keychain's).
 */
export function openSandboxStore(dataDir: string, keySource?: DataKeySource): Store {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  return openStore(join(dataDir, DATABASE_FILE), keySource ?? headlessDataKeySource(dataDir));
}

export async function startSandboxServer(options: SandboxOptions): Promise<SandboxServer> {
  const random = options.random ?? cryptoRandom;
  const logger = options.logger ?? pino({ level: 'silent' });
  const maxInvoiceBytes = options.maxInvoiceBytes ?? DEFAULT_MAX_INVOICE_BYTES;
  const store = openSandboxStore(options.dataDir, options.dataKey);
  const clock = options.clock ?? new SandboxClock(settingsClockPersistence(store.settings));
  const services = createServices({
    store,
    clock,
    random,
    limits: { maxBytes: maxInvoiceBytes },
    dataDir: options.dataDir,
    lenientIds: options.lenientIds ?? false,
    sdiDelayMs: options.sdiDelayMs,
    liveQuota: options.liveQuota,
    logger,
  });
  if (options.sdiTiming) services.sdi.useTiming(options.sdiTiming);
  scheduleMaintenanceJobs(services.jobs, store, clock);
  const orphaned = services.keys.revokeOrphanedSessions();
  if (orphaned > 0) logger.info({ revoked: orphaned }, 'revoked session keys left by stopped servers');
  const worker = new JobWorker({
    queue: services.jobs,
    clock,
    logger,
    stallMs: options.workerStallMs ?? 30_000,
  });
  const ui = options.uiDir === null ? null : appUiRoutes(options.uiDir ?? DEFAULT_UI_DIR, services.keys);
  const localReceiver = new LocalReceiver({ store, webhooks: services.webhooks, clock });
  const app = createApp({
    store,
    services,
    clock,
    random,
    logger,
    maxInvoiceBytes,
    rateLimits: options.rateLimits ?? DEFAULT_RATE_LIMITS,
    authFailuresPerMinute: options.authFailuresPerMinute ?? 30,
    idempotencyStore: options.idempotencyStore ?? store.idempotency,
    worker,
    sandboxClock: clock instanceof SandboxClock ? clock : null,
    ui,
    localReceiver,
    ...(options.pageBytes === undefined ? {} : { pageBytes: options.pageBytes }),
  });

  const host = options.host ?? DEFAULT_HOST;
  const server = await new Promise<Server>((resolve, reject) => {
    const listening = app.listen(options.port ?? DEFAULT_PORT, host, (error?: Error) =>
      error ? reject(error) : resolve(listening),
    );
  });
  const port = (server.address() as AddressInfo).port;
  server.on('clientError', clientErrorHandler(logger));
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  worker.start();
  const inFlight = new Set<ServerResponse>();
  let stopping = false;
  server.on('request', (_req, res: ServerResponse) => {
    inFlight.add(res);
    res.on('close', () => inFlight.delete(res));
    if (stopping) res.setHeader('Connection', 'close');
  });
  const urlHost = host.includes(':') ? `[${host}]` : host;

  let closing: Promise<void> | null = null;
  return {
    baseUrl: `http://${urlHost}:${port}/v1`,
    port,
    store,
    services,
    clock,
    close(graceMs = SHUTDOWN_GRACE_MS) {
      closing ??= new Promise<void>((resolve) => {
        stopping = true;
        const deadline = Date.now() + graceMs;
        // Open event streams (an open UI) end now: they would otherwise last until the deadline cuts them.
        services.live.close();
        // The built-in receiver's webhooks go while the database is open; nothing answers at their address after.
        void localReceiver.close();
        // Requests in flight finish, then their connections close instead of idling in keep-alive.
        for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
        // Past the grace period, whatever is still open (a stalled upload, a slow reader) is cut.
        const cut = setTimeout(() => {
          logger.warn({ open: inFlight.size }, 'shutdown: cutting connections still open');
          server.closeAllConnections();
        }, graceMs);
        cut.unref();
        server.close(() => {
          clearTimeout(cut);
          // The worker finishes its job in progress before the database closes under it, within the deadline.
          const left = Math.max(1000, deadline - Date.now());
          const stopped = new Promise<void>((done) => setTimeout(done, left).unref());
          void Promise.race([worker.stop().catch(() => undefined), stopped]).then(() => {
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

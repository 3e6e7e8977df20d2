import { readFileSync, realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { Environment } from '../../shared/api/types.ts';
import { parseDuration, systemClock } from '../clock.ts';
import { DEFAULT_ACCOUNT } from '../accounts.ts';
import { defaultDataDir, IN_PACKAGE } from '../locations.ts';
import { watchLaunchers } from './launcher-watch.ts';
import { ApiKeyService, keyEnvironment } from '../domain/api-keys.ts';
import type { LiveQuota } from '../domain/quota.ts';
import type { SandboxServer } from '../server.ts';
import { cryptoRandom } from '../random.ts';
import type { RateLimits } from '../http/limits/rate-limit-text.ts';
import type { Compatibility } from '../http/compatibility/modes.ts';
import { SDI_TIMINGS, type SdiTiming } from '../sdi/timing.ts';
// Each command loads what it needs when it runs (the server, seeding, the sample's invoice): `keys create` opens
// the database without loading Express and the routes, so a command answers in a fraction of a second.
import {
  DEFAULT_MAX_INVOICE_BYTES,
  DEFAULT_HOST,
  DEFAULT_PORT,
  openSandboxStore,
  PortInUseError,
  SHUTDOWN_GRACE_MS,
} from '../data-folder.ts';

const USAGE = `Usage: ${IN_PACKAGE ? 'npx scambio-sandbox' : 'npm run --silent sandbox --'} <command> [options]

Every command works on one data folder: --data-dir DIR, else $SCAMBIO_DATA_DIR, else the desktop app's
(${defaultDataDir()}). Give \`keys\` and \`sample\` the same folder as \`serve\`.

Commands:
  serve                  run the local v1 API in the foreground (default)
      --port N           port to listen on (default ${DEFAULT_PORT}; 0 picks a free one)
      --host ADDR        address to bind (default ${DEFAULT_HOST})
      --data-dir DIR     data folder (see above)
      --log-level LEVEL  fatal|error|warn|info|debug|silent (default info)
      --rate-limit SPEC  per-key limits, e.g. 100/s,2000/m,100000/d (the default), or unlimited
      --sdi-delay TIME   sandbox time before the simulated SDI takes a submission, e.g. 1s (default), 0, 5m
      --sdi-timing MODE  fast (default: outcomes within a second) or realistic (SDI's minutes to days)
      --lenient-ids      identifier check-digit failures are warnings, so the official samples go through
      --lenient-ipa      a test key's FPA12 to an office code the sandbox's IPA directory does not list
                         (/_sandbox/pa-offices) goes through instead of being discarded with 00311
      --trust-ca FILE    also trust the signers of this CA certificate (PEM, one or a bundle, or DER);
                         repeatable. Besides these only the data folder's sandbox CA: others get 00104
      --trust-any-certificate  trust every signing certificate (no 00104)
      --live-quota N[/S] operations (and signatures) of each live account (default 1000/100)
      --max-invoice-bytes N  largest invoice file accepted (default 5242880, SDI's 5 MB; code 00003)
      --compat spec|live spec (default): the specification's headers; live: also the live service's names
                         (Invoicetronic-Total-Count, Invoicetronic-Signature); else $SCAMBIO_COMPAT
      --strict           unknown query parameters answer 400 and answers keep to the public schemas' fields
                         (no sandbox extensions); else $SCAMBIO_STRICT=1
      --ui-dir DIR       the built UI to serve under /app/ (default: ${IN_PACKAGE ? "the package's own" : 'out/renderer, built by npm start'})
      --key KEY          make this API key valid (e.g. ik_test_ and 32+ letters or digits: a known key for CI),
                         in --account (default "default"); else $SCAMBIO_SANDBOX_KEY
      --json             print one line of JSON when ready: url, api, ui, key, data_dir, pid (nothing else
                         on standard output; messages go to standard error)
  serve --proxy-to URL   instead of the sandbox, forward /v1 calls to the API at URL and record them
      --proxy-key KEY    that API's key (else $SCAMBIO_PROXY_KEY); callers here need none, and neither key
                         nor secrets reach the cassette
      --record FILE      the cassette to write (default cassette.json)
  serve --replay FILE    instead of the sandbox, answer /v1 calls from a recorded cassette
  diff FILE              replay a cassette's requests against a sandbox and report where status, headers or
                         JSON shape differ from the recording; exit code 1 when they do
      --api URL          the sandbox to replay against (default: a new one in a temporary folder)
      --key KEY          a key of that sandbox
      --json             the report as JSON
  keys create            create an API key and print only the key
      --env test|live    environment of the key (default test)
      --account NAME     account to create the key in, created if needed (default "default")
      --origins CSV      browser origins allowed to use the key
      --data-dir DIR     the data folder of the server the key is for
  keys list              list keys (never the keys themselves: they are stored hashed)
  keys revoke KEY|ID     revoke a key
  keys origins KEY|ID    set the browser origins allowed to use a key (CORS)
      --origins CSV      the new list; empty to allow none
  sample                 print a valid invoice to send (today on the sandbox clock, unique numbers);
                         its SDI file name goes to standard error
      --to VAT           the customer's VAT number, e.g. IT01234567897 (default: a sample customer)
      --from VAT         the supplier's (default: the account's own sample supplier)
      --account NAME     whose sample supplier (default "default")
      --pa               a public administration's invoice (FPA12)
  seed                   fill an account with realistic Italian demo data, through the real SDI pipeline:
                         companies, sent and received invoices in every SDI state, webhooks with history
      --profile NAME     demo (default: five companies; a year in the live environment, the sandbox's
                         last weeks in the test one) or qa (three companies, sandbox only, quicker)
      --seed N           the same seed (and --until) gives the same data (default 1)
      --until ISO        when the seeded period ends, e.g. 2026-03-31T18:00:00Z; the data folder's sandbox
                         clock is set to it (default: the start of this hour, clock left alone)
      --account NAME     the account to fill, which must have no data yet (default "default")
  listen                 forward a running sandbox's webhook events, signed, to a local URL: registers a
                         temporary webhook, prints its signing secret and one line a forward; Ctrl+C deletes it
      --forward-to URL   where to forward, e.g. http://localhost:3000/hook (required)
      --api URL          the sandbox (default http://127.0.0.1:${DEFAULT_PORT}; serve --json prints it as "api")
      --key KEY          a sandbox API key of the account (default $SCAMBIO_SANDBOX_KEY)
      --events CSV       only these events, e.g. send.add,update.add (default all)
`;

export async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'data-dir': { type: 'string' },
      'log-level': { type: 'string' },
      'rate-limit': { type: 'string' },
      'sdi-delay': { type: 'string' },
      'sdi-timing': { type: 'string' },
      'lenient-ids': { type: 'boolean' },
      'lenient-ipa': { type: 'boolean' },
      'trust-ca': { type: 'string', multiple: true },
      'trust-any-certificate': { type: 'boolean' },
      'live-quota': { type: 'string' },
      compat: { type: 'string' },
      strict: { type: 'boolean' },
      'max-invoice-bytes': { type: 'string' },
      'ui-dir': { type: 'string' },
      env: { type: 'string' },
      account: { type: 'string' },
      origins: { type: 'string' },
      to: { type: 'string' },
      from: { type: 'string' },
      pa: { type: 'boolean' },
      profile: { type: 'string' },
      seed: { type: 'string' },
      until: { type: 'string' },
      key: { type: 'string' },
      json: { type: 'boolean' },
      'proxy-to': { type: 'string' },
      'proxy-key': { type: 'string' },
      record: { type: 'string' },
      replay: { type: 'string' },
      api: { type: 'string' },
      'forward-to': { type: 'string' },
      events: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const dataDir = values['data-dir'] ?? defaultDataDir();
  const [command = 'serve', sub, arg] = positionals;

  if (command === 'serve') {
    const port = values.port === undefined ? DEFAULT_PORT : Number(values.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535)
      return usageError(`invalid --port ${values.port}`);
    if (
      ['proxy-to', 'proxy-key', 'record', 'replay'].some(
        (o) => values[o as keyof typeof values] !== undefined,
      )
    ) {
      const { proxyServe } = await import('../proxy/command.ts');
      return proxyServe({
        ...pick({ proxyTo: values['proxy-to'], proxyKey: values['proxy-key'], record: values.record }),
        ...pick({ replay: values.replay }),
        port,
        host: values.host ?? DEFAULT_HOST,
        json: values.json ?? false,
      });
    }
    const { parseRateLimits } = await import('../http/limits/rate-limit-text.ts');
    const rateLimits = parseRateLimits(values['rate-limit'] ?? '100/s,2000/m,100000/d');
    if (!rateLimits) return usageError(`invalid --rate-limit ${values['rate-limit']}`);
    const sdiDelayMs = parseDuration(values['sdi-delay'] ?? '1s');
    if (sdiDelayMs === null) return usageError(`invalid --sdi-delay ${values['sdi-delay']}`);
    const sdiTiming = SDI_TIMINGS.find((t) => t === (values['sdi-timing'] ?? 'fast'));
    if (!sdiTiming) return usageError(`invalid --sdi-timing ${values['sdi-timing']} (fast or realistic)`);
    const quota = /^(\d+)(?:\/(\d+))?$/.exec(values['live-quota'] ?? '1000/100');
    if (!quota) return usageError(`invalid --live-quota ${values['live-quota']}`);
    const maxInvoiceBytes = Number(values['max-invoice-bytes'] ?? DEFAULT_MAX_INVOICE_BYTES);
    if (!Number.isInteger(maxInvoiceBytes) || maxInvoiceBytes < 1024) {
      return usageError(`invalid --max-invoice-bytes ${values['max-invoice-bytes']}`);
    }
    const trustedCas: Uint8Array[] = [];
    for (const file of values['trust-ca'] ?? []) {
      const read = await readTrustCa(file);
      if (typeof read === 'string') return usageError(`invalid --trust-ca ${file}: ${read}`);
      trustedCas.push(...read);
    }
    const headers = values.compat ?? (process.env.SCAMBIO_COMPAT || 'spec');
    if (headers !== 'spec' && headers !== 'live')
      return usageError(`invalid --compat ${headers} (spec or live)`);
    const strict = values.strict ?? ['1', 'true'].includes(process.env.SCAMBIO_STRICT ?? '');
    const key = values.key ?? (process.env.SCAMBIO_SANDBOX_KEY || undefined);
    if (key !== undefined && !keyEnvironment(key)) {
      return usageError('--key needs ik_test_ (or ik_live_) and at least 32 letters or digits');
    }
    return serve({
      dataDir,
      ...(key === undefined ? {} : { key, account: values.account ?? DEFAULT_ACCOUNT }),
      json: values.json ?? false,
      port,
      rateLimits,
      host: values.host ?? DEFAULT_HOST,
      logLevel: values['log-level'] ?? 'info',
      sdiDelayMs,
      sdiTiming,
      lenientIds: values['lenient-ids'] ?? false,
      lenientIpa: values['lenient-ipa'] ?? false,
      trustedCas,
      trustAnyCertificate: values['trust-any-certificate'] ?? false,
      liveQuota: { operations: Number(quota[1]), signatures: Number(quota[2] ?? 100) },
      maxInvoiceBytes,
      compatibility: { headers, strict },
      ...(values['ui-dir'] === undefined ? {} : { uiDir: values['ui-dir'] }),
    });
  }
  if (command === 'keys') {
    const store = openSandboxStore(dataDir);
    try {
      const keys = new ApiKeyService(store, systemClock, cryptoRandom);
      if (sub === 'create') {
        const env = values.env ?? 'test';
        if (env !== 'test' && env !== 'live') return usageError(`--env must be test or live, not ${env}`);
        const origins =
          values.origins
            ?.split(',')
            .map((o) => o.trim())
            .filter(Boolean) ?? [];
        const created = keys.create({
          account: values.account ?? DEFAULT_ACCOUNT,
          environment: env as Environment,
          origins,
        });
        process.stdout.write(`${created.key}\n`);
        return 0;
      }
      if (sub === 'list') {
        for (const k of keys.list()) {
          const state = k.revoked ? `revoked ${k.revoked}` : 'active';
          const origins = k.origins.length > 0 ? k.origins.join(',') : '-';
          process.stdout.write(
            `${k.id}\t${k.hint}\t${k.environment}\t${k.accountName}\t${state}\t${origins}\n`,
          );
        }
        return 0;
      }
      if (sub === 'origins' && arg) {
        if (keys.setOrigins(arg, parseOrigins(values.origins))) return 0;
        process.stderr.write('No such active key.\n');
        return 1;
      }
      if (sub === 'revoke' && arg) {
        if (keys.revoke(arg)) return 0;
        process.stderr.write('No such active key.\n');
        return 1;
      }
      return usageError('keys needs create, list, origins KEY or revoke KEY');
    } finally {
      store.close();
    }
  }
  if (command === 'sample') {
    for (const [flag, vat] of [
      ['--to', values.to],
      ['--from', values.from],
    ] as const) {
      if (vat !== undefined && !/^[A-Z]{2}[0-9A-Za-z]{2,28}$/.test(vat)) {
        return usageError(`${flag} needs a VAT number with its country code, e.g. IT01234567897`);
      }
    }
    const { sampleInvoice } = await import('./sample-invoice.ts');
    const store = openSandboxStore(dataDir);
    try {
      const sample = sampleInvoice(store, cryptoRandom, {
        account: values.account ?? DEFAULT_ACCOUNT,
        ...(values.from ? { from: values.from } : {}),
        ...(values.to ? { to: values.to } : {}),
        pa: values.pa ?? false,
      });
      process.stdout.write(sample.xml);
      process.stderr.write(`${sample.fileName}\n`);
      return 0;
    } finally {
      store.close();
    }
  }
  if (command === 'listen') {
    const { parseListenOptions, listenCommand } = await import('./listen-command.ts');
    const parsed = parseListenOptions(values, `http://127.0.0.1:${DEFAULT_PORT}`);
    if (typeof parsed === 'string') return usageError(parsed);
    return listenCommand(parsed);
  }
  if (command === 'seed') {
    const [{ SEED_PROFILES }, { seedCommand }] = await Promise.all([
      import('../seed/profiles.ts'),
      import('./seed-command.ts'),
    ]);
    const profile = SEED_PROFILES.find((p) => p === (values.profile ?? 'demo'));
    if (!profile) return usageError(`--profile must be ${SEED_PROFILES.join(' or ')}, not ${values.profile}`);
    const seed = Number(values.seed ?? 1);
    if (!Number.isSafeInteger(seed) || seed < 0) return usageError(`invalid --seed ${values.seed}`);
    const until = values.until === undefined ? undefined : new Date(values.until);
    if (until && (!/^\d{4}-\d{2}-\d{2}T/.test(values.until!) || Number.isNaN(until.getTime()))) {
      return usageError(`--until needs an ISO date-time such as 2026-03-31T18:00:00Z, not ${values.until}`);
    }
    return seedCommand(dataDir, {
      profile,
      seed,
      account: values.account ?? DEFAULT_ACCOUNT,
      ...(until ? { until } : {}),
    });
  }
  if (command === 'diff') {
    const { diffCommand } = await import('../proxy/command.ts');
    return diffCommand(sub, { ...pick({ api: values.api, key: values.key }), json: values.json ?? false });
  }
  return usageError(`unknown command ${command}`);
}

/** The options that were given (exactOptionalPropertyTypes: an absent one must not be undefined). */
function pick<T extends Record<string, string | undefined>>(values: T): { [K in keyof T]?: string } {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]?: string;
  };
}

function usageError(message: string): number {
  process.stderr.write(`${message}\n\n${USAGE}`);
  return 2;
}

/** The certificates of a `--trust-ca` file, or why it cannot be read as such. */
async function readTrustCa(file: string): Promise<Uint8Array[] | string> {
  // Loaded only when asked: the certificate library is no business of the other commands.
  const { readTrustedCertificates } = await import('../signing/trust.ts');
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : String(error);
  }
  try {
    return readTrustedCertificates(bytes);
  } catch (error) {
    return error instanceof RangeError ? error.message : String(error);
  }
}

function parseOrigins(csv: string | undefined): string[] {
  return (
    csv
      ?.split(',')
      .map((o) => o.trim())
      .filter(Boolean) ?? []
  );
}

/**
 * Signals within this long of the first one are that same request to stop (a terminal's Ctrl-C and a signal to
 * the process group reach the server from the shell and again through npm); only a later one stops at once.
 */
const SIGNAL_BURST_MS = 1000;

async function serve(options: {
  dataDir: string;
  /** A key the caller chose (`--key`), made valid in `account` before the server starts. */
  key?: string;
  account?: string;
  json: boolean;
  port: number;
  host: string;
  logLevel: string;
  rateLimits: RateLimits | 'unlimited';
  sdiDelayMs: number;
  sdiTiming: SdiTiming;
  lenientIds: boolean;
  lenientIpa: boolean;
  trustedCas: Uint8Array[];
  trustAnyCertificate: boolean;
  liveQuota: LiveQuota;
  maxInvoiceBytes: number;
  compatibility: Compatibility;
  uiDir?: string;
}): Promise<number> {
  const [{ default: pino }, { startSandboxServer }] = await Promise.all([
    import('pino'),
    import('../server.ts'),
  ]);
  const logger = pino({ level: options.logLevel }, pino.destination(2));
  // With --json, standard output carries the one line of JSON only: everything else a person reads goes to stderr.
  const say = (line: string) => (options.json ? process.stderr : process.stdout).write(`${line}\n`);
  if (options.key !== undefined) {
    const refused = adoptKey(options.dataDir, options.key, options.account ?? DEFAULT_ACCOUNT);
    if (refused) {
      process.stderr.write(`${refused}\n`);
      return 2;
    }
  }
  // A new data folder gets an account with a sandbox key, so the first run is usable at once.
  const firstKey = firstRunKey(options.dataDir);
  const { key: _key, account: _account, json: _json, ...serverOptions } = options;
  let server: SandboxServer;
  try {
    server = await startSandboxServer({ ...serverOptions, logger });
  } catch (error) {
    if (!(error instanceof PortInUseError)) throw error;
    process.stderr.write(
      `${error.message} Choose another with --port N${IN_PACKAGE ? '' : ' (npm start -- --port N)'}, or --port 0 for any free one.\n`,
    );
    return 1;
  }
  const ui = server.baseUrl.replace(/\/v1$/, '/app/');
  if (options.json) {
    const ready = {
      url: server.baseUrl.replace(/\/v1$/, ''),
      api: server.baseUrl,
      ui,
      key: options.key ?? firstKey,
      data_dir: options.dataDir,
      pid: process.pid,
    };
    process.stdout.write(`${JSON.stringify(ready)}\n`);
  } else {
    say(`Scambio sandbox listening on ${server.baseUrl}`);
    say(`UI in a browser: ${ui}`);
    say(`Data folder: ${options.dataDir}`);
    if (firstKey && options.key === undefined) say(`New sandbox API key (shown once): ${firstKey}`);
    if (options.key !== undefined) say(`The API key you gave is valid in account "${options.account}".`);
  }
  return new Promise<number>((resolve) => {
    let firstSignalAt: number | null = null;
    let stoppingNow = false;
    const failed = (error: unknown) => {
      process.stderr.write(`shutdown failed: ${error instanceof Error ? error.message : String(error)}\n`);
      resolve(1);
    };
    const stop = (signal: string) => {
      const now = Date.now();
      if (firstSignalAt === null) {
        firstSignalAt = now;
        say(`${signal}: shutting down (up to ${SHUTDOWN_GRACE_MS / 1000} s)`);
        // A last resort should closing itself hang: the process ends a little after the deadline regardless.
        setTimeout(() => {
          process.stderr.write('shutdown did not complete in time; exiting\n');
          resolve(1);
        }, SHUTDOWN_GRACE_MS + 5000).unref();
        server.close().then(() => resolve(0), failed);
        return;
      }
      // Ctrl-C in a terminal, or a signal to the process group, reaches this process twice: from the shell and
      // through npm, which forwards it. Signals that close together are that one request to stop.
      if (stoppingNow || now - firstSignalAt < SIGNAL_BURST_MS) return;
      // A later, separate signal: the user does not want to wait for the grace period. Open connections are
      // cut, but the database is still checkpointed and closed and the page's key revoked before exiting.
      stoppingNow = true;
      say(`${signal}: stopping now`);
      server.close(0).then(() => resolve(1), failed);
    };
    process.on('SIGINT', () => stop('SIGINT'));
    process.on('SIGTERM', () => stop('SIGTERM'));
    // SIGTERM to npm's PID never reaches us, and a launcher may die without a signal: stop with it.
    watchLaunchers(() => {
      if (firstSignalAt === null) stop('launcher gone');
    });
  });
}

/** Makes the caller's key valid in the data folder; the reason in one line when it cannot be. */
function adoptKey(dataDir: string, key: string, account: string): string | null {
  const store = openSandboxStore(dataDir);
  try {
    const adopted = new ApiKeyService(store, systemClock, cryptoRandom).adopt(key, account);
    if (adopted.ok) return null;
    return {
      malformed: 'The key needs ik_test_ (or ik_live_) and at least 32 letters or digits.',
      revoked: 'That key was revoked in this data folder: choose another, or use a new data folder.',
      'other-account': `That key belongs to another account in this data folder, not to "${account}".`,
    }[adopted.reason];
  } finally {
    store.close();
  }
}

function firstRunKey(dataDir: string): string | null {
  const store = openSandboxStore(dataDir);
  try {
    if (store.accounts.count() > 0) return null;
    return new ApiKeyService(store, systemClock, cryptoRandom).create({
      account: DEFAULT_ACCOUNT,
      environment: 'test',
    }).key;
  } finally {
    store.close();
  }
}

/**
 * Run as a command (tsx on this file, or the package's `scambio-sandbox` bin, which npm links to the bundle: the
 * link's real path is this module's), not imported.
 */
function isEntryPoint(): boolean {
  if (!process.argv[1]) return false;
  try {
    return pathToFileURL(realpathSync(process.argv[1])).href === import.meta.url;
  } catch {
    return false;
  }
}

if (isEntryPoint()) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}

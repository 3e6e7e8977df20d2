import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { systemClock } from '../clock.ts';
import { readCassette } from './cassette.ts';
import { diffCassette, formatDiff } from './diff.ts';
import { startProxyServer, type ProxyServer } from './proxy-server.ts';

export interface ProxyServeOptions {
  proxyTo?: string;
  proxyKey?: string;
  record?: string;
  replay?: string;
  port: number;
  host: string;
  json: boolean;
}

/** `serve --proxy-to URL --proxy-key KEY [--record FILE]` or `serve --replay FILE`: runs until a signal. */
export async function proxyServe(options: ProxyServeOptions): Promise<number> {
  const say = (line: string) => (options.json ? process.stderr : process.stdout).write(`${line}\n`);
  if (options.proxyTo !== undefined && options.replay !== undefined) {
    return fail('--proxy-to records and --replay replays: give one of them');
  }
  if (options.proxyTo === undefined && (options.proxyKey !== undefined || options.record !== undefined)) {
    return fail('--proxy-key and --record go with --proxy-to URL');
  }
  let server: ProxyServer;
  let cassetteFile: string;
  if (options.proxyTo !== undefined) {
    if (!/^https?:\/\/[^/]/.test(options.proxyTo))
      return fail(`--proxy-to needs an http(s) URL, not ${options.proxyTo}`);
    const key = options.proxyKey ?? (process.env.SCAMBIO_PROXY_KEY || undefined);
    if (!key) return fail('--proxy-to needs --proxy-key KEY (or $SCAMBIO_PROXY_KEY): the key of that API');
    cassetteFile = resolve(options.record ?? 'cassette.json');
    server = await startProxyServer({
      mode: 'record',
      target: options.proxyTo,
      key,
      cassetteFile,
      port: options.port,
      host: options.host,
      clock: systemClock,
    });
    say(`Recording proxy listening on ${server.baseUrl}, forwarding to ${options.proxyTo}`);
    say(`Cassette: ${cassetteFile} (callers need no key here; the proxy's is never written to it)`);
  } else {
    cassetteFile = resolve(options.replay!);
    const cassette = readCassette(cassetteFile);
    if (typeof cassette === 'string') return fail(`--replay ${options.replay}: ${cassette}`);
    server = await startProxyServer({
      mode: 'replay',
      cassette,
      port: options.port,
      host: options.host,
      clock: systemClock,
    });
    say(
      `Cassette replay listening on ${server.baseUrl}: ${cassette.entries.length} recorded calls from ${cassetteFile}`,
    );
  }
  if (options.json) {
    const api = server.baseUrl;
    process.stdout.write(
      `${JSON.stringify({ api, url: api.replace(/\/v1$/, ''), cassette: cassetteFile, pid: process.pid })}\n`,
    );
  }
  return new Promise<number>((done) => {
    const stop = () =>
      void server.close().then(
        () => done(0),
        () => done(1),
      );
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}

export interface DiffCommandOptions {
  /** The API to replay against; without it a new sandbox in a temporary folder, removed afterwards. */
  api?: string;
  key?: string;
  json: boolean;
}

/** `sandbox diff FILE`: 0 without drift, 1 with, 2 for a bad call. */
export async function diffCommand(file: string | undefined, options: DiffCommandOptions): Promise<number> {
  if (!file) return fail('diff needs the cassette: diff FILE [--api URL --key KEY] [--json]');
  const cassette = readCassette(file);
  if (typeof cassette === 'string') return fail(`diff ${file}: ${cassette}`);
  if (options.api !== undefined && !options.key)
    return fail('diff --api URL needs --key KEY, a key of that API');
  const own = options.api === undefined ? await startOwnSandbox() : null;
  try {
    const api = own?.api ?? options.api!;
    let report;
    try {
      report = await diffCassette(cassette, api, own?.key ?? options.key!);
    } catch (error) {
      // fetch says only "fetch failed"; its cause says why (ECONNREFUSED, a bad host name).
      const cause = (error as { cause?: { message?: string } }).cause?.message;
      if (!cause) throw error;
      return fail(`diff: the API at ${api} did not answer: ${cause}`);
    }
    process.stdout.write(options.json ? `${JSON.stringify(report)}\n` : formatDiff(report));
    return report.drifts.length > 0 ? 1 : 0;
  } finally {
    await own?.close();
  }
}

/** A fresh sandbox with its defaults, for `diff` without `--api`: what this version of the sandbox answers. */
async function startOwnSandbox(): Promise<{ api: string; key: string; close(): Promise<void> }> {
  const { startSandboxServer } = await import('../server.ts');
  const dataDir = mkdtempSync(join(tmpdir(), 'scambio-diff-'));
  try {
    const server = await startSandboxServer({ dataDir, port: 0, host: '127.0.0.1', uiDir: null });
    const { key } = server.services.keys.create({ account: 'default', environment: 'test' });
    return {
      api: server.baseUrl,
      key,
      close: async () => {
        await server.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

function fail(message: string): number {
  process.stderr.write(`${message}\n`);
  return 2;
}

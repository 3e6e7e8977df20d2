import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ScambioClient } from '../../shared/client/client.ts';
import type { SandboxControl } from '../../shared/client/sandbox.ts';
import { ApiKeyService } from '../domain/api-keys.ts';
import { DEFAULT_ACCOUNT } from '../accounts.ts';
import { cryptoRandom } from '../random.ts';
import { systemClock } from '../clock.ts';
import type { SeedProfile } from '../seed/profiles.ts';
import { openSandboxStore, startSandboxServer, type SandboxOptions, type SandboxServer } from '../server.ts';
import { chooseLanguage, chromiumPath, launchChromium, openAppPage, type UiLanguage } from './browser.ts';
import { electronBinary, launchDesktopApp } from './electron-host.ts';
import { rendererBuild } from './renderer-build.ts';
import { seedFixtureFolder } from './seed-cache.ts';

export interface StartScambioOptions {
  /** Fill the account with demo data first: a profile (`'qa'`: small and quick) or a profile, seed and end. */
  seed?: SeedProfile | { profile?: SeedProfile; seed?: number; until?: Date | string };
  /** The UI's language (default Italian, the app's own default) and the API's problem language. */
  locale?: UiLanguage;
  /** `false`: the API only, no browser (quicker, for API tests). Default true. */
  ui?: boolean;
  /** `false`: start the browser but open no page yet (`newPage` opens them). Default true. Headless only. */
  openPage?: boolean;
  /** `auto` (default): the desktop app where an Electron binary and a display exist, else headless. */
  host?: 'auto' | 'headless' | 'electron';
  /** Build the UI from the current source instead of using `out/renderer` (the project's own suite does). */
  freshUi?: boolean;
  /** A built renderer folder to serve (headless), instead of finding or building one. */
  uiDir?: string;
  /** Chromium to drive (headless); default `SCAMBIO_CHROMIUM`, else `/usr/bin/chromium`. */
  chromium?: string;
  /**
   * A Chromium already launched, to open the app's pages in (headless) instead of launching one, e.g. a test
   * runner's worker-scoped browser, which the runner closes. `close()` closes the contexts it opened (its pages)
   * and leaves the browser running.
   */
  browser?: Browser;
  /** Sandbox time before SDI takes a submission; default 0, so outcomes follow at once. Headless only. */
  sdiDelayMs?: number;
  /** Anything else the headless server takes (rate limits, SDI timing, …). */
  server?: Partial<Omit<SandboxOptions, 'dataDir' | 'port' | 'host' | 'uiDir'>>;
}

/** A running Scambio for one test: its UI, its API and its sandbox controls, and how to tear it all down. */
export interface Scambio {
  /** Which app the page is: the headless UI in Chromium, or the desktop window. */
  readonly host: 'headless' | 'electron';
  /** The API root, e.g. `http://127.0.0.1:41234/v1`. */
  readonly baseUrl: string;
  /** The headless UI's address (`…/app/`); null for the desktop app. */
  readonly appUrl: string | null;
  /** The data folder, deleted by `close()`. */
  readonly dataDir: string;
  /** A sandbox key of the account the UI shows (`default`). */
  readonly apiKey: string;
  /** The typed client (`scambio-sandbox/client`) holding that key. */
  readonly api: ScambioClient;
  /** Clock, arrivals, PA answers, reset, demo data: the local sandbox's control API. */
  readonly sandbox: SandboxControl;
  /** The app, loaded, in the language asked for. Throws when started with `ui: false`. */
  readonly page: Page;
  /** The headless server, for what the API does not show (headless only). */
  readonly server: SandboxServer | null;
  /** The Chromium driving the headless UI (null for the desktop app or without UI). */
  readonly browser: Browser | null;
  /** Another window on the app: a new browser context (headless), or the same window (desktop). */
  newPage(locale?: UiLanguage): Promise<Page>;
  close(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}

function seedOptions(seed: NonNullable<StartScambioOptions['seed']>) {
  const options = typeof seed === 'string' ? { profile: seed } : seed;
  const until = options.until === undefined ? undefined : new Date(options.until);
  return {
    profile: options.profile ?? 'qa',
    seed: options.seed ?? 1,
    account: DEFAULT_ACCOUNT,
    ...(until ? { until } : {}),
  };
}

/** A sandbox key of the UI's account, made in the data folder (the server need not run). */
function createKey(dataDir: string): string {
  const store = openSandboxStore(dataDir);
  try {
    return new ApiKeyService(store, systemClock, cryptoRandom).create({
      account: DEFAULT_ACCOUNT,
      environment: 'test',
    }).key;
  } finally {
    store.close();
  }
}

/**
 * Starts a fresh Scambio for a test: a new temp data folder, seeded if asked (through the real pipeline, see
 * `npm run sandbox -- seed`), the sandbox on a free loopback port, and the UI loaded in Chromium (or the desktop
 * app where Electron can run). Framework-neutral: call it in `beforeAll`/`beforeEach` of any runner and
 * `close()` it after; `scambio-sandbox/testing/playwright` wraps it as Playwright Test fixtures.
 */
export async function startScambio(options: StartScambioOptions = {}): Promise<Scambio> {
  const dataDir = mkdtempSync(join(tmpdir(), 'scambio-qa-'));
  const cleanups: (() => Promise<void> | void)[] = [() => rmSync(dataDir, { recursive: true, force: true })];
  const close = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  };
  try {
    if (options.seed) await seedFixtureFolder(dataDir, seedOptions(options.seed));
    const apiKey = createKey(dataDir);
    const locale = options.locale ?? 'it';
    const ui = options.ui ?? true;
    if (options.browser && options.host === 'electron')
      throw new Error('`browser` is a Chromium for the headless app: leave it out for the desktop app');
    const desktop = options.host === 'headless' || options.browser || !ui ? null : electronBinary();
    if (options.host === 'electron' && desktop && 'reason' in desktop) {
      throw new Error(`Cannot launch the desktop app: ${desktop.reason}`);
    }
    if (desktop && 'path' in desktop) {
      const app = await launchDesktopApp(desktop.path, dataDir, options.freshUi ?? false);
      cleanups.push(() => app.close());
      await chooseLanguage(app.page, locale);
      return scambio({
        host: 'electron',
        baseUrl: app.baseUrl,
        appUrl: null,
        dataDir,
        apiKey,
        locale,
        server: null,
        browser: null,
        page: app.page,
        newPage: async () => app.page,
        close,
      });
    }

    let uiDir: string | null = null;
    if (ui) {
      const build = options.uiDir
        ? { dir: options.uiDir, temporary: false }
        : await rendererBuild(options.freshUi ?? false);
      if (build.temporary) cleanups.push(() => rmSync(build.dir, { recursive: true, force: true }));
      uiDir = build.dir;
    }
    const server = await startSandboxServer({
      logger: pino({ level: 'silent' }),
      sdiDelayMs: options.sdiDelayMs ?? 0,
      ...options.server,
      dataDir,
      port: 0,
      host: '127.0.0.1',
      uiDir,
    });
    cleanups.push(() => server.close());
    const appUrl = server.baseUrl.replace(/\/v1$/, '/app/');
    let browser: Browser | null = null;
    // The contexts this fixture opens: what its close() closes in a browser it was given.
    const opened = new Set<BrowserContext>();
    const track = (app: { context: BrowserContext; page: Page }) => {
      opened.add(app.context);
      app.context.once('close', () => opened.delete(app.context));
      return app;
    };
    let first: { context: BrowserContext; page: Page } | null = null;
    if (ui) {
      const given = options.browser;
      const launched = given ?? (await launchChromium(chromiumPath(options.chromium)));
      browser = launched;
      if (given)
        cleanups.push(() => Promise.all([...opened].map((context) => context.close())).then(() => {}));
      else cleanups.push(() => launched.close());
      if (options.openPage ?? true) first = track(await openAppPage(launched, appUrl, locale));
    }
    return scambio({
      host: 'headless',
      baseUrl: server.baseUrl,
      appUrl,
      dataDir,
      apiKey,
      locale,
      server,
      browser,
      page: first?.page ?? null,
      newPage: async (language = locale) => {
        if (!browser) throw new Error('started with ui: false: there is no browser');
        return track(await openAppPage(browser, appUrl, language)).page;
      },
      close,
    });
  } catch (error) {
    await close();
    throw error;
  }
}

function scambio(parts: {
  host: 'headless' | 'electron';
  baseUrl: string;
  appUrl: string | null;
  dataDir: string;
  apiKey: string;
  locale: UiLanguage;
  server: SandboxServer | null;
  browser: Browser | null;
  page: Page | null;
  newPage(locale?: UiLanguage): Promise<Page>;
  close(): Promise<void>;
}): Scambio {
  const api = ScambioClient.connect({ baseUrl: parts.baseUrl, apiKey: parts.apiKey, language: parts.locale });
  return {
    host: parts.host,
    baseUrl: parts.baseUrl,
    appUrl: parts.appUrl,
    dataDir: parts.dataDir,
    apiKey: parts.apiKey,
    api,
    sandbox: api.sandbox,
    get page(): Page {
      if (!parts.page) throw new Error('started with ui: false or openPage: false: there is no page');
      return parts.page;
    },
    server: parts.server,
    browser: parts.browser,
    newPage: parts.newPage,
    close: parts.close,
    [Symbol.asyncDispose]: parts.close,
  };
}

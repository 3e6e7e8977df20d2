import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export type UiLanguage = 'it' | 'en' | 'de';

/** Where Chromium is: `SCAMBIO_CHROMIUM`, else Debian's. Playwright drives it and never downloads a browser. */
export function chromiumPath(explicit?: string): string {
  const path = explicit ?? process.env.SCAMBIO_CHROMIUM ?? '/usr/bin/chromium';
  if (!existsSync(path)) {
    throw new Error(
      `No Chromium at ${path}: install it (apt-get install chromium) or set SCAMBIO_CHROMIUM to its path.`,
    );
  }
  return path;
}

/**
 * The features Playwright itself turns off (its chromiumSwitches.ts, 1.65). Chromium reads only the last
 * `--disable-features`, so a launch that names more features must repeat these; a unit test
 * (test/sandbox-server/testing/chromium-args.test.ts) fails when Playwright's list grows.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Debian's Chromium is the full browser run headless: every browser context is a window with an address bar, and
 * each window loads the address bar's two popups as web pages of their own (`chrome://omnibox-popup.top-chrome`,
 * about 180 requests and a renderer's work). Nobody sees them here; turning them off made a page load cost 1.6
 * CPU-s instead of 2.4, and a browser launch 0.8 instead of 1.7 (issue 30).
 */
const HEADLESS_UNUSED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/**
 * Chromium's flags for the headless app: a closed network (no background connections, no updates) and nothing
 * drawn that no one sees. For a test's own `chromium.launch({ executablePath, args: CHROMIUM_ARGS })`.
 */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...HEADLESS_UNUSED_FEATURES].join(',')}`,
];

/** Headless Chromium with CHROMIUM_ARGS. */
export function launchChromium(executablePath: string): Promise<Browser> {
  return chromium.launch({ executablePath, args: [...CHROMIUM_ARGS], timeout: 30_000 });
}

const LANGUAGE_NAMES: Readonly<Record<UiLanguage, string>> = { it: 'Italiano', en: 'English', de: 'Deutsch' };
const STEP_MS = 15_000;

/** Waits for the app to have its first screen's data (docs/qa.md "Ready"). */
export async function appLoaded(page: Page): Promise<void> {
  await page.locator('#root[data-app-state="loaded"]').waitFor({ timeout: 30_000 });
}

/** Picks the UI language the way a user does (the choice is kept, in localStorage or the app's settings). */
export async function chooseLanguage(page: Page, language: UiLanguage): Promise<void> {
  if ((await page.locator('html').getAttribute('lang')) === language) return;
  await page.getByTestId('language').click();
  await page.getByRole('option', { name: LANGUAGE_NAMES[language] }).click();
  await page.locator(`html[lang="${language}"]`).waitFor({ timeout: STEP_MS });
}

/** A fresh browser context on the headless app, loaded, in `language`. */
export async function openAppPage(
  browser: Browser,
  appUrl: string,
  language: UiLanguage,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ locale: 'it-IT', acceptDownloads: true });
  const page = await context.newPage();
  await page.goto(appUrl, { timeout: STEP_MS });
  await appLoaded(page);
  await chooseLanguage(page, language);
  return { context, page };
}

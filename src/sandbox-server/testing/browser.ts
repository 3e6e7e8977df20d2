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

/** Headless Chromium with the flags a closed network needs (no background connections, no updates). */
export function launchChromium(executablePath: string): Promise<Browser> {
  return chromium.launch({
    executablePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
    timeout: 30_000,
  });
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

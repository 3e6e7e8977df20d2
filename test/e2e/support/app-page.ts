import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Screen } from '../../../src/shared/gateway/channels.ts';

export const STEP_MS = 15_000;

export interface AppPage {
  page: Page;
  context: BrowserContext;
  /**
   * Page errors and console errors seen so far: a journey ends by expecting none. Chromium's own note on an HTTP
   * error answer ("Failed to load resource") is left out: a 422 for an invalid invoice is an answer the UI shows.
   */
  problems: string[];
  close(): Promise<void>;
}

const LANGUAGE_NAMES = { it: 'Italiano', en: 'English', de: 'Deutsch' } as const;

/** The headless UI in a fresh browser context, loaded, in the language chosen the way a user chooses it. */
export async function openApp(
  browser: Browser,
  origin: string,
  language: keyof typeof LANGUAGE_NAMES = 'en',
): Promise<AppPage> {
  const context = await browser.newContext({ locale: 'it-IT', acceptDownloads: true });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource: the server'))
      problems.push(message.text());
  });
  await page.goto(`${origin}/app/`, { timeout: STEP_MS });
  await page.locator('#root[data-app-state="loaded"]').waitFor({ timeout: STEP_MS });
  if (language !== 'it') {
    await page.getByTestId('language').click();
    await page.getByRole('option', { name: LANGUAGE_NAMES[language] }).click();
    await page.locator(`html[lang="${language}"]`).waitFor({ timeout: STEP_MS });
  }
  return { page, context, problems, close: () => context.close() };
}

export async function goTo(page: Page, screen: Screen) {
  await page.getByTestId(`nav-${screen}`).click();
}

/**
 * Clicks the composer's Send and waits for the sent invoice's page; returns its id. Sending validates, numbers and
 * submits, which under the load of several journeys at once can take longer than one step. A refusal shown by the
 * composer fails at once, with its words and a photo, instead of waiting for a page that will not come.
 */
export async function sendComposed(
  page: Page,
  options: { shot?: string; click?: 'click' | 'dblclick' } = {},
): Promise<number> {
  const button = page.getByTestId('compose-send');
  await (options.click === 'dblclick' ? button.dblclick() : button.click());
  const refused = page.getByTestId('compose-send-error');
  const outcome = await Promise.race([
    page.waitForURL(/#\/sent\/\d+/, { timeout: 4 * STEP_MS }).then(() => 'sent' as const),
    refused.waitFor({ timeout: 4 * STEP_MS }).then(() => 'refused' as const),
  ]).catch(() => 'timeout' as const);
  if (outcome !== 'sent') {
    if (options.shot) await page.screenshot({ path: options.shot, fullPage: true });
    const words = outcome === 'refused' ? await refused.innerText() : 'no answer';
    throw new Error(`the composer did not send (${outcome}): ${words}`);
  }
  return Number(/#\/sent\/(\d+)/.exec(page.url())![1]);
}

import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { launchChromium as launchKitChromium } from '../../src/sandbox-server/testing/browser.ts';

/**
 * Debian's Chromium (or SCAMBIO_CHROMIUM, as the QA kit reads it): Playwright drives it and never downloads a
 * browser of its own. Where it is missing, browser tests skip with CHROMIUM_MISSING (vitest.config.ts).
 */
export const CHROMIUM = process.env.SCAMBIO_CHROMIUM ?? '/usr/bin/chromium';
export const chromiumInstalled = existsSync(CHROMIUM);
export const CHROMIUM_MISSING = `no Chromium at ${CHROMIUM} (install it: apt-get install chromium, or set SCAMBIO_CHROMIUM to its path)`;

/** Headless Chromium with the kit's flags (CHROMIUM_ARGS in src/sandbox-server/testing/browser.ts). */
export function launchChromium(): Promise<Browser> {
  return launchKitChromium(CHROMIUM);
}

import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/**
 * Debian's Chromium (or SCAMBIO_CHROMIUM, as the QA kit reads it): Playwright drives it and never downloads a
 * browser of its own. Where it is missing, browser tests skip with CHROMIUM_MISSING (vitest.config.ts).
 */
export const CHROMIUM = process.env.SCAMBIO_CHROMIUM ?? '/usr/bin/chromium';
export const chromiumInstalled = existsSync(CHROMIUM);
export const CHROMIUM_MISSING = `no Chromium at ${CHROMIUM} (install it: apt-get install chromium, or set SCAMBIO_CHROMIUM to its path)`;

/** Headless Chromium with the flags a closed network needs (no background connections, no updates). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
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

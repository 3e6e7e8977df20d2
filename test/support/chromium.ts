import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium: Playwright drives it and never downloads a browser of its own. */
export const CHROMIUM = '/usr/bin/chromium';
export const chromiumInstalled = existsSync(CHROMIUM);

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

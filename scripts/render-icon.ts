/**
 * `npx tsx scripts/render-icon.ts`: renders build/icon.svg to build/icon.png (1024×1024, transparent corners) in
 * Debian's Chromium. electron-builder derives the .icns, .ico and Linux sizes from that PNG.
 */
import { readFileSync } from 'node:fs';
import { launchChromium } from '../test/support/chromium.ts';

const svg = readFileSync(new URL('../build/icon.svg', import.meta.url), 'utf8');
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1024, height: 1024 } });
  await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
  await page
    .locator('svg')
    .screenshot({ path: new URL('../build/icon.png', import.meta.url).pathname, omitBackground: true });
} finally {
  await browser.close();
}

/**
 * The app as a person opens it, for the benches: the current renderer built fresh, served by the sandbox at
 * `/app/` (headless mode, the sandbox in this process, no rate limits) on a data folder, and headless Chromium.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { startSandboxServer } from '../src/sandbox-server/index.ts';
import { buildRenderer } from '../scripts/build-renderer.ts';
import { launchChromium } from '../test/support/chromium.ts';

export interface UiInChromium {
  /** The server's origin: the app is at `${origin}/app/`. */
  origin: string;
  /** Its API root, `${origin}/v1`. */
  baseUrl: string;
  browser: Browser;
  close(): Promise<void>;
}

/** `sdiDelayMs`: the simulated SDI's pause between its steps (the server's default unless given). */
export async function openUiInChromium(
  dataDir: string,
  options: { sdiDelayMs?: number } = {},
): Promise<UiInChromium> {
  const uiDir = mkdtempSync(join(tmpdir(), 'scambio-renderer-'));
  await buildRenderer(uiDir);
  const server = await startSandboxServer({
    dataDir,
    port: 0,
    host: '127.0.0.1',
    uiDir,
    rateLimits: 'unlimited',
    ...options,
  });
  const browser = await launchChromium();
  return {
    origin: server.baseUrl.replace(/\/v1$/, ''),
    baseUrl: server.baseUrl,
    browser,
    close: async () => {
      await browser.close();
      await server.close();
      rmSync(uiDir, { recursive: true, force: true });
    },
  };
}

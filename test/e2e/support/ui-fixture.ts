import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import type { SandboxOptions } from '../../../src/sandbox-server/server.ts';
import { launchChromium } from '../../support/chromium.ts';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.ts';
import { buildRendererToTemp } from './build-renderer.ts';

export interface UiFixture {
  sandbox: TestSandbox;
  browser: Browser;
  /** A temp folder for files the journeys pick or save. */
  files: string;
  close(): Promise<void>;
}

/** What every UI journey stands on: the current renderer built, served by a real sandbox, and Chromium. */
export async function startUiFixture(options: Partial<SandboxOptions> = {}): Promise<UiFixture> {
  const uiDir = await buildRendererToTemp();
  const files = mkdtempSync(join(tmpdir(), 'scambio-ui-files-'));
  const sandbox = await startTestSandbox({ uiDir, ...options });
  const browser = await launchChromium();
  return {
    sandbox,
    browser,
    files,
    close: async () => {
      await browser.close();
      await sandbox.close();
      for (const dir of [uiDir, files]) rmSync(dir, { recursive: true, force: true });
    },
  };
}

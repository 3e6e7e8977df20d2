import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import type { Environment } from '../../../src/shared/api/types.ts';
import type { SandboxOptions } from '../../../src/sandbox-server/server.ts';
import { startScambio } from 'scambio/testing';
import { ApiCaller, type TestSandbox } from '../../support/sandbox.ts';
import { sharedRendererBuild } from './shared-renderer.ts';

export interface UiFixture {
  sandbox: TestSandbox;
  browser: Browser;
  /** A temp folder for files the journeys pick or save. */
  files: string;
  close(): Promise<void>;
}

/**
 * What every UI journey stands on: the QA fixture (`scambio/testing`) with the current renderer source built once per run (`shared-renderer.ts`),
 * served by a real headless sandbox, and Chromium. The journeys open their own pages (`openApp`) and call the API
 * through callers that check every answer against openapi.yml.
 */
export async function startUiFixture(options: Partial<SandboxOptions> = {}): Promise<UiFixture> {
  const { sdiDelayMs, ...server } = options;
  const scambio = await startScambio({
    host: 'headless',
    uiDir: await sharedRendererBuild(),
    openPage: false,
    // The server's own default (1 s), as journeys that do not ask for 0 expect.
    sdiDelayMs: sdiDelayMs ?? 1000,
    server,
  });
  const files = mkdtempSync(join(tmpdir(), 'scambio-ui-files-'));
  const origin = scambio.baseUrl.replace(/\/v1$/, '');
  const sandboxServer = scambio.server!;
  return {
    sandbox: {
      server: sandboxServer,
      dataDir: scambio.dataDir,
      origin,
      caller(account = 'alpha', environment: Environment = 'test') {
        const { key } = sandboxServer.services.keys.create({ account, environment });
        return new ApiCaller(origin, key);
      },
      anonymous: () => new ApiCaller(origin, null),
      close: () => scambio.close(),
    },
    browser: scambio.browser!,
    files,
    close: async () => {
      await scambio.close();
      rmSync(files, { recursive: true, force: true });
    },
  };
}

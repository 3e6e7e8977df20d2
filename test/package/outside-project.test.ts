import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, chromiumInstalled } from '../support/chromium.ts';
import { freePort } from '../support/npm-sandbox.ts';
import {
  groupAlive,
  installedProject,
  packSandbox,
  playwrightTest,
  qaExamples,
  removeProject,
  serveUntilHealthy,
  timed,
} from './outside-project.ts';

// Packing builds the UI and installing compiles better-sqlite3 on Node 20: minutes, not a timing. A hang net only.
const HANG_NET_MS = 15 * 60_000;

if (!chromiumInstalled) {
  console.warn(
    `[outside-project] the UI example is skipped: ${CHROMIUM} is not installed (apt-get install chromium)`,
  );
}

describe('the scambio-sandbox package in a project outside this repository', () => {
  let dir = '';
  beforeAll(() => {
    const tarball = timed('npm run pack:sandbox', packSandbox);
    dir = timed('npm install (tarball + @playwright/test)', () => installedProject(tarball));
  }, HANG_NET_MS);
  afterAll(() => {
    if (dir) removeProject(dir);
  });

  it(
    'runs docs/qa.md’s API-only Playwright example',
    () => {
      const [, apiOnly] = qaExamples("from 'scambio-sandbox/testing/playwright'");
      expect(apiOnly).toContain('ui: false');
      writeFileSync(join(dir, 'api.spec.ts'), apiOnly!);
      const output = timed('npx playwright test api.spec.ts', () => playwrightTest(dir, ['api.spec.ts']));
      expect(output).toMatch(/1 passed/);
    },
    HANG_NET_MS,
  );

  it.skipIf(!chromiumInstalled)(
    'runs docs/qa.md’s Playwright fixture example on the UI (needs Chromium)',
    () => {
      const [ui] = qaExamples("from 'scambio-sandbox/testing/playwright'");
      expect(ui).toContain('page.getByTestId');
      writeFileSync(join(dir, 'ui.spec.ts'), ui!);
      const output = timed('npx playwright test ui.spec.ts', () => playwrightTest(dir, ['ui.spec.ts']));
      expect(output).toMatch(/1 passed/);
    },
    HANG_NET_MS,
  );

  it('serves with `npx scambio-sandbox serve` and stops on SIGTERM leaving no process behind', async () => {
    const served = await serveUntilHealthy(dir, await freePort());
    console.log(
      `[outside-project] npx scambio-sandbox serve to a healthy /v1/health: ${served.ms.toFixed(0)} ms`,
    );
    const pgid = served.child.pid!;
    // `close`: npx and the server (which shares its output) are gone, and what they printed is all read.
    const exited = new Promise((resolve) => served.child.once('close', resolve));
    served.child.kill('SIGTERM');
    await exited;
    // npx forwards the signal; the server checkpoints and exits within its grace period.
    const until = Date.now() + 20_000;
    while (groupAlive(pgid) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
    const left = groupAlive(pgid);
    if (left) process.kill(-pgid, 'SIGKILL');
    expect(left, served.output()).toBe(false);
    expect(served.output()).toContain('Scambio sandbox listening on');
  }, 120_000);
});

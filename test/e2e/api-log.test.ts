import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY_VARIABLE } from '../../src/renderer/api-log/curl-command.ts';
import type { ApiCaller } from '../support/sandbox.ts';
import { openApp, STEP_MS } from './support/app-page.ts';
import { startUiFixture, type UiFixture } from './support/ui-fixture.ts';

/** Screenshots for a person to look at (kept after the run). */
const SHOTS = join(new URL('../../', import.meta.url).pathname, 'test-results', 'api-log');

/** What a developer's own code sends: a user agent of its own. */
const SCRIPT = { 'user-agent': 'erp-sync/3.1' };

describe('the API log, in Chromium', () => {
  let ui: UiFixture;
  let api: ApiCaller;
  let key: string;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    ui = await startUiFixture({ sdiDelayMs: 0 });
    api = ui.sandbox.caller('default');
    key = api.key!;
    expect((await api.get('/v1/send/987654321', { headers: SCRIPT })).status).toBe(404);
    expect(
      (await api.get('/v1/company', { query: { page_size: 5, sort: '-id' }, headers: SCRIPT })).status,
    ).toBe(200);
  });

  afterAll(() => ui?.close());

  const rows = (app: { page: Page }) => app.page.locator('[data-testid="log-table"] tbody tr');

  it('hides the app’s own calls unless asked, filters by status class and adds new calls as they happen', async () => {
    const app = await openApp(ui.browser, ui.sandbox.origin, 'en');
    const { page } = app;
    try {
      await page.getByTestId('nav-log').click();
      await expect.poll(() => rows(app).count(), { timeout: STEP_MS }).toBe(2);
      const agents = await page.locator('[data-testid="log-table"] tbody tr td:nth-child(5)').allInnerTexts();
      expect(agents.every((a) => a.includes('erp-sync/3.1'))).toBe(true);
      // Each status whole, never cut.
      expect(await page.getByTestId('log-status').allInnerTexts()).toEqual(['200', '404']);

      // The app's own calls (its reads of the log, its dashboard) appear when asked for, marked as its own.
      await page.getByTestId('log-own-calls').click();
      await expect.poll(() => rows(app).count(), { timeout: STEP_MS }).toBeGreaterThan(2);
      expect(await page.locator('[data-testid="log-table"] tbody').innerText()).toMatch(/this app/i);
      await page.getByTestId('log-own-calls').click();
      await expect.poll(() => rows(app).count(), { timeout: STEP_MS }).toBe(2);

      // Only client errors.
      await page.getByRole('combobox', { name: 'Status class' }).click();
      await page.getByRole('option', { name: '4xx' }).click();
      await expect
        .poll(() => page.getByTestId('log-status').allInnerTexts(), { timeout: STEP_MS })
        .toEqual(['404']);
      await page.getByRole('combobox', { name: 'Status class' }).click();
      await page.getByRole('option', { name: '4xx' }).click();
      await expect.poll(() => rows(app).count(), { timeout: STEP_MS }).toBe(2);

      // A call made now shows up by itself, marked as new.
      await api.get('/v1/receive', { headers: SCRIPT });
      const fresh = page.locator('[data-testid="log-table"] tbody tr[data-new]', { hasText: '/v1/receive' });
      await fresh.waitFor({ timeout: STEP_MS });
      await page.getByTestId('log-new-entries').waitFor({ timeout: STEP_MS });
      await page.screenshot({ path: join(SHOTS, 'log-en.png'), fullPage: true });
      expect(app.problems).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('copies an entry as curl and the copied command, run with SCAMBIO_KEY, gets the same status', async () => {
    const app = await openApp(ui.browser, ui.sandbox.origin, 'it');
    const { page, context } = app;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: ui.sandbox.origin });
    try {
      await page.getByTestId('nav-log').click();
      const row = page.locator('[data-testid="log-table"] tbody tr', { hasText: '987654321' });
      await row.click();
      const entry = page.getByTestId('log-entry');
      await entry.waitFor({ timeout: STEP_MS });
      // The time to the millisecond, the answer pretty-printed and whole.
      expect(await entry.innerText()).toMatch(/\d{2}:\d{2}:\d{2},\d{3}/);
      expect(JSON.parse(await page.getByTestId('log-response').innerText())).toMatchObject({ status: 404 });

      await page.getByTestId('log-copy-curl').click();
      const command = await page.evaluate(() => navigator.clipboard.readText());
      expect(command).toContain('$SCAMBIO_KEY');
      expect(command).not.toContain(key);
      await page.screenshot({ path: join(SHOTS, 'entry-it.png') });

      // Run as a developer would in a terminal, the key only in the environment. Asynchronously: the sandbox
      // answering it runs in this process.
      const { stdout } = await promisify(execFile)('bash', ['-c', `${command} -sS`], {
        env: { PATH: process.env.PATH, [KEY_VARIABLE]: key },
        encoding: 'utf8',
        timeout: STEP_MS,
      });
      expect(/^HTTP\/[\d.]+ (\d{3})/.exec(stdout)?.[1]).toBe('404');
      expect(stdout).toContain('987654321');
      expect(app.problems).toEqual([]);
    } finally {
      await app.close();
    }
  });
});

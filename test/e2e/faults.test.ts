import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FaultRule } from '../../src/shared/api/types.ts';
import { invoiceXml, italianVat } from '../support/invoices.ts';
import type { ApiCaller } from '../support/sandbox.ts';
import { openApp, STEP_MS } from './support/app-page.ts';
import { startUiFixture, type UiFixture } from './support/ui-fixture.ts';

/** Screenshots for a person to look at (kept after the run). */
const SHOTS = join(new URL('../../', import.meta.url).pathname, 'test-results', 'faults');

describe('the console’s faults panel, in Chromium', () => {
  let ui: UiFixture;
  let api: ApiCaller;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    ui = await startUiFixture({ sdiDelayMs: 0 });
    api = ui.sandbox.caller('default');
  });

  afterAll(() => ui?.close());

  it('adds a fault rule from the panel, which fails the next submission, marked in the API log, and deletes it', async () => {
    const app = await openApp(ui.browser, ui.sandbox.origin, 'it');
    const { page } = app;
    try {
      await page.getByTestId('nav-console').click();
      const panel = page.getByTestId('fault-panel');
      await panel.getByTestId('fault-empty').waitFor({ timeout: STEP_MS });
      // The form starts with a useful rule: the next two submissions get a 503 with Retry-After.
      await panel.getByTestId('fault-times').fill('1');
      await panel.getByTestId('fault-add').click();
      const row = panel.getByTestId('fault-rule');
      await row.waitFor({ timeout: STEP_MS });
      expect(await row.innerText()).toMatch(
        /POST[\s\S]*\/v1\/send\*[\s\S]*status=503;retry-after=2[\s\S]*ancora 1/,
      );
      const rules = await api.get<FaultRule[]>('/_sandbox/faults');
      expect(rules.body).toMatchObject([{ path: '/v1/send*', method: 'POST', remaining: 1 }]);
      await panel.screenshot({ path: join(SHOTS, 'panel-it.png') });

      // A malformed fault is refused in the UI's language, and nothing is added.
      await panel.getByTestId('fault-spec').fill('status=418');
      await panel.getByTestId('fault-add').click();
      await expect
        .poll(() => panel.getByTestId('fault-error').innerText(), { timeout: STEP_MS })
        .toMatch(/'fault' non è valido in 'status=418'/);
      expect(await panel.getByTestId('fault-rule').count()).toBe(1);

      // The developer's code submits: the rule answers 503 once, then goes.
      const xml = invoiceXml({ supplierVat: italianVat(7700), number: 'FAULT-UI' });
      expect((await api.post('/v1/send/xml', { body: xml, unchecked: true })).status).toBe(503);
      expect((await api.get<FaultRule[]>('/_sandbox/faults')).body).toEqual([]);

      // The API log marks the call the sandbox failed.
      await page.getByTestId('nav-log').click();
      const marked = page.locator('[data-testid="log-table"] tbody tr', {
        has: page.getByTestId('log-fault'),
      });
      await marked.first().waitFor({ timeout: STEP_MS });
      expect(await marked.getByTestId('log-fault').innerText()).toMatch(/simulato: 503/i);
      await page.screenshot({ path: join(SHOTS, 'log-it.png'), fullPage: true });

      // In English, a rule added by the API shows, and is deleted from the panel.
      await page.getByTestId('language').click();
      await page.getByRole('option', { name: 'English' }).click();
      await page.locator('html[lang="en"]').waitFor({ timeout: STEP_MS });
      await page.screenshot({ path: join(SHOTS, 'log-en.png'), fullPage: true });
      await api.post('/_sandbox/faults', {
        json: { path: '/v1/company', fault: 'latency=2s', expires_in: '10m' },
      });
      await page.getByTestId('nav-console').click();
      await row.waitFor({ timeout: STEP_MS });
      expect(await row.innerText()).toMatch(/Any[\s\S]*\/v1\/company[\s\S]*latency=2s[\s\S]*until/);
      await panel.screenshot({ path: join(SHOTS, 'panel-en.png') });
      await row.getByTestId('fault-remove').click();
      await panel.getByTestId('fault-empty').waitFor({ timeout: STEP_MS });
      expect((await api.get<FaultRule[]>('/_sandbox/faults')).body).toEqual([]);
      expect(app.problems).toEqual([]);
    } finally {
      await app.close();
    }
  });
});

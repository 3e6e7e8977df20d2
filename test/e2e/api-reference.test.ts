import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_OPERATIONS } from '../../src/shared/api/operations.ts';
import { chromiumInstalled } from '../support/chromium.ts';
import { openApp, STEP_MS } from './support/app-page.ts';
import { startUiFixture, type UiFixture } from './support/ui-fixture.ts';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const SHOTS = process.env.SCAMBIO_SHOTS_DIR;
/** Every operation, and the notification a webhook receives (the document's `webhooks`). */
const OPERATION_BLOCKS = API_OPERATIONS.length + 1;

interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: { target: string[] }[];
}

/** axe-core's WCAG 2.1 A/AA rules over the whole page; evaluated through the debugger, which the page's CSP allows. */
async function audit(page: Page, where: string): Promise<string[]> {
  if ((await page.evaluate('typeof window.axe')) !== 'object') await page.evaluate(AXE);
  const result = (await page.evaluate(
    "axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })",
  )) as { violations: AxeViolation[] };
  return result.violations.flatMap((v) =>
    v.nodes.map((n) => `${where}: ${v.impact} ${v.id} at ${n.target.join(' ')}`),
  );
}

/** Every request the page makes, refused when it leaves this machine: the reference must need no CDN. */
async function keepLocal(page: Page): Promise<string[]> {
  const outside: string[] = [];
  await page.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.protocol === 'data:' || url.hostname === '127.0.0.1') return route.continue();
    outside.push(url.href);
    return route.abort();
  });
  return outside;
}

describe.skipIf(!chromiumInstalled)('the API reference, in a browser and in the app', () => {
  let ui: UiFixture;

  beforeAll(async () => {
    ui = await startUiFixture({ sdiDelayMs: 0 });
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(() => ui?.close());

  it('serves /docs/ from this machine only: every operation, the sandbox ones marked, nothing axe objects to', async () => {
    const context = await ui.browser.newContext({ reducedMotion: 'reduce' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const outside = await keepLocal(page);
    try {
      await page.goto(`${ui.sandbox.origin}/docs`, { timeout: STEP_MS });
      expect(page.url()).toBe(`${ui.sandbox.origin}/docs/`);
      await page.locator('.opblock').first().waitFor({ timeout: STEP_MS });
      expect(await page.locator('.opblock').count()).toBe(OPERATION_BLOCKS);
      await expect(page.locator('#operations-tag-sandbox').textContent()).resolves.toContain('Sandbox only');
      await expect(page.locator('#operations-sandbox-moveSandboxClock').textContent()).resolves.toContain(
        '/_sandbox/clock',
      );
      const found = await audit(page, '/docs/');
      // An operation open, and "Try it out" with its pickers (the page names them after their parameters).
      await page.locator('#operations-send-listSends .opblock-summary-control').click();
      await page.locator('#operations-send-listSends .try-out__btn').click();
      await page.locator('#operations-send-listSends select').first().waitFor({ timeout: STEP_MS });
      found.push(...(await audit(page, '/docs/ listSends, trying it out')));
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/docs-try-it-out.png` });
      expect(found).toEqual([]);
      expect(errors).toEqual([]);
      expect(outside).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows the same description on the app’s API reference screen, bundled, in every language without axe findings', async () => {
    const app = await openApp(ui.browser, ui.sandbox.origin, 'it');
    const outside = await keepLocal(app.page);
    try {
      const found: string[] = [];
      for (const [language, name] of [
        ['it', 'Italiano'],
        ['en', 'English'],
        ['de', 'Deutsch'],
      ] as const) {
        if (language !== 'it') {
          await app.page.getByTestId('language').click();
          await app.page.getByRole('option', { name }).click();
          await app.page.locator(`html[lang="${language}"]`).waitFor({ timeout: STEP_MS });
        }
        await app.page.getByTestId('nav-reference').click();
        await app.page
          .locator('[data-testid="api-reference"] .opblock')
          .first()
          .waitFor({ timeout: STEP_MS });
        const reference = app.page.getByTestId('api-reference');
        expect(await reference.locator('.opblock').count()).toBe(OPERATION_BLOCKS);
        if (SHOTS) await app.page.screenshot({ path: `${SHOTS}/reference-${language}.png` });
        // Reading only: the app offers no "Try it out" (that is /docs/'s, with its own key handling).
        await reference.locator('#operations-company-listCompanies .opblock-summary-control').click();
        await reference
          .locator('#operations-company-listCompanies .parameters')
          .waitFor({ timeout: STEP_MS });
        expect(await reference.locator('.try-out__btn').count()).toBe(0);
        await expect(app.page.getByTestId('api-reference-docs-link').getAttribute('href')).resolves.toBe(
          `${ui.sandbox.origin}/docs/`,
        );
        found.push(...(await audit(app.page, `${language} reference`)));
        if (SHOTS) await app.page.screenshot({ path: `${SHOTS}/reference-${language}-open.png` });
        // Elsewhere and back, so each language renders the screen anew.
        await app.page.getByTestId('nav-dashboard').click();
      }
      expect(found).toEqual([]);
      expect(app.problems).toEqual([]);
      expect(outside).toEqual([]);
    } finally {
      await app.close();
    }
  });
});

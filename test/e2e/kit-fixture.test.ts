import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isProblem, startScambio, type Scambio } from 'scambio/testing';
import { chromiumPath, launchChromium } from '../../src/sandbox-server/testing/browser.ts';
import { sharedRendererBuild } from './support/shared-renderer.ts';

// A sample QA test written only against `scambio/testing`: docs/qa.md shows the same two checks.
describe('QA with the scambio/testing fixture', () => {
  let scambio: Scambio;
  beforeAll(async () => {
    // `freshUi` and `uiDir`: this project tests its current source (in the desktop app, or built once per run for
    // Chromium); a QA suite leaves both out and uses `out/renderer`.
    scambio = await startScambio({
      seed: 'qa',
      locale: 'en',
      freshUi: true,
      uiDir: await sharedRendererBuild(),
    });
  });
  afterAll(() => scambio?.close());

  it('UI: opening an unread invoice marks it read', async () => {
    const { page } = scambio;
    await page.getByTestId('nav-inbox').click();
    const unread = page.locator('[data-testid="inbox-table"] tbody tr[data-unread]');
    await unread.first().waitFor();
    const before = await unread.count();
    await unread.first().click();
    await page.locator('[data-testid="received-details"][data-read="true"]').waitFor();
    // The badge follows once the read is recorded: give it the seconds a busy CI machine needs, not poll's 1 s.
    await expect
      .poll(() => page.getByTestId('unread-badge').innerText(), { timeout: 15_000 })
      .toBe(String(before - 1));
  });

  it('API: a discarded invoice carries SDI’s error code; a missing one is a typed 404', async () => {
    const { api } = scambio;
    const discarded = await api.sent.page({ latest_state: 'Scartato' });
    expect(discarded.total).toBeGreaterThan(0);
    const updates = await api.updates.page({ send_id: discarded.items[0]!.id, state: 'Scartato' });
    expect(updates.items[0]!.errors![0]!.code).toMatch(/^00\d{3}$/);
    const missing = await api.sent.get(999_999).catch((error: unknown) => error);
    expect(isProblem(missing, 'not-found')).toBe(true);
    expect((missing as Error).message).toBe('No sent invoice 999999 in this account.');
  });
});

describe('startScambio({ browser }): one Chromium for several fixtures', () => {
  it('opens each app in the browser it is given, and its close() leaves the browser and the others running', async () => {
    const browser = await launchChromium(chromiumPath());
    try {
      const uiDir = await sharedRendererBuild();
      const first = await startScambio({ browser, uiDir, locale: 'en' });
      const second = await startScambio({ browser, uiDir, locale: 'it', openPage: false });
      const other = await second.newPage('de');
      expect(first.browser).toBe(browser);
      expect(browser.contexts()).toHaveLength(2);
      // CHROMIUM_ARGS: the windows carry no address-bar popups of Chromium's own (chrome://omnibox-popup…).
      const { targetInfos } = await (await browser.newBrowserCDPSession()).send('Target.getTargets');
      expect(targetInfos.filter((target) => target.type !== 'page').map((target) => target.url)).toEqual([]);
      await first.close();
      expect(browser.isConnected()).toBe(true);
      expect(browser.contexts()).toEqual([other.context()]);
      await other.reload();
      await other.locator('html[lang="de"]').waitFor();
      await second.close();
      expect(browser.contexts()).toEqual([]);
      await expect(startScambio({ browser, host: 'electron' })).rejects.toThrow(/headless/);
    } finally {
      await browser.close();
    }
  });
});

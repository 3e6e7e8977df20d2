import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEND_STATES } from '../../src/shared/api/types.ts';
import { startScambio, type Scambio } from 'scambio/testing';
import { sharedRendererBuild } from './support/shared-renderer.ts';

describe('"Load demo data" on an empty local sandbox', () => {
  let scambio: Scambio;
  beforeAll(async () => {
    scambio = await startScambio({
      locale: 'de',
      freshUi: true,
      uiDir: await sharedRendererBuild(),
      sdiDelayMs: 1000,
    });
  });
  afterAll(() => scambio?.close());

  it('fills the sandbox from the dashboard, once, through the real pipeline', async () => {
    const { page, api } = scambio;
    await page.getByTestId('load-demo-data').click();
    await page.getByRole('status').filter({ hasText: 'Demodaten werden geladen' }).waitFor();
    const loaded = page.getByTestId('demo-data-loaded');
    await loaded.waitFor({ timeout: 180_000 });
    const sent = await api.sent.page({ page_size: 200 });
    expect(await loaded.innerText()).toContain(`${sent.total} Rechnungen gesendet`);
    expect(new Set(sent.items.map((s) => s.latest_state))).toEqual(new Set(SEND_STATES));
    await page.reload();
    await page.locator('#root[data-app-state="loaded"]').waitFor();
    expect(await page.getByTestId('sent-count').innerText()).toContain(String(sent.total));
    // With data there, the offer is gone.
    expect(await page.getByTestId('demo-data').count()).toBe(0);
    // As long as the wait for the pipeline above, and some: vitest's 30 s default cut it short on a busy machine.
  });
});

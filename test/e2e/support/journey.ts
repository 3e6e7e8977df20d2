import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const STEP_MS = 15_000;

/**
 * The journey both hosts must pass: the local sandbox dashboard appears with its data, the language switches
 * (and stays switched after a reload), and the sent-invoices list shows the same data.
 */
export async function localSandboxJourney(page: Page, expected: { sent: number }): Promise<void> {
  await page.locator('#root[data-app-state="loaded"]').waitFor({ timeout: STEP_MS });
  await page.getByRole('heading', { name: 'Sandbox locale' }).waitFor({ timeout: STEP_MS });
  const profile = page.getByTestId('active-profile');
  expect(await profile.innerText()).toMatch(/Sandbox locale\s+Sandbox/i);
  expect(await profile.locator('[data-environment]').getAttribute('data-environment')).toBe('test');
  expect(await page.getByTestId('sent-count').innerText()).toContain(String(expected.sent));

  await page.getByTestId('language').click();
  await page.getByRole('option', { name: 'English' }).click();
  await page.getByRole('heading', { name: 'Local sandbox' }).waitFor({ timeout: STEP_MS });
  expect(await page.locator('html').getAttribute('lang')).toBe('en');

  await page.reload();
  await page.locator('#root[data-app-state="loaded"]').waitFor({ timeout: STEP_MS });
  await page.getByRole('heading', { name: 'Local sandbox' }).waitFor({ timeout: STEP_MS });

  await page.getByText('Sent invoices', { exact: true }).first().click();
  await page.getByRole('heading', { name: 'Sent invoices' }).waitFor({ timeout: STEP_MS });
  await page.locator('[data-testid="sent-table"] tbody tr').first().waitFor({ timeout: STEP_MS });
  expect(await page.locator('[data-testid="sent-table"] tbody tr').count()).toBe(expected.sent);
  expect(await page.locator('[data-testid="sent-table"] thead').innerText()).toMatch(
    /Number.*Customer.*State/s,
  );
}

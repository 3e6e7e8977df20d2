import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { de } from '../../src/renderer/locales/de.ts';
import { en } from '../../src/renderer/locales/en.ts';
import { it as italian } from '../../src/renderer/locales/it.ts';
import { invoiceXml } from '../support/invoices.ts';
import { openApp, STEP_MS } from './support/app-page.ts';
import { seedAccount, type Seeded } from './support/seed.ts';
import { startUiFixture, type UiFixture } from './support/ui-fixture.ts';

/** Words of the API or of code that must never reach an Italian or German user. */
const API_WORDS = [
  'pending',
  'required',
  'errors',
  'Unprocessable',
  'undefined',
  'null',
  'NaN',
  'see errors',
];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const asWord = (phrase: string) => new RegExp(`(^|[^\\p{L}])${escape(phrase)}($|[^\\p{L}])`, 'u');

function leaves(tree: Record<string, unknown>): string[] {
  return Object.values(tree).flatMap((value) =>
    typeof value === 'string' ? [value] : leaves(value as Record<string, unknown>),
  );
}

/**
 * The English texts that would be out of place in `catalog`'s language: every English message that is not also
 * a message of that language (`File`, `Sandbox`, `IBAN` are the same everywhere), cut at its placeholders into
 * the fragments long enough to mean something. A phrase that is also a word of the language's own messages (the
 * Italian "Date", plural of "data") or of SDI's Italian texts, which every language shows as SDI wrote them, is
 * not English there.
 */
function englishPhrases(catalog: Record<string, unknown>): string[] {
  const own = new Set(leaves(catalog));
  const ownText = [...leaves(catalog), ...leaves(italian)].join('\n');
  const phrases = new Set<string>();
  for (const text of leaves(en)) {
    if (own.has(text)) continue;
    for (const fragment of text.split(/\{\{[^}]+\}\}/)) {
      const phrase = fragment.trim().replace(/^[\s:·,.(–-]+|[\s:·,(–-]+$/g, '');
      // Short fragments ("of", "no.") are words of any text; whole short messages ("Date", "Sent") are UI words.
      if (phrase.length < 4 || (phrase !== text.trim() && phrase.length < 8) || own.has(phrase)) continue;
      if (!asWord(phrase).test(ownText)) phrases.add(phrase);
    }
  }
  return [...phrases];
}

/** What a user sees or hears on the page: the visible text, and the placeholders and labels of its controls. */
function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const attributes = [...document.querySelectorAll('[placeholder], [aria-label], [title]')].flatMap((el) =>
      ['placeholder', 'aria-label', 'title'].map((name) => el.getAttribute(name) ?? ''),
    );
    return [document.body.innerText, ...attributes].join('\n');
  });
}

describe('no English and no API words in the Italian and German UI', () => {
  let ui: UiFixture;
  let seeded: Seeded;
  let badFile: string;

  beforeAll(async () => {
    ui = await startUiFixture({ sdiDelayMs: 0 });
    seeded = await seedAccount(ui.sandbox.caller('default'), 900);
    badFile = join(ui.files, 'fattura-errata.xml');
    writeFileSync(badFile, invoiceXml({ supplierVat: 'IT01234567890', number: '' }));
  });

  afterAll(() => ui?.close());

  it.each([
    ['it', italian],
    ['de', de],
  ] as const)(
    'walks every screen, drawer and form in %s and finds no English UI text',
    async (language, catalog) => {
      const phrases = englishPhrases(catalog);
      expect(phrases.length).toBeGreaterThan(100);
      const app = await openApp(ui.browser, ui.sandbox.origin, language);
      const { page } = app;
      const found: string[] = [];
      const check = async (where: string) => {
        // The live-update stream stays open, so the network is never idle: wait for the screen's loads instead.
        await page.waitForFunction(() => !document.querySelector('[data-loading]'));
        await page.waitForTimeout(400);
        const text = await visibleText(page);
        for (const phrase of phrases) if (asWord(phrase).test(text)) found.push(`${where}: "${phrase}"`);
        for (const word of API_WORDS)
          if (new RegExp(`\\b${escape(word)}\\b`, 'i').test(text)) found.push(`${where}: API word "${word}"`);
      };
      const visit = async (where: string, hash: string, ready: string) => {
        await page.goto(`${ui.sandbox.origin}/app/#${hash}`);
        await page.getByTestId(ready).first().waitFor({ timeout: STEP_MS });
        await check(where);
      };
      try {
        await visit('dashboard', '/dashboard', 'sent-count');
        await visit('sent', '/sent', 'sent-table');
        await visit('sent drawer (rejected)', `/sent/${seeded.rejected.id}`, 'sdi-errors');
        await visit('sent drawer (undeliverable)', `/sent/${seeded.sent.id}`, 'invoice-content');
        await visit('inbox', '/inbox', 'inbox-table');
        await visit('received drawer', `/inbox/${seeded.received.id}`, 'invoice-content');
        await visit('export', '/export', 'export-start');
        await visit('contacts', '/contacts', 'contact-row');
        await visit('catalogue', '/catalogue', 'catalogue-screen');
        await visit('drafts', '/drafts', 'drafts-screen');
        await visit('recurring', '/recurring', 'recurring-screen');
        await visit('companies', '/companies', 'companies-table');
        await visit('company editor', `/companies/${seeded.company.id}`, 'company-editor');
        await visit('log', '/log', 'log-table');
        await visit('webhooks', '/webhooks', 'webhooks-table');
        await visit('profiles', '/profiles', 'profiles-table');

        await page.goto(`${ui.sandbox.origin}/app/#/companies`);
        await page.getByTestId('company-form').locator('input').nth(1).fill('IT01234567891');
        await page.getByTestId('company-form').getByRole('button').click();
        await page.getByTestId('company-problem').waitFor({ timeout: STEP_MS });
        await check('company form errors');

        await page.goto(`${ui.sandbox.origin}/app/#/send`);
        const chooser = page.waitForEvent('filechooser', { timeout: STEP_MS });
        await page.getByTestId('pick-files').click();
        await (await chooser).setFiles([badFile]);
        await page.getByTestId('submission-problems').waitFor({ timeout: STEP_MS });
        await check('send problems');

        expect(found).toEqual([]);
        expect(app.problems).toEqual([]);
      } finally {
        await app.close();
      }
    },
    120_000,
  );
});

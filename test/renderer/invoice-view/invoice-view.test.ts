import { readFileSync } from 'node:fs';
import { MantineProvider } from '@mantine/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { GatewayContext } from '../../../src/renderer/gateway/gateway-context.ts';
import { initI18n } from '../../../src/renderer/locales/i18n.ts';
import { formatAmount } from '../../../src/renderer/format/format.ts';
import InvoiceContentView from '../../../src/renderer/invoice-view/invoice-content.tsx';
import type { Gateway } from '../../../src/shared/gateway/channels.ts';
import { referenceAvailable, warnIfReferenceMissing } from '../../shared/fatturapa/reference-samples.ts';
import { blocks, leaf, realWorldInvoices, realWorldInvoicesDir } from '../../shared/reading/xml-by-regex.ts';

warnIfReferenceMissing('renderer/invoice-view');

const dir = realWorldInvoicesDir;
const samples = realWorldInvoices;

function leaves(xml: string, tag: string): string[] {
  return blocks(xml, tag).map((value) => value.trim());
}

// ---------------------------------------------------------------------------------------------
// The view, rendered by React as the app renders it, and read back from its markup.

/** Saving an attachment is a click; a static render never makes one. */
const gateway = {
  dialog: { saveFile: () => Promise.reject(new Error('no dialog in a static render')) },
} as unknown as Gateway;

let i18n: Awaited<ReturnType<typeof initI18n>>;

beforeAll(async () => {
  i18n = await initI18n('it');
});

async function render(xml: string, language: 'it' | 'en'): Promise<string> {
  await i18n.changeLanguage(language);
  return renderToStaticMarkup(
    createElement(
      MantineProvider,
      null,
      createElement(
        GatewayContext.Provider,
        { value: gateway },
        createElement(InvoiceContentView, { payload: xml, encoding: 'Xml' }),
      ),
    ),
  );
}

/** Plain text of some markup, as a reader sees it. */
function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/[ \t\r\n]+/g, ' ') // not \s: amounts keep the no-break spaces Intl puts in them
    .trim();
}

/** The markup of each element carrying `data-testid="id"`, up to the end of that element. */
function elements(html: string, id: string): { html: string; attributes: Record<string, string> }[] {
  const found: { html: string; attributes: Record<string, string> }[] = [];
  const opening = new RegExp(`<(\\w+)([^>]*\\bdata-testid="${id}"[^>]*)>`, 'g');
  for (const match of html.matchAll(opening)) {
    const tag = match[1]!;
    // Elements of one tag name nest; count them to find the matching end.
    let depth = 1;
    const tags = new RegExp(`<(/?)${tag}\\b[^>]*>`, 'g');
    tags.lastIndex = match.index + match[0].length;
    let end = html.length;
    for (let next = tags.exec(html); next; next = tags.exec(html)) {
      depth += next[1] === '/' ? -1 : 1;
      if (depth === 0) {
        end = next.index;
        break;
      }
    }
    const attributes = Object.fromEntries(
      [...match[2]!.matchAll(/([\w-]+)="([^"]*)"/g)].map((attribute) => [attribute[1]!, attribute[2]!]),
    );
    found.push({ html: html.slice(match.index, end), attributes });
  }
  return found;
}

const money = (amount: string, currency: string, language: string) =>
  formatAmount(amount, currency, language);

function cents(amount: string): bigint {
  const [integer, fraction = ''] = amount.trim().replace('-', '').split('.');
  const value = BigInt(integer!) * 100n + BigInt((fraction + '00').slice(0, 2));
  return amount.trim().startsWith('-') ? -value : value;
}

function fromCents(value: bigint): string {
  const sign = value < 0n ? '-' : '';
  const magnitude = value < 0n ? -value : value;
  return `${sign}${magnitude / 100n}.${String(magnitude % 100n).padStart(2, '0')}`;
}

describe('the document view of every real-world sample', () => {
  it.runIf(referenceAvailable)('has samples to show', () => {
    expect(samples.length).toBeGreaterThan(20);
  });

  describe.each(samples)('%s', (name) => {
    const xml = readFileSync(`${dir}${name}`, 'utf8');
    const bodies = blocks(xml, 'FatturaElettronicaBody');

    it.each(['it', 'en'] as const)(
      'shows every withholding, fund contribution, stamp duty and discount of the file, in %s',
      async (language) => {
        const html = await render(xml, language);
        const documents = elements(html, 'invoice-document');
        expect(documents).toHaveLength(bodies.length);
        bodies.forEach((body, index) => {
          const view = documents[index]!.html;
          const general = blocks(body, 'DatiGeneraliDocumento')[0] ?? '';
          const currency = leaf(general, 'Divisa') ?? 'EUR';
          // Lines, summary, withholdings and funds are in euro when the lines give their amount in a foreign
          // currency beside the euro one (AltriDatiGestionali naming the currency: the reading's Exchange).
          const euroBeside =
            currency !== 'EUR' &&
            blocks(body, 'AltriDatiGestionali').some((data) => leaf(data, 'RiferimentoTesto') === currency);
          const book = euroBeside ? 'EUR' : currency;

          const withholdings = blocks(general, 'DatiRitenuta');
          const withholdingRows = elements(view, 'invoice-withholding');
          expect(withholdingRows.map((row) => row.attributes['data-amount'])).toEqual(
            withholdings.map((block) => leaf(block, 'ImportoRitenuta')),
          );
          withholdings.forEach((block, position) => {
            const row = textOf(withholdingRows[position]!.html);
            expect(row).toContain(money(leaf(block, 'ImportoRitenuta')!, book, language));
            expect(row).toContain(leaf(block, 'TipoRitenuta'));
            expect(row).toContain(leaf(block, 'CausalePagamento'));
          });

          const funds = blocks(general, 'DatiCassaPrevidenziale');
          const fundRows = elements(view, 'invoice-fund');
          expect(fundRows.map((row) => row.attributes['data-amount'])).toEqual(
            funds.map((block) => leaf(block, 'ImportoContributoCassa')),
          );
          funds.forEach((block, position) => {
            const row = textOf(fundRows[position]!.html);
            expect(row).toContain(money(leaf(block, 'ImportoContributoCassa')!, book, language));
            expect(row).toContain(leaf(block, 'TipoCassa'));
            const base = leaf(block, 'ImponibileCassa');
            if (base !== null) expect(row).toContain(money(base, book, language));
          });

          const stamp = blocks(general, 'DatiBollo')[0];
          const stampRows = elements(view, 'invoice-stamp');
          const stampAmount = stamp === undefined ? null : leaf(stamp, 'ImportoBollo');
          const simplifiedStamp = leaf(general, 'BolloVirtuale') === 'SI';
          expect(stampRows).toHaveLength(stamp !== undefined || simplifiedStamp ? 1 : 0);
          if (stampAmount !== null) {
            expect(stampRows[0]!.attributes['data-amount']).toBe(stampAmount);
            expect(textOf(stampRows[0]!.html)).toContain(money(stampAmount, book, language));
          }

          // Discounts and surcharges: each amount (or, without one, each percentage) is on the screen.
          const viewText = textOf(view);
          for (const adjustment of blocks(body, 'ScontoMaggiorazione')) {
            const amount = leaf(adjustment, 'Importo');
            const percentage = leaf(adjustment, 'Percentuale');
            if (amount !== null) expect(viewText).toContain(money(amount, book, language));
            if (percentage !== null)
              expect(viewText).toContain(
                `${Number(percentage).toLocaleString(language === 'en' ? 'en-GB' : language)}%`,
              );
          }
        });
      },
    );

    it('shows the net to pay, and says so plainly when the payments or the declared total disagree', async () => {
      const language = 'it';
      const html = await render(xml, language);
      const documents = elements(html, 'invoice-document');
      bodies.forEach((body, index) => {
        const view = documents[index]!.html;
        const payments = leaves(body, 'ImportoPagamento');
        const net = elements(view, 'invoice-net-to-pay');
        const mismatch = elements(view, 'invoice-mismatch');
        if (body.includes('DatiRiepilogo') === false) {
          // FSM10: no VAT summary, so no way to the net to pay; the total VAT included instead.
          expect(net).toEqual([]);
          return;
        }
        expect(net).toHaveLength(1);
        expect(net[0]!.attributes['data-amount']).toMatch(/^-?\d+\.\d{2}$/);
        expect(textOf(net[0]!.html)).toContain(
          money(net[0]!.attributes['data-amount']!, net[0]!.attributes['data-currency']!, language),
        );
        if (payments.length === 0) return;
        const paid = fromCents(payments.reduce((sum, amount) => sum + cents(amount), 0n));
        const currency = leaf(body, 'Divisa') ?? 'EUR';
        const shown = textOf(
          net[0]!.attributes['data-currency'] === currency ? net[0]!.html : rowAfter(view, net[0]!.html),
        );
        if (mismatch.length === 0) {
          // Consistent: the net to pay shown is what the payments add up to (in the payments' currency).
          expect(shown).toContain(money(paid, currency, language));
        } else {
          expect(shown).not.toContain(money(paid, currency, language));
          expect(textOf(mismatch[0]!.html)).toContain(money(paid, currency, language));
        }
      });
    });
  });
});

/** The table row that follows `row` in `html`. */
function rowAfter(html: string, row: string): string {
  const start = html.indexOf('<tr', html.indexOf(row) + row.length);
  return html.slice(start, html.indexOf('</tr>', start));
}

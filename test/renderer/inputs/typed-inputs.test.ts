import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '../../../src/renderer/format/format.ts';
import { amountCodec } from '../../../src/renderer/inputs/amount-input.tsx';
import { dateCodec, dateTimeCodec } from '../../../src/renderer/inputs/date-field.tsx';
import { de } from '../../../src/renderer/locales/de.ts';
import { en } from '../../../src/renderer/locales/en.ts';
import { it as itMessages } from '../../../src/renderer/locales/it.ts';
import { seeded } from '../../shared/typed/seeded.ts';

const LANGUAGES = ['it', 'en', 'de'] as const;
const ts = {} as Record<(typeof LANGUAGES)[number], TFunction>;

beforeAll(async () => {
  const instance = i18next.createInstance();
  await instance.init({
    lng: 'it',
    resources: { it: { translation: itMessages }, en: { translation: en }, de: { translation: de } },
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  for (const language of LANGUAGES) ts[language] = instance.getFixedT(language);
});

describe('the amount inputs, in each UI language', () => {
  it.each([
    ['it', '1.000', '1000.00', '1.000,00'],
    ['it', '2.500,00', '2500.00', '2.500,00'],
    ['it', '450', '450.00', '450,00'],
    ['de', '2.500,00', '2500.00', '2.500,00'],
    ['en', '2,500.00', '2500.00', '2,500.00'],
    ['en', '1,000', '1000.00', '1,000.00'],
  ] as const)('%s: typing %j keeps %s and shows %s on leaving the field', (language, text, kept, shown) => {
    const codec = amountCodec('amount', language, ts[language]);
    expect(codec.read(text)).toEqual({ kind: 'ok', value: kept });
    expect(codec.show(kept)).toBe(shown);
    expect(codec.plain(kept)).toBe(kept);
  });

  it('shows a prefilled amount (a credit note, a copy) the language’s way', () => {
    expect(amountCodec('amount', 'it', ts.it).show('450.00')).toBe('450,00');
    expect(amountCodec('amount', 'de', ts.de).show('1450.5')).toBe('1.450,50');
    expect(amountCodec('amount', 'en', ts.en).show('1450.5')).toBe('1,450.50');
    // Quantities from a file carry 8 decimals: shown as the number they are.
    expect(amountCodec('quantity', 'it', ts.it).show('2.00000000')).toBe('2');
    expect(amountCodec('percent', 'it', ts.it).show('22.00')).toBe('22');
    // A draft saved before these inputs kept the decimal comma: still read, and shown the language's way.
    expect(amountCodec('amount', 'en', ts.en).show('12,5')).toBe('12.50');
    expect(amountCodec('amount', 'en', ts.en).plain('12,5')).toBe('12.50');
  });

  it('says how to write an amount in a sentence of the language, with the language’s example', () => {
    expect(amountCodec('amount', 'it', ts.it).read('dieci')).toEqual({
      kind: 'invalid',
      text: 'Scrivi un importo, ad esempio 2.500,00.',
    });
    expect(amountCodec('amount', 'en', ts.en).read('ten')).toEqual({
      kind: 'invalid',
      text: 'Write an amount, for example 2,500.00.',
    });
    expect(amountCodec('quantity', 'de', ts.de).read('zehn')).toEqual({
      kind: 'invalid',
      text: 'Geben Sie eine Menge ein, zum Beispiel 1,5.',
    });
  });

  it('asks with the readings written the language’s way, the language’s own first', () => {
    expect(amountCodec('amount', 'it', ts.it).read('1,000')).toEqual({
      kind: 'ask',
      text: 'Che importo intendi con «1,000»?',
      choices: [
        { label: '1,00', value: '1.00' },
        { label: '1.000,00', value: '1000.00' },
      ],
    });
    expect(amountCodec('amount', 'it', ts.it).read('1.5')).toEqual({
      kind: 'ask',
      text: 'Che importo intendi con «1.5»?',
      choices: [
        { label: '1,50', value: '1.50' },
        { label: '15,00', value: '15.00' },
      ],
    });
    expect(amountCodec('quantity', 'en', ts.en).read('2.500,5')).toEqual({
      kind: 'ask',
      text: 'Which number do you mean by “2.500,5”?',
      choices: [{ label: '2,500.5', value: '2500.5' }],
    });
  });
});

describe('the date inputs, in each UI language', () => {
  it('show a date as the lists do and read back what they show (seeded, bounded)', () => {
    const random = seeded(2711);
    for (const language of LANGUAGES) {
      const codec = dateCodec(language, ts[language]);
      for (let i = 0; i < 500; i++) {
        const iso = new Date(Date.UTC(1990, 0, 1) + Math.floor(random() * 40_177) * 86_400_000)
          .toISOString()
          .slice(0, 10);
        const shown = codec.show(iso);
        expect(shown).toBe(formatDate(iso, language));
        expect(codec.read(shown), `${language} ${shown}`).toEqual({ kind: 'ok', value: iso });
      }
    }
  });

  it.each([
    ['it', '27/11/2026'],
    ['de', '27.11.2026'],
    ['en', '27 Nov 2026'],
  ] as const)('%s shows 27 November 2026 as %s', (language, shown) => {
    expect(dateCodec(language, ts[language]).show('2026-11-27')).toBe(shown);
  });

  it('say how to write a date, with the language’s example, and name a day the calendar lacks', () => {
    expect(dateCodec('it', ts.it).read('27 11')).toEqual({
      kind: 'invalid',
      text: 'Scrivi una data nella forma giorno/mese/anno, ad esempio 27/11/2026.',
    });
    expect(dateCodec('en', ts.en).read('11/27/2026')).toEqual({
      kind: 'invalid',
      text: 'Write a date, day first, for example 27 Nov 2026.',
    });
    expect(dateCodec('de', ts.de).read('31.02.2026')).toEqual({
      kind: 'invalid',
      text: 'Den 31.02.2026 gibt es im Kalender nicht: Prüfen Sie Tag und Monat.',
    });
  });

  it('a date and time reads back what it shows', () => {
    for (const language of LANGUAGES) {
      const codec = dateTimeCodec(language, ts[language]);
      for (const value of ['2026-11-27T10:05:00', '2026-01-02T23:59:07']) {
        expect(codec.read(codec.show(value))).toEqual({ kind: 'ok', value });
      }
    }
    expect(dateTimeCodec('it', ts.it).show('2026-11-27T10:05:00')).toBe('27/11/2026 10:05');
  });
});

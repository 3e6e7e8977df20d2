import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { hasPlaceholder, interpolate, templateParts } from '../../src/shared/interpolate.ts';
import type { InterpolationValues } from '../../src/shared/interpolate.ts';

/** i18next as the app sets it up (no HTML escaping), filling one template. */
async function i18nextFills(template: string, values: InterpolationValues): Promise<string> {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: 'it',
    resources: { it: { translation: { template } } },
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  return i18n.t('template', { ...values });
}

const cases: [string, string, InterpolationValues][] = [
  ['a name', 'Manca {{element}} in {{parent}}.', { element: 'Numero', parent: 'DatiGenerali' }],
  ['a number', 'Al massimo {{max}} occorrenze.', { max: 2 }],
  ['zero and the empty text', '{{a}}|{{b}}', { a: 0, b: '' }],
  ['the same name twice', '{{x}} e {{x}}', { x: 'uno' }],
  ['blanks around the name', '{{ element }} è vuoto', { element: 'Data' }],
  ['placeholders that touch', '{{a}}{{b}}', { a: '1', b: '2' }],
  ['a value missing stays visible', 'Errore {{code}} a {{path}}', { code: '00404' }],
  ['a value that looks like a placeholder is not read again', 'Valore «{{value}}»', { value: '{{path}}' }],
  ['dollar signs are text', 'Costo {{price}}', { price: '$& $1 $$' }],
  ['no placeholder', 'Nessun segnaposto.', {}],
  ['lone braces', 'Un { e un }} e {{ soltanto', { x: '1' }],
];

describe('interpolate fills {{name}} the way i18next does for plain values', () => {
  it.each(cases)('%s', async (_name, template, values) => {
    expect(interpolate(template, values)).toBe(await i18nextFills(template, values));
  });

  it('keeps a placeholder whose value is undefined or only inherited', () => {
    expect(interpolate('{{a}} {{constructor}} {{toString}}', { a: undefined })).toBe(
      '{{a}} {{constructor}} {{toString}}',
    );
  });
});

describe('placeholders in a text', () => {
  it('are found when a template is not filled completely', () => {
    expect(hasPlaceholder('Errore {{code}}')).toBe(true);
    expect(hasPlaceholder(interpolate('Errore {{code}}', { code: '00404' }))).toBe(false);
    expect(hasPlaceholder('Un { e un }}')).toBe(false);
  });

  it('cut a template into its texts and names, so a filled sentence can be read back', () => {
    expect(templateParts('Fattura {{number}} del {{ date }}')).toEqual({
      texts: ['Fattura ', ' del ', ''],
      names: ['number', 'date'],
    });
    expect(templateParts('{{a}}{{b}}')).toEqual({ texts: ['', '', ''], names: ['a', 'b'] });
    expect(templateParts('Nessuno')).toEqual({ texts: ['Nessuno'], names: [] });
  });
});

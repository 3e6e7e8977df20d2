import { describe, expect, it } from 'vitest';
import { sdiMessages } from '../../../src/shared/fatturapa/sdi-checks/messages.ts';
import { sdiErrorInLanguage } from '../../../src/renderer/sent/sdi-error-text.ts';
import { interpolate } from '../../../src/shared/interpolate.ts';

const valuesOf = (template: string) =>
  Object.fromEntries([...template.matchAll(/\{\{(\w+)\}\}/g)].map(([, name]) => [name!, `«${name} 12/3»`]));

describe("SDI's rejection reasons in the UI language", () => {
  it('reads the values out of SDI’s Italian sentence and says the same in English and German', () => {
    const italian =
      'Fattura duplicata: numero X-950 del 2026-03-20 già trasmessa (scarto simulato dalla sandbox)';
    expect(sdiErrorInLanguage({ code: '00404', description: italian }, 'en')).toEqual({
      description: 'Duplicate invoice: number X-950 of 2026-03-20 was already transmitted',
      hint: sdiMessages.en['00404'].hint,
    });
    expect(sdiErrorInLanguage({ code: '00404', description: italian }, 'de')?.description).toBe(
      'Doppelte Rechnung: Nummer X-950 vom 2026-03-20 wurde bereits übermittelt',
    );
  });

  it.each(Object.keys(sdiMessages.it))('round-trips code %s from Italian to en and de', (code) => {
    const it = sdiMessages.it[code as keyof typeof sdiMessages.it];
    const values = valuesOf(it.description);
    const description = interpolate(it.description, values);
    for (const language of ['en', 'de'] as const) {
      const target = sdiMessages[language][code as keyof typeof sdiMessages.it];
      // A hint needing a value the sentence does not give is left to SDI's own words.
      const complete = [...target.hint.matchAll(/\{\{(\w+)\}\}/g)].every(([, name]) => name! in values);
      expect(sdiErrorInLanguage({ code, description }, language)).toEqual({
        description: interpolate(target.description, values),
        hint: complete ? interpolate(target.hint, values) : null,
      });
    }
  });

  it('leaves Italian, unknown codes and sentences it does not recognise as SDI wrote them', () => {
    expect(
      sdiErrorInLanguage(
        { code: '00404', description: 'Fattura duplicata: numero 1 del 2 già trasmessa' },
        'it',
      ),
    ).toBeNull();
    expect(sdiErrorInLanguage({ code: '99999', description: 'Errore sconosciuto' }, 'en')).toBeNull();
    expect(sdiErrorInLanguage({ code: '00404', description: 'Qualcosa di diverso' }, 'en')).toBeNull();
  });
});

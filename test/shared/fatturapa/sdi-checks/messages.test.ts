import { describe, expect, it } from 'vitest';
import {
  describeSdiProblem,
  SDI_CHECK_CODES,
  sdiMessages,
} from '../../../../src/shared/fatturapa/sdi-checks/index.ts';
import { LANGUAGES } from '../../../../src/shared/language.ts';

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1] ?? '').sort();
}

describe('sdiMessages', () => {
  it.each(LANGUAGES)('has a description and a hint for every code in %s, and nothing else', (lang) => {
    expect(Object.keys(sdiMessages[lang]).sort()).toEqual([...SDI_CHECK_CODES].sort());
    for (const code of SDI_CHECK_CODES) {
      const message = sdiMessages[lang][code];
      expect(message.description.trim(), `${lang} ${code}`).not.toBe('');
      expect(message.hint.trim(), `${lang} ${code}`).not.toBe('');
    }
  });

  it('uses the same placeholders for a code in every language', () => {
    for (const code of SDI_CHECK_CODES) {
      const [first, ...others] = LANGUAGES.map((lang) => {
        const { description, hint } = sdiMessages[lang][code];
        return placeholders(`${description} ${hint}`);
      });
      for (const other of others) expect(other, code).toEqual(first);
    }
  });

  it('keeps the Italian descriptions close to SdI’s element references', () => {
    expect(sdiMessages.it['00423'].description).toContain('2.2.1.11 <PrezzoTotale>');
    expect(sdiMessages.it['00427'].description).toContain('1.1.4 <CodiceDestinatario>');
  });
});

describe('describeSdiProblem', () => {
  const problem = {
    code: '00421',
    severity: 'error',
    path: 'FatturaElettronicaBody[1]/DatiBeniServizi/DatiRiepilogo[1]/Imposta',
    params: { imposta: '5.96', expected: '5.94' },
  } as const;

  it('fills the placeholders and keeps code and path', () => {
    expect(describeSdiProblem({ ...problem, params: { ...problem.params } }, 'it')).toEqual({
      code: '00421',
      description: '2.2.2.6 <Imposta> 5.96 non calcolata secondo le specifiche tecniche (atteso 5.94)',
      hint: sdiMessages.it['00421'].hint,
      path: problem.path,
    });
    expect(describeSdiProblem({ ...problem, params: { ...problem.params } }, 'de').description).toContain(
      'erwartet 5.94',
    );
  });

  it('formats numbers and leaves a placeholder without a value visible', () => {
    const size = { code: '00003', severity: 'error', path: '', params: { size: 6_000_000 } } as const;
    expect(describeSdiProblem({ ...size, params: { ...size.params } }, 'en').description).toBe(
      'The file size (6000000 bytes) exceeds the allowed size ({{limit}} bytes)',
    );
  });
});

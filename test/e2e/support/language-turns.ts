import { it } from 'vitest';

/** The UI's languages, in the order journeys take turns in. */
export const UI_LANGUAGES = ['it', 'en', 'de'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];

/**
 * For a file whose journeys are written once for every language (`describe.each(UI_LANGUAGES)`), where only the
 * words differ: each journey runs once, in the language whose turn it is (the first in Italian, the second in
 * English, the third in German, the fourth in Italian again…), instead of three times. Every language still drives
 * the screen through some journey; what each language says is checked in full against its message tables by the
 * unit tests and on every screen by test/e2e/language-audit.test.ts. Running each journey thrice made a third of
 * the suite's length (issue 30). Journeys where the language changes what is read or written (amounts, dates,
 * separators) keep one test per language and do not use this.
 */
export function takingTurns(language: UiLanguage): (name: string, journey: () => Promise<void>) => void {
  let turn = 0;
  return (name, journey) => {
    if (UI_LANGUAGES[turn++ % UI_LANGUAGES.length] === language) it(name, journey);
  };
}

/**
 * An error of SDI's rejection notice in the UI language. SDI writes in Italian; for the codes whose Italian
 * wording the app knows (src/shared/fatturapa/sdi-checks/messages.ts) the values it filled in (the number, the
 * date, the code that was wrong) are read back out of SDI's sentence and put into the same message in the UI
 * language. Anything else, or Italian, stays as SDI wrote it.
 */
import { hasPlaceholder, interpolate, templateParts } from '../../shared/interpolate.ts';
import type { Language } from '../../shared/language.ts';
import { sdiMessages } from '../../shared/fatturapa/sdi-checks/messages.ts';

export interface SdiErrorText {
  description: string;
  /** Null when the hint needs a value SDI's sentence does not give (then SDI's own hint is shown). */
  hint: string | null;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each `{{name}}` of a template as a capture; a note in brackets after it (the sandbox's) is allowed. */
function patternOf(template: string): { pattern: RegExp; names: string[] } {
  const { texts, names } = templateParts(template);
  const source = texts.map(escape).join('(.+?)');
  return { pattern: new RegExp(`^${source}(?:\\s*\\([^()]*\\))?$`, 's'), names };
}

export function sdiErrorInLanguage(
  error: { code: string; description: string },
  language: string,
): SdiErrorText | null {
  if (language === 'it' || !(language in sdiMessages) || !error.description) return null;
  const code = error.code as keyof (typeof sdiMessages)['it'];
  const italian = sdiMessages.it[code];
  const target = sdiMessages[language as Language][code];
  if (!italian || !target) return null;
  const { pattern, names } = patternOf(italian.description);
  const match = pattern.exec(error.description.trim());
  if (!match) return null;
  const values = Object.fromEntries(names.map((name, i) => [name, match[i + 1]!]));
  const hint = interpolate(target.hint, values);
  return { description: interpolate(target.description, values), hint: hasPlaceholder(hint) ? null : hint };
}

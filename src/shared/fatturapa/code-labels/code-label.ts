/**
 * The shape of every label table in this folder, and how a code is shown with its name. Italian follows the
 * schema's and the Agenzia delle Entrate's wording; English and German say the same for readers who do not know
 * the codes.
 */

/** A code's name in each UI language. */
export type CodeLabels = Record<string, { it: string; en: string; de: string }>;

/** "TD01 · Invoice"; the bare code when it is unknown (a newer schema, or a malformed file). */
export function codeLabel(labels: CodeLabels, code: string, language: string): string {
  const entry = labels[code];
  if (!entry) return code;
  const name = language === 'it' || language === 'en' || language === 'de' ? entry[language] : entry.it;
  return `${code} · ${name}`;
}

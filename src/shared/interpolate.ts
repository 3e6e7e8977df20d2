/**
 * `{{name}}` placeholders, filled the way i18next fills them for plain values, for the catalogues that live
 * beside i18next: the structure and SdI messages, the composer's sentences, SDI's errors in the UI language.
 * Blanks around a name are allowed (`{{ name }}`), a value is written as `String(value)` and never read again
 * for placeholders, and a placeholder without a value stays visible instead of silently leaving the sentence.
 */

/** A placeholder; its name is the first group, blanks around it included (i18next trims them too). */
const PLACEHOLDER = /\{\{(.+?)\}\}/g;

/** Values by placeholder name; an undefined value is no value. */
export type InterpolationValues = Readonly<Record<string, string | number | undefined>>;

/** The template with each placeholder that has a value replaced by it. */
export function interpolate(template: string, values: InterpolationValues): string {
  return template.replace(PLACEHOLDER, (whole, inside: string) => {
    const name = inside.trim();
    // Own values only: a template's `{{constructor}}` is not the object's.
    const value = Object.hasOwn(values, name) ? values[name] : undefined;
    return value === undefined ? whole : String(value);
  });
}

/** True when the text has a placeholder left: a template, or a sentence filled without all its values. */
export function hasPlaceholder(text: string): boolean {
  return new RegExp(PLACEHOLDER.source).test(text);
}

/**
 * A template cut at its placeholders: the names in order, and the texts around them (one more than the
 * names; '' where two placeholders touch or one starts or ends the template). Reading a filled sentence
 * back uses it (src/renderer/sdi-error-text.ts).
 */
export function templateParts(template: string): { texts: string[]; names: string[] } {
  const pieces = template.split(PLACEHOLDER);
  return {
    texts: pieces.filter((_, i) => i % 2 === 0),
    names: pieces.filter((_, i) => i % 2 === 1).map((name) => name.trim()),
  };
}

import i18next, { type TFunction } from 'i18next';
import { de } from './de.ts';
import { en } from './en.ts';
import { it } from './it.ts';
import type { MessageKey } from './messages.ts';

import type { Language } from '../../shared/language.ts';

export type { Language };
/** In negotiation order: a client that accepts any language (`*`) gets English, the API's default. */
export const LANGUAGES: readonly Language[] = ['en', 'it', 'de'];
export const DEFAULT_LANGUAGE: Language = 'en';

const instance = i18next.createInstance();
void instance.init({
  initAsync: false,
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  resources: { en: { translation: en }, it: { translation: it }, de: { translation: de } },
  // Messages are plain text in JSON bodies, never HTML: escaping would corrupt values such as "<country>".
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
});

const fixed = new Map<Language, TFunction>(LANGUAGES.map((lng) => [lng, instance.getFixedT(lng)]));

export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

export function translator(language: Language): Translate {
  const t = fixed.get(language)!;
  return (key, params) => t(key, params ?? {});
}

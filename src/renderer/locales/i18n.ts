import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../../shared/gateway/channels.ts';
import { de } from './de.ts';
import { en } from './en.ts';
import { it } from './it.ts';

export async function initI18n(language: Language): Promise<typeof i18next> {
  await i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    resources: { it: { translation: it }, en: { translation: en }, de: { translation: de } },
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  return i18next;
}

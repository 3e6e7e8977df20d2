/** The languages of the UI, the API's problem texts and the SDI messages: declared once, used on both sides. */
export const LANGUAGES = ['it', 'en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

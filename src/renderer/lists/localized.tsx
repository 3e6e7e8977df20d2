import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime, formatDateTimeSeconds } from '../format/format.ts';

/*
 * Values drawn in the UI language of the moment. Table cells render these rather than preformatted strings: a
 * table keeps its rows (and the cells' functions) between renders, and a string formatted for the previous
 * language would stay; a component asks for the language itself, so a switch redraws it at once.
 */

export function LocalDate({ value }: { value: string | null | undefined }) {
  const { i18n } = useTranslation();
  return <>{formatDate(value, i18n.language)}</>;
}

export function LocalDateTime({
  value,
  seconds = false,
}: {
  value: string | null | undefined;
  seconds?: boolean;
}) {
  const { i18n } = useTranslation();
  return <>{(seconds ? formatDateTimeSeconds : formatDateTime)(value, i18n.language)}</>;
}

/** A column header in the UI language of the moment (see above). */
export function Label({ k }: { k: string }) {
  const { t } = useTranslation();
  return <>{t(k)}</>;
}

/**
 * The app's date inputs, instead of the browser's own (`type="date"` shows the browser's order, 11/27/2026 in an
 * American Chromium, whatever the UI language). A date is shown as the lists show it (src/renderer/format.ts:
 * `27/11/2026` in Italian, `27.11.2026` in German, `27 Nov 2026` in English), typed day first in any of the forms
 * src/shared/typed/date.ts reads (`27/11/2026`, `27.11.26`, `27 nov 2026`…), and kept as ISO (`2026-11-27`).
 * English shows the month's name, so an American typing 03/04/2026 sees "03 Apr 2026" on leaving the field.
 * See typed-input.tsx for the behaviour; `data-value` is the ISO date understood.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { readTypedDate, readTypedDateTime } from '../../shared/typed/date.ts';
import { formatDate } from '../format/format.ts';
import { TypedInput, type TypedCodec, type TypedInputProps } from './typed-input.tsx';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_LOCAL = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;
const EXAMPLE = '2026-11-27';
/** The time after a date (`27/11/2026 10:05`), left out where the date alone is named. */
const TIME_AFTER = /[\sT,]+\d{1,2}[:.]\d{2}(?:[:.]\d{2})?$/;

export function dateCodec(language: string, t: TFunction): TypedCodec {
  const example = formatDate(EXAMPLE, language);
  return {
    read(text) {
      const read = readTypedDate(text);
      if (read.kind === 'empty') return read;
      if (read.kind === 'ok') return { kind: 'ok', value: read.iso };
      return {
        kind: 'invalid',
        text:
          read.reason === 'no-such-day'
            ? t('inputs.dateNoSuchDay', { typed: text.trim() })
            : t('inputs.dateInvalid', { example }),
      };
    },
    show: (value) => (ISO_DATE.test(value) ? formatDate(value, language) : value),
    plain: (value) => (ISO_DATE.test(value) ? value : ''),
  };
}

/** A local date and time (`2026-11-27T10:05:00`, no zone) the same way: `27/11/2026 10:05`. */
export function dateTimeCodec(language: string, t: TFunction): TypedCodec {
  const show = (value: string) => {
    const match = ISO_LOCAL.exec(value);
    if (!match) return value;
    const seconds = match[4] && match[4] !== '00' ? `:${match[4]}` : '';
    return `${formatDate(match[1], language)} ${match[2]}:${match[3]}${seconds}`;
  };
  const example = show(`${EXAMPLE}T10:30:00`);
  return {
    read(text) {
      const read = readTypedDateTime(text);
      if (read.kind === 'empty') return read;
      if (read.kind === 'ok') return { kind: 'ok', value: read.iso };
      const typed = text.trim();
      return {
        kind: 'invalid',
        text:
          read.reason === 'no-such-day'
            ? t('inputs.dateNoSuchDay', { typed: typed.replace(TIME_AFTER, '') })
            : read.reason === 'no-such-time'
              ? t('inputs.timeNoSuch', { typed })
              : t('inputs.dateTimeInvalid', { example }),
      };
    },
    show,
    plain: (value) => (ISO_LOCAL.test(value) ? value : ''),
  };
}

export function DateField(props: TypedInputProps) {
  const { t, i18n } = useTranslation();
  const codec = useMemo(() => dateCodec(i18n.language, t), [i18n.language, t]);
  return <TypedInput placeholder={t('inputs.datePlaceholder')} {...props} codec={codec} />;
}

export function DateTimeField(props: TypedInputProps) {
  const { t, i18n } = useTranslation();
  const codec = useMemo(() => dateTimeCodec(i18n.language, t), [i18n.language, t]);
  return <TypedInput placeholder={t('inputs.dateTimePlaceholder')} {...props} codec={codec} />;
}

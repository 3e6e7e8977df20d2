/**
 * The one input for every amount, quantity and percentage the user types: it reads the UI language's way of
 * writing numbers (`2.500,00` in Italian and German, `2,500.00` in English; src/shared/typed/number.ts), keeps
 * the plain decimal understood (`2500.00`) in the model, shows it the language's way on blur, and asks where the
 * text reads two ways (`1,000` in Italian: 1,000 or 1.000,00?). See typed-input.tsx for the behaviour.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { parseTyped } from '../../shared/fatturapa/compose/numbers.ts';
import { decimal, parseDecimal } from '../../shared/fatturapa/sdi-checks/decimal.ts';
import { formatTypedNumber, plainDecimal, readTypedNumber } from '../../shared/typed/number.ts';
import { TypedInput, type TypedCodec, type TypedInputProps } from './typed-input.tsx';

/**
 * - `amount`: kept with at least 2 decimals (`2500.00`), shown so (`2.500,00`);
 * - `quantity`: kept and shown with the decimals it has (`2.5`, `2,5`; `2.00000000` from a file shows `2`);
 * - `percent`: a rate or a discount, kept with 2 decimals as FatturaPA writes rates (`22.00`), shown without
 *   trailing zeros (`22`, `12,5`).
 */
export type AmountKind = 'amount' | 'quantity' | 'percent';

const SCALES: Record<AmountKind, { kept: number; shown: number }> = {
  amount: { kept: 2, shown: 2 },
  quantity: { kept: 0, shown: 0 },
  percent: { kept: 2, shown: 0 },
};

const EXAMPLES: Record<AmountKind, string> = { amount: '2500.00', quantity: '1.5', percent: '12.5' };

export function amountCodec(kind: AmountKind, language: string, t: TFunction): TypedCodec {
  const { kept, shown } = SCALES[kind];
  const example = formatTypedNumber(decimal(EXAMPLES[kind]), language, shown);
  const invalid =
    kind === 'amount'
      ? t('inputs.amountInvalid', { example })
      : kind === 'quantity'
        ? t('inputs.quantityInvalid', { example })
        : t('inputs.percentInvalid', { example });
  return {
    read(text) {
      const read = readTypedNumber(text, language);
      if (read.kind === 'empty') return read;
      if (read.kind === 'ok') return { kind: 'ok', value: plainDecimal(read.value, kept) };
      if (read.kind === 'invalid') return { kind: 'invalid', text: invalid };
      const typed = text.trim();
      return {
        kind: 'ask',
        text: kind === 'amount' ? t('inputs.amountAsk', { typed }) : t('inputs.numberAsk', { typed }),
        choices: read.readings.map((value) => ({
          label: formatTypedNumber(value, language, shown),
          value: plainDecimal(value, kept),
        })),
      };
    },
    show(value) {
      if (value.trim() === '') return '';
      // The model's own reading: plain decimals, and the decimal comma of drafts saved before these inputs.
      const parsed = parseTyped(value);
      return parsed === null ? value : formatTypedNumber(parsed, language, shown);
    },
    plain(value) {
      if (parseDecimal(value) !== null) return value.trim();
      const parsed = parseTyped(value);
      return parsed === null ? '' : plainDecimal(parsed, kept);
    },
  };
}

export function AmountInput({ kind = 'amount', ...rest }: TypedInputProps & { kind?: AmountKind }) {
  const { t, i18n } = useTranslation();
  const codec = useMemo(() => amountCodec(kind, i18n.language, t), [kind, i18n.language, t]);
  return <TypedInput inputMode="decimal" {...rest} codec={codec} />;
}

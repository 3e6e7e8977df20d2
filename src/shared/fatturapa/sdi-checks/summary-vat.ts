import {
  abs,
  add,
  compare,
  decimal,
  format,
  isZero,
  key,
  mul,
  parseDecimal,
  round,
  shiftLeft,
  sub,
  ZERO,
} from './decimal.ts';
import type { Decimal } from './decimal.ts';
import { bodies, isSimplified, lines, summaries, welfareFunds } from './invoice-view.ts';
import type { BodyView } from './invoice-view.ts';
import { natureWithRateAllowed } from './lines.ts';
import { problem } from './problem.ts';
import type { CheckInput, SdiCheck, SdiProblem } from './types.ts';
import { text } from './xml-access.ts';
import type { NodeRef, TextRef } from './xml-access.ts';

/** SdI's tolerances (sdi-rules.md, section b): differences up to these amounts are accepted. */
export const TAX_TOLERANCE = decimal('0.01');
export const TAXABLE_TOLERANCE = decimal('1.00');

interface VatEntry {
  ref: NodeRef;
  rate: Decimal;
  rateText: TextRef;
  natura: TextRef | undefined;
  /** PrezzoTotale of a line, ImportoContributoCassa of a fund, ImponibileImporto of a summary. */
  amount: Decimal | null;
}

function entry(ref: NodeRef, amountElement: string): VatEntry[] {
  const rateText = text(ref, 'AliquotaIVA');
  const rate = parseDecimal(rateText?.value);
  if (rateText === undefined || rate === null) return [];
  return [
    {
      ref,
      rate,
      rateText,
      natura: text(ref, 'Natura'),
      amount: parseDecimal(text(ref, amountElement)?.value),
    },
  ];
}

/** Where a rate is used: the lines and the pension-fund contributions. */
function detailEntries(body: BodyView): VatEntry[] {
  return [
    ...lines(body).flatMap((line) => entry(line, 'PrezzoTotale')),
    ...welfareFunds(body).flatMap((fund) => entry(fund, 'ImportoContributoCassa')),
  ];
}

function summaryEntries(body: BodyView): VatEntry[] {
  return summaries(body).flatMap((summary) => entry(summary, 'ImponibileImporto'));
}

function ordinaryBodies(input: CheckInput): BodyView[] {
  return isSimplified(input.doc) ? [] : bodies(input.doc);
}

/** First entry per distinct value, in document order, so each missing value is reported once. */
function firstByValue(
  entries: VatEntry[],
  valueOf: (e: VatEntry) => string | undefined,
): Map<string, VatEntry> {
  const first = new Map<string, VatEntry>();
  for (const e of entries) {
    const value = valueOf(e);
    if (value !== undefined && !first.has(value)) first.set(value, e);
  }
  return first;
}

const rateOf = (e: VatEntry): string => key(e.rate);
const natureOf = (e: VatEntry): string | undefined => e.natura?.value;

export const summaryForEachRate: SdiCheck = {
  name: 'summaryForEachRate',
  codes: ['00419'],
  run(input) {
    return ordinaryBodies(input).flatMap((body) => {
      const summarized = firstByValue(summaryEntries(body), rateOf);
      return [...firstByValue(detailEntries(body), rateOf)]
        .filter(([rate]) => !summarized.has(rate))
        .map(([rate, e]) => problem('00419', e.rateText.path, { aliquota: rate }));
    });
  },
};

/** Both directions: a value used but not summarized, and a value summarized but never used. */
function compareSets(
  code: '00443' | '00444',
  body: BodyView,
  valueOf: (e: VatEntry) => string | undefined,
  param: string,
): SdiProblem[] {
  const used = firstByValue(detailEntries(body), valueOf);
  const summarized = firstByValue(summaryEntries(body), valueOf);
  const pathOf = (e: VatEntry): string =>
    code === '00443' ? e.rateText.path : (e.natura?.path ?? e.ref.path);
  return [
    ...[...used]
      .filter(([value]) => !summarized.has(value))
      .map(([value, e]) => problem(code, pathOf(e), { [param]: value, missingIn: 'DatiRiepilogo' })),
    ...[...summarized]
      .filter(([value]) => !used.has(value))
      .map(([value, e]) => problem(code, pathOf(e), { [param]: value, missingIn: 'DettaglioLinee' })),
  ];
}

export const rateSetsMatch: SdiCheck = {
  name: 'rateSetsMatch',
  codes: ['00443'],
  run: (input) => ordinaryBodies(input).flatMap((body) => compareSets('00443', body, rateOf, 'aliquota')),
};

export const natureSetsMatch: SdiCheck = {
  name: 'natureSetsMatch',
  codes: ['00444'],
  run: (input) => ordinaryBodies(input).flatMap((body) => compareSets('00444', body, natureOf, 'natura')),
};

export const summaryNature: SdiCheck = {
  name: 'summaryNature',
  codes: ['00429', '00430'],
  run(input) {
    return ordinaryBodies(input).flatMap((body) =>
      summaryEntries(body).flatMap(({ rate, rateText, natura }) => {
        if (isZero(rate) && natura === undefined)
          return [problem('00429', rateText.path, { aliquota: rateText.value })];
        if (!isZero(rate) && natura !== undefined && !natureWithRateAllowed(body.tipoDocumento?.value)) {
          return [problem('00430', natura.path, { aliquota: rateText.value, natura: natura.value })];
        }
        return [];
      }),
    );
  },
};

export const reverseChargeWithSplitPayment: SdiCheck = {
  name: 'reverseChargeWithSplitPayment',
  codes: ['00420'],
  run(input) {
    return ordinaryBodies(input).flatMap((body) =>
      summaries(body).flatMap((summary) => {
        const natura = text(summary, 'Natura');
        const esigibilita = text(summary, 'EsigibilitaIVA');
        if (natura === undefined || esigibilita?.value !== 'S' || !natura.value.startsWith('N6')) return [];
        return [problem('00420', esigibilita.path, { natura: natura.value })];
      }),
    );
  },
};

export const summaryTax: SdiCheck = {
  name: 'summaryTax',
  codes: ['00421'],
  run(input) {
    return ordinaryBodies(input).flatMap((body) =>
      summaryEntries(body).flatMap(({ ref, rate, amount: taxable }) => {
        const taxText = text(ref, 'Imposta');
        const tax = parseDecimal(taxText?.value);
        if (taxText === undefined || tax === null || taxable === null) return [];
        const expected = round(shiftLeft(mul(taxable, rate), 2), 2);
        if (compare(abs(sub(tax, expected)), TAX_TOLERANCE) <= 0) return [];
        return [problem('00421', taxText.path, { imposta: taxText.value, expected: format(expected) })];
      }),
    );
  },
};

/**
 * Summaries and details are matched on rate and Natura together. Several summaries may share both (e.g. with
 * different EsigibilitaIVA), so they are added up before comparing. SpeseAccessorie is not part of the sum.
 */
export const summaryTaxable: SdiCheck = {
  name: 'summaryTaxable',
  codes: ['00422'],
  run(input) {
    return ordinaryBodies(input).flatMap((body) => {
      const groupOf = (e: VatEntry): string => `${key(e.rate)}|${e.natura?.value ?? ''}`;
      const details = new Map<string, Decimal | null>();
      for (const e of detailEntries(body)) {
        const sum = details.get(groupOf(e));
        // null marks a group with an unreadable amount: a schema error, so no arithmetic on it.
        details.set(groupOf(e), sum === null || e.amount === null ? null : add(sum ?? ZERO, e.amount));
      }
      const groups = new Map<
        string,
        { first: VatEntry; taxable: Decimal; rounding: Decimal; complete: boolean }
      >();
      for (const e of summaryEntries(body)) {
        const rounding = parseDecimal(text(e.ref, 'Arrotondamento')?.value) ?? ZERO;
        const group = groups.get(groupOf(e));
        groups.set(groupOf(e), {
          first: group?.first ?? e,
          taxable: add(group?.taxable ?? ZERO, e.amount ?? ZERO),
          rounding: add(group?.rounding ?? ZERO, rounding),
          complete: (group?.complete ?? true) && e.amount !== null,
        });
      }
      return [...groups].flatMap(([group, { first, taxable, rounding, complete }]) => {
        const detail = details.get(group);
        // A group with no detail at all is 00443/00444's business.
        if (detail === undefined || detail === null || !complete) return [];
        const expected = add(detail, rounding);
        if (compare(abs(sub(taxable, expected)), TAXABLE_TOLERANCE) <= 0) return [];
        const path = text(first.ref, 'ImponibileImporto')?.path ?? first.ref.path;
        return [
          problem('00422', path, {
            imponibile: format(taxable),
            expected: format(expected),
            aliquota: key(first.rate),
          }),
        ];
      });
    });
  },
};

export const summaryChecks: readonly SdiCheck[] = [
  summaryForEachRate,
  reverseChargeWithSplitPayment,
  summaryTax,
  summaryTaxable,
  summaryNature,
  rateSetsMatch,
  natureSetsMatch,
];

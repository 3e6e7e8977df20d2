import { bodies, dateRef, fiscalId, isSimplified, sellerIds } from './invoice-view.ts';
import { problem } from './problem.ts';
import type { SdiCheck } from './types.ts';
import { children, descend, text } from './xml-access.ts';

/** SdI works on Italian time: a file received at 00:30 in Rome on the 2nd may carry the date of the 2nd. */
// Building a formatter is costly (time-zone data); one serves every call.
const ROME_DATE = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Rome',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

// Every submission asks, and formatting costs ~15 µs. Rome's date changes only on a whole minute (midnight;
// its offsets have been whole hours since it took CET on 1 November 1893), so the last minute's answer serves
// every instant of that minute. Before then (local mean time, +0:49:56) nothing is kept.
const WHOLE_HOUR_OFFSETS_FROM = Date.UTC(1893, 10, 1);
let lastMinute = NaN;
let lastDate = '';

export function italianDate(instant: Date): string {
  const time = instant.getTime();
  const minute = time >= WHOLE_HOUR_OFFSETS_FROM ? Math.floor(time / 60_000) : NaN;
  if (minute === lastMinute) return lastDate;
  const parts = ROME_DATE.formatToParts(instant);
  const part = (type: string): string => parts.find((p) => p.type === type)?.value ?? '';
  lastDate = `${part('year')}-${part('month')}-${part('day')}`;
  lastMinute = minute;
  return lastDate;
}

export const dateNotInFuture: SdiCheck = {
  name: 'dateNotInFuture',
  codes: ['00403'],
  run({ doc, context }) {
    if (context.receivedAt === undefined) return [];
    const received = italianDate(context.receivedAt);
    return bodies(doc).flatMap((body) =>
      body.data !== undefined && body.data.value > received
        ? [problem('00403', body.data.path, { data: body.data.value, receivedOn: received })]
        : [],
    );
  },
};

export const dateAfterLinkedInvoices: SdiCheck = {
  name: 'dateAfterLinkedInvoices',
  codes: ['00418'],
  run({ doc }) {
    return bodies(doc).flatMap((body) => {
      const data = body.data;
      if (data === undefined) return [];
      const general = descend(body.ref, 'DatiGenerali');
      const linkedDates = isSimplified(doc)
        ? [dateRef(text(descend(general, 'DatiFatturaRettificata'), 'DataFR'))]
        : children(general, 'DatiFattureCollegate').map((linked) => dateRef(text(linked, 'Data')));
      return linkedDates.flatMap((linked) =>
        linked !== undefined && data.value < linked.value
          ? [
              problem('00418', data.path, {
                data: data.value,
                linkedDate: linked.value,
                linkedPath: linked.path,
              }),
            ]
          : [],
      );
    });
  },
};

export const numberHasDigit: SdiCheck = {
  name: 'numberHasDigit',
  codes: ['00425'],
  run({ doc }) {
    return bodies(doc).flatMap((body) =>
      body.numero !== undefined && !/[0-9]/.test(body.numero.value)
        ? [problem('00425', body.numero.path, { numero: body.numero.value })]
        : [],
    );
  },
};

export const duplicateInvoice: SdiCheck = {
  name: 'duplicateInvoice',
  codes: ['00404'],
  run({ doc, context }) {
    const isDuplicate = context.isDuplicateInvoice;
    if (isDuplicate === undefined) return [];
    const seller = fiscalId(sellerIds(doc).vat);
    return bodies(doc).flatMap((body) => {
      const key = {
        seller,
        tipoDocumento: body.tipoDocumento?.value ?? null,
        data: body.data?.value ?? null,
        numero: body.numero?.value ?? null,
        body: body.index,
      };
      if (!isDuplicate(key)) return [];
      const path = body.numero?.path ?? body.ref.path;
      return [problem('00404', path, { numero: key.numero ?? '-', data: key.data ?? '-' })];
    });
  },
};

export const documentChecks: readonly SdiCheck[] = [
  dateNotInFuture,
  dateAfterLinkedInvoices,
  numberHasDigit,
  duplicateInvoice,
];

import type { ApiRequest } from '../../shared/gateway/channels.ts';

export type ExportType = 'both' | 'send' | 'receive';

/** The spec's three mutually exclusive periods: year+month, year+quarter, or a document-date range. */
export type ExportPeriod =
  | { kind: 'month'; year: number; month: number }
  | { kind: 'quarter'; year: number; quarter: number }
  /** Calendar days `YYYY-MM-DD`, both included. */
  | { kind: 'range'; from: string; to: string };

export interface ExportChoice {
  type: ExportType;
  period: ExportPeriod;
  companyId: number | null;
}

/** `GET /export` for a choice, and the name its ZIP is offered under. */
export function exportRequest(choice: ExportChoice): { request: ApiRequest; suggestedName: string } {
  const { period } = choice;
  const query: NonNullable<ApiRequest['query']> = {
    type: choice.type === 'both' ? undefined : choice.type,
    company_id: choice.companyId ?? undefined,
  };
  let label: string;
  if (period.kind === 'month') {
    Object.assign(query, { year: period.year, month: period.month });
    label = `${period.year}-${String(period.month).padStart(2, '0')}`;
  } else if (period.kind === 'quarter') {
    Object.assign(query, { year: period.year, quarter: period.quarter });
    label = `${period.year}-Q${period.quarter}`;
  } else {
    // Whole days in UTC, as document dates are: from the first day's start to the last day's end.
    const range = documentDateRange(period);
    Object.assign(query, { document_date_from: range.from, document_date_to: range.to });
    label = `${period.from}_${period.to}`;
  }
  const type = choice.type === 'both' ? '' : `-${choice.type}`;
  return {
    request: { method: 'GET', path: '/export', query },
    suggestedName: `scambio-export${type}-${label}.zip`,
  };
}

/** The first day of a period and the day after its last, as `[year, month (0-based), day]` triples. */
function periodDays(period: ExportPeriod): {
  first: [number, number, number];
  after: [number, number, number];
} {
  if (period.kind === 'month')
    return { first: [period.year, period.month - 1, 1], after: [period.year, period.month, 1] };
  if (period.kind === 'quarter') {
    const month = (period.quarter - 1) * 3;
    return { first: [period.year, month, 1], after: [period.year, month + 3, 1] };
  }
  const day = (text: string): [number, number, number] => {
    const [y, m, d] = text.split('-').map(Number) as [number, number, number];
    return [y, m - 1, d];
  };
  const [y, m, d] = day(period.to);
  return { first: day(period.from), after: [y, m, d + 1] };
}

/**
 * The document dates `GET /export` selects for a period, as the list filter `document_date_from`/`_to` takes
 * them: whole UTC days, from the first day's start to the last millisecond of the last (the server's own reading
 * of year+month and year+quarter, http/routes/export.ts).
 */
export function documentDateRange(period: ExportPeriod): { from: string; to: string } {
  const { first, after } = periodDays(period);
  return {
    from: new Date(Date.UTC(...first)).toISOString(),
    to: new Date(Date.UTC(...after) - 1).toISOString(),
  };
}

/** Rome's offset from UTC, in milliseconds, at a moment. */
function romeOffset(moment: number): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Rome', timeZoneName: 'longOffset' })
    .formatToParts(new Date(moment))
    .find((part) => part.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '');
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return (match[1] === '-' ? -minutes : minutes) * 60_000;
}

/** Midnight of a day in Rome, as a UTC moment (Italy changes its clocks at 02:00 or 03:00, never at midnight). */
function romeMidnight([year, month, day]: [number, number, number]): number {
  const utc = Date.UTC(year, month, day);
  return utc - romeOffset(utc);
}

/**
 * The moments of a period's Italian days, for received invoices chosen by the day they were received (the day
 * that counts for the VAT register): from the first day's midnight in Rome to the last millisecond before the
 * midnight after the last, as `date_sent_from`/`_to` take them.
 */
export function receivedDateRange(period: ExportPeriod): { from: string; to: string } {
  const { first, after } = periodDays(period);
  return {
    from: new Date(romeMidnight(first)).toISOString(),
    to: new Date(romeMidnight(after) - 1).toISOString(),
  };
}

/** The name of a ZIP of received invoices chosen by their received date. */
export function receivedArchiveName(period: ExportPeriod): string {
  const label =
    period.kind === 'month'
      ? `${period.year}-${String(period.month).padStart(2, '0')}`
      : period.kind === 'quarter'
        ? `${period.year}-Q${period.quarter}`
        : `${period.from}_${period.to}`;
  return `scambio-export-receive-received-${label}.zip`;
}

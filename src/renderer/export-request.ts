import type { ApiRequest } from '../shared/gateway/channels.ts';

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
    Object.assign(query, {
      document_date_from: `${period.from}T00:00:00Z`,
      document_date_to: `${period.to}T23:59:59Z`,
    });
    label = `${period.from}_${period.to}`;
  }
  const type = choice.type === 'both' ? '' : `-${choice.type}`;
  return {
    request: { method: 'GET', path: '/export', query },
    suggestedName: `scambio-export${type}-${label}.zip`,
  };
}

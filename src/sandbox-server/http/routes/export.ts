import { Router } from 'express';
import { ServiceError } from '../../domain/service-error.ts';
import type { ExportRequest, ExportService, ExportType } from '../../domain/export.ts';
import type { Store } from '../../store/store.ts';
import { scopeOf } from '../context.ts';
import { QueryReader } from '../query.ts';
import { readCompanyFilter } from '../company-filter.ts';

const TYPES: Record<string, ExportType> = { send: 'send', receive: 'receive' };

/** The export's period rules (spec "Export", contract): year+month, year+quarter, or a date range. */
function readExportRequest(
  query: QueryReader,
  store: Store,
  scope: ReturnType<typeof scopeOf>,
): ExportRequest {
  const type = query.oneOf('type', ['send', 'receive']);
  const companyId = readCompanyFilter(query, store, scope);
  const year = query.integer('year', 1970, 9999);
  const month = query.integer('month', 1, 12);
  const quarter = query.integer('quarter', 1, 4);
  const range = query.dateRange('document_date');
  const fail = (
    parameter: string,
    key: 'export.yearAlone' | 'export.needsYear' | 'export.monthAndQuarter' | 'export.periodAndRange',
  ) => {
    throw new ServiceError('bad-request', key, { parameter }, { parameter });
  };
  if (month !== undefined && quarter !== undefined) fail('quarter', 'export.monthAndQuarter');
  if ((month !== undefined || quarter !== undefined) && year === undefined)
    fail(month !== undefined ? 'month' : 'quarter', 'export.needsYear');
  if (year !== undefined && month === undefined && quarter === undefined) fail('year', 'export.yearAlone');
  if (year !== undefined && (range.from !== undefined || range.to !== undefined))
    fail('document_date_from', 'export.periodAndRange');
  let from = range.from ?? null;
  let to = range.to ?? null;
  if (year !== undefined) {
    const firstMonth = month !== undefined ? month - 1 : (quarter! - 1) * 3;
    const months = month !== undefined ? 1 : 3;
    from = new Date(Date.UTC(year, firstMonth, 1)).toISOString();
    to = new Date(Date.UTC(year, firstMonth + months, 1) - 1).toISOString();
  }
  return { type: type ? TYPES[type]! : 'both', filter: { companyId: companyId ?? null, from, to } };
}

/** `GET /export`: one export in flight per account and environment; a second one gets `429`. */
export function exportRoutes(exports: ExportService, store: Store): Router {
  const router = Router();
  const inFlight = new Set<string>();

  router.get('/export', async (req, res) => {
    const scope = scopeOf(res);
    const request = readExportRequest(new QueryReader(req), store, scope);
    const slot = `${scope.accountId}:${scope.environment}`;
    if (inFlight.has(slot)) {
      res.set('Retry-After', '1');
      throw new ServiceError('rate-limited', 'export.inFlight');
    }
    if (exports.isEmpty(scope, request)) {
      res.status(204).end();
      return;
    }
    inFlight.add(slot);
    res.on('close', () => inFlight.delete(slot));
    const stamp = new Date().toISOString().slice(0, 10);
    res.status(200);
    res.set('Content-Type', 'application/zip');
    res.set('Content-Disposition', `attachment; filename="scambio-export-${stamp}.zip"`);
    await exports.write(scope, request, res);
  });

  return router;
}

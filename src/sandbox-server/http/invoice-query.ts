import type { Response } from 'express';
import { INVOICE_SORT_COLUMNS, type InvoiceListQuery } from '../store/invoices.ts';
import type { Store } from '../store/store.ts';
import { scopeOf } from './context.ts';
import type { QueryReader } from './query.ts';
import { readCompanyFilter } from './company-filter.ts';

/** The filters `GET /send` and `GET /receive` share (spec "Filters for GET /send" and "/receive"). */
export function readInvoiceListQuery(query: QueryReader, res: Response, store: Store): InvoiceListQuery {
  const companyId = readCompanyFilter(query, store, scopeOf(res));
  const lastUpdate = query.dateRange('last_update');
  const dateSent = query.dateRange('date_sent');
  const documentDate = query.dateRange('document_date');
  return {
    company_id: companyId,
    identifier: query.string('identifier'),
    committente: query.string('committente'),
    prestatore: query.string('prestatore'),
    file_name: query.string('file_name'),
    document_number: query.string('document_number'),
    last_update_from: lastUpdate.from,
    last_update_to: lastUpdate.to,
    date_sent_from: dateSent.from,
    date_sent_to: dateSent.to,
    document_date_from: documentDate.from,
    document_date_to: documentDate.to,
    include_payload: query.boolean('include_payload'),
    q: query.string('q'),
    sorting: query.sorting(INVOICE_SORT_COLUMNS),
    paging: query.paging(),
  };
}

import { Router } from 'express';
import { parseResourceId } from '../../domain/companies.ts';
import { ServiceError } from '../../domain/service-error.ts';
import { EVENT_SORT_COLUMNS, type EventListQuery } from '../../store/events.ts';
import type { Scope } from '../../store/scope.ts';
import type { Store } from '../../store/store.ts';
import { pathParam, scopeOf } from '../context.ts';
import { QueryReader } from '../query.ts';
import { sendList } from '../responses.ts';
import { readCompanyFilter } from '../company-filter.ts';

/** `/log`'s filters, paging and sort as the request gives them (the sandbox's log view adds its own to these). */
export function readLogQuery(query: QueryReader, store: Store, scope: Scope): EventListQuery {
  const companyId = readCompanyFilter(query, store, scope);
  const created = query.dateRange('date_created');
  const dateTime = query.dateRange('date_time');
  return {
    company_id: companyId,
    endpoint: query.string('endpoint'),
    method: query.string('method'),
    // The spec spells this parameter so, and SDKs send it so.
    api_verion: query.integer('api_verion'),
    status_code: query.integer('status_code', 100, 599),
    date_created_from: created.from,
    date_created_to: created.to,
    date_time_from: dateTime.from,
    date_time_to: dateTime.to,
    success: query.boolean('success'),
    user_agent: query.string('user_agent'),
    query: query.string('query'),
    sorting: query.sorting(EVENT_SORT_COLUMNS),
    paging: query.paging(),
  };
}

export function logRoutes(store: Store): Router {
  const router = Router();

  router.get('/log', (req, res) => {
    sendList(res, store.events.list(scopeOf(res), readLogQuery(new QueryReader(req), store, scopeOf(res))));
  });

  router.get('/log/:id', (req, res) => {
    const raw = pathParam(req, 'id');
    const id = parseResourceId(raw);
    const event = id === null ? null : store.events.get(scopeOf(res), id);
    if (!event) throw new ServiceError('not-found', 'notFound.event', { id: raw });
    res.json(event);
  });

  return router;
}

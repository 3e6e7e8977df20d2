import { Router } from 'express';
import { SEND_STATES } from '../../../shared/api/types.ts';
import { parseResourceId } from '../../domain/companies.ts';
import { ServiceError } from '../../domain/service-error.ts';
import type { UpdateService } from '../../sdi/updates.ts';
import type { Store } from '../../store/store.ts';
import { UPDATE_DEFAULT_SORTING, UPDATE_SORT_COLUMNS } from '../../store/updates.ts';
import { noteResource, pathParam, scopeOf } from '../context.ts';
import { QueryReader } from '../query.ts';
import { sendList, sendXmlFile } from '../responses.ts';
import { readCompanyFilter } from '../company-filter.ts';

function updateId(raw: string): number {
  const id = parseResourceId(raw);
  if (id === null) throw new ServiceError('not-found', 'notFound.update', { id: raw });
  return id;
}

/** SDI status updates of sent invoices (openapi.yml `/update`). */
export function updateRoutes(updates: UpdateService, store: Store): Router {
  const router = Router();

  router.get('/update', (req, res) => {
    const query = new QueryReader(req);
    const companyId = readCompanyFilter(query, store, scopeOf(res));
    const lastUpdate = query.dateRange('last_update');
    const dateSent = query.dateRange('date_sent');
    const result = updates.list(scopeOf(res), {
      company_id: companyId,
      send_id: query.integer('send_id'),
      state: query.oneOf('state', SEND_STATES),
      unread: query.boolean('unread'),
      identifier: query.string('identifier'),
      prestatore: query.string('prestatore'),
      committente: query.string('committente'),
      last_update_from: lastUpdate.from,
      last_update_to: lastUpdate.to,
      date_sent_from: dateSent.from,
      date_sent_to: dateSent.to,
      sorting: query.sorting(UPDATE_SORT_COLUMNS) ?? UPDATE_DEFAULT_SORTING,
      paging: query.paging(),
    });
    sendList(res, result);
  });

  // Not in openapi.yml: the notification file SDI sent with the update, as the real SDI delivers it.
  router.get('/update/:id/notification', (req, res) => {
    const id = updateId(pathParam(req, 'id'));
    sendXmlFile(res, updates.notification(scopeOf(res), id));
  });

  router.get('/update/:id', (req, res) => {
    const update = updates.get(scopeOf(res), updateId(pathParam(req, 'id')));
    noteResource(res, update.company_id, update.id);
    res.json(update);
  });

  return router;
}

import { Router } from 'express';
import { parseResourceId } from '../../domain/companies.ts';
import { ServiceError } from '../../domain/service-error.ts';
import { parseWebhookInput, type WebhookService } from '../../domain/webhooks.ts';
import type { Store } from '../../store/store.ts';
import { HISTORY_SORT_COLUMNS, WEBHOOK_SORT_COLUMNS } from '../../store/webhooks.ts';
import { noteResource, pathParam, scopeOf } from '../context.ts';
import { readCompanyFilter } from '../company-filter.ts';
import { QueryReader } from '../query.ts';
import { sendCreated, sendList } from '../responses.ts';

function idParam(raw: string, key: 'notFound.webhook' | 'notFound.webhookHistory'): number {
  const id = parseResourceId(raw);
  if (id === null) throw new ServiceError('not-found', key, { id: raw });
  return id;
}

/** `/webhook` and `/webhookhistory` as in openapi.yml; the secret is shown only in the creation answer. */
export function webhookRoutes(webhooks: WebhookService, store: Store): Router {
  const router = Router();

  router.get('/webhook', (req, res) => {
    const query = new QueryReader(req);
    sendList(
      res,
      store.webhooks.list(scopeOf(res), {
        company_id: readCompanyFilter(query, store, scopeOf(res)),
        description: query.string('description'),
        enabled: query.boolean('enabled'),
        events: query.string('events'),
        url: query.string('url'),
        sorting: query.sorting(WEBHOOK_SORT_COLUMNS),
        paging: query.paging(),
      }),
    );
  });

  router.post('/webhook', (req, res) => {
    const webhook = webhooks.create(scopeOf(res), parseWebhookInput(req.body, false));
    noteResource(res, webhook.company_id, webhook.id);
    sendCreated(res, `/v1/webhook/${webhook.id}`, webhook);
  });

  router.put('/webhook', (req, res) => {
    const webhook = webhooks.update(scopeOf(res), parseWebhookInput(req.body, true));
    noteResource(res, webhook.company_id, webhook.id);
    res.json(webhook);
  });

  router.get('/webhook/:id', (req, res) => {
    const webhook = webhooks.require(scopeOf(res), idParam(pathParam(req, 'id'), 'notFound.webhook'));
    noteResource(res, webhook.company_id, webhook.id);
    res.json(webhook);
  });

  router.delete('/webhook/:id', (req, res) => {
    const webhook = webhooks.delete(scopeOf(res), idParam(pathParam(req, 'id'), 'notFound.webhook'));
    noteResource(res, webhook.company_id, webhook.id);
    res.json(webhook);
  });

  router.get('/webhookhistory', (req, res) => {
    const query = new QueryReader(req);
    sendList(
      res,
      store.webhooks.history(scopeOf(res), {
        webhook_id: query.integer('webhook_id'),
        sorting: query.sorting(HISTORY_SORT_COLUMNS),
        paging: query.paging(),
      }),
    );
  });

  router.get('/webhookhistory/:id', (req, res) => {
    const id = idParam(pathParam(req, 'id'), 'notFound.webhookHistory');
    const entry = store.webhooks.historyEntry(scopeOf(res), id);
    if (!entry) throw new ServiceError('not-found', 'notFound.webhookHistory', { id });
    res.json(entry);
  });

  return router;
}

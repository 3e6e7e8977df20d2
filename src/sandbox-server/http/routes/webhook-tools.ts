import { Router } from 'express';
import { parseResourceId } from '../../domain/companies.ts';
import { ServiceError } from '../../domain/service-error.ts';
import type { WebhookTools } from '../../webhook-tools/webhook-tools.ts';
import { pathParam, scopeOf } from '../context.ts';

function idParam(raw: string, key: 'notFound.webhook' | 'notFound.webhookHistory'): number {
  const id = parseResourceId(raw);
  if (id === null) throw new ServiceError('not-found', key, { id: raw });
  return id;
}

/**
 * Webhook tools no live service has (`/_sandbox`, local sandbox only): `POST /webhook/{id}/check` runs the
 * receiver check, `POST /webhookhistory/{id}/redeliver` sends a past delivery again.
 */
export function webhookToolRoutes(tools: WebhookTools): Router {
  const router = Router();

  router.post('/webhook/:id/check', async (req, res) => {
    const id = idParam(pathParam(req, 'id'), 'notFound.webhook');
    res.json(await tools.check(scopeOf(res), id));
  });

  router.post('/webhookhistory/:id/redeliver', async (req, res) => {
    const id = idParam(pathParam(req, 'id'), 'notFound.webhookHistory');
    const delivery = await tools.redeliver(scopeOf(res), id);
    res.status(201).location(`/v1/webhookhistory/${delivery.id}`).json(delivery);
  });

  return router;
}

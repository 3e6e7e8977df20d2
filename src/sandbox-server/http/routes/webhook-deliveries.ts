import { Router } from 'express';
import { WEBHOOK_EVENTS } from '../../../shared/api/types.ts';
import type { Store } from '../../store/store.ts';
import { HISTORY_SORT_COLUMNS } from '../../store/webhooks.ts';
import { scopeOf } from '../context.ts';
import { QueryReader } from '../query.ts';
import { sendList } from '../responses.ts';

/**
 * `GET /_sandbox/webhookhistory`: `/v1/webhookhistory` with what openapi.yml's WebHookHistory cannot carry
 * (the request body, the receiver's answer, the duration) and filters by outcome and event. Local sandbox only,
 * like the rest of `/_sandbox`: the app's delivery history reads it.
 */
export function webhookDeliveryRoutes(store: Store): Router {
  const router = Router();
  router.get('/webhookhistory', (req, res) => {
    const query = new QueryReader(req);
    sendList(
      res,
      store.webhooks.deliveries(scopeOf(res), {
        webhook_id: query.integer('webhook_id'),
        success: query.boolean('success'),
        event: query.oneOf('event', WEBHOOK_EVENTS),
        sorting: query.sorting(HISTORY_SORT_COLUMNS),
        paging: query.paging(),
      }),
    );
  });
  return router;
}

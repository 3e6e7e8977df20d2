import { Router } from 'express';
import { RECEIVER_MAX_WAIT_SECONDS } from '../../../shared/api/local-receiver.ts';
import { invalid, ServiceError } from '../../domain/service-error.ts';
import { parseWebhookInput } from '../../domain/webhooks.ts';
import { parseReceiverBehaviour } from '../../local-receiver/behaviour.ts';
import type { LocalReceiver } from '../../local-receiver/receiver.ts';
import { noteResource, scopeOf } from '../context.ts';
import { QueryReader } from '../query.ts';

/**
 * The built-in webhook receiver (`/_sandbox/receiver`, local sandbox only, like the rest of `/_sandbox`):
 * `POST` starts it with a new webhook (its secret in that answer only), `GET` shows what it received and with
 * `after` and `wait` waits for the next call, `DELETE` removes its webhook.
 */
export function localReceiverRoutes(receiver: LocalReceiver): Router {
  const router = Router();

  router.get('/receiver', async (req, res) => {
    const query = new QueryReader(req);
    const after = query.integer('after', 0);
    const wait = query.integer('wait', 0, RECEIVER_MAX_WAIT_SECONDS) ?? 0;
    const scope = scopeOf(res);
    if (after !== undefined && wait > 0) {
      // Ends early when the caller goes away, so a closed page does not hold a waiter.
      const gone = new AbortController();
      res.on('close', () => gone.abort());
      await receiver.waitForDelivery(scope, after, wait * 1000, gone.signal);
      if (gone.signal.aborted && !res.writable) return;
    }
    res.json(receiver.state(scope));
  });

  router.post('/receiver', async (req, res) => {
    // The same checks as a webhook of one's own (events, company), with the receiver's address standing in
    // for the URL the caller does not give.
    const input = parseWebhookInput({ ...objectOf(req.body), url: 'http://127.0.0.1/' }, false);
    const state = await receiver.start(scopeOf(res), { company_id: input.company_id, events: input.events });
    noteResource(res, state.webhook?.company_id ?? null, state.webhook?.id ?? null);
    res.status(201).json(state);
  });

  // How it answers: told to fail the next N calls, to be slow, or to hang (docs/webhooks.md).
  router.get('/receiver/behaviour', (_req, res) => {
    const behaviour = receiver.behaviour(scopeOf(res));
    if (!behaviour) throw new ServiceError('not-found', 'notFound.receiver', {});
    res.json(behaviour);
  });

  router.put('/receiver/behaviour', (req, res) => {
    const behaviour = receiver.setBehaviour(scopeOf(res), parseReceiverBehaviour(req.body));
    if (!behaviour) throw new ServiceError('not-found', 'notFound.receiver', {});
    res.json(behaviour);
  });

  router.delete('/receiver', (_req, res) => {
    receiver.stop(scopeOf(res));
    res.json(receiver.state(scopeOf(res)));
  });

  return router;
}

/** The body as an object to spread; an empty body means the defaults (every event, every company). */
function objectOf(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null || body === '') return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw invalid([], 'body.expectedObject');
  return body as Record<string, unknown>;
}

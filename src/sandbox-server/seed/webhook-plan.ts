import type { Environment, WebhookEventName } from '../../shared/api/types.ts';
import { romeDate, romeInstant } from './calendar.ts';

/**
 * The webhooks of the seeded account and how their receivers behave, so the history tells a story a developer
 * recognises: the accounting program's endpoint, reliable but down for most of a day while its server moves
 * (failures, retries, then success again), and an old warehouse integration that was switched off and started answering
 * 410, until the service disabled the webhook after seven days of failures.
 */
export interface WebhookPlan {
  key: 'erp' | 'warehouse';
  created: Date;
  description: string;
  /** Null: every event. */
  events: WebhookEventName[] | null;
  /** Index of the account's company it is limited to. */
  company: number;
  /** Where it points once seeding is over (seeding delivers to a receiver of its own on the loopback). */
  finalUrl: string;
  /** What the receiver answers a delivery made at `at` (sandbox time). */
  answer(at: Date): { status: number; body: string };
}

const HOUR_MS = 3_600_000;

export function webhookPlans(
  environment: Environment,
  start: Date,
  end: Date,
  outageFrom: Date,
): WebhookPlan[] {
  const span = end.getTime() - start.getTime();
  const dateAt = (fraction: number) => romeDate(new Date(start.getTime() + span * fraction));
  const outageTo = new Date(outageFrom.getTime() + 21 * HOUR_MS);
  const switchedOff = romeInstant(dateAt(0.3), 18, 0);
  const prefix = environment === 'live' ? 'produzione' : 'sandbox';
  return [
    {
      key: 'erp',
      created: romeInstant(dateAt(0), 10, 20),
      description: 'Gestionale contabile: nuove fatture ricevute e stati SDI',
      events: ['receive.add', 'update.add'],
      company: 0,
      finalUrl: `http://127.0.0.1:8790/${prefix}/scambio-webhook`,
      answer: (at) =>
        at >= outageFrom && at < outageTo
          ? { status: 503, body: 'Service Unavailable: migrazione del server del gestionale in corso' }
          : { status: 204, body: '' },
    },
    {
      key: 'warehouse',
      created: romeInstant(dateAt(0), 11, 5),
      description: 'Integrazione magazzino (dismessa)',
      events: null,
      company: 1,
      finalUrl: `http://127.0.0.1:8791/${prefix}/magazzino/notifiche`,
      answer: (at) =>
        at >= switchedOff
          ? { status: 410, body: 'Gone: integrazione dismessa' }
          : { status: 200, body: 'ok' },
    },
  ];
}

import type { Company, Environment } from '../../shared/api/types.ts';
import { generateSdiFileName } from '../../shared/fatturapa/index.ts';
import type { SandboxClock } from '../clock.ts';
import type { Services } from '../composition.ts';
import type { Scope } from '../store/scope.ts';
import type { Store } from '../store/store.ts';
import type { CastCompany } from './cast.ts';
import { invoiceXml } from './invoice-file.ts';
import type { Plan, SeedStep } from './plan-types.ts';
import type { SeededRandom } from './random.ts';
import type { SeedWebhookReceiver } from './webhook-receiver.ts';

/** Where a plan is played: the real services of a sandbox, on a sandbox clock frozen for the run. */
export interface SeedTarget {
  store: Store;
  services: Services;
  /** Frozen while seeding: the run moves it from step to step, and every job runs when it falls due. */
  clock: SandboxClock;
  accountId: number;
}

export interface EnvironmentReport {
  environment: Environment;
  companies: number;
  sent: number;
  received: number;
  webhookDeliveries: number;
}

/** More clock steps than any plan needs: a job that kept rescheduling itself in place would stop here. */
const MAX_CLOCK_STEPS = 2_000_000;
const encoder = new TextEncoder();

/**
 * Plays one environment's plan: before each step the clock advances job by job to the step's time (each SDI step,
 * PA answer and webhook retry runs at the moment it falls due, as with a clock that was never stopped), then the
 * step goes through the same service a request would: companies, submissions, the simulated supplier's SDI
 * delivery, the PA's answer, reading the inbox, webhooks.
 */
export async function runPlan(
  target: SeedTarget,
  plan: Plan,
  cast: readonly CastCompany[],
  receiver: SeedWebhookReceiver,
  names: SeededRandom,
): Promise<EnvironmentReport> {
  const { services, store } = target;
  const scope: Scope = { accountId: target.accountId, environment: plan.environment };
  const companies = new Map<number, Company>();
  const sends = new Map<string, number>();
  const webhooks: { id: number; finalUrl: string }[] = [];
  const report: EnvironmentReport = {
    environment: plan.environment,
    companies: 0,
    sent: 0,
    received: 0,
    webhookDeliveries: 0,
  };

  const execute = async (step: SeedStep): Promise<void> => {
    switch (step.kind) {
      case 'register': {
        const { party } = cast[step.company]!;
        const company = services.companies.create(scope, {
          vat: `${party.vat!.country}${party.vat!.code}`,
          fiscal_code: party.fiscalCode,
          name: party.name,
        });
        companies.set(step.company, company);
        report.companies++;
        return;
      }
      case 'send': {
        const { customer } = step.spec;
        // A public body of the cast has its office in the sandbox's IPA directory, as real offices are in IPA:
        // without it SDI would discard its invoices (00311). Live keys' invoices are not checked against it.
        if (plan.environment === 'test' && customer.delivery.channel === 'pa') {
          const code = customer.delivery.code;
          if (store.paOffices.get(code) === null)
            store.paOffices.put({ code, name: customer.name, active: true });
        }
        const send = await services.submissions.submit(scope, {
          bytes: encoder.encode(invoiceXml(step.spec)),
          encoding: 'Xml',
          fileName: null,
          metaData: null,
          validate: false,
          signature: step.signature,
          sandboxScenario: plan.environment === 'test' ? step.scenario : null,
        });
        sends.set(step.ref, send.id);
        report.sent++;
        return;
      }
      case 'arrival': {
        const supplierVat = step.spec.supplier.vat!;
        const fileName = generateSdiFileName(supplierVat.country, supplierVat.code, false, names.source());
        const outcome = services.inbound.receive(
          scope,
          encoder.encode(invoiceXml(step.spec)),
          'Xml',
          fileName,
        );
        if ('delivered' in outcome) report.received++;
        return;
      }
      case 'esito': {
        const id = sends.get(step.ref);
        // Only an invoice SDI delivered can be answered (a discarded one never reached the office).
        if (id === undefined || store.sends.get(scope, id, false)?.latest_state !== 'Consegnato') return;
        services.sdi.esitoForSend(scope, id, step.esito, step.description);
        return;
      }
      case 'read': {
        const ids: number[] = [];
        for (let page = 1; ; page++) {
          const { rows } = services.receives.list(scope, {
            unread: true,
            date_sent_to: step.arrivedBefore.toISOString(),
            sorting: { column: 'id', descending: false },
            paging: { page, pageSize: 200 },
          });
          ids.push(...rows.map((r) => r.id));
          if (rows.length < 200) break;
        }
        services.receives.markIdsRead(scope, ids);
        return;
      }
      case 'webhook': {
        const plan_ = step.webhook;
        const company = companies.get(Math.min(plan_.company, cast.length - 1)) ?? null;
        const url = receiver.urlFor(plan_, plan.environment);
        const created = services.webhooks.create(scope, {
          url,
          company_id: company?.id ?? null,
          enabled: true,
          description: plan_.description,
          events: plan_.events,
        });
        receiver.trust(url, created.secret!);
        webhooks.push({ id: created.id, finalUrl: plan_.finalUrl });
        return;
      }
    }
  };

  let clockSteps = 0;
  /** The scope's jobs of both lanes (SDI's steps, webhook deliveries) due now on its clock. */
  const runDue = async (): Promise<void> => {
    await services.jobs.runDue(scope);
    await services.deliveries.runDue(scope);
  };
  /** When the scope's next job of either lane falls due. */
  const nextDueAt = (): Date | null => {
    const dues = [services.jobs.nextDueAt(scope), services.deliveries.nextDueAt(scope)];
    return dues.reduce<Date | null>(
      (first, due) => (due !== null && (first === null || due < first) ? due : first),
      null,
    );
  };
  /** Every job due up to `at` runs at its own due time, in order; then the clock stands at `at`. */
  const advanceTo = async (at: Date): Promise<void> => {
    for (;;) {
      const next = nextDueAt();
      if (next === null || next > at) break;
      if (++clockSteps > MAX_CLOCK_STEPS) throw new Error('seeding: the job queue does not settle');
      if (next > target.clock.now()) target.clock.set(next);
      await runDue();
    }
    if (at > target.clock.now()) target.clock.set(at);
    await runDue();
  };

  for (const step of plan.steps) {
    await advanceTo(step.at);
    await execute(step);
  }
  await advanceTo(plan.end);

  // The receivers end with seeding: the webhooks are left pointing where a developer would run their own.
  for (const { id, finalUrl } of webhooks) {
    const current = services.webhooks.require(scope, id);
    services.webhooks.update(scope, {
      id,
      url: finalUrl,
      company_id: current.company_id,
      enabled: current.enabled,
      description: current.description,
      events: current.events,
    });
    report.webhookDeliveries += store.webhooks.history(scope, {
      webhook_id: id,
      sorting: null,
      paging: { page: 1, pageSize: 1 },
    }).total;
  }
  return report;
}

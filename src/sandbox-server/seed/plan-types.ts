import type { Environment } from '../../shared/api/types.ts';
import type { Esito } from '../sdi/notifications/index.ts';
import type { CastCompany } from './cast.ts';
import type { InvoiceSpec } from './invoice-file.ts';
import type { SeededRandom } from './random.ts';
import type { WebhookPlan } from './webhook-plan.ts';

/**
 * What happens in one environment of the seeded account, in time order: companies registered, invoices sent
 * (some with real mistakes SDI discards, then sent again corrected), invoices arriving from suppliers, public
 * administrations accepting or refusing, the user reading the inbox, webhooks set up. The plan is pure data
 * drawn from the seed; run.ts plays it through the real services on the sandbox clock.
 */
export type SeedStep =
  | { kind: 'register'; at: Date; company: number }
  | {
      kind: 'send';
      at: Date;
      company: number;
      /** Names the invoice for a later step (a public administration's answer). */
      ref: string;
      spec: InvoiceSpec;
      signature: 'Auto' | 'None';
      /** `Sandbox-Scenario` (test environment only): a PA office that cannot be reached. */
      scenario: string | null;
    }
  | { kind: 'arrival'; at: Date; company: number; spec: InvoiceSpec }
  | { kind: 'esito'; at: Date; ref: string; esito: Esito; description: string }
  /** The user opens the inbox and reads what arrived before `arrivedBefore`. */
  | { kind: 'read'; at: Date; arrivedBefore: Date }
  | { kind: 'webhook'; at: Date; webhook: WebhookPlan };

export interface PlanOptions {
  cast: readonly CastCompany[];
  random: SeededRandom;
  environment: Environment;
  /** The seeded period ends here (the sandbox clock's now, or `--until`). */
  end: Date;
  /** How many days before `end` it starts. */
  days: number;
  /** Sent invoices per company in an ordinary month. */
  pace: number;
  /** Invoices from occasional suppliers per company in an ordinary month (monthly bills come on top). */
  purchases: number;
  /**
   * The sandbox's retention (test environment): only what it keeps at `end` is planned, with a margin, so the
   * seeded data is what a sandbox used every day holds and nothing ages out an hour after seeding.
   */
  retention: { sendDays: number; receiveHours: number } | null;
  /** Steer what only a test key can (`Sandbox-Scenario`): a PA office SDI cannot reach. */
  steering: boolean;
}

export interface Plan {
  environment: Environment;
  start: Date;
  end: Date;
  steps: SeedStep[];
  webhooks: WebhookPlan[];
}

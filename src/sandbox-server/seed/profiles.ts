import type { Environment } from '../../shared/api/types.ts';
import { RETENTION } from '../jobs/maintenance.ts';

/**
 * What `seed --profile` makes.
 *
 * - `demo`: five companies. The **live** environment gets a year of history (kept two years there); the
 *   **sandbox** (test) environment, which the app's local profile and test keys see, gets what a sandbox used
 *   every day holds under the sandbox's retention (sent invoices of the last two weeks, PA invoices still
 *   open, received invoices of the last day), with every SDI state including the ones only a test key can
 *   steer. A year of sandbox invoices cannot exist: the sandbox keeps them 15 days and 24 hours (spec
 *   "Retention").
 * - `qa`: three companies, sandbox only, fewer invoices: small, fast, and with every state, for scripted tests.
 */
export const SEED_PROFILES = ['demo', 'qa'] as const;
export type SeedProfile = (typeof SEED_PROFILES)[number];

export interface EnvironmentSpec {
  environment: Environment;
  /** Length of the seeded period, ending at the anchor. */
  days: number;
  /** Sent invoices per company in an ordinary month. */
  pace: number;
  /** Occasional purchases per company a month (monthly bills come on top). */
  purchases: number;
}

export interface ProfileSpec {
  companies: number;
  environments: readonly EnvironmentSpec[];
}

/** The sandbox's own window: enough days for a PA invoice to run its 15 days out and still be kept. */
const SANDBOX_DAYS = 29;

export const PROFILES: Readonly<Record<SeedProfile, ProfileSpec>> = {
  demo: {
    companies: 5,
    environments: [
      { environment: 'live', days: 365, pace: 7, purchases: 3 },
      { environment: 'test', days: SANDBOX_DAYS, pace: 8, purchases: 4 },
    ],
  },
  qa: {
    companies: 3,
    environments: [{ environment: 'test', days: SANDBOX_DAYS, pace: 4, purchases: 2 }],
  },
};

/** The retention the plan must respect in an environment (null: nothing it seeds ages out). */
export function retentionOf(environment: Environment): { sendDays: number; receiveHours: number } | null {
  const policy = RETENTION[environment];
  const days = policy.sendMs / 86_400_000;
  return days > 400 ? null : { sendDays: days, receiveHours: policy.receiveMs / 3_600_000 };
}

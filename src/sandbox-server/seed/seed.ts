import type { Environment } from '../../shared/api/types.ts';
import type { Scope } from '../store/scope.ts';
import type { Store } from '../store/store.ts';
import { castCompanies, type CastCompany } from './cast.ts';
import { vatText } from './parties.ts';
import { planEnvironment } from './plan.ts';
import { PROFILES, retentionOf, type SeedProfile } from './profiles.ts';
import { SeededRandom } from './random.ts';
import { runPlan, type EnvironmentReport, type SeedTarget } from './run.ts';
import { SeedWebhookReceiver } from './webhook-receiver.ts';

export interface SeedOptions {
  seed: number;
  profile: SeedProfile;
  /** Where the seeded period ends; default: the start of the current hour on the sandbox clock. */
  until?: Date;
  /** Only these environments of the profile (the app's "Load demo data" seeds the sandbox only). */
  environments?: readonly Environment[];
}

export interface SeedReport {
  profile: SeedProfile;
  seed: number;
  until: string;
  companies: { name: string; vat: string }[];
  environments: EnvironmentReport[];
  /** A sandbox key made for the account when it had none (shown once). */
  newKey: string | null;
  seconds: number;
}

/** Why seeding refused to start; nothing was written. */
export class SeedConflict extends Error {
  constructor(
    readonly reason: 'not-empty' | 'vat-taken',
    message: string,
    readonly params: { vat?: string; name?: string } = {},
  ) {
    super(message);
  }
}

/** The start of the hour: two seeds made within the same hour end at the same instant, so they are identical. */
export function defaultAnchor(now: Date): Date {
  return new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000);
}

/** Refuses to mix demo data into an account that already has some, or to take VAT numbers others own. */
function assertSeedable(store: Store, scope: Scope, cast: readonly CastCompany[]): void {
  const paging = { page: 1, pageSize: 1 };
  const query = { sorting: null, paging };
  const used =
    store.companies.list(scope, query).total +
    store.sends.list(scope, query).total +
    store.receives.list(scope, query).total +
    store.webhooks.list(scope, query).total;
  if (used > 0) {
    throw new SeedConflict(
      'not-empty',
      `the account already has data in its ${scope.environment === 'test' ? 'sandbox' : 'live'} environment`,
    );
  }
  for (const company of cast) {
    const vat = vatText(company.party)!;
    if (store.companies.ownerOfVat(scope.environment, vat)) {
      throw new SeedConflict('vat-taken', `${vat} (${company.party.name}) is registered by another account`, {
        vat,
        name: company.party.name,
      });
    }
  }
}

/**
 * Seeds one account through the real services on a sandbox clock: each environment of the profile is planned
 * from the seed and played from its first day to `until`. The clock is frozen meanwhile and put back afterwards
 * exactly as it was (offset or frozen instant), so a running server just sees time go on.
 */
export async function seedAccount(
  target: SeedTarget,
  options: SeedOptions & { until: Date },
): Promise<Omit<SeedReport, 'newKey' | 'seconds'>> {
  const profile = PROFILES[options.profile];
  const cast = castCompanies(new SeededRandom(options.seed, 'cast'), profile.companies);
  const environments = profile.environments.filter(
    (e) => !options.environments || options.environments.includes(e.environment),
  );
  for (const spec of environments) {
    assertSeedable(target.store, { accountId: target.accountId, environment: spec.environment }, cast);
  }
  const { clock } = target;
  const wasFrozen = clock.state().frozen;
  const before = clock.now().getTime();
  const offsetMs = before - Date.now();
  const receiver = await SeedWebhookReceiver.start();
  const reports: EnvironmentReport[] = [];
  try {
    clock.freeze(true);
    for (const spec of environments) {
      const plan = planEnvironment({
        cast,
        random: new SeededRandom(options.seed, `plan:${spec.environment}`),
        environment: spec.environment,
        end: options.until,
        days: spec.days,
        pace: spec.pace,
        purchases: spec.purchases,
        retention: retentionOf(spec.environment),
        steering: spec.environment === 'test',
      });
      clock.set(plan.start);
      const names = new SeededRandom(options.seed, `names:${spec.environment}`);
      reports.push(await runPlan(target, plan, cast, receiver, names));
    }
  } finally {
    await receiver.close();
    if (wasFrozen) clock.set(new Date(before));
    else {
      clock.freeze(false);
      clock.set(new Date(Date.now() + offsetMs));
    }
  }
  return {
    profile: options.profile,
    seed: options.seed,
    until: options.until.toISOString(),
    companies: cast.map((c) => ({ name: c.party.name, vat: vatText(c.party)! })),
    environments: reports,
  };
}

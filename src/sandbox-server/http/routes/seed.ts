import type { RequestHandler } from 'express';
import type { Services } from '../../composition.ts';
import { invalid, ServiceError, type Problem } from '../../domain/service-error.ts';
import { SEED_PROFILES, type SeedProfile } from '../../seed/profiles.ts';
import { defaultAnchor, SeedConflict, seedAccount } from '../../seed/seed.ts';
import type { Store } from '../../store/store.ts';
import { scopeOf } from '../context.ts';

/** Servers seeding right now: a second "Load demo data" waits for the first instead of racing it. */
const busy = new WeakSet<Services>();

/**
 * `POST /_sandbox/seed` `{profile?, seed?}` (test keys only, like all of `/_sandbox`): fills the caller's empty
 * sandbox with demo data, through the running server's own services and the caller's sandbox clock, the way the app's "Load demo
 * data" button asks. Only the sandbox environment: the caller's key is a test key, and the app shows that one.
 * 201 with what was made; 409 when the account has data already (nothing is written).
 */
export function seedRoute(deps: { services: Services; store: Store }): RequestHandler {
  return async (req, res) => {
    const { profile, seed } = seedBody(req.body);
    if (busy.has(deps.services)) throw new ServiceError('conflict', 'seed.busy');
    const scope = scopeOf(res);
    // The caller's own sandbox clock: seeding moves it through the year and puts it back, as nobody else's.
    const clock = deps.services.clocks.sandbox(scope.accountId);
    busy.add(deps.services);
    try {
      const report = await seedAccount(
        { store: deps.store, services: deps.services, clock, accountId: scope.accountId },
        { profile, seed, until: defaultAnchor(clock.now()), environments: [scope.environment] },
      );
      res.status(201).json(report);
    } catch (error) {
      if (!(error instanceof SeedConflict)) throw error;
      if (error.reason === 'not-empty') throw new ServiceError('conflict', 'seed.notEmpty');
      throw new ServiceError('conflict', 'seed.vatTaken', {
        vat: error.params.vat ?? '',
        name: error.params.name ?? '',
      });
    } finally {
      busy.delete(deps.services);
    }
  };
}

function seedBody(body: unknown): { profile: SeedProfile; seed: number } {
  if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) {
    throw invalid([], 'body.expectedObject');
  }
  const record = (body ?? {}) as Record<string, unknown>;
  const problems: Problem[] = [];
  const profile = record.profile ?? 'demo';
  if (!SEED_PROFILES.includes(profile as SeedProfile)) {
    problems.push({ code: 'type', key: 'seed.profile', path: 'profile' });
  }
  const seed = record.seed ?? 1;
  if (typeof seed !== 'number' || !Number.isSafeInteger(seed) || seed < 0) {
    problems.push({ code: 'type', key: 'seed.seed', path: 'seed' });
  }
  if (problems.length > 0) throw invalid(problems);
  return { profile: profile as SeedProfile, seed: seed as number };
}
